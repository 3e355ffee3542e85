import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from 'wouter'
import { DAY_MS, SECOND_MS } from '../../contracts/time'
import { dayShown } from '../lib/format'
import { activeLocale } from '../lib/i18n'
import { paths } from '../lib/paths'
import { useNow } from '../lib/use-now'
import { buttonClass } from './button'
import { Countdown } from './countdown'
import { registrationOpeningText } from './registration-opening'
import styles from './room-opening.module.css'

/**
 * A race that opens through its waiting room (decision 037), before the athlete has a place from
 * it: a countdown to the room's opening and to registration's, then the way in. The race page and
 * the wizard's gate both say it so. Counted to the second, in the race's zone (decision 025);
 * the timers are not read out, the way in appearing is.
 */
export function RoomOpening({ raceId, roomOpensAt, opensAt }: { raceId: number; roomOpensAt: string; opensAt: string }) {
  const { t, i18n } = useLingui()
  const locale = activeLocale()
  const at = useNow(SECOND_MS)
  const roomMs = Date.parse(roomOpensAt)
  const opensMs = Date.parse(opensAt)
  const roomOpen = at >= roomMs
  const room = registrationOpeningText(i18n, locale, roomOpensAt)
  const opens = registrationOpeningText(i18n, locale, opensAt)
  const roomDay = dayShown(locale, roomOpensAt, 'race')
  const opensDay = dayShown(locale, opensAt, 'race')

  return (
    <div className={styles.opening}>
      <ul className={styles.moments}>
        {roomOpen ? null : (
          <li>
            <span>{t`${plural({ day: roomDay }, { other: `The waiting room opens on ${room}` })}`}</span>
            <Soon until={roomMs} at={at} />
          </li>
        )}
        {at < opensMs ? (
          <li>
            <span>{t`${plural({ day: opensDay }, { other: `Registration opens on ${opens}` })}`}</span>
            <Soon until={opensMs} at={at} />
          </li>
        ) : null}
      </ul>
      <div aria-live="polite">
        {roomOpen ? (
          <Link href={paths.queue(raceId)} className={`${buttonClass('primary')} ${styles.enter}`}>
            {t`Enter the waiting room`}
          </Link>
        ) : null}
      </div>
      <p className={styles.note}>
        <Trans>
          Everyone in the waiting room when registration opens is put in line in a random order: coming earlier does not put you
          ahead, and refreshing or another tab does not change your place.
        </Trans>
      </p>
    </div>
  )
}

/** "in 12:05" within a day of the moment; further away the date says enough. */
function Soon({ until, at }: { until: number; at: number }) {
  if (until - at > DAY_MS) return null
  return (
    <span className={styles.soon}>
      <Trans>
        in <Countdown until={until} at={at} />
      </Trans>
    </span>
  )
}
