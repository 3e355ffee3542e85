/**
 * Bench line: the opening rush (issue 22, DESIGN.md section 9, decision 037). 10,000 athletes, HTTP
 * clients in this process speaking through the portal's own API client (so every answer is checked
 * against the contract), against `npm run mock:server` started for QA in a process of its own on
 * 127.0.0.1 (its own fixed port: a port in use fails the line rather than measuring another server).
 *
 * The QA API stages the race (800 places, 400 admissions a minute, admissions of 5 minutes, places
 * held 10 minutes, the room open 30 minutes before) and its athletes with their sessions. The
 * simulated clock then moves in discrete steps: the bench sets it, every athlete whose next action
 * is due by then acts (at most `concurrency` requests in flight), and the clock moves on by
 * `stepMs`, or straight to the next due action when nothing is due sooner. An hour of the opening
 * runs in minutes. The mock clock keeps running between two settings, so a step never sets it
 * back: when a step took longer than `stepMs` of wall time, the next starts from the server's now.
 *
 * The athletes join in the minute around the opening (a few in the room before it, the rest in the
 * half minute after), follow their ticket as the server asks (`riprova_tra_s`, plus up to 20%
 * jitter), and when admitted take the hold, enter (the race's required questions answered), sign
 * the waiver (with the digest of the text read, as the wizard does) and pay at the simulated
 * provider's checkout with its sentinel card. Most pay in time; some pay after a declined card;
 * some let the admission run out; some leave; some are authorised after the hold ran out; some
 * have a second tab (a second join, a second payment start with the same key).
 *
 * It prints the outcomes by behaviour and fails when an invariant breaks (a line of its own):
 * more places sold than the race has (at the end, and in the live counts read during the run), an
 * athlete charged without a place or twice, an athlete without a definite outcome, an arrival after
 * the opening admitted out of turn, a second tab given another ticket or payment, an answer outside
 * the contract; and when the p95 answer time (at the client, from the call to its decoded answer,
 * so the server's queue under `concurrency` requests in flight included) is over 500 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { ApiError } from '../../contracts/api-error'
import * as liberatoria from '../../contracts/liberatoria.contract'
import type { OperationShape } from '../../contracts/operation'
import * as payments from '../../contracts/payments.contract'
import * as queue from '../../contracts/queue.contract'
import type { QueueTicket } from '../../contracts/queue.contract'
import * as races from '../../contracts/races.contract'
import * as subscriptions from '../../contracts/subscriptions.contract'
import { sha256Hex } from '../../contracts/sha256'
import { declineReasonOf, TEST_CARDS } from '../../mocks/provider-cards'
import { createHttpCheckoutProvider } from '../../mocks/provider-http-client'
import type { QaApi } from '../../mocks/qa-api'
import { createHttpQaApi } from '../../mocks/qa-http-client'
import { createRng, type Rng } from '../../mocks/seed/random'
import { callApi, type ApiResult } from '../../src/lib/api-client'
import { configureApiClient } from '../../src/lib/api-config'
import type { Line } from './types'

const SECOND_MS = 1_000
const MINUTE_MS = 60 * SECOND_MS

export const RUSH = {
  athletes: 10_000,
  places: 800,
  admissionsPerMinute: 400,
  admissionSeconds: 300,
  holdSeconds: 600,
  roomLeadMs: 30 * MINUTE_MS,
  /** Who is in the room before the opening (drawn), joining in its last half minute; the rest arrive in the half minute after. */
  beforeShare: 0.05,
  behaviours: [
    ['pays', 0.84],
    ['paysLate', 0.04],
    ['abandons', 0.06],
    ['leaves', 0.06],
  ] as ReadonlyArray<readonly [Behaviour, number]>,
  twoTabsShare: 0.05,
  declinedFirstShare: 0.05,
  /** Knock once before the room opens (and are told it is closed). */
  knocksEarlyShare: 0.01,
  concurrency: 64,
  stepMs: 2 * SECOND_MS,
  /** Past this after the opening, whoever has no definite outcome has none. */
  limitMs: 3 * 60 * MINUTE_MS,
  /** How often the live counts are read. */
  countsEveryMs: 30 * SECOND_MS,
  seed: 22,
  p95BudgetMs: 500,
} as const

/** Its own port, beside `npm start`'s 47613 and the e2e servers' 47614-47617. */
const PORT = Number(process.env.PETTORALE_BENCH_RUSH_PORT ?? 47620)

/**
 * - `pays`: takes the hold, walks the wizard, pays within the hold (after a declined card, some);
 * - `paysLate`: starts the payment within the hold, the card is authorised after it ran out;
 * - `abandons`: never takes the hold (the admission runs out);
 * - `leaves`: leaves the queue, or the held place, a few minutes after joining.
 */
export type Behaviour = 'pays' | 'paysLate' | 'abandons' | 'leaves'
export const BEHAVIOURS: readonly Behaviour[] = ['pays', 'paysLate', 'abandons', 'leaves']

/** How an athlete's rush ended, from the ticket's last answer. */
export type Outcome = 'paid' | 'holdExpired' | 'admissionExpired' | 'soldOut' | 'left'
export const OUTCOMES: readonly Outcome[] = ['paid', 'holdExpired', 'admissionExpired', 'soldOut', 'left']

