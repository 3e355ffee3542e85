import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from 'wouter'
import type { Race } from '../../../contracts/races.contract'
import { hasEnded } from '../../../machines/rules/race-day'
import { registrationDisplay } from '../../../machines/rules/registration-display'
import { formatRaceTime } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { Button, buttonClass } from '../../ui/button'
import { registrationOpeningText } from '../../ui/registration-opening'
import styles from './race-page.module.css'

type EnrolRace = Pick<
  Race,
  | 'id'
  | 'data_evento'
  | 'tempo_limite_ore'
  | 'apertura_iscrizioni'
  | 'chiusura_iscrizioni'
  | 'posti'
  | 'iscritti'
>

/**
 * What an athlete can do about entering the race at `now`, following its registration display:
 * wait for the opening (a disabled button saying when), enrol, apply for the race's lottery, or
 * nothing, with the reason in words. The caller passes `useNow()`, so it changes as the clock moves,
 * and whether this athlete would apply to a lottery (`isLotteryEntry`: a PAX holder enrols directly).
 */
export function EnrolAction({ race, now, lottery }: { race: EnrolRace; now: number; lottery: boolean }) {
  const { t, i18n } = useLingui()
  const locale = activeLocale()
  const display = registrationDisplay(race, now)
  // The race's schedule, in the race's zone; the opening also in the athlete's (decision 025).
  const opens = registrationOpeningText(i18n, locale, race.apertura_iscrizioni)
  const closes = formatRaceTime(locale, race.chiusura_iscrizioni)
  const placesLeft = Math.max(0, race.posti - race.iscritti)

  switch (display.kind) {
    case 'opening':
      return (
        <div className={styles.enrol}>
          <Button disabled className={styles.enrolButton}>
            {lottery ? t`Lottery applications open on ${opens}` : t`Registration opens on ${opens}`}
          </Button>
        </div>
      )
    case 'open':
    case 'closing':
      return (
        <div className={styles.enrol}>
          <Link href={paths.subscribe(race.id)} className={`${buttonClass('primary')} ${styles.enrolButton}`}>
            {lottery ? t`Apply for the lottery` : t`Enrol`}
          </Link>
          <p className={styles.enrolNote}>
            {lottery ? (
              <Trans>Places are drawn by lottery among the applicants; PAX holders enrol directly through the same form.</Trans>
            ) : (
              <Plural value={placesLeft} one="# place left." other="# places left." />
            )}{' '}
            <Trans>Registration closes on {closes}.</Trans>
          </p>
        </div>
      )
    case 'full':
      return (
        <p className={styles.enrolReason}>
          <Trans>Sold out: all the places are taken, so you cannot enrol.</Trans>
        </p>
      )
    case 'live':
      return (
        <p className={styles.enrolReason}>
          <Trans>The race is under way: registration is closed.</Trans>
        </p>
      )
    case 'closed': {
      const ended = hasEnded(race, now)
      return (
        <p className={styles.enrolReason}>
          {ended ? (
            <Trans>This edition has been run: registration is closed.</Trans>
          ) : (
            <Trans>Registration closed on {closes}: you can no longer enrol.</Trans>
          )}
        </p>
      )
    }
  }
}
