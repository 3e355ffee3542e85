import { setup } from 'xstate'

/** After a redirect to the home page the drawer waits this long, so the page settles first. */
export const LOGIN_FOCUS_DELAY_MS = 800

export type LoginDrawerEvent = { type: 'drawer.open'; delayed: boolean } | { type: 'drawer.close' }

export const loginDrawerMachine = setup({
  types: { events: {} as LoginDrawerEvent },
  delays: { focusDelay: LOGIN_FOCUS_DELAY_MS },
  guards: {
    isDelayed: ({ event }) => event.type === 'drawer.open' && event.delayed,
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
      on: { 'drawer.close': 'closed', 'drawer.open': { target: 'open' } },
    },
    open: {
      on: { 'drawer.close': 'closed' },
    },
  },
})
