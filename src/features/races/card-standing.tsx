import { useLingui } from '@lingui/react/macro'
import type { Race } from '../../../contracts/races.contract'
import { deferredEdition } from '../../../machines/rules/place'
import { formatRaceTime } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { useNow } from '../../lib/use-now'
import styles from './card-standing.module.css'
import { useRaceStandings } from './use-race-standing'

/**
 * The signed-in athlete's standing with a race, on its card in the race list, where it is something
 * the athlete has or had: an enrolment (with the bib), a place to pay (by when), a lottery
 * application, a place withdrawn, passed on or deferred (no bib: it is no entry any more).
 * Nothing otherwise, nor while the athlete's subscriptions load: the race page says the rest.
 * Loaded only once an athlete is signed in, so the list's first page does not carry it.
 */
export default function CardStanding({ race }: { race: Race }) {
  const { t } = useLingui()
  const now = useNow()
  const standingOf = useRaceStandings()
  const standing = standingOf?.(race, now)
  switch (standing?.kind) {
    case 'enrolled': {
      const bib = standing.bib
      return <span className={`${styles.badge} ${styles.enrolled}`}>{bib === null ? t`Enrolled` : t`Enrolled · bib ${bib}`}</span>
    }
    case 'placeToPay': {
      const deadline = formatRaceTime(activeLocale(), standing.deadline)
      return <span className={`${styles.badge} ${styles.toPay}`}>{t`Payment due by ${deadline}`}</span>
    }
    case 'placeLeft': {
      const edition = String(deferredEdition(race))
      const what = { withdrawn: t`Withdrawn`, passedOn: t`Place passed on`, deferred: t`Deferred to ${edition}` }[standing.left]
      return <span className={`${styles.badge} ${styles.left}`}>{what}</span>
    }
    case 'lotteryApplied':
      return <span className={`${styles.badge} ${styles.applied}`}>{t`Lottery application sent`}</span>
    default:
      return null
  }
}
