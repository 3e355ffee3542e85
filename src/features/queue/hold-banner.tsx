import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from 'wouter'
import { formatRaceClock } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { useLapseSaidByWizard } from '../../lib/lapse-said'
import { paths } from '../../lib/paths'
import { buttonClass } from '../../ui/button'
import { Countdown } from '../../ui/countdown'
import { Announcer } from './room-parts'
import styles from './queue.module.css'
import { useWaitingRoom, type RoomRace } from './use-waiting-room'

/** The part's words, loaded with it (src/lib/i18n.ts `withCatalog`). */
export { default as catalog } from '../../lib/catalogs/queue'

/**
 * Above every step of the wizard of a race with a waiting room: the place held for the athlete,
 * until when, counted down (a warning in its last two minutes), and, once it has run out, what
 * happened and the way back to the room where the wizard does not say it (src/lib/lapse-said.ts).
 * Loaded only for such a race (src/app/subscribe-route.tsx).
 */
export default function HoldBanner({ race }: { race: RoomRace }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const room = useWaitingRoom(race)
  const ends = room.ticket?.holdEndsAt ?? null
  const lapseSaid = useLapseSaidByWizard(race.id)

  let banner = null
  if ((room.view === 'held' || room.view === 'holdEnding') && ends !== null) {
    const until = formatRaceClock(locale, ends)
    banner = (
      <section aria-label={t`Your held place`} className={`${styles.banner} ${room.view === 'holdEnding' ? styles.bannerWarning : ''}`}>
        <p>
          <Trans>
            Place held for you until <time dateTime={new Date(ends).toISOString()}>{until}</time>:{' '}
            <strong>
              <Countdown until={ends} at={room.now} /> left
            </strong>
          </Trans>
        </p>
        {room.view === 'holdEnding' ? <p>{t`Complete your enrolment now, or the place goes to the next athlete in line.`}</p> : null}
      </section>
    )
  } else if (room.view === 'paying') {
    banner = (
      <section aria-label={t`Your held place`} className={styles.banner}>
        <p>{t`Your payment is being confirmed: the place stays yours meanwhile.`}</p>
      </section>
    )
  } else if (room.view === 'ended' && room.endReason === 'hold_expired' && !lapseSaid) {
    banner = (
      <div role="alert" className={styles.bannerEnded}>
        <p>
          <Trans>
            The time to complete your enrolment ran out, so the place held for you went to the next athlete in line. You have not
            been charged.
          </Trans>
        </p>
        <Link href={paths.queue(race.id)} className={buttonClass('primary')}>
          {t`Back to the waiting room`}
        </Link>
      </div>
    )
  }
  return (
    <>
      {banner}
      <Announcer announcement={room.announcement?.code === 'holdExpired' ? null : room.announcement} />
    </>
  )
}
