/**
 * Model-based scenarios of the login drawer (`machines/session/login-drawer.machine.ts`) on its own:
 * every path of tests/scenarios/paths.ts, plus each request the state ignores (the second delayed
 * request React's StrictMode makes), replayed against a live drawer whose 800 ms run on a
 * simulated clock. The session scenarios check the drawer again as the session drives it.
 */
import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate'
import { loginDrawerMachine, type LoginDrawerEvent } from '../../machines/session/login-drawer.machine'
import { recordCoverage, writeCoverageAfterAll } from './coverage'
import { drawerView, SPEC_LOGIN_FOCUS_DELAY_MS } from './login-drawer.model'
import { scenarioPaths } from './paths'

writeCoverageAfterAll(import.meta.filename)

/** The end of the focus delay, as XState names the timer's event. */
const FOCUS_DELAY_OVER = loginDrawerMachine.getStateNodeById('loginDrawer.waiting').after[0]!.eventType

type ModelEvent = LoginDrawerEvent | { type: 'focusDelayOver' }

const MODEL_EVENTS: readonly ModelEvent[] = [
  { type: 'drawer.open', delayed: true },
  { type: 'drawer.open', delayed: false },
  { type: 'drawer.close' },
  { type: 'focusDelayOver' },
]

const machineEventOf = (event: ModelEvent) => (event.type === 'focusDelayOver' ? ({ type: FOCUS_DELAY_OVER } as never) : event)
const MACHINE_EVENTS = MODEL_EVENTS.map(machineEventOf)
const modelEventOf = new Map(MACHINE_EVENTS.map((event, index) => [event, MODEL_EVENTS[index]!]))

const nameOf = (event: ModelEvent) =>
  event.type === 'drawer.open' ? (event.delayed ? 'open after the delay' : 'open now') : event.type === 'drawer.close' ? 'close' : '800 ms pass'

const [DELAYED_OPEN, , , FOCUS_DELAY] = MODEL_EVENTS

const PATHS = [
  ...scenarioPaths(loginDrawerMachine, {
    events: MACHINE_EVENTS,
    serializeState: (snapshot) => JSON.stringify(snapshot.value),
    // The timer is not sent by anyone: it is only an event where it runs.
    probe: (event) => modelEventOf.get(event)!.type !== 'focusDelayOver',
  }).map((events) => events.map((event) => modelEventOf.get(event)!)),
  // React's StrictMode runs the guard's effect twice: the second request must not postpone the drawer.
  [DELAYED_OPEN!, DELAYED_OPEN!, FOCUS_DELAY!],
]

/** Time between two things the athlete or the page does, so a restarted delay would show. */
const STEP_GAP_MS = 100

// ---------------------------------------------------------------------------------------------
// The oracle

interface SpecDrawer {
  /** The athlete sees the drawer. */
  open: boolean
  /** When the first delayed request since the drawer was last closed was made, if it is waiting. */
  delayedSince: number | null
}

/**
 * Spec section 2: after a redirect the drawer "opens with focus on the login field after about
 * 800 ms"; a drawer asked for now (the athlete's "Log in") opens at once; closing it closes it.
 * Asking again for a delayed drawer keeps the first request's time (StrictMode runs effects twice).
 */
function specAfter(drawer: SpecDrawer, event: LoginDrawerEvent, now: number): SpecDrawer {
  if (event.type === 'drawer.close') return { open: false, delayedSince: null }
  if (!event.delayed || drawer.open) return { open: true, delayedSince: null }
  return { open: false, delayedSince: drawer.delayedSince ?? now }
}

function showsAsTheSpecSays(snapshot: SnapshotFrom<typeof loginDrawerMachine>, drawer: SpecDrawer, step: string) {
  expect(drawerView(snapshot), step).toEqual({ open: drawer.open, requested: drawer.open || drawer.delayedSince !== null })
}

/** Section 2's 800 ms: never open a millisecond before, open on the dot. */
function opensAfterTheFocusDelay(actor: ReturnType<typeof startDrawer>, drawer: SpecDrawer, step: string): SpecDrawer {
  if (drawer.delayedSince === null) throw new Error(`${step}: the delay runs only while a delayed request waits`)
  actor.clock.increment(drawer.delayedSince + SPEC_LOGIN_FOCUS_DELAY_MS - 1 - actor.clock.now())
  expect(drawerView(actor.snapshot()).open, `${step}: not open 1 ms before the delay is over`).toBe(false)
  actor.clock.increment(1)
  return { open: true, delayedSince: null }
}

// ---------------------------------------------------------------------------------------------

function startDrawer() {
  const clock = new SimulatedClock()
  const actor = createActor(loginDrawerMachine, { clock, inspect: recordCoverage })
  actor.start()
  return { actor, clock, snapshot: () => actor.getSnapshot() }
}

describe('login drawer scenarios (spec sections 2 and 9)', () => {
  it.each(PATHS.map((events) => [['closed', ...events.map(nameOf)].join(' → '), events] as const))('%s', (_, events) => {
    const live = startDrawer()
    let drawer: SpecDrawer = { open: false, delayedSince: null }
    showsAsTheSpecSays(live.snapshot(), drawer, 'at the start')
    for (const [index, event] of events.entries()) {
      const step = `step ${String(index + 1)} (${nameOf(event)})`
      if (event.type === 'focusDelayOver') drawer = opensAfterTheFocusDelay(live, drawer, step)
      else {
        live.clock.increment(STEP_GAP_MS)
        live.actor.send(event)
        drawer = specAfter(drawer, event, live.clock.now())
      }
      showsAsTheSpecSays(live.snapshot(), drawer, step)
    }
    live.actor.stop()
  })

})
