import metadata from 'libphonenumber-js/metadata.min.json'
import { describe, expect, it } from 'vitest'
import { checkPhone, formatPhone, phoneRules } from './phone'

describe('checkPhone', () => {
  it('accepts a number with its international prefix and gives it back as E.164', () => {
    expect(checkPhone('+39 347 118 2290', metadata)).toEqual({ ok: true, e164: '+393471182290' })
    expect(checkPhone('+39 06 1234 5678', metadata)).toEqual({ ok: true, e164: '+390612345678' })
    expect(checkPhone(' +41 79 123 45 67 ', metadata)).toEqual({ ok: true, e164: '+41791234567' })
    expect(checkPhone('+1 212 555 0100', metadata)).toEqual({ ok: true, e164: '+12125550100' })
  })

  it('reads 00 as the international prefix', () => {
    expect(checkPhone('0039 347 1182290', metadata)).toEqual({ ok: true, e164: '+393471182290' })
    expect(checkPhone('0041791234567', metadata, 'IT')).toEqual({ ok: true, e164: '+41791234567' })
  })

  it('reads a number without prefix as one of the country of residence, and saves it with the prefix', () => {
    expect(checkPhone('347 1182290', metadata, 'IT')).toEqual({ ok: true, e164: '+393471182290' })
    expect(checkPhone('079 123 45 67', metadata, 'CH')).toEqual({ ok: true, e164: '+41791234567' })
    // The same digits are another number in another country.
    expect(checkPhone('079 123 45 67', metadata, 'IT')).not.toEqual({ ok: true, e164: '+41791234567' })
  })

  it('asks for the prefix when there is no country to read a national number in', () => {
    expect(checkPhone('347 1182290', metadata)).toEqual({ ok: false, reason: 'no_prefix' })
    expect(checkPhone('347 1182290', metadata, null)).toEqual({ ok: false, reason: 'no_prefix' })
    expect(checkPhone('347 1182290', metadata, 'XZ')).toEqual({ ok: false, reason: 'no_prefix' })
  })

  it('says "too short" for a number that needs more digits', () => {
    expect(checkPhone('+39 347', metadata)).toEqual({ ok: false, reason: 'too_short' })
    expect(checkPhone('+39 012', metadata)).toEqual({ ok: false, reason: 'too_short' })
    expect(checkPhone('+3', metadata)).toEqual({ ok: false, reason: 'too_short' })
    // A possible length for Italy, but no Italian mobile is that short.
    expect(checkPhone('+39 3471182', metadata)).toEqual({ ok: false, reason: 'too_short' })
    expect(checkPhone('34', metadata, 'IT')).toEqual({ ok: false, reason: 'too_short' })
  })

  it('says "too long" for a number with digits to spare', () => {
    expect(checkPhone('+39 347 118229012345', metadata)).toEqual({ ok: false, reason: 'too_long' })
  })

  it('says "wrong area prefix" for a number that starts the way none of its country does', () => {
    expect(checkPhone('+39 247 1182290', metadata)).toEqual({ ok: false, reason: 'area' })
    expect(checkPhone('+39 947 1182290', metadata)).toEqual({ ok: false, reason: 'area' })
  })

  it('says which international prefix does not exist', () => {
    expect(checkPhone('+999 1234567', metadata)).toEqual({ ok: false, reason: 'country_code' })
  })

  it('needs something, and digits', () => {
    expect(checkPhone('', metadata, 'IT')).toEqual({ ok: false, reason: 'required' })
    expect(checkPhone('   ', metadata, 'IT')).toEqual({ ok: false, reason: 'required' })
    expect(checkPhone('call me', metadata, 'IT')).toEqual({ ok: false, reason: 'not_a_number' })
  })
})

describe('formatPhone', () => {
  it('writes a saved number the international way, and leaves what it cannot read alone', () => {
    expect(formatPhone('+393471182290', metadata)).toBe('+39 347 118 2290')
    expect(formatPhone('+39 347 1182290', metadata)).toBe('+39 347 118 2290')
    expect(formatPhone('not a number', metadata)).toBe('not a number')
  })
})

describe('phoneRules', () => {
  it('binds the checks to their numbering plans', () => {
    const rules = phoneRules(metadata)
    expect(rules.check('347 1182290', 'IT')).toEqual({ ok: true, e164: '+393471182290' })
    expect(rules.check('+39 347')).toEqual({ ok: false, reason: 'too_short' })
    expect(rules.format('+41791234567')).toBe('+41 79 123 45 67')
  })
})
