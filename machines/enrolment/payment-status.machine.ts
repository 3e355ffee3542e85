import { assign, fromPromise, setup } from 'xstate'
import type { ApiError } from '../../contracts/api-error'
import type { PaymentState } from '../../contracts/payments.contract'
import { pollDelayMs } from './enrolment.machine'

/**
 * The payment page after the provider's checkout (`/payment`): the provider settles a few seconds
 * after the athlete is back, so a pending payment is asked again, each wait longer than the last,
 * until it is paid or failed. After `GIVE_UP_AFTER_POLLS` checks it stops and says the payment is
 * still being confirmed, with a way to ask again.
 */

export const GIVE_UP_AFTER_POLLS = 12

export interface PaymentStatusContext {
  paymentId: string
  polls: number
  state: PaymentState | null
  failure: ApiError | null
}

export type PaymentStatusEvent = { type: 'status.retry' }

export const paymentStatusMachine = setup({
  types: {
    context: {} as PaymentStatusContext,
    input: {} as { paymentId: string },
    events: {} as PaymentStatusEvent,
  },
  actors: {
    readStatus: fromPromise<PaymentState, { paymentId: string }>(() => {
      throw new Error('readStatus is provided by the portal')
    }),
  },
  delays: {
    pollDelay: ({ context }) => pollDelayMs(context.polls),
  },
  guards: {
    isPending: ({ event }) => (event as unknown as { output: PaymentState }).output === 'pending',
    isNotFound: ({ event }) => {
      const error = (event as unknown as { error: ApiError }).error
      return error.kind === 'http' && error.code === 'payment_not_found'
    },
    hasWaitedLongEnough: ({ context }) => context.polls >= GIVE_UP_AFTER_POLLS,
  },
}).createMachine({
  id: 'paymentStatus',
  context: ({ input }) => ({ paymentId: input.paymentId, polls: 0, state: null, failure: null }),
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        src: 'readStatus',
        input: ({ context }) => ({ paymentId: context.paymentId }),
        onDone: [
          { guard: 'isPending', target: 'waiting', actions: assign({ state: 'pending', failure: null }) },
          { target: 'settled', actions: assign({ state: ({ event }) => event.output, failure: null }) },
        ],
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'failed', actions: assign({ failure: ({ event }) => event.error as ApiError }) },
        ],
      },
    },
    waiting: {
      always: { guard: 'hasWaitedLongEnough', target: 'stillPending' },
      after: { pollDelay: { target: 'reading', actions: assign({ polls: ({ context }) => context.polls + 1 }) } },
    },
    stillPending: { on: { 'status.retry': { target: 'reading', actions: assign({ polls: 0 }) } } },
    failed: { on: { 'status.retry': 'reading' } },
    settled: { type: 'final' },
    notFound: { type: 'final' },
  },
})
