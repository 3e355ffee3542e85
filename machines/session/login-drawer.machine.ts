import { setup } from 'xstate'

/** After a redirect to the home page the drawer waits this long, so the page settles first. */
export const LOGIN_FOCUS_DELAY_MS = 800

export type LoginDrawerEvent = { type: 'drawer.open'; delayed: boolean } | { type: 'drawer.close' }

export const loginDrawerMachine = setup({
  types: { events: {} as LoginDrawerEvent },
  delays: { focusDelay: LOGIN_FOCUS_DELAY_MS },
  guards: {
    isDelayed: ({ event }) => event.type === 'drawer.open' && event.delayed,
    isImmediate: ({ event }) => event.type === 'drawer.open' && !event.delayed,
  },
}).createMachine({
  id: 'loginDrawer',
  initial: 'closed',
  states: {
    closed: {
      on: {
        'drawer.open': [{ guard: 'isDelayed', target: 'waiting' }, { target: 'open' }],
      },
    },
    waiting: {
      after: { focusDelay: 'open' },
      // A second delayed request (React's StrictMode runs effects twice) keeps the same 800 ms.
      on: { 'drawer.close': 'closed', 'drawer.open': { guard: 'isImmediate', target: 'open' } },
    },
    open: {
      on: { 'drawer.close': 'closed' },
    },
  },
})
