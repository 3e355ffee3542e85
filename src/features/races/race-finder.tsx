import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useId, useMemo, useRef, useState, type ReactNode } from 'react'
import type { Race } from '../../../contracts/races.contract'
import { formatMonth, formatNumber } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { Button } from '../../ui/button'
import { Field } from '../../ui/field'
import { Empty } from '../../ui/state'
import { NoMatch, SelectField, SummaryLine } from './participant-parts'
import { useUrlFilters, type FilterCodec } from './participant-url-state'
import { RaceSections } from './race-cards'
import styles from './race-list.module.css'
import {
  DISTANCE_BAND_IDS,
  distanceBandOf,
  filterRaces,
  monthsOf,
  narrowsRaces,
  readRaceSearch,
  writeRaceSearch,
  type DistanceBand,
  type RaceSearch,
} from './race-search'

const CODEC: FilterCodec<RaceSearch> = { read: readRaceSearch, write: writeRaceSearch }

const DISTANCE_LABELS: Record<DistanceBand, MessageDescriptor> = {
  'up-to-30': msg`Up to 30 km`,
  '30-60': msg`30 to 60 km`,
  '60-100': msg`60 to 100 km`,
  'over-100': msg`Over 100 km`,
}

/**
 * The home page's list with its search, distance and month, kept in the address beside the tab.
 * `races` is the tab's list, null while it loads or failed; `children` is shown in its place then.
 */
export default function RaceFinder({ races, children }: { races: Race[] | null; children: ReactNode }) {
  const { t, i18n } = useLingui()
  const locale = activeLocale()
  const { filters, commit, type, flush } = useUrlFilters(CODEC)
  const searchInput = useRef<HTMLInputElement>(null)
  const panelId = useId()
  const chosen = (filters.distance === null ? 0 : 1) + (filters.month === null ? 0 : 1)
  // On a phone the selects fold away under "Filters", whose label counts those set, so the list
  // starts high on the screen even when a link sets them.
  const [open, setOpen] = useState(false)

  const months = useMemo(() => (races ? monthsOf(races) : []), [races])
  const shown = useMemo(() => (races ? filterRaces(races, filters) : null), [races, filters])
  // A month from a link that this tab's list lacks is still offered (and matches nothing), named.
  const monthValues = filters.month !== null && !months.includes(filters.month) ? [...months, filters.month].sort() : months

  const clearable = filters.q !== '' || chosen > 0
  const clear = () => {
    commit({ filter: filters.filter, q: '', distance: null, month: null })
    searchInput.current?.focus()
  }

  let list: ReactNode
  if (races === null || shown === null) list = children
  else if (races.length === 0)
    list = (
      <Empty>
        <p>{t`No races match this filter right now.`}</p>
      </Empty>
    )
  else if (shown.length === 0) list = <NoMatch message={t`No races match your search.`} onClear={clear} />
  else list = <RaceSections races={shown} />

  return (
    <>
      <form
        role="search"
        aria-label={t`Search races`}
        className={styles.finder}
        onSubmit={(event) => {
          event.preventDefault()
          flush()
        }}
      >
        <Field
          ref={searchInput}
          label={t`Race or place`}
          type="search"
          autoComplete="off"
          spellCheck={false}
          value={filters.q}
          onChange={(event) => type('q', { ...filters, q: event.target.value })}
          onBlur={flush}
          addon={
            <Button
              variant="secondary"
              className={styles.filtersToggle}
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen(!open)}
            >
              {chosen > 0 ? t`Filters (${chosen})` : t`Filters`}
            </Button>
          }
        />
        <div id={panelId} className={open ? styles.finderPanel : `${styles.finderPanel} ${styles.folded}`}>
          <SelectField
            label={t`Distance`}
            allLabel={t`All distances`}
            value={filters.distance}
            options={DISTANCE_BAND_IDS.map((band) => ({ value: band, label: i18n._(DISTANCE_LABELS[band]) }))}
            onChange={(distance) => commit({ ...filters, distance: distanceBandOf(distance) })}
          />
          <SelectField
            label={t`Month`}
            allLabel={t`All months`}
            value={filters.month}
            options={monthValues.map((month) => ({ value: month, label: formatMonth(locale, month) }))}
            disabled={races === null}
            onChange={(month) => commit({ ...filters, month })}
          />
        </div>
      </form>
      <SummaryLine onClear={clearable ? clear : null}>
        <p className={styles.count} role="status" aria-live="polite" aria-atomic="true">
          {races && shown ? <RaceCount shown={shown.length} total={races.length} filtered={narrowsRaces(filters)} /> : null}
        </p>
      </SummaryLine>
      {list}
    </>
  )
}

/** "20 races", or "3 of 20 races" when the search or filters narrow the tab's list. */
function RaceCount({ shown, total, filtered }: { shown: number; total: number; filtered: boolean }) {
  const shownText = formatNumber(activeLocale(), shown)
  return filtered ? (
    <Trans>
      {shownText} of <Plural value={total} one="# race" other="# races" />
    </Trans>
  ) : (
    <Plural value={total} one="# race" other="# races" />
  )
}
