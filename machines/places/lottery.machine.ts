import { assertEvent, assign, enqueueActions, fromCallback, sendTo, setup, type SnapshotFrom } from 'xstate'
import { errorCodeOf, toApiError } from '../../contracts/api-error'
import type * as lottery from '../../contracts/lottery.contract'
import type { MyApplication } from '../../contracts/lottery.contract'
import type * as payments from '../../contracts/payments.contract'
import type { PaymentState } from '../../contracts/payments.contract'
import { factsOf, linkPaymentOf, lotteryOutcome, type ApplicationFacts, type LotteryOutcome, type LotteryOutcomeKind } from '../rules/lottery'
import { answered, initialPolling, pollingGuards, type PollingContext } from '../polling'
import { retryFailureOf, type RetryFailure } from '../rules/server-reading'

/**
 * One athlete's lottery application (issue 23 point 4, decision 038), from the draw it waits for to
 * its outcome, which `machines/rules/lottery.ts` decides: applied (a countdown to the draw), the draw
 * being made, drawn (pay through the organiser's link by its deadline), paid or lapsed; or not drawn
 * (on the wait list, at its place in line).
 *
 * The application, its link and the wait list's entry live on the server and in the query cache. The
 * machine follows them through one actor, `watchApplication`, which the portal provides over the
 * cache: it tells every answer and failure as it lands there (`application.*`, `link.*`,
 * `entry.read`) and reads again when told (`refresh`). The machine keeps only the facts the rule
 * needs (codes and instants) and decides from the clock when to read again: once when the draw is
 * due and then every minute until its result is out, when the deadline passes unpaid, and every
 * minute while a card authorised in time is settling.
 *
 * Public surface (src/features/places/lottery builds against this):
 * - input `LotteryInput` { raceId, drawAt (the race rule's `estrazione`), now, jitterSeed } (epoch ms;
 *   `jitterSeed` any 32-bit integer, one per actor, so the page's reads after the draw spread out);
 * - events `LotteryEvent`: `clock.tick { now }` and `connection.back` (src/lib/use-server-following.ts),
 *   `lottery.retry` (after a failure), and the watcher's `WatchEvent`s;
 * - emitted `LotteryEmitted`: `sessionExpired` (a 401), `announce { code }` when a screen reader
 *   should be told of a change of outcome (never of the first one read);
 * - the view `viewOf(snapshot)` (`LotteryView`) from state meta: `reading`, `notApplied`, `applied`,
 *   `drawing`, `drawn`, `confirming`, `paid`, `lapsed`, `notDrawn`, `failed` (`failure`),
 *   `sessionExpired`; the outcome's figures (`deadlineOf`, `positionOf`); what the athlete may do is
 *   `snapshot.can(event)`;
 * - actor `watchApplication` (input `WatchInput` { raceId }; receives `WatcherCommand`).
 */

/** The draw's result may take a while to be published, and a card to settle: read this often meanwhile. */
export const READ_EVERY_S = 60

export interface LotteryInput {
  raceId: number
  drawAt: number
  now: number
  jitterSeed: number
}

export interface WatchInput {
  raceId: number
}

/** What the watcher tells of the cache's answers; `receivedAt` is the portal's clock at the answer. */
export type WatchEvent =
  | { type: 'application.read'; application: Pick<MyApplication, 'esito' | 'pagamento_scade'> }
  | { type: 'application.failed'; error: unknown }
  | { type: 'link.read'; stato: PaymentState; receivedAt: number }
  | { type: 'link.failed'; error: unknown }
  | { type: 'entry.read'; position: number | null }

export type LotteryEvent = { type: 'clock.tick'; now: number } | { type: 'connection.back' } | { type: 'lottery.retry' } | WatchEvent

/** Sent to the watcher: read the application, its link and its wait-list entry again now. */
export type WatcherCommand = { type: 'refresh' }

export type LotteryFailure = { kind: 'sessionOver' } | { kind: 'notApplied' } | { kind: 'linkLapsed' } | RetryFailure

