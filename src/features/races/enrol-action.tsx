import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from 'wouter'
import type { Race } from '../../../contracts/races.contract'
import { HOUR_MS } from '../../../contracts/time'
import { registrationDisplay } from '../../../machines/rules/registration-display'
import { formatDateTime } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { Button, buttonClass } from '../../ui/button'
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
  | 'ammiraglia'
>

/**
 * What an athlete can do about entering the race at `now`, following its registration display:
 * wait for the opening (a disabled button saying when), enrol, apply for the flagship's lottery, or
 * nothing, with the reason in words. The caller passes `useNow()`, so it changes as the clock moves.
 */
export function EnrolAction({ race, now }: { race: EnrolRace; now: number }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const display = registrationDisplay(race, now)
  const opens = formatDateTime(locale, race.apertura_iscrizioni)
  const closes = formatDateTime(locale, race.chiusura_iscrizioni)
  const placesLeft = Math.max(0, race.posti - race.iscritti)

  switch (display.kind) {
    case 'opening':
      return (
        <div className={styles.enrol}>
          <Button disabled className={styles.enrolButton}>
            {race.ammiraglia ? t`Lottery applications open on ${opens}` : t`Registration opens on ${opens}`}
          </Button>
        </div>
      )
    case 'open':
    case 'closing':
      return (
        <div className={styles.enrol}>
          <Link href={paths.subscribe(race.id)} className={`${buttonClass('primary')} ${styles.enrolButton}`}>
            {race.ammiraglia ? t`Apply for the lottery` : t`Enrol`}
          </Link>
          <p className={styles.enrolNote}>
            {race.ammiraglia ? (
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
      const ended = now >= Date.parse(race.data_evento) + race.tempo_limite_ore * HOUR_MS
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
