import { describe, expect, it } from 'vitest'
import { hostLocale } from './host-locale'

describe('the HTML the host serves: the stored choice, else the browser, else Italian', () => {
  it.each([
    // [cookie header, Accept-Language, served]
    ['pettorale.locale=ja', 'en-GB,en;q=0.9', 'ja'],
    ['theme=dark; pettorale.locale=ko; other=1', 'fr', 'ko'],
    [' pettorale.locale = es ', undefined, 'es'],
    ['pettorale.locale=xx', 'fr', 'fr'],
    ['pettorale.locale=EN', 'de', 'it'],
    ['pettorale.locale', 'zh', 'zh'],
    ['pettorale.locale=', 'ja', 'ja'],
    ['other.pettorale.locale=en', undefined, 'it'],
    [undefined, 'en-GB,en;q=0.9', 'en'],
    [undefined, 'fr;q=0, de, ja', 'ja'],
    [undefined, 'fr;q=0.0, ko', 'ko'],
    [undefined, 'de-CH', 'it'],
    [undefined, 'zh-Hant-TW,zh;q=0.8', 'zh'],
    [undefined, 'JA-jp', 'ja'],
    [undefined, 'EN', 'en'],
    [undefined, 'de;q=1, en;q=0.1, fr;q=0.9', 'en'],
    [undefined, '*, en', 'en'],
    [undefined, '', 'it'],
    ['', '', 'it'],
    [undefined, undefined, 'it'],
  ] as const)('cookie %j, Accept-Language %j: %s', (cookie, acceptLanguage, served) => {
    expect(hostLocale(cookie, acceptLanguage)).toBe(served)
  })
})
