import { describe, expect, it } from 'vitest'
import { COUNTRY_CODES, countryName, countryOptions, flagEmoji } from './country'

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

describe('countryOptions', () => {
  it('offers every assigned ISO 3166-1 alpha-2 code once, each named by the platform', () => {
    expect(COUNTRY_CODES).toHaveLength(249)
    expect(new Set(COUNTRY_CODES).size).toBe(249)
    for (const code of COUNTRY_CODES) {
      expect(code).toMatch(/^[A-Z]{2}$/)
      expect(countryName('en', code)).not.toBe(code)
    }
  })

  it('puts Italy first, then sorts the rest by their name in the locale', () => {
    const english = countryOptions('en')
    expect(english).toHaveLength(249)
    expect(english[0]).toEqual({ code: 'IT', name: 'Italy' })
    expect(english[1]).toEqual({ code: 'AF', name: 'Afghanistan' })
    const rest = english.slice(1).map((option) => option.name)
    expect(rest).toEqual([...rest].sort(new Intl.Collator('en').compare))

    // The United States come after Sweden in English, before it ("Stati Uniti", "Svezia") in Italian.
    const position = (locale: 'en' | 'it', code: string) => countryOptions(locale).findIndex((o) => o.code === code)
    expect(countryOptions('it')[0]?.code).toBe('IT')
    expect(position('en', 'US')).toBeGreaterThan(position('en', 'SE'))
    expect(position('it', 'US')).toBeLessThan(position('it', 'SE'))
  })
})
