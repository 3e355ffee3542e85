import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import type { RaceDetail } from '../../../contracts/races.contract'
import { raceEnd } from '../../../machines/rules/race-day'
import { now } from '../../lib/clock'
import { paths } from '../../lib/paths'
import { transactionQueries } from '../../lib/transaction-queries'
import { AddToCalendar } from '../../ui/add-to-calendar'
import { buttonClass } from '../../ui/button'
import styles from './enrolment.module.css'

/**
 * What an athlete who has just paid looks for next: the receipt of the payment, the race in their
 * calendar (while it is still to be run), and My races. Shown by every page that says a place is
 * paid: the wizard's outcome, `/payment`, the enrolment page.
 */
export default function AfterPaidLinks({ race }: { race: RaceDetail }) {
  const { t } = useLingui()
  // The payment's line is written as it settles: read afresh, not a list cached before paying.
  const lines = useQuery({ ...transactionQueries.list(), refetchOnMount: 'always' })
  const paidLine = lines.data?.transazioni.find((line) => line.gara_id === race.id && line.stato === 'paid')
  return (
    <div>
      <div className={styles.navigation}>
        {paidLine ? (
          <Link href={paths.receipt(paidLine.id)} className={buttonClass('secondary')}>
            {t`See the receipt`}
          </Link>
        ) : null}
        {/* A race already run has no start to add. */}
        {now() < raceEnd(race) ? (
          <AddToCalendar race={race} endMs={raceEnd(race)} />
        ) : null}
        <Link href={paths.myRaces} className={buttonClass('secondary')}>
          {t`Go to my races`}
        </Link>
      </div>
    </div>
  )
}
