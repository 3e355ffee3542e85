/**
 * What the QA controls panel (src/dev) can do to the simulated backend, whichever side of the wire
 * it runs on: in the page (the MSW worker's controls, `createLocalQaApi`) or against a shared
 * `npm run mock:server` started for QA (its mock-only HTTP route, `createHttpQaApi`). Every call is
 * asynchronous so both implement it alike; every answer is plain JSON so it crosses the wire as is.
 */
import type { OperationName } from '../contracts'
import type { RejectionReason } from '../contracts/experience.contract'
import type { PaymentDeclineReason } from '../contracts/payments.contract'
import type { TicketState } from '../contracts/queue.contract'
import type { CertificateVerdict, ReviewVerdict } from './controls'
import type { Persona } from './seed/personas'
import type { MailKind } from './db'

/** A fault the panel can inject. `'*'` targets every operation without a fault of its own. */
export type QaFault =
  /** The request never gets an answer (a dropped connection). */
  | { kind: 'network' }
  /** An HTTP error status (500, 503, ...) with a problem body, `Retry-After` when given. */
  | { kind: 'status'; status: number; retryAfterS?: number }
  /** 200 with a body that is not JSON at all. */
  | { kind: 'notJson' }
  /** 200 with JSON that breaks the operation's contract. */
  | { kind: 'contract' }
  /** 401 as a backend answers a token that has expired. */
  | { kind: 'expiredToken' }

export type QaTarget = OperationName | '*'

/** One of the clock presets of a race, as the panel lists them. */
export interface QaClockPreset {
  /** `roomOpens`: the waiting room's opening, for a race with one (issue 22). */
  id: 'beforeOpening' | 'twoHoursBeforeOpening' | 'roomOpens' | 'opening' | 'closing' | 'afterClose' | 'raceDay'
  /** The instant, ISO 8601 with offset. */
  at: string
}

export interface QaRaceClock {
  raceId: number
  title: string
  presets: QaClockPreset[]
}

/** A race still to be run, as the panel's Races tab lists it. */
export interface QaRace {
  raceId: number
  title: string
  /** The start, ISO 8601. */
  startsAt: string
  places: number
  /** Places taken: `places` when direct entry is sold out. */
  taken: number
  /** Lottery entry (the flagship): filling it sells out direct entry, applications still open. */
  lottery: boolean
  /** The waiver's current version; a place signed on an earlier one is signed again. */
  waiverVersion: string
  /** The race opens through a waiting room (decision 037): `queueOf` says where it stands. */
  waitingRoom: boolean
  /** The race keeps a wait list (issue 23): `freePlace` gives one of its places back. */
  waitList: boolean
  /** Its lottery has been drawn (`drawLottery`); `false` for a race without one. */
  lotteryDrawn: boolean
}

/** What `drawLottery` drew: places offered (payment links) and applications put on the wait list. */
export interface QaDrawReport {
  drawn: number
  notDrawn: number
}

/** One request the backend answered, newest first in `requests()`. */
export interface QaRequestLogEntry {
  id: number
  /** The operation's name, `null` for a path no operation has. */
  operation: OperationName | null
  method: string
  path: string
  /** `null` when no answer was given (a network fault). */
  status: number | null
  /** Wall-clock milliseconds from the request reaching the backend to its answer. */
  durationMs: number
  /** The kind of fault applied, if any (`'latency'` when only a latency was). */
  fault: QaFault['kind'] | 'latency' | null
  /** When it was answered, ISO 8601, on the mock clock. */
  at: string
}

export interface QaState {
  /** The mock clock now, ISO 8601. */
  now: string
  faults: Partial<Record<QaTarget, QaFault>>
  latencyMs: Partial<Record<QaTarget, number>>
}

/** A persona as the seed has it (mocks/seed/personas.ts). */
export type QaPersona = Persona

/** Work waiting for the organiser's staff. */
export interface QaPendingReview {
  certificates: Array<{ athleteId: number; athleteName: string; mail: string; renewal: boolean; uploadedAt: string | null }>
  experienceReports: Array<{ reportId: number; athleteId: number; athleteName: string; race: string; date: string }>
  /** Payments the provider has not settled: decided at checkout but not yet told to the backend, or undecided. */
  payments: Array<{
    paymentId: string
    athleteId: number
    athleteName: string
    raceId: number
    race: string
    amountCents: number
    /** What the checkout decided (`authorised`, `declined`, `cancelled`), or `undecided`. */
    state: string
  }>
}

