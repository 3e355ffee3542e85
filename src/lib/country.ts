import type { Locale } from '../../contracts/locale'

const ALPHA_2 = /^[A-Z]{2}$/
/** REGIONAL INDICATOR SYMBOL LETTER A; the 26 letters follow it in order. */
const REGIONAL_INDICATOR_A = 0x1f1e6

/**
 * The flag of an ISO 3166-1 alpha-2 code as an emoji: the code's two letters as regional indicator
 * symbols, which fonts draw as the flag. Decorative: whoever shows it hides it from assistive
 * technology and writes the country's name beside it. Anything but two letters gives ''.
 */
export function flagEmoji(code: string): string {
  const upper = code.toUpperCase()
  if (!ALPHA_2.test(upper)) return ''
  return String.fromCodePoint(...[...upper].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65))
}

// One DisplayNames per locale and one name per code: a list of 20,000 athletes names the same dozen
// countries over and over.
const displayNames = new Map<Locale, Intl.DisplayNames>()
const names = new Map<string, string>()

/** A country's name in the locale ('IT' -> 'Italy', 'Italia', 'イタリア'); the code itself when unknown. */
export function countryName(locale: Locale, code: string): string {
  const key = `${locale}|${code}`
  let name = names.get(key)
  if (name === undefined) {
    let display = displayNames.get(locale)
    if (!display) {
      display = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' })
      displayNames.set(locale, display)
    }
    const upper = code.toUpperCase()
    name = ALPHA_2.test(upper) ? (display.of(upper) ?? upper) : code
    names.set(key, name)
  }
  return name
}

/**
 * Every officially assigned ISO 3166-1 alpha-2 code (249), the choices of the profile's country
 * fields (birth, nationality, residence). A fact list: the platform names them, it does not list them.
 */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV ' +
  'BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ' +
  'ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE ' +
  'IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY ' +
  'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU ' +
  'NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM ' +
  'SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE ' +
  'VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ')

/** Italy, where most athletes live and were born, heads the country lists. */
export const HOME_COUNTRY = 'IT'

export interface CountryOption {
  code: string
  name: string
}

const optionLists = new Map<Locale, readonly CountryOption[]>()

/** The countries for a select: Italy first, then every other by its name in the locale's order. */
export function countryOptions(locale: Locale): readonly CountryOption[] {
  let options = optionLists.get(locale)
  if (!options) {
    const collator = new Intl.Collator(locale)
    const others = COUNTRY_CODES.filter((code) => code !== HOME_COUNTRY)
      .map((code) => ({ code, name: countryName(locale, code) }))
      .sort((a, b) => collator.compare(a.name, b.name))
    options = [{ code: HOME_COUNTRY, name: countryName(locale, HOME_COUNTRY) }, ...others]
    optionLists.set(locale, options)
  }
  return options
}
