import { useLingui } from '@lingui/react/macro'
import { Suspense } from 'react'
import { Link } from 'wouter'
import type { Race } from '../../../contracts/races.contract'
import { hasEnded } from '../../../machines/rules/race-day'
import { registrationDisplay } from '../../../machines/rules/registration-display'
import { formatMoney, formatNumber, formatRaceTime } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { useSession } from '../../lib/session'
import { useNow } from '../../lib/use-now'
import { lazyPart } from '../../ui/lazy-part'
import styles from './race-list.module.css'
import { RegistrationBadge } from './registration-badge'
import { TRAIL_TYPE_LABELS } from './race-labels'

// The home page's race cards. They load with its search and filters (race-finder.tsx), not with
// the first page's JavaScript (decision 031).

/**
 * The athlete's standing on each card, loaded only once someone is signed in, with the race page
 * (the card leads there): the first page does not carry it.
 */
const CardStanding = lazyPart<{ race: Race }>(() =>
  import('./race-page').then(
    (page) => ({ default: page.CardStanding }),
    // Not there (offline): no standing on the cards, rather than no page.
    () => ({ default: () => null }),
  ),
)

/** Races still to come (or running) first, soonest first; past editions after, latest first. */
export function RaceSections({ races }: { races: Race[] }) {
  const { t } = useLingui()
  const now = useNow()
  const upcoming = races.filter((race) => !hasEnded(race, now)).sort((a, b) => a.data_evento.localeCompare(b.data_evento))
  const past = races.filter((race) => hasEnded(race, now)).sort((a, b) => b.data_evento.localeCompare(a.data_evento))
  return (
    <>
      <RaceSection id="upcoming-races" title={t`Upcoming races`} races={upcoming} now={now} />
      <RaceSection id="past-races" title={t`Past races`} races={past} now={now} past />
    </>
  )
}

interface SectionProps {
  id: string
  title: string
  races: Race[]
  now: number
  /** Past editions: places left no longer mean anything. */
  past?: boolean
}

function RaceSection({ id, title, races, now, past = false }: SectionProps) {
  if (races.length === 0) return null
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id}>{title}</h2>
      <RaceList races={races} now={now} past={past} />
    </section>
  )
}

function RaceList({ races, now, past }: { races: Race[]; now: number; past: boolean }) {
  const { t, i18n } = useLingui()
  const locale = activeLocale()
  const signedIn = useSession().status === 'loggedIn'
  return (
    <ul className={styles.list}>
      {races.map((race) => {
        const placesLeft = Math.max(0, race.posti - race.iscritti)
        return (
          <li key={race.id} className={styles.card}>
            <h3>
              {/* The whole card is this one link (stretched over it by CSS); its name is the race's. */}
              <Link href={paths.race(race.id)} className={styles.cardLink}>
                {race.nome} {race.edizione}
              </Link>
            </h3>
            <p className={styles.when}>
              {formatRaceTime(locale, race.data_evento)} · {race.localita}
            </p>
            <RegistrationBadge display={registrationDisplay(race, now)} />
            {signedIn ? (
              <Suspense>
                <CardStanding race={race} />
              </Suspense>
            ) : null}
            <dl className={styles.facts}>
              <div>
                <dt>{t`Distance`}</dt>
                <dd>{formatNumber(locale, race.distanza_km, 1)} km</dd>
              </div>
              <div>
                <dt>{t`Elevation gain`}</dt>
                <dd>{formatNumber(locale, race.dislivello_m)} m D+</dd>
              </div>
              <div>
                <dt>{t`Race type`}</dt>
                <dd>{i18n._(TRAIL_TYPE_LABELS[race.tipo_percorso])}</dd>
              </div>
              <div>
                <dt>{t`Time limit`}</dt>
                <dd>{formatNumber(locale, race.tempo_limite_ore)} h</dd>
              </div>
              <div>
                <dt>{t`Price`}</dt>
                <dd>{formatMoney(locale, race.prezzo)}</dd>
              </div>
              {past ? null : (
                <div>
                  <dt>{t`Places left`}</dt>
                  <dd>
                    {t`${formatNumber(locale, placesLeft)} of ${formatNumber(locale, race.posti)}`}
                  </dd>
                </div>
              )}
            </dl>
            <CategoryBadges race={race} />
          </li>
        )
      })}
    </ul>
  )
}

/** Flagship, experience and qualifying races say so on their card. */
function CategoryBadges({ race }: { race: Race }) {
  const { t } = useLingui()
  if (!race.ammiraglia && !race.esperienza) return null
  return (
    <ul className={styles.tags}>
      {race.ammiraglia ? <li>{t`Flagship · lottery entry, PAX holders enrol directly`}</li> : null}
      {race.esperienza ? <li>{t`Experience race`}</li> : null}
      {race.qualificante ? <li>{t`Qualifying for the PAX`}</li> : null}
    </ul>
  )
}
