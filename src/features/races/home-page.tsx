import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Suspense, useDeferredValue } from 'react'
import { Link } from 'wouter'
// The raw query string, as the finder's address hook reads it (participant-url-state.ts).
import { useSearch } from 'wouter/use-browser-location'
import type { RaceFilter } from '../../../contracts/constants'
import { buttonClass } from '../../ui/button'
import { lazyPart, PartBoundary } from '../../ui/lazy-part'
import { Page } from '../../ui/page'
import { Bone, Skeleton } from '../../ui/skeleton'
import { QueryErrorState } from '../../ui/state'
import styles from './race-list.module.css'
import { raceFilterOf, raceListHref, raceQueries } from '../../lib/race-queries'

/**
 * The list with its search and filters. Not in the first page's JavaScript (its budget, decision
 * 031): the home page's `preload` starts it at boot, beside the catalog and the list's contract,
 * so it is there before the races are.
 */
const RaceFinder = lazyPart(() => import('./race-finder'))

export default function HomePage() {
  const { t } = useLingui()
  const search = useSearch()
  const filter = raceFilterOf(search)
  const races = useQuery(raceQueries.list(filter))
  // The cards render at low priority, in slices, so a phone's main thread is never blocked by them:
  // even when the list is already cached at the first render (asked for at boot), that render shows
  // the skeleton (the initial value) and the cards follow in a background render that yields.
  const gare = useDeferredValue(races.data?.gare ?? null, null)

  const filters: Array<{ value: RaceFilter; label: string }> = [
    { value: 'all', label: t`All races` },
    { value: 'open', label: t`Registration open` },
    { value: 'closed', label: t`Closed` },
  ]
  const pending = races.isError ? <QueryErrorState query={races} /> : <RaceListSkeleton label={t`Loading races…`} />

  return (
    <Page title={t`Trail races`} lead={t`Mountain races for every runner, from your first trail to the 330 km.`}>
      <nav aria-label={t`Filter races`} className={styles.filters}>
        {filters.map((option) => (
          <Link
            key={option.value}
            href={raceListHref(search, option.value)}
            className={buttonClass(option.value === filter ? 'primary' : 'secondary')}
            aria-current={option.value === filter ? 'page' : undefined}
          >
            {option.label}
          </Link>
        ))}
      </nav>
      <PartBoundary message={t`The race list could not load.`}>
        <Suspense fallback={pending}>
          <RaceFinder races={races.isError ? null : gare}>{pending}</RaceFinder>
        </Suspense>
      </PartBoundary>
    </Page>
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

HomePage.preload = RaceFinder.preload
