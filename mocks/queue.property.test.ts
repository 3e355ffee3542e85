// @vitest-environment node
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { SECOND_MS } from '../contracts/time'
import { db } from './db'
import { controls } from './node'
import { createProvider, type CheckoutOutcome } from './provider'
import { stageRush } from './queue-stage'
import { api, bearer, get, post } from './test-api'
import '../tests/setup/mock-backend'

/**
 * Issue 22's property: whatever the interleaving of joins, admissions (by the rate, as the clock
 * moves), held places, card payments started, authorised, declined or cancelled at the provider,
 * their settlements, expiries by the clock and athletes leaving, the simulated backend never
 * promises more places than the race has (paid + held + admitted <= posti, at every step), never
 * charges an athlete without a place, and never charges one twice.
 */

/**
 * - `next`: the athlete's next move on the happy path, as its ticket stands: join (again, once
 *   ended), take the held place once admitted, start the card payment within it, have the checkout
 *   decide it (`outcome`);
 * - `join`, `hold`, `start`, `decide`, `leave`: the same moves out of turn (a second tab, a stale
 *   admission, paying without a hold, a late checkout, giving up);
 * - `tick`: the clock moves on (around the deadlines, mostly).
 */
type Step =
  | { kind: 'next' | 'decide'; who: number; outcome: CheckoutOutcome }
  | { kind: 'join' | 'hold' | 'start' | 'leave'; who: number }
  | { kind: 'tick'; seconds: number }

const ATHLETES = 3
const who = fc.integer({ min: 0, max: ATHLETES - 1 })
const outcome = fc.constantFrom<CheckoutOutcome>('authorised', 'authorised', 'declined', 'cancelled')
const act = (kind: 'join' | 'hold' | 'start' | 'leave') => ({ weight: 1, arbitrary: fc.record({ kind: fc.constant(kind), who }) })
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('next' as const), who, outcome }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('decide' as const), who, outcome }) },
  act('join'),
  act('hold'),
  act('start'),
  act('leave'),
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('tick' as const), seconds: fc.oneof(fc.constantFrom(2, 15, 29, 31, 59, 61, 299, 301, 599, 601), fc.integer({ min: 1, max: 700 })) }) },
)

const coda = (raceId: number) => `/api/v1/vdatrailers/gara/${String(raceId)}/coda`

/** What the database holds of the race, read from the records (not from the engine's index). */
function ledgerOf(raceId: number) {
  const race = db.races.findFirst((q) => q.where({ id: raceId }))!
  const tickets = db.queueTickets.findMany((q) => q.where({ race_id: raceId }))
  const payments = db.payments.findMany((q) => q.where({ project_id: raceId }))
  const charged = db.transactions.findMany((q) => q.where({ gara_id: raceId, stato: 'paid' }))
  return {
    race,
    paid: race.iscritti,
    held: tickets.filter((ticket) => ticket.stato === 'posto').length,
    admitted: tickets.filter((ticket) => ticket.stato === 'ammesso').length,
    paidTickets: new Set(tickets.filter((ticket) => ticket.stato === 'pagato').map((ticket) => ticket.athlete_id)),
    successes: payments.filter((payment) => payment.stato === 'success').map((payment) => payment.athlete_id),
    charged: charged.map((line) => line.athlete_id),
    entrants: db.entrants.findMany((q) => q.where({ race_id: raceId })).length,
    payments,
  }
}

function expectInvariants(raceId: number): void {
  const ledger = ledgerOf(raceId)
  // Never more promised than the places.
  expect(ledger.paid + ledger.held + ledger.admitted).toBeLessThanOrEqual(ledger.race.posti)
  // Every place paid is one entrant, one paid ticket, one payment taken, one line charged.
  expect(ledger.entrants).toBe(ledger.paid)
  expect(ledger.paidTickets.size).toBe(ledger.paid)
  expect([...ledger.successes].sort()).toEqual([...ledger.paidTickets].sort())
  // Never charged twice, never charged without a place.
  expect(new Set(ledger.charged).size).toBe(ledger.charged.length)
  for (const athleteId of ledger.charged) expect(ledger.paidTickets.has(athleteId)).toBe(true)
}

