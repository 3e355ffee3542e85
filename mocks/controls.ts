/**
 * The simulated backend's control panel: its clock, and per-operation latency, faults and holds. QA
 * drives it from the browser console (`pettoraleMock`, see mocks/README.md), e2e tests through
 * `page.evaluate`, unit tests directly. In the browser its state survives reloads.
 */

import * as z from 'zod/mini'
import { allOperations, isOperationName, operationNames, type AnyOperation, type OperationName } from '../contracts'
import type { ErrorCodeOf } from '../contracts/operation'
import { RejectionReasonSchema, type ExperienceReportState, type RejectionReason } from '../contracts/experience.contract'
import { db, type AthleteRecord } from './db'
import { paxFor } from './pax'
import { findAthleteByMail } from './records'
import { nextWaiverVersion } from './seed/waiver'

export type Fault<Code extends string = string> =
  /** The request never gets an answer (a dropped connection). */
  | { kind: 'network' }
  /**
   * The server answers this status with a problem body (and `Retry-After` when given), whose code
   * is `code`, one the operation declares in its contract (a refusal the portal reads as the real
   * one), or `injected_fault` when none is given.
   */
  | { kind: 'status'; status: number; retryAfterS?: number; code?: Code }
  /** The server answers 200 with a body that is not JSON at all (a proxy's error page). */
  | { kind: 'notJson' }
  /** The server answers 200 with JSON that breaks the operation's contract. */
  | { kind: 'contract' }
  /** The server answers 401 as it does for a session token that has expired. */
  | { kind: 'expiredToken' }

/** The kinds of fault, as stored and as the QA route takes them (a status fault's code is checked per operation). */
export const FaultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('network') }),
  z.object({
    kind: z.literal('status'),
    status: z.number().check(z.int(), z.gte(400), z.lte(599)),
    retryAfterS: z.optional(z.number().check(z.int(), z.nonnegative())),
    code: z.optional(z.string()),
  }),
  z.object({ kind: z.literal('notJson') }),
  z.object({ kind: z.literal('contract') }),
  z.object({ kind: z.literal('expiredToken') }),
])
const FAULT_KINDS: ReadonlyArray<Fault['kind']> = ['network', 'status', 'notJson', 'contract', 'expiredToken']

/** The operation of a name, with its literal types. */
type OperationNamed<N extends OperationName> = Extract<AnyOperation, { name: N }>
/**
 * A fault of one operation: a status fault's code is one of that operation's error codes (none
 * when it declares none, nor for `'*'`).
 */
export type FaultOf<N extends Target> = Fault<N extends OperationName ? Extract<ErrorCodeOf<OperationNamed<N>>, string> : never>

/** Where a fault or a latency applies: one operation, or `'*'` for every operation without its own. */
export type Target = OperationName | '*'

export interface ControlsState {
  /** Mock time minus real time, in ms. The mock clock runs, it is not frozen. */
  offsetMs: number
  faults: Partial<Record<Target, Fault>>
  latencyMs: Partial<Record<Target, number>>
  /** Operations whose requests wait at the backend until `release` lets them go on. */
  holds: OperationName[]
}

/** The controls as kept in localStorage: read back only when they still fit. */
const ControlsStateSchema = z.object({
  offsetMs: z.number(),
  faults: z.record(z.string(), FaultSchema),
  latencyMs: z.record(z.string(), z.number().check(z.nonnegative())),
  holds: z.array(z.string()),
})

/** Where the browser keeps the controls; another tab's write to it arrives as a `storage` event. */
export const CONTROLS_STORAGE_KEY = 'pettorale.mock.controls.v1'
type Listener = () => void

