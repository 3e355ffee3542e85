import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useMemo, useRef, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import type { Locale } from '../../../contracts/locale'
import type { RaceDetail, RankingRow } from '../../../contracts/races.contract'
import { hasStarted } from '../../../machines/rules/place'
import { hasEnded, isLive, raceEnd } from '../../../machines/rules/race-day'
import { dayShown, formatDuration, formatRaceTime } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { useNow } from '../../lib/use-now'
import { Field } from '../../ui/field'
import { Page } from '../../ui/page'
import { Bone, Skeleton } from '../../ui/skeleton'
import { Empty, QueryErrorState } from '../../ui/state'
import {
  applicableRankingFilters,
  filterRanking,
  hasRankingInput,
  narrowsRanking,
  NO_RANKING_FILTERS,
  ownBibOf,
  rankingOptions,
  readRankingFilters,
  writeRankingFilters,
  type Indexed,
  type RankingFilters,
} from './participant-filters'
import {
  countryOptions,
  Nationality,
  NoMatch,
  ParticipantCount,
  RaceLinks,
  SelectField,
  SummaryLine,
  SummaryPlaceholder,
} from './participant-parts'
import styles from './participant-parts.module.css'
import { ParticipantName } from './participant-name'
import { ParticipantTable, ParticipantTableSkeleton, type ParticipantColumn } from './participant-table'
import { useUrlFilters, type FilterCodec } from './participant-url-state'
import { isRaceNotFound, RaceNotFound, withRaceId } from '../../ui/race-not-found'
import { raceQueries } from '../../lib/race-queries'
import { participantQueries } from './participant-queries'
import rankingStyles from './ranking-page.module.css'

/** `/race/{id}/ranking`: a race's finishers, filtered from the address, and the way to the course's other editions. */
export default withRaceId(RankingScreen)

const CODEC: FilterCodec<RankingFilters> = { read: readRankingFilters, write: writeRankingFilters }
const rowKey = (entry: Indexed<RankingRow>) => entry.id

type Row = Indexed<RankingRow>

/** Another edition's ranking, with the filters (query string) the athlete had on. */
function rankingHref(raceId: number | string, query: string): string {
  return query ? `${paths.ranking(raceId)}?${query}` : paths.ranking(raceId)
}

function useColumns(locale: Locale): ParticipantColumn<Row>[] {
  const { t } = useLingui()
  return useMemo(
    () => [
      {
        id: 'position',
        header: (
          <>
            <span aria-hidden="true">{t({ message: 'Pos.', comment: 'Short for position, heading a narrow column' })}</span>
            <span className="visually-hidden">{t`Position`}</span>
          </>
        ),
        width: 4.5,
        narrowWidth: 3.5,
        numeric: true,
        sorted: 'ascending',
        cell: ({ row }) => row.posizione,
      },
      { id: 'bib', header: t`Bib`, width: 4.5, numeric: true, secondary: true, cell: ({ row }) => row.pettorale },
      { id: 'name', header: t`Name`, width: 15, narrowWidth: 10, pinned: true, cell: ({ row }) => <ParticipantName name={row.nome} /> },
      {
        id: 'nationality',
        header: t`Nationality`,
        width: 11,
        secondary: true,
        cell: ({ row }) => <Nationality code={row.nazionalita} locale={locale} />,
      },
      { id: 'category', header: t`Category`, width: 6.5, secondary: true, cell: ({ row }) => row.categoria },
      { id: 'time', header: t`Time`, width: 7, narrowWidth: 6, numeric: true, cell: ({ row }) => formatDuration(row.tempo_s) },
      {
        id: 'gap',
        header: t`Gap`,
        width: 7.5,
        numeric: true,
        secondary: true,
        cell: ({ row }) =>
          row.posizione === 1 ? (
            <>
              <span aria-hidden="true">—</span>
              <span className="visually-hidden">{t`Winner`}</span>
            </>
          ) : (
            `+${formatDuration(row.distacco_s)}`
          ),
      },
    ],
    [t, locale],
  )
}