export interface Plan {
  behaviour: Behaviour
  /** When the athlete joins, on the simulated clock (epoch ms). */
  joinAt: number
  /** Tries once before the room opens, at this instant. */
  knockAt: number | null
  /** Joins and starts the payment twice, the second time as another tab would. */
  twoTabs: boolean
  /** The first card is declined; a second attempt pays. */
  declinedFirst: boolean
  /** From admission to taking the hold. */
  thinkMs: number
  /** From the hold to the payment's start: the wizard's steps. */
  wizardMs: number
  /** From the payment's start to the checkout's decision; for `paysLate`, from the hold's end. */
  checkoutMs: number
  /** `leaves`: from joining to leaving. */
  leaveAfterMs: number
}

const between = (rng: Rng, low: number, high: number) => Math.round(low + rng.next() * (high - low))

/** Every athlete's plan, from the seed: the same run every time. */
export function planRush(openingMs: number, roomOpensMs: number, options: Pick<typeof RUSH, 'athletes' | 'beforeShare' | 'behaviours' | 'twoTabsShare' | 'declinedFirstShare' | 'knocksEarlyShare' | 'seed'>): Plan[] {
  const rng = createRng(options.seed)
  return Array.from({ length: options.athletes }, () => {
    const behaviour = rng.weighted(options.behaviours)
    const before = rng.chance(options.beforeShare)
    const joinAt = before ? between(rng, openingMs - 30 * SECOND_MS, openingMs - 1) : between(rng, openingMs, openingMs + 30 * SECOND_MS)
    return {
      behaviour,
      joinAt,
      knockAt: rng.chance(options.knocksEarlyShare) ? between(rng, roomOpensMs - MINUTE_MS, roomOpensMs - 10 * SECOND_MS) : null,
      twoTabs: rng.chance(options.twoTabsShare),
      declinedFirst: behaviour === 'pays' && rng.chance(options.declinedFirstShare),
      thinkMs: between(rng, 5 * SECOND_MS, 90 * SECOND_MS),
      wizardMs: behaviour === 'paysLate' ? between(rng, 4 * MINUTE_MS, 7 * MINUTE_MS) : between(rng, MINUTE_MS, 5 * MINUTE_MS),
      checkoutMs: behaviour === 'paysLate' ? between(rng, 15 * SECOND_MS, 150 * SECOND_MS) : between(rng, 15 * SECOND_MS, 90 * SECOND_MS),
      leaveAfterMs: between(rng, MINUTE_MS, 10 * MINUTE_MS),
    }
  })
}

/** The outcome a ticket stands at, `null` while it can still change. */
export function outcomeOf(ticket: Pick<QueueTicket, 'stato' | 'motivo' | 'definitivo'>): Outcome | null {
  switch (ticket.stato) {
    case 'pagato':
      return 'paid'
    case 'scaduto':
      return ticket.motivo === 'admission_expired' ? 'admissionExpired' : 'holdExpired'
    case 'uscito':
      return 'left'
    case 'esaurito':
      return ticket.definitivo ? 'soldOut' : null
    default:
      return null
  }
}

/** The queue as the QA API reads it (`queueOf`): counts and every admission given. */
export interface QueueCounts {
  places: number
  paid: number
  held: number
  admitted: number
}

export interface Admission {
  ticket: string
  athleteId: number
  /** Joined before the opening: in the draw. */
  drawn: boolean
  joinedAt: string
  admittedAt: string
}

/** What the run saw, from which the invariants are checked. */
export interface RushEvidence {
  places: number
  /** Every athlete: the plan's behaviour, the ticket, when it joined and left (simulated clock), how it ended. */
  athletes: ReadonlyArray<{ behaviour: Behaviour; ticket: string | null; drawn: boolean; joinedAt: number | null; leftAt: number | null; outcome: Outcome | null }>
  /** The live counts read during the run and at its end. */
  counts: readonly QueueCounts[]
  admissions: readonly Admission[]
  /** The race's payments and entries in the ledger at the end. */
  payments: ReadonlyArray<{ athleteId: number; stato: string }>
  /** Athletes with a paid subscription to the race; the race's own count of them. */
  entrants: readonly number[]
  raceEntrants: number
  /** What the clients themselves saw go wrong (a second tab given another ticket, an answer outside the contract). */
  seen: readonly string[]
}

