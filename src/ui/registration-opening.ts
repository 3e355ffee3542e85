import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Locale } from '../../contracts/locale'
import { formatRegistrationOpening } from '../lib/format'

/**
 * A race's registration opening in words (decisions 025, 064): in the race's zone, and, where the
 * athlete's zone (their device's) keeps another clock, also in that one, named:
 * "16 Mar 2026, 10:00 CET (your time: 04:00 Eastern Time)". The race page, its enrol button and the
 * wizard's refusal all say it so.
 */
export function registrationOpeningText(i18n: I18n, locale: Locale, iso: string): string {
  const { race: raceTime, local: localTime } = formatRegistrationOpening(locale, iso)
  if (localTime === null) return raceTime
  return i18n._(
    msg({
      message: `${raceTime} (your time: ${localTime})`,
      comment:
        "A race's registration opening: first the time in Italy, where the race is, with its zone; then the same moment on the athlete's own clock (the time zone of their device), followed by that zone's name, e.g. '04:00 Eastern Time', '2:00 日本標準時'.",
    }),
  )
}