function RankingScreen({ raceId }: { raceId: number }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const now = useNow()
  const [, navigate] = useLocation()
  const race = useQuery(raceQueries.get(raceId))
  const ranking = useQuery(participantQueries.ranking(raceId))
  const { filters, commit, type, flush } = useUrlFilters(CODEC)
  const searchInput = useRef<HTMLInputElement>(null)
  // From my races: the athlete's own bib, singled out in the ranking (read once; filters may drop it from the address).
  const search = useSearch()
  const [ownBib] = useState(() => ownBibOf(search))

  // Indexed and by position as they come (participant-list.ts).
  const indexed = ranking.data?.rows ?? null
  const facets = ranking.data?.facets
  const options = useMemo(() => (facets ? rankingOptions(facets, locale) : null), [facets, locale])

  const applied = options ? applicableRankingFilters(filters, options) : filters
  const listKey = useDeferredValue(writeRankingFilters(applied))
  const listFilters = useMemo(() => readRankingFilters(listKey), [listKey])
  const visible = useMemo(() => (indexed ? filterRanking(indexed, listFilters) : null), [indexed, listFilters])
  const columns = useColumns(locale)

  if ((!race.data && isRaceNotFound(race.error)) || (!ranking.data && isRaceNotFound(ranking.error))) return <RaceNotFound />

  const failed = [race, ranking].find((query) => query.isError && !query.data)
  const clearable = hasRankingInput(applied)
  const clear = () => {
    commit(NO_RANKING_FILTERS)
    searchInput.current?.focus()
  }
  const raceTitle = race.data ? `${race.data.nome} ${String(race.data.edizione)}` : null
  // Editions with a ranking to show: those run by now (and this one, whatever the clock says).
  const editions = race.data
    ? race.data.edizioni.filter((edition) => edition.id === raceId || hasEnded({ ...edition, tempo_limite_ore: race.data.tempo_limite_ore }, now))
    : []

  let body
  if (failed) {
    body = (
      <QueryErrorState query={[race, ranking]} />
    )
  } else if (race.data && ((indexed && indexed.length === 0) || !hasEnded(race.data, now))) {
    // A race not run yet has no ranking to wait for: say so as soon as the race is known.
    // The filters go along to the past editions as typed: this edition has no rows to check them against.
    body = <NoRankingYet race={race.data} now={now} query={writeRankingFilters(filters)} />
  } else {
    body = (
      <>
        {!race.data ? (
          // Its room is kept until the race says how many editions it has: most ranked courses have
          // several, and a switch appearing above the filters would push the whole list down.
          <div className={`${rankingStyles.edition} ${styles.field}`} aria-hidden="true">
            <Bone width="5rem" />
            <Bone height="44px" />
          </div>
        ) : editions.length > 1 ? (
          <div className={rankingStyles.edition}>
            <SelectField
              label={t`Edition`}
              value={String(raceId)}
              options={editions.map((edition) => ({ value: String(edition.id), label: String(edition.edizione) }))}
              onChange={(value) => {
                if (value === null || value === String(raceId)) return
                // The filters go along; the other edition drops those its ranking cannot apply.
                navigate(rankingHref(value, writeRankingFilters(applied)))
              }}
            />
          </div>
        ) : null}
        <form
          role="search"
          aria-label={t`Filter the results`}
          className={`${styles.filters} ${styles.few}`}
          onSubmit={(event) => {
            event.preventDefault()
            flush()
          }}
        >
          <div className={styles.wide}>
            <Field
              ref={searchInput}
              label={t`Name or bib`}
              type="search"
              autoComplete="off"
              spellCheck={false}
              value={filters.q}
              onChange={(event) => type('q', { ...applied, q: event.target.value })}
              onBlur={flush}
            />
          </div>
          <SelectField
            label={t`Nationality`}
            allLabel={t`All nationalities`}
            value={applied.nationality}
            options={countryOptions(options ? options.nationalities : applied.nationality ? [applied.nationality] : [])}
            disabled={!options}
            onChange={(nationality) => commit({ ...applied, nationality })}
          />
          <SelectField
            label={t`Category`}
            allLabel={t`All categories`}
            value={applied.category}
            options={(options?.categories ?? []).map((category) => ({ value: category, label: category }))}
            disabled={!options}
            onChange={(category) => commit({ ...applied, category })}
          />
        </form>
        {visible && indexed ? (
          <>
            <SummaryLine onClear={clearable ? clear : null}>
              <ParticipantCount shown={visible.length} total={indexed.length} filtered={narrowsRanking(listFilters)} noun="finishers" />
            </SummaryLine>
            {visible.length === 0 ? (
              <NoMatch message={t`No finishers match these filters.`} onClear={clear} />
            ) : (
              <ParticipantTable
                caption={raceTitle ? t`Results of ${raceTitle}` : t`Results`}
                columns={columns}
                rows={visible}
                rowKey={rowKey}
                resetKey={listKey}
                highlight={ownBib === null ? null : { key: ownBib, label: t`Your result:` }}
              />
            )}
          </>
        ) : (
          <Skeleton label={t`Loading the results…`}>
            <SummaryPlaceholder />
            <ParticipantTableSkeleton columns={columns} />
          </Skeleton>
        )}
      </>
    )
  }

  return (
    <Page title={t`Race results`}>
      <RaceLinks raceId={raceId} race={race.data} other="subscribers" />
      {body}
    </Page>
  )
}

/**
 * A race with no ranking: not run yet or under way (with when the ranking is expected: once the
 * time limit runs out), or run but not published; and the rankings of the course's past editions.
 */
function NoRankingYet({ race, now, query }: { race: RaceDetail; now: number; query: string }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const end = raceEnd(race)
  // The end of the race's time limit: a time of its schedule, in its zone.
  const expected = formatRaceTime(locale, end)
  const expectedIso = new Date(end).toISOString()
  const day = dayShown(locale, end, 'race')
  const pastEditions = race.edizioni.filter((edition) => edition.id !== race.id && hasEnded({ ...edition, tempo_limite_ore: race.tempo_limite_ore }, now))

  let message
  if (!hasStarted(race, now)) {
    message = (
      <Plural
        value={day}
        other={
          // An element, not a fragment: the macro reads a plural's JSX branch only from an element.
          <span>
            This edition has not been run yet. Results are expected after <time dateTime={expectedIso}>{expected}</time>, when the time limit runs
            out.
          </span>
        }
      />
    )
  } else if (isLive(race, now)) {
    message = (
      <Plural
        value={day}
        other={
          <span>
            The race is under way. Results are expected after <time dateTime={expectedIso}>{expected}</time>, when the time limit runs out.
          </span>
        }
      />
    )
  } else {
    message = <Trans>The results of this edition have not been published yet.</Trans>
  }

  return (
    <Empty>
      <p className={rankingStyles.notYetTitle}>{t`No results yet`}</p>
      <p>{message}</p>
      {pastEditions.length > 0 ? (
        <nav aria-label={t`Results of past editions`}>
          <ul className={rankingStyles.pastEditions}>
            {pastEditions.map((edition) => {
              const year = String(edition.edizione)
              return (
                <li key={edition.id}>
                  <Link href={rankingHref(edition.id, query)}>{t`${year} results`}</Link>
                </li>
              )
            })}
          </ul>
        </nav>
      ) : race.edizioni.length <= 1 ? (
        <p>{t`This is the course's first edition: there are no earlier results.`}</p>
      ) : null}
    </Empty>
  )
}