/** What a failed read means: no application (404), a link past its deadline (410), or trouble to retry. */
export function failureOf(error: unknown): LotteryFailure {
  const apiError = toApiError(error)
  if (apiError.kind === 'unauthorized') return { kind: 'sessionOver' }
  const code = errorCodeOf<typeof lottery.mine | typeof payments.byLink>(apiError)
  switch (code) {
    case 'no_application':
      return { kind: 'notApplied' }
    case 'request_expired':
      return { kind: 'linkLapsed' }
    case 'payment_not_found':
    case null:
      break
  }
  return retryFailureOf(apiError)
}

export type LotteryAnnouncement = 'drawn' | 'notDrawn' | 'paid' | 'lapsed'
export type LotteryEmitted = { type: 'sessionExpired' } | { type: 'announce'; code: LotteryAnnouncement }

export type LotteryView =
  | 'reading'
  | 'notApplied'
  | 'applied'
  | 'drawing'
  | 'drawn'
  | 'confirming'
  | 'paid'
  | 'lapsed'
  | 'notDrawn'
  | 'failed'
  | 'sessionExpired'

/** The reads are paced as every following machine's (machines/polling.ts); the cache retries a failed one. */
export interface LotteryContext extends PollingContext {
  raceId: number
  drawAt: number
  /** What was read of the application; `null` before the first answer and when there is none. */
  facts: ApplicationFacts | null
  /** The outcome last shown: a change from it is told to a screen reader. */
  shown: LotteryOutcomeKind | null
  /** What was told already: each once, also when the outcome comes back to it. */
  announced: LotteryAnnouncement[]
}

/** The outcomes a screen reader is told of; the others are waits, or the first outcome read. */
function isAnnounced(kind: LotteryOutcomeKind): kind is LotteryAnnouncement {
  return kind === 'drawn' || kind === 'notDrawn' || kind === 'paid' || kind === 'lapsed'
}

const outcomeNow = (context: LotteryContext): LotteryOutcome | null => (context.facts ? lotteryOutcome(context.facts, context) : null)
const errorOf = (event: { type: string }) => (event as { error?: unknown }).error
const view = (name: LotteryView) => ({ view: name })

/** A state of one outcome is left as soon as the rule says another (a read, or the clock). */
const whenOutdated = (kind: LotteryOutcomeKind | null) => ({ guard: { type: 'isOutdated', params: { kind } }, target: '#lottery.following.routing' }) as const
const readEveryMinute = { guard: 'isReadDue', actions: ['refresh', 'planRead'] } as const

