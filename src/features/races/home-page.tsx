import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Suspense, useDeferredValue } from 'react'
import { Link, useSearch } from 'wouter'
import type { Race, RaceFilter } from '../../../contracts/races.contract'
import { hasEnded } from '../../../machines/rules/race-day'
import { registrationDisplay } from '../../../machines/rules/registration-display'
import { formatMoney, formatNumber, formatRaceTime } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { useSession } from '../../lib/session'
import { useNow } from '../../lib/use-now'
import { buttonClass } from '../../ui/button'
import { lazyPart } from '../../ui/lazy-part'
import { Page } from '../../ui/page'
import { Bone, Skeleton } from '../../ui/skeleton'
import { Empty, QueryErrorState } from '../../ui/state'
import styles from './race-list.module.css'
import { raceFilterOf, raceQueries } from '../../lib/race-queries'
import { RegistrationBadge } from './registration-badge'
import { TRAIL_TYPE_LABELS } from './race-labels'

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

export default function HomePage() {
  const { t } = useLingui()
  const filter = raceFilterOf(useSearch())
  const races = useQuery(raceQueries.list(filter))
  // The cards render at low priority, in slices, so a phone's main thread is never blocked by them:
  // even when the list is already cached at the first render (asked for at boot), that render shows
  // the skeleton (the initial value) and the cards follow in a background render that yields.
  const gare = useDeferredValue(races.data?.gare ?? null, null)

  const filters: Array<{ value: RaceFilter; label: string }> = [
    { value: 'all', label: t`All races` },
    { value: 'open', label: t`Open registrations` },
    { value: 'closed', label: t`Closed` },
  ]

  return (
    <Page title={t`Trail races`} lead={t`Mountain races for every runner, from your first trail to the 330 km.`}>
      <nav aria-label={t`Filter races`} className={styles.filters}>
        {filters.map((option) => (
          <Link
            key={option.value}
            href={option.value === 'all' ? paths.home : `${paths.home}?filter=${option.value}`}
            className={buttonClass(option.value === filter ? 'primary' : 'secondary')}
            aria-current={option.value === filter ? 'page' : undefined}
          >
            {option.label}
          </Link>
        ))}
      </nav>
      {races.isError ? (
        <QueryErrorState query={races} />
      ) : gare === null ? (
        <RaceListSkeleton label={t`Loading races…`} />
      ) : gare.length === 0 ? (
        <Empty>
          <p>{t`No races match this filter right now.`}</p>
        </Empty>
      ) : (
        <RaceSections races={gare} />
      )}
    </Page>
  )
}

/** Races still to come (or running) first, soonest first; past editions after, latest first. */
function RaceSections({ races }: { races: Race[] }) {
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

/** The list's final shape while it loads: a heading and cards of the real cards' size. */
function RaceListSkeleton({ label }: { label: string }) {
  return (
    <Skeleton label={label}>
      <Bone width="12rem" height="2rem" className={styles.skeletonHeading} />
      <div className={styles.list}>
        {[0, 1, 2, 3].map((card) => (
          <div key={card} className={`${styles.card} ${styles.skeletonCard}`}>
            <Bone width="70%" height="1.5rem" />
            <Bone width="55%" />
            <Bone width="9rem" height="1.75rem" />
            <Bone height="3rem" />
          </div>
        ))}
      </div>
    </Skeleton>
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
                <dt>{t`Trail type`}</dt>
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