/**
 * An e-mail of the outbox. Its subject is the portal's to word (src/dev/mailbox-page.tsx words each
 * kind in the reader's language), so the kind is given, not an English subject.
 */
export interface QaMail {
  id: string
  to: string
  kind: MailKind
  /** Portal-relative: open it on the portal's origin (over HTTP there is no mailbox page). */
  link: string
  at: string
}

/** An opening rush to stage (`stageRush`): its athletes, and how its race's waiting room runs. */
export interface QaRushOptions {
  /** Eligible athletes to create, each signed in. */
  athletes: number
  places: number
  admissionsPerMinute: number
  /** How long an admission lasts, and a held place. */
  admissionSeconds: number
  holdSeconds: number
  /** ISO 8601 instants: the room opens at or before registration. */
  roomOpensAt: string
  registrationOpensAt: string
}

/** One admission given by a race's waiting room, in the order given. */
export interface QaAdmission {
  ticket: string
  athleteId: number
  /** Joined before the opening: placed by the draw. */
  drawn: boolean
  joinedAt: string
  admittedAt: string
}

/** Where a race's waiting room stands now (`queueOf`): the panel's view and the bench's invariants. */
export interface QaQueueReport {
  raceId: number
  places: number
  /** Places paid (the race's entrants), held, and promised by admissions not yet used. */
  paid: number
  held: number
  admitted: number
  /** Tickets, and how many are in each state as their athletes would be answered now. */
  tickets: number
  states: Record<TicketState, number>
  /** Every admission still on its ticket (one joining again loses its earlier one), in the order given. */
  admissions: QaAdmission[]
}

/** Why an import was refused; the data is untouched. */
export type QaImportRefusal = 'not_json' | 'not_a_pettorale_export' | 'other_version' | 'invalid_records'

export interface QaApi {
  state(): Promise<QaState>
  personas(): Promise<QaPersona[]>

  setNow(at: string): Promise<void>
  clockPresets(): Promise<QaRaceClock[]>

  /** The races not yet run, by start. */
  races(): Promise<QaRace[]>
  /** Other athletes take every place of a race but `left` (none by default: direct entry is sold out). */
  fillRace(raceId: number, left?: number): Promise<void>
  /** The organiser revises a race's waiver; answers the new version. */
  reviseWaiver(raceId: number): Promise<string>
  /**
   * Stages an opening rush: `athletes` eligible athletes each with a live session, and a race with a
   * waiting room as asked. Answers the race and the athletes' bearer tokens.
   */
  stageRush(options: QaRushOptions): Promise<{ raceId: number; tokens: string[] }>
  /** Where a race's waiting room stands, moved to now first (as any request would). */
  queueOf(raceId: number): Promise<QaQueueReport>
  /**
   * Draws a race's lottery now, whatever its draw date (issue 23): the drawn get their payment
   * links, the others a wait-list position. Drawn already: answers what was drawn.
   */
  drawLottery(raceId: number): Promise<QaDrawReport>
  /** One of a race's entrants without an account withdraws: the place is offered from the wait list. */
  freePlace(raceId: number): Promise<void>

  fault(target: QaTarget, fault: QaFault | null): Promise<void>
  latency(target: QaTarget, ms: number | null): Promise<void>
  clearFaults(): Promise<void>

  pending(): Promise<QaPendingReview>
  reviewCertificate(athleteId: number, verdict: CertificateVerdict): Promise<void>
  reviewExperience(reportId: number, verdict: ReviewVerdict, reason?: RejectionReason): Promise<void>
  settlePayment(paymentId: string, outcome: 'authorised' | 'declined', reason?: PaymentDeclineReason): Promise<void>

  mailbox(): Promise<QaMail[]>
  requests(): Promise<QaRequestLogEntry[]>

  /** The whole mock database (its changes over the seed) and the clock as a JSON text to save. */
  exportDatabase(): Promise<string>
  importDatabase(text: string): Promise<{ ok: true } | { ok: false; refusal: QaImportRefusal }>
  /** Back to the seed: data, clock, faults, log. */
  reset(): Promise<void>

  /** Called after any change (by this page, another tab or another QA engineer on the server). */
  subscribe(listener: () => void): () => void
}
