import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useMemo, useRef } from 'react'
import type { Locale } from '../../../contracts/locale'
import type { SubscriberRow } from '../../../contracts/races.contract'
import { activeLocale } from '../../lib/i18n'
import { Field } from '../../ui/field'
import { Page } from '../../ui/page'
import { Skeleton } from '../../ui/skeleton'
import { Empty, QueryErrorState } from '../../ui/state'
import { countryName } from '../../lib/country'
import {
  applicableSubscriberFilters,
  filterSubscribers,
  hasSubscriberInput,
  narrowsSubscribers,
  NO_SUBSCRIBER_FILTERS,
  parseBibFilter,
  readSubscriberFilters,
  sortSubscribers,
  subscriberOptions,
  writeSubscriberFilters,
  type Indexed,
  type SubscriberFilters,
  type SubscriberSort,
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

/** `/race/{id}/subscribers`: everyone entered in a race, searchable and filtered from the address. */
export default withRaceId(SubscribersScreen)

const CODEC: FilterCodec<SubscriberFilters> = { read: readSubscriberFilters, write: writeSubscriberFilters }
const rowKey = (entry: Indexed<SubscriberRow>) => entry.id

type Row = Indexed<SubscriberRow>

const residenceOf = (row: SubscriberRow, locale: Locale) =>
  row.regione ? `${countryName(locale, row.paese)} · ${row.regione}` : countryName(locale, row.paese)

function useColumns(locale: Locale, sort: SubscriberSort): ParticipantColumn<Row>[] {
  const { t } = useLingui()
  return useMemo(
    () => [
      {
        id: 'bib',
        header: t`Bib`,
        // Room for a heading of four full-width letters (ゼッケン) beside the gutters.
        width: 5,
        narrowWidth: 4.5,
        numeric: true,
        sorted: sort === 'bib' ? 'ascending' : undefined,
        cell: ({ row }) => row.pettorale,
      },
      {
        id: 'name',
        header: t`Name`,
        width: 14.5,
        narrowWidth: 9.5,
        pinned: true,
        sorted: sort === 'name' ? 'ascending' : undefined,
        cell: ({ row }) => <ParticipantName name={row.nome} />,
      },
      {
        id: 'nationality',
        header: t`Nationality`,
        width: 11,
        secondary: true,
        cell: ({ row }) => <Nationality code={row.nazionalita} locale={locale} />,
      },
      {
        id: 'residence',
        header: t`Country / region`,
        width: 15,
        secondary: true,
        cell: ({ row }) => residenceOf(row, locale),
        // On a phone the line already names the nationality: the same country is not said again.
        folded: ({ row }) => (row.paese !== row.nazionalita ? residenceOf(row, locale) : row.regione),
      },
      { id: 'category', header: t`Category`, width: 6.5, narrowWidth: 6, cell: ({ row }) => row.categoria },
      { id: 'team', header: t`Team`, width: 14, secondary: true, cell: ({ row }) => row.team },
    ],
    [t, locale, sort],
  )
}

function SubscribersScreen({ raceId }: { raceId: number }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const race = useQuery(raceQueries.get(raceId))
  const list = useQuery(participantQueries.subscribers(raceId))
  const { filters, commit, type, flush } = useUrlFilters(CODEC)
  const searchInput = useRef<HTMLInputElement>(null)

  // Indexed and by bib as they come (participant-list.ts); once per data load and locale, the choices offered.
  const indexed = list.data?.rows ?? null
  const facets = list.data?.facets
  const options = useMemo(() => (facets ? subscriberOptions(facets, locale) : null), [facets, locale])

  // The fields follow every keystroke; the list follows at low priority, so typing never waits for it.
  const applied = options ? applicableSubscriberFilters(filters, options) : filters
  const listKey = useDeferredValue(writeSubscriberFilters(applied))
  const listFilters = useMemo(() => readSubscriberFilters(listKey), [listKey])
  const sorted = useMemo(
    () => (indexed && listFilters.sort === 'name' ? sortSubscribers(indexed, 'name', locale) : indexed),
    [indexed, listFilters.sort, locale],
  )
  const visible = useMemo(() => (sorted ? filterSubscribers(sorted, listFilters) : null), [sorted, listFilters])
  const columns = useColumns(locale, listFilters.sort)

  if ((!race.data && isRaceNotFound(race.error)) || (!list.data && isRaceNotFound(list.error))) return <RaceNotFound />

  const failed = [race, list].find((query) => query.isError && !query.data)
  const bib = parseBibFilter(filters.bib)
  const clearable = hasSubscriberInput(applied)
  const clear = () => {
    commit({ ...NO_SUBSCRIBER_FILTERS, sort: applied.sort })
    searchInput.current?.focus()
  }
  const regions = applied.country === null ? [] : (options?.regions.get(applied.country) ?? [])
  const raceTitle = race.data ? `${race.data.nome} ${String(race.data.edizione)}` : null

  let body
  if (failed) {
    body = (
      <QueryErrorState query={[race, list]} />
    )
  } else if (visible && indexed && indexed.length === 0) {
    body = (
      <Empty>
        <p>{t`Nobody has entered this race yet.`}</p>
      </Empty>
    )
  } else {
    body = (
      <>
        <form
          role="search"
          aria-label={t`Filter entrants`}
          className={styles.filters}
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
            label={t`Country`}
            allLabel={t`All countries`}
            value={applied.country}
            options={countryOptions(options ? options.countries : applied.country ? [applied.country] : [])}
            disabled={!options}
            onChange={(country) => commit({ ...applied, country, region: null })}
          />
          <SelectField
            label={t`Region`}
            allLabel={t`All regions`}
            value={applied.region}
            options={regions.map((region) => ({ value: region, label: region }))}
            disabled={regions.length === 0}
            onChange={(region) => commit({ ...applied, region })}
          />
          <Field
            label={t`Bib or range`}
            placeholder="100-199"
            autoComplete="off"
            spellCheck={false}
            value={filters.bib}
            error={bib.ok ? null : bib.problem === 'order' ? t`Put the lower bib first, as in 100-199.` : t`Enter one bib (120) or a range (100-199).`}
            onChange={(event) => type('bib', { ...applied, bib: event.target.value })}
            onBlur={flush}
          />
          <SelectField
            label={t`Category`}
            allLabel={t`All categories`}
            value={applied.category}
            options={(options?.categories ?? []).map((category) => ({ value: category, label: category }))}
            disabled={!options}
            onChange={(category) => commit({ ...applied, category })}
          />
          <SelectField
            label={t`Sort by`}
            value={applied.sort}
            options={[
              { value: 'bib', label: t`Bib` },
              { value: 'name', label: t`Name` },
            ]}
            onChange={(sort) => commit({ ...applied, sort: sort === 'name' ? 'name' : 'bib' })}
          />
        </form>
        {visible && indexed ? (
          <>
            <SummaryLine onClear={clearable ? clear : null}>
              <ParticipantCount shown={visible.length} total={indexed.length} filtered={narrowsSubscribers(listFilters)} noun="participants" />
            </SummaryLine>
            {visible.length === 0 ? (
              <NoMatch message={t`No participants match these filters.`} onClear={clear} />
            ) : (
              <ParticipantTable
                caption={raceTitle ? t`Entrants in ${raceTitle}` : t`Entrants`}
                columns={columns}
                rows={visible}
                rowKey={rowKey}
                resetKey={listKey}
              />
            )}
          </>
        ) : (
          <Skeleton label={t`Loading entrants…`}>
            <SummaryPlaceholder />
            <ParticipantTableSkeleton columns={columns} />
          </Skeleton>
        )}
      </>
    )
  }

  return (
    <Page title={t`Entry list`}>
      <RaceLinks raceId={raceId} race={race.data} other="ranking" />
      {body}
    </Page>
  )
}
