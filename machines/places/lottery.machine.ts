import { assign, emit, setup, type SnapshotFrom } from 'xstate'
import type { MyApplication } from '../../contracts/lottery.contract'

/**
 * One athlete's lottery application, from the draw it waits for to its outcome (issue 23 point 4,
 * decision 038): applied (a countdown to the draw) → drawn (pay through the organiser's link by its
 * deadline) → paid or lapsed; or not drawn (on the wait list, in the draw's order).
 *
 * The application, the link and the wait list live on the server and in the query cache: the page
 * reads them (`lottery.mine`, the link's `payments.byLink`) and tells the machine what it read
 * (`lottery.read`); the machine keeps only the two instants its clock needs (the draw and the
 * payment's deadline) and decides from the clock when the page must read again (`reread`): when the
 * draw is due, and when the deadline passes (decision 003: time comes in as `clock.tick`).
 *
 * Public surface (src/features/places/lottery builds against this):
 * - input `LotteryInput` { drawAt, now } (epoch ms; `drawAt` is the race rule's `estrazione`);
 * - events `LotteryEvent`: `clock.tick { now }` (once a second while mounted), `lottery.read`
 *   (`readOf(application, link)`);
 * - emitted `LotteryEmitted`: `reread` (read the application again), `announce { code }` for a
 *   screen reader when the outcome arrives or the link lapses;
 * - the view `viewOf(snapshot)`: `reading`, `applied`, `drawing`, `drawn`, `paid`, `lapsed`,
 *   `notDrawn`, with the countdown `msLeft` to the draw or to the payment's deadline.
 */

/** What the page read: the application's outcome, the drawn link's deadline and what became of it. */
export interface LotteryReading {
  outcome: MyApplication['esito']
  /** Epoch ms; drawn only. */
  payBy: number | null
  /** The drawn link: open, paid, or past its deadline unpaid (`payments.byLink` 410); `null` when there is none. */
  link: 'open' | 'paid' | 'lapsed' | null
}

export function readOf(application: Pick<MyApplication, 'esito' | 'pagamento_scade'>, link: LotteryReading['link']): LotteryReading {
  return { outcome: application.esito, payBy: application.pagamento_scade ? Date.parse(application.pagamento_scade) : null, link }
}

export interface LotteryInput {
  drawAt: number
  now: number
}

export type LotteryEvent = { type: 'clock.tick'; now: number } | ({ type: 'lottery.read' } & LotteryReading)

export type LotteryAnnouncement = 'drawn' | 'notDrawn' | 'paid' | 'lapsed'
export type LotteryEmitted = { type: 'reread' } | { type: 'announce'; code: LotteryAnnouncement }

interface LotteryContext {
  drawAt: number
  payBy: number | null
  now: number
}

type Read = Extract<LotteryEvent, { type: 'lottery.read' }>

export const lotteryMachine = setup({
  types: {
    input: {} as LotteryInput,
    context: {} as LotteryContext,
    events: {} as LotteryEvent,
    emitted: {} as LotteryEmitted,
  },
  guards: {
    isPaid: ({ event }) => event.type === 'lottery.read' && event.outcome === 'estratto' && event.link === 'paid',
    isLapsed: ({ event }) => event.type === 'lottery.read' && event.outcome === 'estratto' && event.link === 'lapsed',
    isDrawn: ({ event }) => event.type === 'lottery.read' && event.outcome === 'estratto',
    isNotDrawn: ({ event }) => event.type === 'lottery.read' && event.outcome === 'non_estratto',
    isDrawDue: ({ context, event }) => (event.type === 'clock.tick' ? event.now : context.now) >= context.drawAt,
    isPastDeadline: ({ context, event }) => event.type === 'clock.tick' && context.payBy !== null && event.now >= context.payBy,
  },
  actions: {
    keepNow: assign({ now: ({ context, event }) => (event.type === 'clock.tick' ? event.now : context.now) }),
    keepDeadline: assign({ payBy: ({ context, event }) => (event.type === 'lottery.read' ? (event as Read).payBy : context.payBy) }),
    reread: emit({ type: 'reread' } as const),
    announceDrawn: emit({ type: 'announce', code: 'drawn' } as const),
    announceNotDrawn: emit({ type: 'announce', code: 'notDrawn' } as const),
    announcePaid: emit({ type: 'announce', code: 'paid' } as const),
    announceLapsed: emit({ type: 'announce', code: 'lapsed' } as const),
  },
}).createMachine({
  id: 'lottery',
  context: ({ input }) => ({ drawAt: input.drawAt, payBy: null, now: input.now }),
  initial: 'reading',
  on: {
    // Whatever is on screen, a read that says more moves it on (a reload, another tab, the QA draw).
    'lottery.read': [
      { guard: 'isPaid', target: '.paid' },
      { guard: 'isLapsed', target: '.lapsed' },
      { guard: 'isDrawn', target: '.drawn', actions: 'keepDeadline' },
      { guard: 'isNotDrawn', target: '.notDrawn' },
      { guard: 'isDrawDue', target: '.drawing' },
      { target: '.applied' },
    ],
  },
  states: {
    reading: {
      on: { 'clock.tick': { actions: 'keepNow' } },
    },
    applied: {
      on: {
        'clock.tick': [
          { guard: 'isDrawDue', target: 'drawing', actions: ['keepNow', 'reread'] },
          { actions: 'keepNow' },
        ],
      },
    },
    /** The draw's time has passed; its result is being published (the page reads again). */
    drawing: {
      on: { 'clock.tick': { actions: 'keepNow' } },
    },
    drawn: {
      entry: 'announceDrawn',
      on: {
        // Read again while drawn: the outcome is told once; only what became of the link moves it.
        'lottery.read': [
          { guard: 'isPaid', target: 'paid' },
          { guard: 'isLapsed', target: 'lapsed' },
          { guard: 'isDrawn', actions: 'keepDeadline' },
          // A read behind the one shown (an earlier answer arriving late) changes nothing.
          {},
        ],
        'clock.tick': [
          { guard: 'isPastDeadline', target: 'lapsed', actions: ['keepNow', 'reread'] },
          { actions: 'keepNow' },
        ],
      },
    },
    paid: { type: 'final', entry: 'announcePaid' },
    // Not final: a card authorised just in time settles paid after the deadline, and the next read says so.
    lapsed: {
      entry: 'announceLapsed',
      on: { 'lottery.read': [{ guard: 'isPaid', target: 'paid' }, {}] },
    },
    notDrawn: { type: 'final', entry: 'announceNotDrawn' },
  },
})

export type LotterySnapshot = SnapshotFrom<typeof lotteryMachine>
export type LotteryState = 'reading' | 'applied' | 'drawing' | 'drawn' | 'paid' | 'lapsed' | 'notDrawn'

export interface LotteryView {
  state: LotteryState
  /** To the draw (applied) or to the payment's deadline (drawn); `null` otherwise. */
  msLeft: number | null
}

export function viewOf(snapshot: LotterySnapshot): LotteryView {
  const state = snapshot.value as LotteryState
  const { drawAt, payBy, now } = snapshot.context
  if (state === 'applied') return { state, msLeft: Math.max(0, drawAt - now) }
  if (state === 'drawn' && payBy !== null) return { state, msLeft: Math.max(0, payBy - now) }
  return { state, msLeft: null }
}
