import { describe, expect, it } from 'vitest'
import { countryName, flagEmoji } from './country'

describe('flagEmoji', () => {
  it('spells the code in regional indicator symbols, which fonts draw as the flag', () => {
    expect(flagEmoji('IT')).toBe('🇮🇹')
    expect(flagEmoji('CH')).toBe('🇨🇭')
    expect([...flagEmoji('JP')].map((symbol) => symbol.codePointAt(0))).toEqual([0x1f1ef, 0x1f1f5])
  })

  it('reads lower-case codes too', () => {
    expect(flagEmoji('fr')).toBe('🇫🇷')
  })

  it('gives nothing for anything but two letters', () => {
    expect(flagEmoji('')).toBe('')
    expect(flagEmoji('ITA')).toBe('')
    expect(flagEmoji('I1')).toBe('')
    expect(flagEmoji('É')).toBe('')
  })
})

describe('countryName', () => {
  it('names the country in the locale, from the platform (Intl.DisplayNames)', () => {
    expect(countryName('en', 'IT')).toBe('Italy')
    expect(countryName('it', 'IT')).toBe('Italia')
    expect(countryName('ja', 'IT')).toBe('イタリア')
    expect(countryName('en', 'CH')).toBe('Switzerland')
    expect(countryName('it', 'CH')).toBe('Svizzera')
    expect(countryName('ja', 'CH')).toBe('スイス')
    expect(countryName('fr', 'DE')).toBe('Allemagne')
  })

  it('the same code in two locales keeps each its own name', () => {
    expect(countryName('it', 'DE')).toBe('Germania')
    expect(countryName('en', 'DE')).toBe('Germany')
    expect(countryName('it', 'DE')).toBe('Germania')
  })

  it('falls back to the code for a code the platform does not know, and never throws', () => {
    expect(countryName('en', 'XZ')).toBe('XZ')
    expect(countryName('en', 'not a code')).toBe('not a code')
  })
})
