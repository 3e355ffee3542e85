import { plural } from '@lingui/core/macro'
import { Plural, Select, useLingui } from '@lingui/react/macro'
import { Link } from 'wouter'
import { useAddressedSex } from '../lib/athlete-queries'
import { dayShown, formatDate } from '../lib/format'
import { activeLocale } from '../lib/i18n'
import { paths } from '../lib/paths'
import { registrationOpeningText } from './registration-opening'

/**
 * A reason the enrolment gate turns an athlete away (machines/enrolment/eligibility.ts,
 * `GateRefusal`), but the request to log in, which each screen handles its own way. Written out
 * here because src/ui may not import machines/: the gate's type must stay assignable to it, so a
 * reason added to the gate fails the type check where a screen passes it in, until it is worded here.
 */
export type WordedRefusal =
  | { code: 'profile_incomplete'; missing: readonly unknown[] }
  | { code: 'certificate_missing' | 'certificate_in_review' | 'certificate_not_valid' }
  | { code: 'certificate_expires_before_race'; expiresOn: string; expired?: true; renewalInReview?: true }
  | { code: 'under_minimum_age'; minimumAge: number }
  | { code: 'registration_not_open'; opensAt: string }
  | { code: 'registration_closed' | 'sold_out' | 'already_enrolled' }

/**
 * One refusal in the gate's words, with its way forward: the reason (a paragraph), then the link
 * that resolves it, if any. The wizard's refusals and the race page's action both say it so; the
 * caller frames it. `raceDay`: the race's day on Rome's calendar (`YYYY-MM-DD`).
 */
export function RefusalWords({ refusal, raceId, raceDay: dayOfRace }: { refusal: WordedRefusal; raceId: number; raceDay: string }) {
  const { t, i18n } = useLingui()
  const locale = activeLocale()
  switch (refusal.code) {
    case 'profile_incomplete': {
      const count = refusal.missing.length
      return (
        <>
          <p>
            <Plural value={count} one="Your profile is missing # detail the organiser needs." other="Your profile is missing # details the organiser needs." />
          </p>
          <Link href={`${paths.me}?return=${encodeURIComponent(paths.subscribe(raceId))}`}>{t`Complete my profile`}</Link>
        </>
      )
    }
    case 'certificate_missing':
      return (
        <>
          <p>{t`You have not uploaded a medical certificate: it is needed to race.`}</p>
          <Link href={paths.medicalCertificate}>{t`Upload my medical certificate`}</Link>
        </>
      )
    case 'certificate_in_review':
      return (
        <>
          <p>{t`Your medical certificate is being reviewed. You can enrol as soon as it is accepted; we will not need anything else from you.`}</p>
          <Link href={paths.medicalCertificate}>{t`See my certificate`}</Link>
        </>
      )
    case 'certificate_not_valid':
      return (
        <>
          <p>{t`Your medical certificate is not valid. Upload a new one to enrol.`}</p>
          <Link href={paths.medicalCertificate}>{t`Upload a new certificate`}</Link>
        </>
      )
    case 'certificate_expires_before_race': {
      const expiry = formatDate(locale, refusal.expiresOn)
      const raceDay = formatDate(locale, dayOfRace)
      // An expiry already past is said in the past; either way the athlete is told the day the
      // certificate must still cover, never "upload on race day".
      const reason = refusal.expired
        ? t`Your medical certificate expired on ${expiry}. Race day is ${raceDay}: the certificate must still be valid then.`
        : t`Your medical certificate expires on ${expiry}, before race day (${raceDay}): the certificate must still be valid then.`
      if (refusal.renewalInReview) {
        return (
          <>
            <p>
              {reason} {t`Your renewal is being reviewed: you can enrol once staff accept it.`}
            </p>
            <Link href={paths.medicalCertificate}>{t`See my certificate`}</Link>
          </>
        )
      }
      return (
        <>
          <p>
            {reason} {t`Upload a certificate that is valid until race day or later.`}
          </p>
          <Link href={paths.medicalCertificate}>{t`Upload a new certificate`}</Link>
        </>
      )
    }
    case 'under_minimum_age': {
      const age = refusal.minimumAge
      return (
        <>
          <p>{t`This race is open to athletes who are at least ${age} on race day. Your birth date in your profile says you are younger.`}</p>
          <Link href={paths.home}>{t`See other races`}</Link>
        </>
      )
    }
    case 'registration_not_open': {
      const opens = registrationOpeningText(i18n, locale, refusal.opensAt)
      const day = dayShown(locale, refusal.opensAt, 'race')
      return <p>{t`${plural(day, { other: `Registration opens on ${opens}. Come back then: the race page counts down to it.` })}`}</p>
    }
    case 'registration_closed':
      return (
        <>
          <p>{t`Registration for this race is closed.`}</p>
          <Link href={paths.home}>{t`See other races`}</Link>
        </>
      )
    case 'sold_out':
      return (
        <>
          <p>{t`This race is sold out: every place is taken.`}</p>
          <Link href={paths.home}>{t`See other races`}</Link>
        </>
      )
    case 'already_enrolled':
      return (
        <>
          <AlreadyEnrolled />
          <Link href={paths.myRaces}>{t`Go to my races`}</Link>
        </>
      )
  }
}

/** Said to a signed-in athlete, in the form their language gives their sex (decision 032). */
function AlreadyEnrolled() {
  const sex = useAddressedSex()
  return (
    <p>
      <Select value={sex} _F="You are already enrolled in this race." _M="You are already enrolled in this race." other="You are already enrolled in this race." />
    </p>
  )
}
