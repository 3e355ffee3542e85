import { assertEvent, assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate'
import * as z from 'zod/mini'
import { errorCodeOf, toApiError } from '../../contracts/api-error'
import { HOUR_MS } from '../../contracts/time'
import type * as waitList from '../../contracts/wait-list.contract'
import { WaitEntrySchema, type WaitEntry, type WaitEntryState } from '../../contracts/wait-list.contract'
import { answered, callWithRetry, failed, initialPolling, NOT_READING, pollingGuards, pollingStates, type PollingContext } from '../polling'
import { isOfferLive, offerEndsAt } from '../rules/held-place'
import { isEntryLive, READ_EVERY_S } from '../rules/wait-list-reading'
import { retryFailureOf, type RetryFailure } from '../rules/server-reading'

/**
 * A sold-out race's wait list (issue 23 point 3, decision 038), as one athlete's page sees it: the
 * entry lives on the server, so a reload or another tab is a new actor that reads it again.
 *
 * Public surface (src/features/places/wait-list builds against this):
 * - input `WaitListInput` { raceId, now, jitterSeed }: `now` epoch ms, `jitterSeed` any 32-bit
 *   integer (one per actor);
 * - events `WaitListEvent`: `clock.tick { now }` (decision 003: once a second while mounted, and on
 *   focus and `online`), `connection.back`, `waitList.join`, `waitList.leave` (the page asks for a
 *   confirmation first), `waitList.enrol` (the athlete takes the offer: to the wizard),
 *   `waitList.retry` (the athlete's "try now" after a failure; never inside a `Retry-After`);
 * - emitted `WaitListEmitted`: `enrol` (go to the wizard), `offerEnding` (`OFFER_WARNING_MS` left),
 *   `sessionExpired` (a 401), `announce { code }` when a screen reader should be told (`offered`,
 *   `offerEnding`, `lapsed`), never every second;
 * - the view `viewOf(snapshot)` (`WaitListView`): `reading`, `notListed`, `joining`, `waiting`,
 *   `offered`, `offerEnding`, `enrolling`, `enrolled`, `lapsed`, `leaving`, `left`, `refused`
 *   (`refusal`), `sessionExpired`; what the athlete may do is `snapshot.can(event)`;
 * - context the view reads: `entry` (`EntryReading`), `refusal`, `failure`, `now`;
 * - actors, provided from src/ with `fromApiCall`: `readEntry` (`waitList.status`), `joinList`
 *   (`waitList.join`; a 409 is thrown as is: `failureOf` reads the entry it carries), `leaveList`
 *   (`waitList.leave`); input `RaceInput` { raceId }, output `EntryAnswer` { entry, receivedAt }.
 */

/** The warning that the offer is running out (of 48 hours by default). */
export const OFFER_WARNING_MS = 2 * HOUR_MS
// Read again at the list's pace (with the waiting room's jitter) while the entry is live.
export { READ_EVERY_S }

export interface RaceInput {
  raceId: number
}

export interface EntryAnswer {
  entry: WaitEntry
  receivedAt: number
}

/**
 * What the machine keeps of the entry: its state, place in line and deadline. As the waiting room's
 * ticket (waiting-room.machine.ts), it *is* the machine's state: the countdown runs from it between
 * two reads.
 */
export interface EntryReading {
  state: WaitEntryState
  position: number | null
  ahead: number | null
  offerEndsAt: number | null
  fromLottery: boolean
  receivedAt: number
}

export function readingOf({ entry, receivedAt }: EntryAnswer): EntryReading {
  return {
    state: entry.stato,
    position: entry.posizione ?? null,
    ahead: entry.davanti ?? null,
    offerEndsAt: offerEndsAt(entry),
    fromLottery: entry.origine === 'lotteria',
    receivedAt,
  }
}

export type RefusalCode = 'wait_list_closed' | 'places_left' | 'already_enrolled'

export type WaitListFailure =
  | { kind: 'sessionOver' }
  | { kind: 'notListed' }
  | { kind: 'alreadyListed'; entry: WaitEntry | null }
  | { kind: 'refused'; code: RefusalCode }
  | RetryFailure

const ConflictEntrySchema = z.object({ voce: WaitEntrySchema })

export function failureOf(error: unknown): WaitListFailure {
  const apiError = toApiError(error)
  if (apiError.kind === 'unauthorized') return { kind: 'sessionOver' }
  if (apiError.kind === 'network') return retryFailureOf(apiError)
  const code = errorCodeOf<typeof waitList.join | typeof waitList.status | typeof waitList.leave>(apiError)
  switch (code) {
    case 'not_listed':
      return { kind: 'notListed' }
    case 'already_listed': {
      const conflict = z.safeParse(ConflictEntrySchema, apiError.kind === 'http' ? apiError.body : null)
      return { kind: 'alreadyListed', entry: conflict.success ? conflict.data.voce : null }
    }
    case 'wait_list_closed':
    case 'places_left':
    case 'already_enrolled':
      return { kind: 'refused', code }
    case null:
      break
  }
  return retryFailureOf(apiError)
}

export interface WaitListInput {
  raceId: number
  now: number
  jitterSeed: number
}

export type AnnounceCode = 'offered' | 'offerEnding' | 'lapsed'

export interface WaitListContext extends PollingContext {
  raceId: number
  entry: EntryReading | null
  /** The athlete chose to take the offer: the wizard is (or was) open for it. */
  enrolling: boolean
  refusal: RefusalCode | null
  /** The deadline whose warning was said (a new offer warns again). */
  announcedEnding: number | null
}

export type WaitListEvent =
  | { type: 'clock.tick'; now: number }
  | { type: 'connection.back' }
  | { type: 'waitList.join' }
  | { type: 'waitList.leave' }
  | { type: 'waitList.enrol' }
  | { type: 'waitList.retry' }

export type WaitListEmitted = { type: 'enrol' } | { type: 'offerEnding' } | { type: 'sessionExpired' } | { type: 'announce'; code: AnnounceCode }

export type WaitListView =
  | 'reading'
  | 'notListed'
  | 'joining'
  | 'waiting'
  | 'offered'
  | 'offerEnding'
  | 'enrolling'
  | 'enrolled'
  | 'lapsed'
  | 'leaving'
  | 'left'
  | 'refused'
  | 'sessionExpired'

const answerOf = (event: { type: string }) => (event as { output?: EntryAnswer }).output!
const errorOf = (event: { type: string }) => (event as { error?: unknown }).error
const view = (name: WaitListView) => ({ view: name })

/** What a fresh answer changes, and what is said of it (a state change once; nothing on a first reading). */
export function afterAnswer(context: WaitListContext, answer: EntryAnswer): { changes: Partial<WaitListContext>; said: WaitListEmitted[] } {
  const previous = context.entry
  const entry = readingOf(answer)
  // The countdown counts from the machine's clock: one older than the answer (its last tick came
  // before the call was answered) would count an offer made by that very call as longer than it is.
  const now = Math.max(context.now, entry.receivedAt)
  const changes: Partial<WaitListContext> = { entry, now, ...answered(context, entry.receivedAt, isEntryLive(entry.state) ? READ_EVERY_S : null) }
  const said: WaitListEmitted[] = []
  if (previous !== null && previous.state !== entry.state) {
    if (entry.state === 'offerta') said.push({ type: 'announce', code: 'offered' })
    if (entry.state === 'scaduta') said.push({ type: 'announce', code: 'lapsed' })
  }
  return { changes, said }
}

const ROUTES = [
  { guard: 'isWaiting', target: 'listed.waiting' },
  { guard: 'isOfferedPastDeadline', target: 'offer.paying' },
  { guard: 'isOfferedEnrolling', target: 'offer.enrolling' },
  { guard: 'isOffered', target: 'offer.open' },
  { guard: 'isEnrolled', target: 'enrolled' },
  { guard: 'isLapsed', target: 'lapsed' },
  // uscito
  { target: 'left' },
] as const

const onReadError = [
  { guard: 'isSessionOver', target: '#waitList.sessionEnded' },
  { guard: 'isNotListed', target: '#waitList.notListed' },
  { target: 'retrying', actions: 'recordFailure' },
] as const

/** Reading the entry (the call of `reading`, and the one made every minute with jitter). */
const readEntry = {
  src: 'readEntry',
  input: ({ context }: { context: WaitListContext }) => ({ raceId: context.raceId }),
  onDone: { target: '#waitList.routing', actions: 'takeEntry' },
  onError: onReadError,
} as const

/** Reading the entry every minute (with jitter), and again after a failure. */
const polling = pollingStates(readEntry, 'waitList.retry')

/**
 * The offer's deadline counted down by the clock, in the views given (none while enrolling: the
 * wizard is the athlete's screen then); a read on the way may say it was taken or lapsed.
 */
function countdown(views: { plenty: WaitListView; ending: WaitListView } | null) {
  const over = { guard: 'isOfferOver', target: '#waitList.lapsed', actions: 'lapse' } as const
  return {
    initial: 'sorting',
    states: {
      // Entered with the deadline ahead: an offer already past it is being paid (`offer.paying`).
      sorting: { always: [{ guard: 'isOfferEnding', target: 'ending' }, { target: 'plenty' }] },
      plenty: { ...(views ? { meta: view(views.plenty) } : {}), always: [over, { guard: 'isOfferEnding', target: 'ending' }] },
      ending: { ...(views ? { meta: view(views.ending) } : {}), entry: 'warnEnding', always: over },
    },
  } as const
}

export const waitListMachine = setup({
  types: {
    context: {} as WaitListContext,
    input: {} as WaitListInput,
    events: {} as WaitListEvent,
    emitted: {} as WaitListEmitted,
    meta: {} as { view: WaitListView },
  },
  actors: {
    readEntry: fromApiStandIn<RaceInput>('readEntry'),
    joinList: fromApiStandIn<RaceInput>('joinList'),
    leaveList: fromApiStandIn<RaceInput>('leaveList'),
  },
  guards: {
    ...pollingGuards,
    isWaiting: ({ context }) => context.entry?.state === 'in_attesa',
    isOfferedEnrolling: ({ context }) => context.entry?.state === 'offerta' && context.enrolling,
    isOffered: ({ context }) => context.entry?.state === 'offerta',
    isOfferedPastDeadline: ({ context }) =>
      context.entry?.state === 'offerta' && context.entry.offerEndsAt !== null && !isOfferLive(context.entry.offerEndsAt, context.now),
    isLapsedAnswer: ({ event }) => answerOf(event).entry.stato === 'scaduta',
    isEnrolled: ({ context }) => context.entry?.state === 'iscritto',
    isLapsed: ({ context }) => context.entry?.state === 'scaduta',
    isOfferOver: ({ context }) => context.entry?.offerEndsAt != null && !isOfferLive(context.entry.offerEndsAt, context.now),
    isOfferEnding: ({ context }) => context.entry?.offerEndsAt != null && context.entry.offerEndsAt - context.now <= OFFER_WARNING_MS,
    isSessionOver: ({ event }) => failureOf(errorOf(event)).kind === 'sessionOver',
    isNotListed: ({ event }) => failureOf(errorOf(event)).kind === 'notListed',
    isAlreadyListedWithEntry: ({ event }) => {
      const failure = failureOf(errorOf(event))
      return failure.kind === 'alreadyListed' && failure.entry !== null
    },
    isAlreadyListed: ({ event }) => failureOf(errorOf(event)).kind === 'alreadyListed',
    isRefused: ({ event }) => failureOf(errorOf(event)).kind === 'refused',
  },
  actions: {
    setNow: assign({
      now: ({ event }) => {
        assertEvent(event, 'clock.tick')
        return event.now
      },
    }),
    takeEntry: enqueueActions(({ context, event, enqueue }) => {
      const { changes, said } = afterAnswer(context, answerOf(event))
      enqueue.assign(changes)
      for (const emitted of said) enqueue.emit(emitted)
    }),
    /** The 409 of a join carried the athlete's entry: kept as an answer. */
    takeExistingEntry: enqueueActions(({ context, event, enqueue }) => {
      const failure = failureOf(errorOf(event))
      if (failure.kind !== 'alreadyListed' || failure.entry === null) return
      const { changes, said } = afterAnswer(context, { entry: failure.entry, receivedAt: context.now })
      enqueue.assign(changes)
      for (const emitted of said) enqueue.emit(emitted)
    }),
    recordFailure: assign(({ context, event }) => failed(context, failureOf(errorOf(event)))),
    refuse: enqueueActions(({ event, enqueue }) => {
      const failure = failureOf(errorOf(event))
      if (failure.kind === 'refused') enqueue.assign({ refusal: failure.code })
    }),
    enrol: enqueueActions(({ enqueue }) => {
      enqueue.assign({ enrolling: true })
      enqueue.emit({ type: 'enrol' })
    }),
    warnEnding: enqueueActions(({ context, enqueue }) => {
      const deadline = context.entry?.offerEndsAt ?? null
      if (deadline === null || context.announcedEnding === deadline) return
      enqueue.assign({ announcedEnding: deadline })
      enqueue.emit({ type: 'offerEnding' })
      enqueue.emit({ type: 'announce', code: 'offerEnding' })
    }),
    /** The clock passed the deadline: lapsed as the server will say; read once more to confirm it. */
    lapse: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ enrolling: false, nextReadAt: context.now, failure: null, failures: 0 })
      enqueue.emit({ type: 'announce', code: 'lapsed' })
    }),
    forgetEntry: assign({ entry: null, enrolling: false, ...NOT_READING }),
    stopReading: assign(NOT_READING),
    /** A call starting now: nothing planned or failing yet, and no wizard open for an offer it may end. */
    startCall: assign({ ...NOT_READING, refusal: null, enrolling: false }),
    tellSessionExpired: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'sessionExpired' })
    }),
  },
}).createMachine({
  id: 'waitList',
  context: ({ input }) => ({
    ...initialPolling(input),
    raceId: input.raceId,
    entry: null,
    enrolling: false,
    refusal: null,
    announcedEnding: null,
  }),
  on: { 'clock.tick': { actions: 'setNow' } },
  initial: 'reading',
  states: {
    /** Is the athlete on the list? The server says. */
    reading: {
      meta: view('reading'),
      entry: 'startCall',
      ...callWithRetry(readEntry, 'waitList.retry'),
    },
    routing: { always: ROUTES },
    notListed: {
      meta: view('notListed'),
      entry: 'forgetEntry',
      on: { 'waitList.join': 'joining' },
    },
    /** A join is idempotent (one entry per athlete and race), so it is retried. */
    joining: {
      meta: view('joining'),
      entry: 'startCall',
      ...callWithRetry(
        {
          src: 'joinList',
          input: ({ context }: { context: WaitListContext }) => ({ raceId: context.raceId }),
          onDone: { target: '#waitList.routing', actions: 'takeEntry' },
          onError: [
            { guard: 'isSessionOver', target: '#waitList.sessionEnded' },
            { guard: 'isAlreadyListedWithEntry', target: '#waitList.routing', actions: 'takeExistingEntry' },
            { guard: 'isAlreadyListed', target: '#waitList.reading' },
            { guard: 'isRefused', target: '#waitList.refused', actions: 'refuse' },
            { target: 'retrying', actions: 'recordFailure' },
          ],
        },
        'waitList.retry',
      ),
    },
    /** In line, read every minute: a place offered shows here (and by e-mail). */
    listed: {
      on: { 'waitList.leave': '#waitList.leaving' },
      initial: 'waiting',
      states: { waiting: { meta: view('waiting'), ...polling } },
    },
    /** A place is offered until the deadline; taken in the wizard, declined by leaving. */
    offer: {
      on: { 'waitList.leave': '#waitList.leaving' },
      initial: 'open',
      states: {
        open: {
          type: 'parallel',
          on: { 'waitList.enrol': { target: 'enrolling', actions: 'enrol' } },
          states: { time: countdown({ plenty: 'offered', ending: 'offerEnding' }), updates: polling },
        },
        /** The wizard is open for the place: read on until it is paid (or the deadline passes). */
        enrolling: {
          type: 'parallel',
          meta: view('enrolling'),
          on: { 'waitList.enrol': { actions: 'enrol' } },
          states: { time: countdown(null), updates: polling },
        },
        /** Past the deadline and still offered: a card authorised in time is settling; the server says how it ends. */
        paying: { meta: view('enrolling'), ...polling },
      },
    },
    enrolled: { meta: view('enrolled'), type: 'final', entry: 'stopReading' },
    /** The offer lapsed (the clock first, the server then): the athlete may join again, at the end. */
    lapsed: {
      meta: view('lapsed'),
      on: { 'waitList.join': 'joining' },
      initial: 'confirming',
      states: {
        confirming: {
          always: { guard: 'isReadDue', target: 'asking' },
        },
        asking: {
          invoke: {
            src: 'readEntry',
            input: ({ context }) => ({ raceId: context.raceId }),
            // Paid on the dot after all, or still offered (a card authorised in time): the server decides.
            onDone: [
              { guard: 'isLapsedAnswer', target: 'confirmed', actions: 'takeEntry' },
              { target: '#waitList.routing', actions: 'takeEntry' },
            ],
            onError: [
              { guard: 'isSessionOver', target: '#waitList.sessionEnded' },
              { target: 'confirmed', actions: 'stopReading' },
            ],
          },
        },
        confirmed: { entry: 'stopReading' },
      },
    },
    /** Leaving is idempotent: retried. An offer held is declined. */
    leaving: {
      meta: view('leaving'),
      entry: 'startCall',
      ...callWithRetry(
        {
          src: 'leaveList',
          input: ({ context }: { context: WaitListContext }) => ({ raceId: context.raceId }),
          onDone: { target: '#waitList.routing', actions: 'takeEntry' },
          onError: onReadError,
        },
        'waitList.retry',
      ),
    },
    left: {
      meta: view('left'),
      entry: 'stopReading',
      on: { 'waitList.join': 'joining' },
    },
    /** Joining refused (`refusal`): no list or registration over, places left, or already entered. */
    refused: { meta: view('refused'), type: 'final' },
    sessionEnded: { meta: view('sessionExpired'), type: 'final', entry: 'tellSessionExpired' },
  },
})

function fromApiStandIn<TInput>(name: string) {
  return fromPromise<EntryAnswer, TInput>(() => {
    throw new Error(`${name} is provided by the portal`)
  })
}

export type WaitListSnapshot = SnapshotFrom<typeof waitListMachine>

export function viewOf(snapshot: WaitListSnapshot): WaitListView {
  const views = Object.values(snapshot.getMeta()).flatMap((meta) => (meta ? [meta.view] : []))
  const found = views.at(-1)
  if (!found) throw new Error(`waitList: no view for ${JSON.stringify(snapshot.value)}`)
  return found
}