export function createControls(seedNowMs: number, realNow: () => number = Date.now) {
  const initial = (): ControlsState => ({ offsetMs: seedNowMs - realNow(), faults: {}, latencyMs: {}, holds: [] })
  const stored = readStored()
  let state: ControlsState = stored ?? initial()
  const listeners = new Set<Listener>()
  /**
   * The requests waiting at a hold, in this page (a request cannot outlive its page: only the hold
   * itself is kept across reloads).
   */
  const waiting = new Map<OperationName, Array<() => void>>()

  function letGo(operation: OperationName): number {
    const waiters = waiting.get(operation) ?? []
    waiting.delete(operation)
    for (const go of waiters) go()
    return waiters.length
  }

  function take(next: ControlsState) {
    state = next
    for (const listener of listeners) listener()
  }

  function commit(next: ControlsState) {
    if (typeof localStorage !== 'undefined' && typeof window !== 'undefined') {
      localStorage.setItem(CONTROLS_STORAGE_KEY, JSON.stringify(next))
    }
    take(next)
  }

  // The first page to find no clock starts the simulated day and keeps it, so a reload or another
  // tab goes on from there as a real day does, instead of starting again at the seed's "now".
  if (!stored) commit(state)

  return {
    now: (): number => realNow() + state.offsetMs,
    /** Moves the mock clock to an instant (ISO string or epoch ms); it keeps running from there. */
    setNow(at: string | number) {
      const target = typeof at === 'number' ? at : Date.parse(at)
      commit({ ...state, offsetMs: target - realNow() })
    },
    advance(ms: number) {
      commit({ ...state, offsetMs: state.offsetMs + ms })
    },
    /**
     * Makes every call of an operation (`athlete.me`, `auth.token`, ...) fail, or with `'*'` every
     * call of an operation without a fault of its own; `null` heals it. A status fault's `code` must
     * be one of the operation's error codes (QA types it in the console); `'*'` takes none.
     */
    fault<N extends Target>(operation: N, fault: FaultOf<N> | null) {
      checkOperation('fault', operation, true)
      if (fault !== null && !z.safeParse(FaultSchema, fault).success) {
        throw new TypeError(`pettoraleMock.fault: ${JSON.stringify(fault)} is not a fault (kinds: ${FAULT_KINDS.join(', ')})`)
      }
      if (fault?.kind === 'status' && fault.code !== undefined) checkFaultCode(operation, fault.code)
      const faults = { ...state.faults }
      if (fault) faults[operation] = fault
      else delete faults[operation]
      commit({ ...state, faults })
    },
    /** Delays an operation's answers; `'*'` sets the default for all; `null` removes the delay. */
    latency(operation: Target, ms: number | null) {
      checkOperation('latency', operation, true)
      const latencyMs = { ...state.latencyMs }
      if (ms === null) delete latencyMs[operation]
      else latencyMs[operation] = ms
      commit({ ...state, latencyMs })
    },
    /** Heals every fault and removes every latency (the clock and the holds stay). */
    clearFaults() {
      commit({ ...state, faults: {}, latencyMs: {} })
    },
    /**
     * Holds an operation: from now on each of its requests waits at the backend (after its latency,
     * before its fault and its answer) until `release`. A test catches an in-between state (an
     * upload under way, a payment being confirmed) for as long as it needs, instead of racing a delay.
     */
    hold(operation: OperationName) {
      checkOperation('hold', operation, false)
      if (!state.holds.includes(operation)) commit({ ...state, holds: [...state.holds, operation] })
    },
    /**
     * Stops holding an operation and lets the requests waiting at its hold go on; answers how many
     * there were.
     */
    release(operation: OperationName): number {
      checkOperation('release', operation, false)
      if (state.holds.includes(operation)) commit({ ...state, holds: state.holds.filter((held) => held !== operation) })
      return letGo(operation)
    },
    /** How many requests of an operation are waiting at its hold now. */
    held(operation: OperationName): number {
      checkOperation('held', operation, false)
      return waiting.get(operation)?.length ?? 0
    },
    /** For the handlers: settles at once unless the operation is held, else when it is released. */
    passHold(operation: string): Promise<void> {
      const name = operation as OperationName
      if (!state.holds.includes(name)) return Promise.resolve()
      return new Promise((resolve) => waiting.set(name, [...(waiting.get(name) ?? []), resolve]))
    },
    faultFor: (operation: string): Fault | undefined => state.faults[operation as OperationName] ?? state.faults['*'],
    latencyFor: (operation: string): number =>
      state.latencyMs[operation as OperationName] ?? state.latencyMs['*'] ?? 0,
    /** Back to the seed's "now", no faults, no latency, no holds (what waited at one goes on). */
    reset() {
      const held = [...waiting.keys()]
      commit(initial())
      for (const operation of held) letGo(operation)
    },
    /**
     * Another tab changed the controls (a `storage` event's new value): this page follows, so a
     * fault or a clock set from the panel holds in every tab. Requests waiting at a hold that tab
     * released go on.
     */
    takeRemote(raw: string | null) {
      const next = parseStored(raw) ?? initial()
      take(next)
      for (const operation of [...waiting.keys()]) if (!next.holds.includes(operation)) letGo(operation)
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    state: (): Readonly<ControlsState> => state,
  }
}

export type Controls = ReturnType<typeof createControls>

/** What a reviewer can decide about an uploaded medical certificate. */
export type CertificateVerdict = 'valido' | 'non_valido'
const VERDICTS: readonly CertificateVerdict[] = ['valido', 'non_valido']

/**
 * The controls that act on the data, standing in for the organiser's back office. `onChanged` runs
 * after each change, as after a handler, so the browser keeps it across reloads.
 */
export function createDataControls(onChanged: () => void, now: () => number) {
  return {
    /**
     * Reviews an athlete's uploaded certificate (the athlete by id or e-mail): `valido` makes it
     * valid until its expiry, `non_valido` asks the athlete for another. A renewal in review beside a
     * valid certificate is the one reviewed (decision 029): `valido` makes it the certificate,
     * `non_valido` marks it not valid and keeps the valid one.
     */
    async reviewCertificate(athlete: number | string, verdict: CertificateVerdict): Promise<void> {
      if (!VERDICTS.includes(verdict)) {
        throw new TypeError(`pettoraleMock.reviewCertificate: the verdict is 'valido' or 'non_valido', not ${JSON.stringify(verdict)}`)
      }
      const record = findAthlete(athlete)
      if (!record) throw new Error(`pettoraleMock.reviewCertificate: no athlete ${JSON.stringify(athlete)}`)
      if (!record.certificato_medico_file) {
        throw new Error(`pettoraleMock.reviewCertificate: athlete ${String(record.id)} has no uploaded certificate to review`)
      }
      try {
        await db.athletes.update((q) => q.where({ id: record.id }), {
          data(draft) {
            const renewal = draft.certificato_rinnovo
            if (renewal?.validazione_certificato === 'in_revisione') {
              // A renewal in review beside a valid certificate (decision 029): accepted, it replaces
              // the valid one; rejected, it stays beside it as not valid and the valid one counts on.
              if (verdict === 'valido') {
                draft.certificato_medico_file = renewal.certificato_medico_file
                draft.scadenza_certificato = renewal.scadenza_certificato
                draft.validazione_certificato = 'valido'
                draft.certificato_valido = true
                draft.certificato_rinnovo = null
              } else {
                draft.certificato_rinnovo = { ...renewal, validazione_certificato: 'non_valido' }
              }
              return
            }
            draft.validazione_certificato = verdict
            draft.certificato_valido = verdict === 'valido'
          },
        })
      } finally {
        onChanged()
      }
    },

    /**
     * Fills every place of a race but `left`, as other athletes would: with none left direct entry
     * is sold out; with one, two athletes paying at once meet over its last place (issue 40).
     */
    async fillRace(raceId: number, left = 0): Promise<void> {
      try {
        const filled = await db.races.update((q) => q.where({ id: raceId }), { data: (race) => void (race.iscritti = Math.max(0, race.posti - left)) })
        if (!filled) throw new Error(`pettoraleMock.fillRace: no race ${JSON.stringify(raceId)}`)
      } finally {
        onChanged()
      }
    },

    /**
     * The organiser changes a race's waiver text (a new version in every language): a signature of
     * the old text no longer counts, and the athlete is asked to sign again.
     */
    async reviseWaiver(raceId: number): Promise<string> {
      try {
        const revised = await db.races.update((q) => q.where({ id: raceId }), {
          data: (race) => void (race.liberatoria_versione = nextWaiverVersion(race.liberatoria_versione)),
        })
        if (!revised) throw new Error(`pettoraleMock.reviseWaiver: no race ${JSON.stringify(raceId)}`)
        return revised.liberatoria_versione
      } finally {
        onChanged()
      }
    },

    /**
     * Staff review an athlete's experience-race report: `accettata` counts it (towards the PAX if
     * the race qualifies), `respinta` turns it down with the reason the athlete is shown. The
     * athlete's PAX follows, as the back office would recompute it.
     */
    async reviewExperience(reportId: number, verdict: ReviewVerdict, reason: RejectionReason = 'risultati_non_trovati'): Promise<void> {
      if (!REVIEW_VERDICTS.includes(verdict)) {
        throw new TypeError(`pettoraleMock.reviewExperience: the verdict is 'accettata' or 'respinta', not ${JSON.stringify(verdict)}`)
      }
      if (!RejectionReasonSchema.options.includes(reason)) {
        throw new TypeError(`pettoraleMock.reviewExperience: no rejection reason ${JSON.stringify(reason)}`)
      }
      try {
        const reviewed = await db.experience.update((q) => q.where({ id: reportId }), {
          data(draft) {
            draft.stato = verdict
            draft.motivo = verdict === 'respinta' ? reason : null
          },
        })
        if (!reviewed) throw new Error(`pettoraleMock.reviewExperience: no report ${JSON.stringify(reportId)}`)
        const reports = db.experience.findMany((q) => q.where({ athlete_id: reviewed.athlete_id }))
        const { attivo } = paxFor(reports, db.races.all(), now())
        await db.athletes.update((q) => q.where({ id: reviewed.athlete_id }), { data: (athlete) => void (athlete.pax = attivo) })
      } finally {
        onChanged()
      }
    },
  }
}

/** What staff can decide about an experience-race report. */
export type ReviewVerdict = Exclude<ExperienceReportState, 'in_verifica'>
const REVIEW_VERDICTS: readonly ReviewVerdict[] = ['accettata', 'respinta']

export type DataControls = ReturnType<typeof createDataControls>

/** QA may type an id as a number or as digits; anything else is an e-mail. */
function findAthlete(athlete: number | string): AthleteRecord | undefined {
  if (typeof athlete === 'string' && !/^\d+$/.test(athlete.trim())) return findAthleteByMail(athlete)
  const id = Number(athlete)
  return db.athletes.findFirst((q) => q.where({ id }))
}

/**
 * QA types operation names in the console: a misspelt one would silently fault nothing, so it is
 * refused with the list of names.
 */
function checkOperation(control: string, operation: unknown, wildcard: boolean): void {
  if (isOperationName(operation) || (wildcard && operation === '*')) return
  const accepted = wildcard ? "an operation name or '*'" : 'an operation name'
  throw new TypeError(
    `pettoraleMock.${control}: ${JSON.stringify(operation)} is not ${accepted}. ` +
      `Operation names: ${[...operationNames].sort().join(', ')}`,
  )
}

/**
 * A status fault answers the code given as the operation's own: one it does not declare would be an
 * answer outside its contract, which the portal reads as no code at all, so it is refused with the
 * codes it declares.
 */
function checkFaultCode(operation: Target, code: unknown): void {
  const { errors } = allOperations.find((candidate) => candidate.name === operation) ?? {}
  if (typeof code === 'string' && errors && z.safeParse(errors, code).success) return
  const declared = errors && 'options' in errors && Array.isArray(errors.options) ? (errors.options as unknown[]) : []
  throw new TypeError(
    `pettoraleMock.fault: ${JSON.stringify(code)} is not an error code of ${operation}. ` +
      (declared.length > 0 ? `Its codes: ${declared.map(String).join(', ')}` : 'It declares none: leave `code` out.'),
  )
}

function readStored(): ControlsState | null {
  if (typeof localStorage === 'undefined' || typeof window === 'undefined') return null
  return parseStored(localStorage.getItem(CONTROLS_STORAGE_KEY))
}

/** Stored controls that no longer fit (kept by an older mock: a fault kind since renamed) are dropped. */
function parseStored(raw: string | null): ControlsState | null {
  if (!raw) return null
  try {
    const stored = z.safeParse(ControlsStateSchema, JSON.parse(raw))
    return stored.success ? (stored.data as ControlsState) : null
  } catch {
    return null
  }
}
