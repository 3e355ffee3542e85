/**
 * `npm run test:coverage:machines`: runs the model-based scenarios of tests/scenarios, prints the
 * states and transitions each machine's scenarios took against all it declares, and fails below
 * 100% of either (listing what is missing), or when a machine has no scenario at all.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { AnyStateMachine } from 'xstate'
import { certificateMachine } from '../machines/certificate/certificate.machine'
import { enrolmentMachine } from '../machines/enrolment/enrolment.machine'
import { paymentWaitMachine } from '../machines/enrolment/payment-wait.machine'
import { waitingRoomMachine } from '../machines/opening/waiting-room.machine'
import { lotteryMachine } from '../machines/places/lottery.machine'
import { placeChangeMachine } from '../machines/places/place-change.machine'
import { transferGiveMachine, transferTakeMachine } from '../machines/places/transfer.machine'
import { waitListMachine } from '../machines/places/wait-list.machine'
import { loginDrawerMachine } from '../machines/session/login-drawer.machine'
import { sessionMachine } from '../machines/session/session.machine'
import { COVERAGE_DIR, inventoryOf } from '../tests/scenarios/coverage'

/** Every machine of the portal: a new one must be added here, and then needs its scenarios. */
const MACHINES: readonly AnyStateMachine[] = [
  sessionMachine,
  loginDrawerMachine,
  enrolmentMachine,
  paymentWaitMachine,
  certificateMachine,
  waitingRoomMachine,
  placeChangeMachine,
  transferGiveMachine,
  transferTakeMachine,
  waitListMachine,
  lotteryMachine,
]

rmSync(COVERAGE_DIR, { recursive: true, force: true })
const run = spawnSync('npx', ['vitest', 'run', '--config', 'tests/scenarios/vitest.config.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PETTORALE_MACHINE_COVERAGE: '1' },
})
if (run.status !== 0) process.exit(run.status ?? 1)

const recorded = new Map<string, { states: Set<string>; transitions: Set<string> }>()
for (const file of existsSync(COVERAGE_DIR) ? readdirSync(COVERAGE_DIR) : []) {
  const data = JSON.parse(readFileSync(join(COVERAGE_DIR, file), 'utf8')) as Record<string, { states: string[]; transitions: string[] }>
  for (const [machineId, { states, transitions }] of Object.entries(data)) {
    const entry = recorded.get(machineId) ?? { states: new Set<string>(), transitions: new Set<string>() }
    for (const state of states) entry.states.add(state)
    for (const transition of transitions) entry.transitions.add(transition)
    recorded.set(machineId, entry)
  }
}

const percent = (part: number, whole: number) => (whole === 0 ? 100 : (100 * part) / whole)
let complete = true
const rows: string[][] = [['machine', 'states', 'transitions']]
const missing: string[] = []
for (const machine of MACHINES) {
  const { states, transitions } = inventoryOf(machine)
  const seen = recorded.get(machine.id)
  const statesLeft = states.filter((state) => !seen?.states.has(state))
  const transitionsLeft = transitions.filter((transition) => !seen?.transitions.has(transition))
  const statePct = percent(states.length - statesLeft.length, states.length)
  const transitionPct = percent(transitions.length - transitionsLeft.length, transitions.length)
  rows.push([
    machine.id,
    `${String(states.length - statesLeft.length)}/${String(states.length)} (${statePct.toFixed(1)}%)`,
    `${String(transitions.length - transitionsLeft.length)}/${String(transitions.length)} (${transitionPct.toFixed(1)}%)`,
  ])
  if (statesLeft.length > 0 || transitionsLeft.length > 0) {
    complete = false
    missing.push(`${machine.id}:`, ...statesLeft.map((state) => `  state never entered: ${state}`), ...transitionsLeft.map((t) => `  transition never taken: ${t}`))
  }
}

const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
console.log('\nMachine coverage of the scenario tests (tests/scenarios)')
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '))
if (!complete) {
  console.log(`\n${missing.join('\n')}`)
  console.error('\nMachine coverage is below 100%: every state and transition needs a scenario that takes it.')
  process.exit(1)
}
