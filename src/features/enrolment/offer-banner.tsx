import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { SECOND_MS } from '../../../contracts/time'
import { isOfferLive, offerEndsAt } from '../../../machines/rules/held-place'
import { formatRaceTime } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { useLapseSaidByWizard } from '../../lib/lapse-said'
import { paths } from '../../lib/paths'
import { useNow } from '../../lib/use-now'
import { waitListQueries } from '../../lib/wait-list-queries'
import { Countdown } from '../../ui/countdown'
import styles from './offer-banner.module.css'

/**
 * Above every step of the wizard of a sold-out race with a wait list (issue 23): the place offered
 * to the athlete, until when (the race's zone), counted down; once it has lapsed, what happened and
 * the way to the list. Loaded only for such a race (src/app/subscribe-route.tsx); an athlete not
 * offered a place sees nothing.
 */
export default function OfferBanner({ raceId }: { raceId: number }) {
  const { t } = useLingui()
  const at = useNow(SECOND_MS)
  const entry = useQuery({ ...waitListQueries.status(raceId), retry: false, staleTime: 0 }).data
  const lapseSaid = useLapseSaidByWizard(raceId)
  const ends = entry ? offerEndsAt(entry) : null
  if (!entry?.offerta_scade || ends === null) return null
  if (!isOfferLive(ends, at)) {
    // The wizard below says it (src/lib/lapse-said.ts).
    if (lapseSaid) return null
    return (
      <div role="alert" className={styles.lapsed}>
        <p>{t`The time to take the place offered to you ran out, so it went to the next athlete in line. You have not been charged.`}</p>
        <Link href={paths.waitList(raceId)}>{t`See the wait list`}</Link>
      </div>
    )
  }
  const until = formatRaceTime(activeLocale(), ends)
  return (
    <section aria-label={t`The place offered to you`} className={styles.banner}>
      <p>
        <Trans>
          Place offered to you until <time dateTime={entry.offerta_scade}>{until}</time>:{' '}
          <strong>
            <Countdown until={ends} at={at} /> left
          </strong>
        </Trans>
      </p>
    </section>
  )
}