export const lotteryMachine = setup({
  types: {
    input: {} as LotteryInput,
    context: {} as LotteryContext,
    events: {} as LotteryEvent,
    emitted: {} as LotteryEmitted,
    meta: {} as { view: LotteryView },
  },
  actors: {
    // Provided by the page (src/features/places/lottery) through `provide`; this stand-in carries the types.
    watchApplication: fromCallback<WatcherCommand, WatchInput>(() => {
      throw new Error('lottery: watchApplication is provided by the portal')
    }),
  },
  guards: {
    isOutcome: ({ context }, params: { kind: LotteryOutcomeKind }) => outcomeNow(context)?.kind === params.kind,
    isOutdated: ({ context }, params: { kind: LotteryOutcomeKind | null }) => (outcomeNow(context)?.kind ?? null) !== params.kind,
    /** The deadline passed with the link last read open (or not read): the server is asked to confirm. */
    isLapsedByClock: ({ context }) => outcomeNow(context)?.kind === 'lapsed' && context.facts?.payment !== 'lapsed',
    isReadDue: ({ context }) => pollingGuards.isReadDue({ context }),
    isSessionOver: ({ event }) => failureOf(errorOf(event)).kind === 'sessionOver',
    isNotApplied: ({ event }) => failureOf(errorOf(event)).kind === 'notApplied',
    isLinkLapsed: ({ event }) => failureOf(errorOf(event)).kind === 'linkLapsed',
  },
  actions: {
    setNow: assign({
      now: ({ event }) => {
        assertEvent(event, 'clock.tick')
        return event.now
      },
    }),
    /** A new answer keeps what was read of the link and the line: they belong to the same application. */
    takeApplication: assign({
      facts: ({ context, event }) => {
        assertEvent(event, 'application.read')
        const { payment = null, paymentReadAt = null, position = null } = context.facts ?? {}
        return { ...factsOf(event.application), payment, paymentReadAt, position }
      },
      failure: null,
    }),
    takeLink: assign({
      facts: ({ context, event }) => {
        assertEvent(event, 'link.read')
        return context.facts && { ...context.facts, payment: linkPaymentOf(event.stato), paymentReadAt: event.receivedAt }
      },
    }),
    takeLinkLapsed: assign({ facts: ({ context }) => context.facts && { ...context.facts, payment: 'lapsed' as const, paymentReadAt: context.now } }),
    takePosition: assign({
      facts: ({ context, event }) => {
        assertEvent(event, 'entry.read')
        return context.facts && { ...context.facts, position: event.position }
      },
    }),
    forgetApplication: assign({ facts: null, shown: null, nextReadAt: null }),
    recordFailure: assign({
      failure: ({ event }) => {
        const failure = failureOf(errorOf(event))
        return failure.kind === 'retry' ? failure.failure : 'trouble'
      },
    }),
    refresh: sendTo('watcher', { type: 'refresh' } satisfies WatcherCommand),
    planRead: assign(({ context }) => answered(context, context.now, READ_EVERY_S)),
    /** The outcome now on screen; a change from another one is told once. */
    show: enqueueActions(({ context, enqueue }, params: { kind: LotteryOutcomeKind }) => {
      const { kind } = params
      if (context.shown !== null && isAnnounced(kind) && !context.announced.includes(kind)) {
        enqueue.assign({ announced: [...context.announced, kind] })
        enqueue.emit({ type: 'announce', code: kind })
      }
      enqueue.assign({ shown: params.kind, nextReadAt: null })
    }),
    tellSessionExpired: enqueueActions(({ enqueue }) => enqueue.emit({ type: 'sessionExpired' })),
  },
}).createMachine({
  id: 'lottery',
  context: ({ input }) => ({ ...input, ...initialPolling(input), facts: null, shown: null, announced: [] }),
  on: { 'clock.tick': { actions: 'setNow' } },
  initial: 'following',
  states: {
    /** The watcher follows the application in the cache while any of these is on screen. */
    following: {
      invoke: {
        id: 'watcher',
        src: 'watchApplication',
        input: ({ context }) => ({ raceId: context.raceId }),
        onError: { target: 'failed', actions: 'recordFailure' },
      },
      on: {
        'application.read': { actions: 'takeApplication' },
        'link.read': { actions: 'takeLink' },
        'entry.read': { actions: 'takePosition' },
        // Any other failure leaves the last outcome read on screen: the next planned read tries again.
        'application.failed': [
          { guard: 'isSessionOver', target: 'sessionExpired' },
          { guard: 'isNotApplied', target: '.notApplied' },
        ],
        // The link's other failures leave its payment unread: the deadline decides, as the server does.
        'link.failed': { guard: 'isLinkLapsed', actions: 'takeLinkLapsed' },
      },
      initial: 'reading',
      states: {
        reading: {
          meta: view('reading'),
          always: whenOutdated(null),
          on: {
            'application.failed': [
              { guard: 'isSessionOver', target: '#lottery.sessionExpired' },
              { guard: 'isNotApplied', target: 'notApplied' },
              { target: '#lottery.failed', actions: 'recordFailure' },
            ],
          },
        },
        routing: {
          always: [
            { guard: { type: 'isOutcome', params: { kind: 'applied' } }, target: 'applied' },
            { guard: { type: 'isOutcome', params: { kind: 'drawing' } }, target: 'drawing' },
            { guard: { type: 'isOutcome', params: { kind: 'drawn' } }, target: 'drawn' },
            { guard: { type: 'isOutcome', params: { kind: 'confirming' } }, target: 'confirming' },
            { guard: { type: 'isOutcome', params: { kind: 'paid' } }, target: '#lottery.paid' },
            { guard: { type: 'isOutcome', params: { kind: 'lapsed' } }, target: 'lapsed' },
            // non_estratto
            { target: 'notDrawn' },
          ],
        },
        /** No application (404): applying is the wizard's; one made in another tab shows when read. */
        notApplied: { meta: view('notApplied'), entry: 'forgetApplication', always: whenOutdated(null) },
        applied: {
          meta: view('applied'),
          entry: { type: 'show', params: { kind: 'applied' } },
          always: [{ guard: { type: 'isOutcome', params: { kind: 'drawing' } }, target: 'drawing', actions: 'refresh' }, whenOutdated('applied')],
        },
        /** The draw's time has passed: its result is read until it is out. */
        drawing: {
          meta: view('drawing'),
          entry: [{ type: 'show', params: { kind: 'drawing' } }, 'planRead'],
          always: [whenOutdated('drawing'), readEveryMinute],
        },
        drawn: {
          meta: view('drawn'),
          entry: { type: 'show', params: { kind: 'drawn' } },
          always: [{ guard: 'isLapsedByClock', target: 'lapsed', actions: 'refresh' }, whenOutdated('drawn')],
        },
        /** Past the deadline, the link still pending: a card authorised in time settles paid (or voided). */
        confirming: {
          meta: view('confirming'),
          entry: [{ type: 'show', params: { kind: 'confirming' } }, 'planRead'],
          always: [whenOutdated('confirming'), readEveryMinute],
        },
        /** Not final: the read asked for at the deadline may find a card settling, or paid. */
        lapsed: {
          meta: view('lapsed'),
          entry: { type: 'show', params: { kind: 'lapsed' } },
          always: whenOutdated('lapsed'),
        },
        /**
         * Not final: the place in line is read after the outcome, and moves as the wait list does. A
         * published outcome never changes (a 401 or a 404 still leave it).
         */
        notDrawn: { meta: view('notDrawn'), entry: { type: 'show', params: { kind: 'notDrawn' } } },
      },
    },
    /** Nothing read (`failure`): trying again follows the application afresh. */
    failed: {
      meta: view('failed'),
      on: {
        'lottery.retry': { target: 'following', actions: 'forgetApplication' },
        'connection.back': { target: 'following', actions: 'forgetApplication' },
      },
    },
    paid: { type: 'final', meta: view('paid'), entry: { type: 'show', params: { kind: 'paid' } } },
    sessionExpired: { type: 'final', meta: view('sessionExpired'), entry: 'tellSessionExpired' },
  },
})

export type LotterySnapshot = SnapshotFrom<typeof lotteryMachine>

export function viewOf(snapshot: LotterySnapshot): LotteryView {
  const views = Object.values(snapshot.getMeta()).flatMap((meta) => (meta ? [meta.view] : []))
  const found = views.at(-1)
  if (!found) throw new Error(`lottery: no view for ${JSON.stringify(snapshot.value)}`)
  return found
}

/** The instant the view counts down to: the draw while applied, the payment's deadline while drawn. */
export function deadlineOf(snapshot: LotterySnapshot): number | null {
  const outcome = outcomeNow(snapshot.context)
  const view = viewOf(snapshot)
  if (view === 'applied' && outcome?.kind === 'applied') return outcome.drawAt
  return view === 'drawn' && outcome?.kind === 'drawn' ? outcome.payBy : null
}

/** Not drawn: the place in the wait list's line, once read. */
export function positionOf(snapshot: LotterySnapshot): number | null {
  const outcome = outcomeNow(snapshot.context)
  return viewOf(snapshot) === 'notDrawn' && outcome?.kind === 'notDrawn' ? outcome.position : null
}