describe('the waiting room under any interleaving', () => {
  it('never oversells, never charges without a place, never charges twice', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
    const provider = createProvider(controls.now, () => undefined)
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          places: fc.integer({ min: 1, max: 3 }),
          rate: fc.constantFrom(1, 4, 60),
          admissionSeconds: fc.constantFrom(30, 300),
          holdSeconds: fc.constantFrom(60, 600),
          steps: fc.array(step, { minLength: 10, maxLength: 30, size: 'max' }),
        }),
        async ({ places, rate, admissionSeconds, holdSeconds, steps }) => {
          // Each run stages its own race and athletes; the clock starts half a minute before the opening.
          const start = controls.now()
          const { raceId, tokens } = await stageRush({
            athletes: ATHLETES,
            places,
            admissionsPerMinute: rate,
            admissionSeconds,
            holdSeconds,
            roomOpensAt: new Date(start).toISOString(),
            registrationOpensAt: new Date(start + 30 * SECOND_MS).toISOString(),
          })
          const race = db.races.findFirst((q) => q.where({ id: raceId }))!
          const athleteOf = (token: string) => db.sessions.findFirst((q) => q.where({ token }))!.athlete_id
          for (const [index, action] of steps.entries()) {
            let status = 0
            if (action.kind === 'tick') {
              controls.setNow(controls.now() + action.seconds * SECOND_MS)
            } else {
              const token = tokens[action.who]!
              const athleteId = athleteOf(token)
              const read = await get(token, coda(raceId))
              const ticket = read.body as { stato?: string; ammissione?: { token: string } }
              const payments = db.payments.findMany((q) => q.where({ athlete_id: athleteId, project_id: raceId, stato: 'pending' }))
              const undecided = payments.find((payment) => !payment.esito)
              let kind = action.kind
              if (kind === 'next') {
                if (read.status === 404 || ticket.stato === 'scaduto' || ticket.stato === 'uscito') kind = 'join'
                else if (ticket.stato === 'ammesso') kind = 'hold'
                else if (ticket.stato === 'posto' && undecided) kind = 'decide'
                else if (ticket.stato === 'posto' && payments.length === 0) kind = 'start'
              }
              status = read.status
              if (kind === 'join') status = (await post(token, coda(raceId), {})).status
              if (kind === 'leave') status = (await api(coda(raceId), { method: 'DELETE', headers: bearer(token) })).status
              if (kind === 'hold') {
                status = (await post(token, `/api/v1/vdatrailers/gara/${String(raceId)}/posto`, { ammissione: ticket.ammissione?.token ?? 'not-an-admission' })).status
              }
              if (kind === 'start') {
                await post(token, '/api/v1/vdatrailers/iscrizione', { project_id: raceId, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'Aosta' } })
                await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: raceId })
                status = (
                  await post(token, '/api/v1/vdatrailers/pagamenti', {
                    project_id: raceId,
                    opzione_rimborso: 'standard',
                    noleggio_gps: false,
                    totale_atteso: race.prezzo,
                    idempotency_key: `prop-${String(raceId)}-${String(index)}`,
                  })
                ).status
              }
              if (kind === 'decide' && undecided && 'outcome' in action) await provider.decide(undecided.pagamento_id, action.outcome)
            }
            // Every answer is one the contract allows (the mock fails its own answers otherwise).
            expect(status).not.toBe(500)
            expectInvariants(raceId)
          }
          // Long after: every decision settled, every hold ended one way or the other.
          controls.setNow(controls.now() + 3_600 * SECOND_MS)
          await get(tokens[0]!, coda(raceId))
          expectInvariants(raceId)
          const ledger = ledgerOf(raceId)
          expect(ledger.payments.filter((payment) => payment.stato === 'pending' && payment.esito === 'authorised')).toEqual([])
          // An authorisation not taken is voided with its reason, never left charged.
          for (const payment of ledger.payments.filter((candidate) => candidate.stato === 'failed' && candidate.esito === 'authorised')) {
            expect(payment.motivo).toMatch(/^(already_paid|hold_expired)$/)
          }
        },
      ),
      { numRuns: 100 },
    )
  }, 120_000)
})
