import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useDeferredValue } from 'react'
import { Link, useSearch } from 'wouter'
import { RaceFilterSchema, type Race, type RaceFilter } from '../../../contracts/races.contract'
import { HOUR_MS } from '../../../contracts/time'
import { registrationDisplay } from '../../../machines/rules/registration-display'
import { noticeForQueryError } from '../../lib/api-error-notice'
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { NOTICES } from '../../lib/notices'
import { paths } from '../../lib/paths'
import { useNow } from '../../lib/use-now'
import { buttonClass } from '../../ui/button'
import { Page } from '../../ui/page'
import { Empty, ErrorState, Loading } from '../../ui/state'
import styles from './race-list.module.css'
import { raceQueries } from './race-queries'
import { RegistrationBadge } from './registration-badge'

export default function HomePage() {
  const { t, i18n } = useLingui()
  const search = new URLSearchParams(useSearch())
  const parsed = RaceFilterSchema.safeParse(search.get('filter'))
  const filter: RaceFilter = parsed.success ? parsed.data : 'all'
  const races = useQuery(raceQueries.list(filter))
  // The cards render at low priority, in slices, so a phone's main thread is never blocked by them.
  const gare = useDeferredValue(races.data?.gare)

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
        <ErrorState
          message={i18n._(NOTICES[noticeForQueryError(races.error)].message)}
          onRetry={() => void races.refetch()}
        />
      ) : gare === undefined ? (
        <Loading label={t`Loading races…`} />
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
  const ends = (race: Race) => Date.parse(race.data_evento) + race.tempo_limite_ore * HOUR_MS
  const upcoming = races.filter((race) => ends(race) > now).sort((a, b) => a.data_evento.localeCompare(b.data_evento))
  const past = races.filter((race) => ends(race) <= now).sort((a, b) => b.data_evento.localeCompare(a.data_evento))
  return (
    <>
      <RaceSection id="upcoming-races" title={t`Upcoming races`} races={upcoming} now={now} />
      <RaceSection id="past-races" title={t`Past races`} races={past} now={now} />
    </>
  )
}

function RaceSection({ id, title, races, now }: { id: string; title: string; races: Race[]; now: number }) {
  if (races.length === 0) return null
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id}>{title}</h2>
      <RaceList races={races} now={now} />
    </section>
  )
}

function RaceList({ races, now }: { races: Race[]; now: number }) {
  const { t } = useLingui()
  const locale = activeLocale()
  return (
    <ul className={styles.list}>
      {races.map((race) => (
        <li key={race.id} className={styles.card}>
          <h3>
            <Link href={paths.race(race.id)}>
              {race.nome} {race.edizione}
            </Link>
          </h3>
          <p className={styles.when}>
            {formatDateTime(locale, race.data_evento)} · {race.localita}
          </p>
          <RegistrationBadge display={registrationDisplay(race, now)} />
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
              <dt>{t`Time limit`}</dt>
              <dd>{formatNumber(locale, race.tempo_limite_ore)} h</dd>
            </div>
            <div>
              <dt>{t`Price`}</dt>
              <dd>{formatMoney(locale, race.prezzo)}</dd>
            </div>
          </dl>
          {race.esperienza || race.ammissione === 'lotteria' ? (
            <ul className={styles.tags}>
              {race.ammissione === 'lotteria' ? <li>{t`Lottery entry · PAX holders enrol directly`}</li> : null}
              {race.esperienza ? <li>{race.qualificante ? t`Qualifying experience race` : t`Experience race`}</li> : null}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
