import { useQuery } from '@tanstack/react-query'
import { Suspense } from 'react'
import { useParams } from 'wouter'
import SubscribePage from '../features/enrolment/subscribe-page'
import { withCatalog } from '../lib/i18n'
import { raceQueries } from '../lib/race-queries'
import { lazyPart } from '../ui/lazy-part'
import { parseRaceId } from '../ui/race-not-found'

/** The place held from a race's waiting room: fetched only for a race that has one. */
const HoldBanner = lazyPart(() => withCatalog('queue', import('../features/queue/hold-banner')))

/**
 * `/race/{id}/subscribe`: the enrolment wizard, and above it, for a race that opens through its
 * waiting room, the place held for the athlete (issue 22). The two features meet here.
 */
export default function SubscribeRoute() {
  const raceId = parseRaceId(useParams<{ id: string }>().id)
  // The wizard reads the same race: one request, from the cache.
  const race = useQuery({ ...raceQueries.get(raceId ?? 0), enabled: raceId !== null }).data
  const room = race?.sala_attesa
  return (
    <>
      {race && room ? (
        <Suspense fallback={null}>
          <HoldBanner key={race.id} race={{ ...race, sala_attesa: room }} />
        </Suspense>
      ) : null}
      <SubscribePage />
    </>
  )
}