/** Every invariant broken, one line each (with up to a few examples); empty when the run kept them all. */
export function rushViolations(evidence: RushEvidence): string[] {
  const found: string[] = []
  const report = (what: string, examples: readonly unknown[]) => {
    if (examples.length === 0) return
    found.push(`${what}: ${String(examples.length)} (${examples.slice(0, 3).map(String).join('; ')})`)
  }
  const { places } = evidence

  report('places sold beyond the race\'s', [
    ...(evidence.entrants.length > places ? [`${String(evidence.entrants.length)} entrants`] : []),
    ...(evidence.raceEntrants > places ? [`race counts ${String(evidence.raceEntrants)}`] : []),
    ...evidence.counts.filter((count) => count.paid > places).map((count) => `${String(count.paid)} paid`),
  ])
  report(
    'places promised beyond the race\'s (paid + held + admitted)',
    evidence.counts.filter((count) => count.paid + count.held + count.admitted > places).map((count) => `${String(count.paid)} + ${String(count.held)} + ${String(count.admitted)}`),
  )

  const charges = new Map<number, number>()
  for (const payment of evidence.payments) if (payment.stato === 'success') charges.set(payment.athleteId, (charges.get(payment.athleteId) ?? 0) + 1)
  report('athletes charged twice', [...charges].filter(([, count]) => count > 1).map(([athleteId, count]) => `athlete ${String(athleteId)} ${String(count)}x`))

  const entrants = new Set(evidence.entrants)
  const ticketOf = new Map(evidence.admissions.map((admission) => [admission.athleteId, admission.ticket]))
  const outcomeOfTicket = new Map(evidence.athletes.flatMap((athlete) => (athlete.ticket ? [[athlete.ticket, athlete.outcome] as const] : [])))
  report(
    'athletes charged without a place',
    [...charges.keys()].filter((athleteId) => {
      const ticket = ticketOf.get(athleteId)
      return !entrants.has(athleteId) || ticket === undefined || outcomeOfTicket.get(ticket) !== 'paid'
    }).map((athleteId) => `athlete ${String(athleteId)}`),
  )

  report(
    'athletes without a definite outcome',
    evidence.athletes.flatMap((athlete, index) => (athlete.outcome === null ? [`#${String(index)} ${athlete.ticket ?? 'no ticket'}`] : [])),
  )
  report('arrivals after the opening admitted out of turn', outOfTurn(evidence))
  report('seen by the clients', evidence.seen)
  return found
}

/**
 * Admissions against the fairness rule: everyone in the draw before anyone who arrived after the
 * opening, and those in arrival order. An admission is out of turn when it came before that of an
 * athlete ahead in line (drawn, or arrived earlier), or while an athlete ahead was waiting and was
 * never admitted (not admitted, and still in line then: had not left).
 */
export function outOfTurn({ admissions, athletes }: Pick<RushEvidence, 'admissions' | 'athletes'>): string[] {
  const late = admissions
    .map((admission) => ({ ...admission, joined: Date.parse(admission.joinedAt), admitted: Date.parse(admission.admittedAt) }))
    .filter((admission) => !admission.drawn)
  const found: string[] = []
  const firstLate = Math.min(...late.map((admission) => admission.admitted))
  for (const admission of admissions) {
    if (admission.drawn && Date.parse(admission.admittedAt) > firstLate) found.push(`${admission.ticket} drawn, admitted after an arrival`)
  }
  const byAdmission = [...late].sort((a, b) => a.admitted - b.admitted)
  for (let i = 1; i < byAdmission.length; i += 1) {
    const [before, after] = [byAdmission[i - 1]!, byAdmission[i]!]
    if (after.joined < before.joined && after.admitted > before.admitted) found.push(`${after.ticket} admitted after ${before.ticket}, who arrived later`)
  }
  // The earliest admission of anyone who arrived after each instant: by arrival, the least admission time from there on.
  const byArrival = [...late].sort((a, b) => a.joined - b.joined)
  const earliestFrom = new Array<number>(byArrival.length + 1).fill(Number.POSITIVE_INFINITY)
  for (let i = byArrival.length - 1; i >= 0; i -= 1) earliestFrom[i] = Math.min(earliestFrom[i + 1]!, byArrival[i]!.admitted)
  const admitted = new Set(admissions.map((admission) => admission.ticket))
  for (const athlete of athletes) {
    if (!athlete.ticket || athlete.joinedAt === null || admitted.has(athlete.ticket) || athlete.outcome === null) continue
    // The first arrival strictly after this athlete (a drawn one is ahead of every arrival).
    let low = 0
    if (!athlete.drawn) {
      let high = byArrival.length
      while (low < high) {
        const middle = (low + high) >> 1
        if (byArrival[middle]!.joined > athlete.joinedAt) high = middle
        else low = middle + 1
      }
    }
    const skippedAt = earliestFrom[low]!
    if (skippedAt < (athlete.leftAt ?? Number.POSITIVE_INFINITY)) found.push(`${athlete.ticket} waiting, skipped at ${new Date(skippedAt).toISOString()}`)
  }
  return found
}

