import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Locale } from '../../contracts/locale'
import { formatRegistrationOpening } from '../lib/format'

/**
 * A race's registration opening in words (decision 025): in the race's zone, and, where the
 * locale's zone keeps another clock, also in that one, which the athlete reads as their own:
 * "16 Mar 2026, 10:00 CET (09:00 GMT your time)". The race page, its enrol button and the wizard's
 * refusal all say it so.
 */
export function registrationOpeningText(i18n: I18n, locale: Locale, iso: string): string {
  const { race: raceTime, local: localTime } = formatRegistrationOpening(locale, iso)
  if (localTime === null) return raceTime
  return i18n._(
    msg({
      message: `${raceTime} (${localTime} your time)`,
      comment:
        "A race's registration opening: first the time in Italy, where the race is, with its zone; then the same moment in the zone the portal uses for the athlete's language, with that zone's abbreviation.",
    }),
  )
}
