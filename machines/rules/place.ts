import type { PlaceState, Subscription } from '../../contracts/athlete.contract'
import type { Race } from '../../contracts/races.contract'

/**
 * A paid place and what may still be done with it (decision 038), each rule written once: the race
 * has started, a place still held and paid for, one that may still change (withdrawn, passed on,
 * deferred), and the window for passing it on. The simulated backend keeps its own reading of the
 * same rules (mocks/transfer.ts, mocks/places.ts); mocks/place-rules.test.ts holds the two together.
 */

/** The race has started at `nowMs`: from its start on, a place is what it is. */
export function hasStarted(race: Pick<Race, 'data_evento'>, nowMs: number): boolean {
  return nowMs >= Temporal.Instant.from(race.data_evento).epochMilliseconds
}

/** What the rules read of a subscription: paid, and what became of it (absent on records older than issue 23: held). */
export type PlaceFacts = Pick<Subscription, 'pagato' | 'stato'>

/** The athlete still holds the place: neither withdrawn, passed on nor deferred (paid or not). */
export function isHeldPlace(subscription: Pick<Subscription, 'stato'>): boolean {
  return placeLeft(subscription) === null
}

/**
 * An active place: paid, and still the athlete's. The athlete is entered in the race; a place the
 * athlete passed on and was later passed back is active again only once paid again.
 */
export function isActivePlace<S extends PlaceFacts>(subscription: S | null | undefined): subscription is S {
  return subscription != null && subscription.pagato && isHeldPlace(subscription)
}

/** What became of a place the athlete no longer holds: the reading of its `stato` every screen words. */
export type PlaceLeft = 'withdrawn' | 'passedOn' | 'deferred'

const LEFT: Readonly<Record<Exclude<PlaceState, 'attiva'>, PlaceLeft>> = { ritirata: 'withdrawn', ceduta: 'passedOn', rinviata: 'deferred' }

/** How the athlete left the place (withdrew, passed it on, deferred it), or `null` while they hold it or have none. */
export function placeLeft(subscription: Pick<Subscription, 'stato'> | null | undefined): PlaceLeft | null {
  const stato = subscription?.stato ?? 'attiva'
  return stato === 'attiva' ? null : LEFT[stato]
}

/**
 * The edition a place of `race` is deferred to: the course's next one (`places.defer`; the credit
 * the backend makes names it, one edition a year).
 */
export function deferredEdition(race: Pick<Race, 'edizione'>): number {
  return race.edizione + 1
}

/** An active place of a race not started yet: withdrawing, passing on and deferring are offered for it. */
export function isChangeablePlace(subscription: PlaceFacts | null | undefined, race: Pick<Race, 'data_evento'>, nowMs: number): boolean {
  return isActivePlace(subscription) && !hasStarted(race, nowMs)
}

/** Whether places of a race can be passed on (or deferred): until its deadline (`until`), and never once it started. */
export type TransferWindow =
  | { open: true; until: string }
  | { open: false; reason: 'not_allowed' }
  | { open: false; reason: 'started' }
  | { open: false; reason: 'deadline_passed'; until: string }

/** The same, for deferring a place to the next edition. */
export type DeferWindow = TransferWindow

type ChangeRule = { chiude: string } | null | undefined

/** A change the race allows until its rule's deadline (`chiude`), and never once it started. */
function windowOf(race: Pick<Race, 'data_evento'>, rule: ChangeRule, nowMs: number): TransferWindow {
  if (!rule) return { open: false, reason: 'not_allowed' }
  if (hasStarted(race, nowMs)) return { open: false, reason: 'started' }
  if (nowMs >= Temporal.Instant.from(rule.chiude).epochMilliseconds) return { open: false, reason: 'deadline_passed', until: rule.chiude }
  return { open: true, until: rule.chiude }
}

/** The race's transfer window at `nowMs` (its `cambi.cessione`). */
export function transferWindow(race: Pick<Race, 'data_evento' | 'cambi'>, nowMs: number): TransferWindow {
  return windowOf(race, race.cambi?.cessione, nowMs)
}

/** The race's deferral window at `nowMs` (its `cambi.rinvio`). */
export function deferWindow(race: Pick<Race, 'data_evento' | 'cambi'>, nowMs: number): DeferWindow {
  return windowOf(race, race.cambi?.rinvio, nowMs)
}