/** The `p` quantile (0-1) of the values, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN
}

const OUTCOME_LABEL: Record<Outcome, string> = {
  paid: 'paid',
  holdExpired: 'hold expired',
  admissionExpired: 'admission expired',
  soldOut: 'sold out',
  left: 'left',
}
const BEHAVIOUR_LABEL: Record<Behaviour, string> = { pays: 'pays', paysLate: 'pays late', abandons: 'abandons', leaves: 'leaves' }

/** Outcomes (columns) by behaviour (rows), with totals and a column of those with none. */
export function outcomeTable(athletes: ReadonlyArray<{ behaviour: Behaviour; outcome: Outcome | null }>): string {
  const columns = [...OUTCOMES.map((outcome) => OUTCOME_LABEL[outcome]), 'no outcome', 'athletes']
  const row = (label: string, of: typeof athletes) => [
    label,
    ...OUTCOMES.map((outcome) => of.filter((athlete) => athlete.outcome === outcome).length),
    of.filter((athlete) => athlete.outcome === null).length,
    of.length,
  ]
  const rows = [...BEHAVIOURS.map((behaviour) => row(BEHAVIOUR_LABEL[behaviour], athletes.filter((athlete) => athlete.behaviour === behaviour))), row('all', athletes)]
  const cells = [['', ...columns], ...rows].map((cellsOfRow) => cellsOfRow.map(String))
  const widths = cells[0]!.map((_, column) => Math.max(...cells.map((cellsOfRow) => cellsOfRow[column]!.length)))
  return cells.map((cellsOfRow) => cellsOfRow.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')).join('\n')
}

/** `npm run mock:server` started for QA, in a process of its own: the athletes' work here does not slow its answers. */
async function startRushServer(): Promise<{ url: string; cpuSeconds: () => number | null; stop: () => Promise<void> }> {
  const url = `http://127.0.0.1:${String(PORT)}`
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'mocks/http-server.ts', '--qa'], {
    // No build to serve: only the API is asked, and nothing is compressed in the background.
    env: { ...process.env, PETTORALE_MOCK_PORT: String(PORT), PETTORALE_MOCK_DIST: join('bench', 'no-build') },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stderr?.on('data', (chunk: Buffer) => void (output += chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the rush's server did not start within 60 s\n${output}`)), 60_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes(`on ${url}`)) {
        clearTimeout(timer)
        resolve()
      }
    })
    // A port in use ends it: the line fails rather than measuring whatever listens there.
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the rush's server exited (${String(code)}) before listening on ${url} (PETTORALE_BENCH_RUSH_PORT picks another port)\n${output}`))
    })
  })
  return {
    url,
    cpuSeconds: () => processCpuSeconds(child.pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/**
 * The CPU time a process has used, user and system, from Linux's `/proc/<pid>/stat` (fields 14 and
 * 15, in clock ticks of 1/100 s, Linux's USER_HZ); null where there is no such file.
 */
export function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
    // The fields after the command's name, which is in parentheses and may hold spaces: field 3 first.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

/** What `queueOf` answers, as far as the bench reads it. */
type QueueOf = QueueCounts & { admissions: Admission[] }

type Step = 'knock' | 'join' | 'hold' | 'start' | 'decide'

/** One athlete as the run follows it. */
interface Athlete {
  index: number
  token: string
  plan: Plan
  rng: Rng
  /** The next instant it does something, on the simulated clock; Infinity once it is done. */
  dueAt: number
  pollAt: number
  /** The next step of its plan and when. */
  next: { step: Step; at: number } | null
  leaveAt: number | null
  ticket: QueueTicket | null
  joinedAt: number | null
  leftAt: number | null
  outcome: Outcome | null
  holdEndsAt: number | null
  enrolled: boolean
  payment: { id: string; attempt: number } | null
  /** Consecutive failed calls: the next retry waits 2, 4, 8... 60 s. */
  failures: number
}

interface RaceFacts {
  raceId: number
  totale: number
  versione: string | undefined
  lingua: 'en'
  sha256: string
  campi: Record<string, string | boolean>
}

/** Answers to the race's required questions: the first choice, yes, a short text. */
function answersOf(fields: ReadonlyArray<{ nome: string; tipo: 'text' | 'select' | 'boolean'; obbligatorio: boolean; opzioni?: Array<{ valore: string }> }>) {
  return Object.fromEntries(
    fields.filter((field) => field.obbligatorio).map((field) => [field.nome, field.tipo === 'boolean' ? true : field.tipo === 'select' ? field.opzioni?.[0]?.valore ?? '' : 'bench']),
  )
}

function createRun(url: string, race: RaceFacts, roomOpensMs: number, plans: readonly Plan[], tokens: readonly string[]) {
  const checkout = createHttpCheckoutProvider(url)
  const timings: number[] = []
  const calls = new Map<string, number>()
  const errors = new Map<string, number>()
  const seen: string[] = []
  let inFlight = 0
  const waiting: Array<() => void> = []

  /** One request of an athlete, within the pool of `concurrency` in flight, timed from the call to its decoded answer. */
  async function timed<T>(name: string, call: () => Promise<T>): Promise<T> {
    // A request ending hands its slot to the next waiting one.
    if (inFlight < RUSH.concurrency) inFlight += 1
    else await new Promise<void>((resolve) => waiting.push(resolve))
    const started = performance.now()
    try {
      return await call()
    } finally {
      timings.push(performance.now() - started)
      calls.set(name, (calls.get(name) ?? 0) + 1)
      const next = waiting.shift()
      if (next) next()
      else inFlight -= 1
    }
  }

  const api = <O extends OperationShape, T>(operation: O, athlete: Athlete, input: object): Promise<ApiResult<T, O>> =>
    timed(operation.name, () => callApi(operation, { ...input, token: athlete.token } as never) as Promise<ApiResult<T, O>>)

  const athletes: Athlete[] = plans.map((plan, index) => ({
    index,
    token: tokens[index]!,
    plan,
    rng: createRng(RUSH.seed * 100_003 + index),
    dueAt: plan.knockAt ?? plan.joinAt,
    pollAt: Number.POSITIVE_INFINITY,
    next: plan.knockAt === null ? { step: 'join', at: plan.joinAt } : { step: 'knock', at: plan.knockAt },
    leaveAt: null,
    ticket: null,
    joinedAt: null,
    leftAt: null,
    outcome: null,
    holdEndsAt: null,
    enrolled: false,
    payment: null,
    failures: 0,
  }))

  /** Done once the ticket has its outcome and nothing of the plan is left (a late payer still pays after its hold ran out). */
  function schedule(athlete: Athlete) {
    const later = Number.POSITIVE_INFINITY
    athlete.dueAt = athlete.outcome !== null ? athlete.next?.at ?? later : Math.min(athlete.pollAt, athlete.next?.at ?? later, athlete.leaveAt ?? later)
  }

  /**
   * A failed call: counted, and the ticket read again after a backoff; a step of the plan that met
   * no answer or a server error (not a refusal) is tried again then. An expected refusal (the
   * admission or the hold ran out) is only read again.
   */
  function failed(athlete: Athlete, error: ApiError, now: number, expected: readonly string[] = [], retry?: Step) {
    const code = error.kind === 'http' ? error.code : null
    if (code !== null && expected.includes(code)) return
    const label = error.kind === 'http' ? `${error.operation} ${String(error.status)} ${code ?? ''}`.trim() : `${error.operation} ${error.kind}`
    errors.set(label, (errors.get(label) ?? 0) + 1)
    if (error.kind === 'contract' || error.kind === 'unauthorized') seen.push(`${label}${error.kind === 'contract' ? `: ${error.detail}` : ''}`)
    athlete.failures += 1
    const wait = error.kind === 'http' && error.retryAfterS !== undefined ? error.retryAfterS * SECOND_MS : Math.min(60, 2 ** athlete.failures) * SECOND_MS
    athlete.pollAt = now + wait
    if (retry && (error.kind === 'network' || (error.kind === 'http' && (error.status >= 500 || error.status === 429)))) athlete.next = { step: retry, at: athlete.pollAt }
  }

  /** The ticket as the server answered it: the outcome when there is one, else the next read as asked, and the plan's next step. */
  function follow(athlete: Athlete, ticket: QueueTicket, now: number) {
    const { plan } = athlete
    athlete.ticket = ticket
    athlete.failures = 0
    athlete.outcome = outcomeOf(ticket)
    athlete.pollAt = now + (ticket.riprova_tra_s ?? 30) * SECOND_MS * (1 + 0.2 * athlete.rng.next())
    if (ticket.stato === 'ammesso' && ticket.ammissione && plan.behaviour !== 'abandons' && athlete.next === null) {
      const at = Math.min(now + plan.thinkMs, Date.parse(ticket.ammissione.scade) - 20 * SECOND_MS)
      if (athlete.leaveAt === null || at < athlete.leaveAt) athlete.next = { step: 'hold', at }
    }
    if (ticket.stato === 'posto' && ticket.posto && athlete.holdEndsAt === null) {
      athlete.holdEndsAt = Date.parse(ticket.posto.scade)
      if (plan.behaviour === 'pays' || plan.behaviour === 'paysLate') {
        athlete.next = { step: 'start', at: Math.min(now + plan.wizardMs, athlete.holdEndsAt - 2 * MINUTE_MS) }
      }
    }
    if (athlete.outcome !== null) {
      athlete.leaveAt = null
      if (athlete.next?.step !== 'decide') athlete.next = null
    }
  }

  async function join(athlete: Athlete, now: number) {
    const result = await api<typeof queue.join, QueueTicket>(queue.join, athlete, { params: { id: race.raceId } })
    const ticket = result.ok ? result.data : result.error.kind === 'http' && result.error.code === 'already_in_queue' ? (result.error.body as queue.JoinQueueConflict).biglietto : undefined
    if (!ticket) {
      if (!result.ok && result.error.kind === 'http' && result.error.code === 'sold_out') {
        athlete.outcome = 'soldOut'
        return
      }
      if (!result.ok) failed(athlete, result.error, now)
      athlete.next = { step: 'join', at: athlete.pollAt }
      return
    }
    athlete.next = null
    athlete.joinedAt = Date.parse(ticket.entrato)
    if (athlete.plan.behaviour === 'leaves') athlete.leaveAt = now + athlete.plan.leaveAfterMs
    follow(athlete, ticket, now)
    if (athlete.plan.twoTabs) {
      // The second tab: the same ticket, whatever it asks.
      const again = await api<typeof queue.join, QueueTicket>(queue.join, athlete, { params: { id: race.raceId } })
      const other = again.ok ? again.data : again.error.kind === 'http' ? (again.error.body as queue.JoinQueueConflict).biglietto : undefined
      if (again.ok || other?.biglietto !== ticket.biglietto) seen.push(`a second tab's join answered ${again.ok ? '201' : `${String(again.error.kind)} ${other?.biglietto ?? 'without a ticket'}`} for ${ticket.biglietto}`)
    }
  }

  async function read(athlete: Athlete, now: number) {
    const result = await api<typeof queue.status, QueueTicket>(queue.status, athlete, { params: { id: race.raceId } })
    if (result.ok) follow(athlete, result.data, now)
    else failed(athlete, result.error, now)
  }

  async function hold(athlete: Athlete, now: number) {
    athlete.next = null
    const token = athlete.ticket?.ammissione?.token
    if (!token) return read(athlete, now)
    const result = await api<typeof queue.hold, QueueTicket>(queue.hold, athlete, { params: { id: race.raceId }, body: { ammissione: token } })
    if (result.ok) follow(athlete, result.data, now)
    else {
      failed(athlete, result.error, now, ['admission_expired'], 'hold')
      if (!athlete.next) await read(athlete, now)
    }
  }

  /** The wizard up to the checkout: entered and signed once, then a payment started (twice with the same key from a second tab). */
  async function start(athlete: Athlete, now: number) {
    athlete.next = null
    if (!athlete.enrolled) {
      const entered = await api(subscriptions.create, athlete, {
        body: { project_id: race.raceId, opzione_rimborso: 'standard', noleggio_gps: false, campi: race.campi },
      })
      if (!entered.ok) return failed(athlete, entered.error, now, ['hold_expired'], 'start')
      const signed = await api(liberatoria.sign, athlete, {
        body: { project_id: race.raceId, versione: race.versione, lingua: race.lingua, sha256: race.sha256 },
      })
      if (!signed.ok) return failed(athlete, signed.error, now, [], 'start')
      athlete.enrolled = true
    }
    const attempt = (athlete.payment?.attempt ?? 0) + 1
    const key = `rush-${String(athlete.index)}-${String(attempt)}`
    const body = { project_id: race.raceId, opzione_rimborso: 'standard', noleggio_gps: false, totale_atteso: race.totale, idempotency_key: key }
    type Started = { pagamento_id: string }
    const started = await api<typeof payments.start, Started>(payments.start, athlete, { body })
    if (!started.ok) return failed(athlete, started.error, now, ['hold_expired'], 'start')
    athlete.payment = { id: started.data.pagamento_id, attempt }
    if (athlete.plan.twoTabs) {
      const again = await api<typeof payments.start, Started>(payments.start, athlete, { body })
      const id = again.ok ? again.data.pagamento_id : (again.error.kind === 'http' ? (again.error.body as payments.StartPaymentConflict).pagamento_id : undefined)
      if (id !== started.data.pagamento_id) seen.push(`a second tab's payment start with the same key answered ${id ?? 'no payment'} for ${started.data.pagamento_id}`)
    }
    const at = athlete.plan.behaviour === 'paysLate' ? athlete.holdEndsAt! + athlete.plan.checkoutMs : Math.min(now + athlete.plan.checkoutMs, athlete.holdEndsAt! - 30 * SECOND_MS)
    athlete.next = { step: 'decide', at }
  }

  /** The provider's checkout decides as the card says: the sentinel that is declined first, for some; the one that succeeds. */
  async function decide(athlete: Athlete, now: number) {
    athlete.next = null
    const payment = athlete.payment!
    const card = athlete.plan.declinedFirst && payment.attempt === 1 ? TEST_CARDS.declined : TEST_CARDS.succeeds
    const reason = declineReasonOf(card)
    try {
      await timed('checkout.decide', () => checkout.decide(payment.id, reason ? 'declined' : 'authorised', reason ?? undefined))
    } catch {
      errors.set('checkout.decide', (errors.get('checkout.decide') ?? 0) + 1)
      athlete.next = { step: 'decide', at: now + Math.min(60, 2 ** ++athlete.failures) * SECOND_MS }
      return
    }
    if (reason) athlete.next = { step: 'start', at: now + between(athlete.rng, 10 * SECOND_MS, 40 * SECOND_MS) }
  }

  async function leave(athlete: Athlete, now: number) {
    athlete.leaveAt = null
    athlete.next = null
    const result = await api<typeof queue.leave, QueueTicket>(queue.leave, athlete, { params: { id: race.raceId } })
    if (!result.ok) {
      failed(athlete, result.error, now)
      athlete.leaveAt = athlete.pollAt
      return
    }
    athlete.leftAt = now
    follow(athlete, result.data, now)
  }

  /** Whatever is due for the athlete by `now`: leaving first, then its plan's step, else a read of its ticket. */
  async function act(athlete: Athlete, now: number) {
    if (athlete.leaveAt !== null && athlete.leaveAt <= now && athlete.ticket) await leave(athlete, now)
    else if (athlete.next && athlete.next.at <= now) {
      const { step } = athlete.next
      // A knock the clock's steps carried past the room's opening is not made: the athlete joins later as planned.
      if (step === 'knock' && now < roomOpensMs) {
        const result = await api(queue.join, athlete, { params: { id: race.raceId } })
        if (result.ok || result.error.kind !== 'http' || result.error.code !== 'queue_closed') seen.push(`a join before the room opened answered ${result.ok ? '201' : result.error.kind}`)
        athlete.next = { step: 'join', at: athlete.plan.joinAt }
      } else if (step === 'knock' || step === 'join') await join(athlete, now)
      else if (step === 'hold') await hold(athlete, now)
      else if (step === 'start') await start(athlete, now)
      else if (step === 'decide') await decide(athlete, now)
    } else if (athlete.ticket) await read(athlete, now)
    schedule(athlete)
  }

  return { athletes, act, timings, calls, errors, seen }
}

/** The race as the wizard reads it: its price, its waiver (and the digest of its text) and its required questions. */
async function raceFacts(raceId: number, token: string): Promise<RaceFacts> {
  const [details, waiver, fields] = await Promise.all([
    callApi(races.get, { params: { id: raceId }, query: { lingua: 'en' } }),
    callApi(liberatoria.get, { params: { id: raceId }, query: { lingua: 'en' } }),
    callApi(races.subscriptionFields, { params: { id: raceId }, query: { lingua: 'en' }, token }),
  ])
  if (!details.ok || !waiver.ok || !fields.ok) throw new Error(`the rush's race ${String(raceId)} cannot be read`)
  return {
    raceId,
    totale: details.data.prezzo,
    versione: waiver.data.versione,
    lingua: 'en',
    sha256: await sha256Hex(waiver.data.testo),
    campi: answersOf(fields.data.campi),
  }
}

/** The race's payments and entrants in the ledger, from the database export (every change over the seed). */
function ledgerOf(exported: string, raceId: number) {
  const { changes } = JSON.parse(exported) as { changes: Record<string, Array<[string, Record<string, unknown> | null]>> }
  const records = (name: string) => (changes[name] ?? []).flatMap(([, record]) => (record ? [record] : []))
  return {
    payments: records('payments')
      .filter((record) => record.project_id === raceId)
      .map((record) => ({ athleteId: Number(record.athlete_id), stato: String(record.stato), motivo: typeof record.motivo === 'string' ? record.motivo : null })),
    entrants: records('subscriptions').filter((record) => record.project_id === raceId && record.pagato === true).map((record) => Number(record.athlete_id)),
    raceEntrants: Number(records('races').find((record) => record.id === raceId)?.iscritti ?? 0),
  }
}

const iso = (ms: number) => new Date(ms).toISOString()
const clockOf = (ms: number) => `${String(Math.floor(ms / 3_600_000))}:${String(Math.floor(ms / MINUTE_MS) % 60).padStart(2, '0')}`

export async function openingRush(): Promise<Line[]> {
  const wallStart = performance.now()
  const server = await startRushServer()
  try {
    configureApiClient({ baseUrl: server.url, timeoutMs: 30 * SECOND_MS })
    const qa: QaApi = createHttpQaApi(server.url)
    const serverNow = Date.parse((await qa.state()).now)
    // On the hour after the server's "now", the room 30 minutes before.
    const openingMs = Math.ceil(serverNow / 3_600_000) * 3_600_000 + 3_600_000
    const roomOpensMs = openingMs - RUSH.roomLeadMs
    const staged = await qa.stageRush({
      athletes: RUSH.athletes,
      places: RUSH.places,
      admissionsPerMinute: RUSH.admissionsPerMinute,
      admissionSeconds: RUSH.admissionSeconds,
      holdSeconds: RUSH.holdSeconds,
      roomOpensAt: iso(roomOpensMs),
      registrationOpensAt: iso(openingMs),
    })
    const stagedMs = performance.now() - wallStart
    const cpuAtStart = server.cpuSeconds()
    const race = await raceFacts(staged.raceId, staged.tokens[0]!)
    const plans = planRush(openingMs, roomOpensMs, RUSH)
    const run = createRun(server.url, race, roomOpensMs, plans, staged.tokens)

    /** Sets the simulated clock to `target`, or to the server's now when that is later (it kept running meanwhile). */
    const setClock = async (target: number) => {
      const at = Math.max(target, Date.parse((await qa.state()).now) + 50)
      await qa.setNow(iso(at))
      return at
    }
    const counts: QueueOf[] = []
    let now = await setClock(roomOpensMs - MINUTE_MS)
    let nextCountsAt = openingMs
    let nextReportAt = openingMs
    let steps = 0
    while (now < openingMs + RUSH.limitMs) {
      steps += 1
      const due = run.athletes.filter((athlete) => athlete.dueAt <= now)
      await Promise.all(due.map((athlete) => run.act(athlete, now)))
      if (now >= nextCountsAt) {
        counts.push((await qa.queueOf(race.raceId)) as QueueOf)
        nextCountsAt = now + RUSH.countsEveryMs
      }
      // A few minutes of wall time pass: say how far it is.
      if (now >= nextReportAt) {
        const ended = run.athletes.filter((athlete) => athlete.outcome !== null).length
        console.error(`  rush: opening +${String(Math.round((now - openingMs) / MINUTE_MS))} min, ${String(ended)} athletes with an outcome, ${String(run.timings.length)} requests, ${((performance.now() - wallStart) / SECOND_MS).toFixed(0)} s`)
        nextReportAt += 5 * MINUTE_MS
      }
      const nextDue = run.athletes.reduce((soonest, athlete) => Math.min(soonest, athlete.dueAt), Number.POSITIVE_INFINITY)
      if (nextDue === Number.POSITIVE_INFINITY) break
      now = await setClock(Math.max(now + RUSH.stepMs, Math.min(nextDue, nextCountsAt)))
    }
    // The provider tells the backend of the last decisions a few seconds later, on the next request.
    await setClock(now + 10 * SECOND_MS)
    await callApi(races.get, { params: { id: race.raceId }, query: {} })
    const cpuAtEnd = server.cpuSeconds()
    const final = (await qa.queueOf(race.raceId)) as QueueOf
    const ledger = ledgerOf(await qa.exportDatabase(), race.raceId)
    const wallS = (performance.now() - wallStart) / SECOND_MS
    const serverCpuS = cpuAtStart === null || cpuAtEnd === null ? null : cpuAtEnd - cpuAtStart

    const p = (share: number) => percentile(run.timings, share)
    const athletes = run.athletes.map((athlete) => ({
      behaviour: athlete.plan.behaviour,
      ticket: athlete.ticket?.biglietto ?? null,
      drawn: athlete.ticket?.sorteggiato ?? false,
      joinedAt: athlete.joinedAt,
      leftAt: athlete.leftAt,
      outcome: athlete.outcome,
    }))
    const violations = rushViolations({
      places: RUSH.places,
      athletes,
      counts: [...counts, final],
      admissions: final.admissions,
      ...ledger,
      seen: run.seen,
    })
    const promised = Math.max(...[...counts, final].map((count) => count.paid + count.held + count.admitted))
    const twoTabs = plans.filter((plan) => plan.twoTabs).length
    const voided = ledger.payments.filter((payment) => payment.motivo === 'hold_expired').length
    const declined = ledger.payments.filter((payment) => payment.stato === 'failed' && payment.motivo === null).length
    const unsettled = ledger.payments.filter((payment) => payment.stato === 'pending').length

    console.log(`\nOpening rush: ${String(RUSH.athletes)} athletes, ${String(RUSH.places)} places, ${String(RUSH.admissionsPerMinute)} admissions a minute, admission ${String(RUSH.admissionSeconds)} s, hold ${String(RUSH.holdSeconds)} s`)
    console.log(outcomeTable(athletes))
    console.log(
      `${String(twoTabs)} with two tabs; ${String(final.admissions.length)} admissions (${String(final.admissions.filter((admission) => !admission.drawn).length)} after the opening); ` +
        `payments: ${String(ledger.payments.filter((payment) => payment.stato === 'success').length)} taken, ${String(voided)} authorised after the hold ran out and voided, ` +
        `${String(declined)} declined, ${String(unsettled)} left pending; the most places promised at once ${String(promised)}`,
    )
    console.log(`requests: ${[...run.calls].map(([name, count]) => `${name} ${String(count)}`).join(', ')}`)
    if (run.errors.size) console.log(`failed calls: ${[...run.errors].map(([label, count]) => `${label} ${String(count)}`).join(', ')}`)
    for (const violation of violations) console.log(`  broken: ${violation}`)

    const lines: Line[] = [
      { name: 'opening rush: places sold', value: ledger.entrants.length, unit: 'places', budget: RUSH.places, kind: 'max', note: `the race counts ${String(ledger.raceEntrants)}; most promised at once (paid + held + admitted) ${String(promised)}` },
      { name: 'opening rush: invariants broken', value: violations.length, unit: '', budget: 0, kind: 'max', note: violations.length ? violations.join(' | ') : 'none: not oversold, nobody charged without a place or twice, every athlete an outcome, arrivals admitted in turn' },
      { name: 'opening rush: p95 answer time at the client', value: p(0.95), unit: 'ms', budget: RUSH.p95BudgetMs, kind: 'max', note: `p50 ${p(0.5).toFixed(1)} ms, p99 ${p(0.99).toFixed(1)} ms, ${String(run.timings.length)} requests, ${String(RUSH.concurrency)} in flight at most` },
      { name: 'opening rush: wall time', value: wallS, unit: 's', budget: null, kind: 'max', note: `staging ${(stagedMs / SECOND_MS).toFixed(1)} s; simulated ${clockOf(now - roomOpensMs + MINUTE_MS)} in ${String(steps)} steps` },
      // The wall time follows the number of requests, which moves by a fifth between runs (the
      // server's clock runs on between steps, so the last places settle a little earlier or later
      // and the sold-out athletes ask for longer or shorter): the server's CPU per request, from the
      // race staged to the last answer, compares runs better.
      {
        name: 'opening rush: server CPU per request',
        value: serverCpuS === null ? null : (serverCpuS / run.timings.length) * 1_000_000,
        unit: 'µs',
        budget: null,
        kind: 'max',
        note:
          serverCpuS === null
            ? "not measured: the server's process time cannot be read (no /proc/<pid>/stat here)"
            : `${serverCpuS.toFixed(1)} s of CPU from the race staged to the last answer, over the athletes' ${String(run.timings.length)} requests and the bench's clock and count calls`,
      },
    ]
    return lines
  } finally {
    await server.stop()
  }
}
