import { useQuery } from '@tanstack/react-query'
import { Suspense } from 'react'
import { useParams } from 'wouter'
import SubscribePage from '../features/enrolment/subscribe-page'
import { withCatalog } from '../lib/i18n'
import { raceQueries } from '../lib/race-queries'
import { lazyPart } from '../ui/lazy-part'
import { parseRaceId } from '../ui/race-not-found'

/** The place held from a race's waiting room: fetched only for a race that has one. */
const HoldBanner = lazyPart(() => withCatalog(import('../features/queue/hold-banner')))
/** The place offered from the wait list: fetched only for a sold-out race that keeps one (issue 23). */
const OfferBanner = lazyPart(() => import('../features/enrolment/offer-banner'))

/**
 * `/race/{id}/subscribe`: the enrolment wizard, and above it, for a race that opens through its
 * waiting room, the place held for the athlete (issue 22), or, for a sold-out race with a wait
 * list, the place offered to them (issue 23). The features meet here.
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
      {race?.lista_attesa && race.iscritti >= race.posti ? (
        <Suspense fallback={null}>
          <OfferBanner key={race.id} raceId={race.id} />
        </Suspense>
      ) : null}
      <SubscribePage />
    </>
  )
}
