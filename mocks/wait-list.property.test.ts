// @vitest-environment node
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { SECOND_MS } from '../contracts/time'
import { db } from './db'
import { controls } from './node'
import { createProvider, type CheckoutOutcome } from './provider'
import { api, bearer, post, stageWaitListRace } from './test-api'
import { freeOnePlace } from './wait-list'
import '../tests/setup/mock-backend'

/**
 * Issue 23's property (decision 038): whatever the interleaving of athletes joining and leaving a
 * sold-out race's wait list, places coming back, enrolments and card payments started and decided
 * at the provider, and the clock moving past offers' deadlines, no place is ever offered to two
 * athletes at once, and no more places are offered or taken than came back.
 */

type Step =
  | { kind: 'join' | 'leave' | 'pay'; who: number }
  | { kind: 'decide'; who: number; outcome: CheckoutOutcome }
  | { kind: 'free' }
  | { kind: 'tick'; seconds: number }

const ATHLETES = 4
const PLACES = 3
const OFFER_HOURS = 1
const who = fc.integer({ min: 0, max: ATHLETES - 1 })
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('join' as const), who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('leave' as const), who }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), who }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('decide' as const), who, outcome: fc.constantFrom<CheckoutOutcome>('authorised', 'authorised', 'declined', 'cancelled') }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('free' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('tick' as const), seconds: fc.constantFrom(2, 60, 1_799, 3_599, 3_601, 7_200) }) },
)

const REJOINED_AFTER_LAPSE: Step[] = [
  { kind: 'join', who: 0 },
  { kind: 'free' },
  { kind: 'pay', who: 0 },
  { kind: 'join', who: 2 },
  { kind: 'join', who: 1 },
  { kind: 'tick', seconds: 3_601 },
  { kind: 'join', who: 0 },
  { kind: 'decide', who: 0, outcome: 'authorised' },
  { kind: 'free' },
  { kind: 'leave', who: 0 },
  { kind: 'tick', seconds: 60 },
]

const list = (raceId: number) => `/api/v1/vdatrailers/gara/${String(raceId)}/lista_attesa`

/** A sold-out race keeping a wait list (no waiting room), its seats held by entrants without accounts. */
async function stageSoldOut(): Promise<{ raceId: number; tokens: string[] }> {
  const staged = await stageWaitListRace({ athletes: ATHLETES, places: PLACES, offerHours: OFFER_HOURS })
  await db.races.update((q) => q.where({ id: staged.raceId }), { data: (race) => void (race.iscritti = PLACES) })
  for (let bib = 1; bib <= PLACES; bib++) {
    await db.entrants.create({ race_id: staged.raceId, pettorale: bib, nome: `Runner ${String(bib)}`, nazionalita: 'IT', paese: 'IT', regione: null, categoria: 'SM', team: null })
  }
  return staged
}

function expectInvariants(raceId: number, freed: number): void {
  const race = db.races.findFirst((q) => q.where({ id: raceId }))!
  const entries = db.waitEntries.findMany((q) => q.where({ race_id: raceId }))
  const offers = entries.filter((entry) => entry.stato === 'offerta')
  const taken = entries.filter((entry) => entry.stato === 'iscritto')
  const entrants = db.entrants.findMany((q) => q.where({ race_id: raceId }))
  const withAccount = entrants.filter((row) => row.athlete_id !== undefined).map((row) => row.athlete_id)
  // One place, one offer: the places kept for offers are counted, never beyond the race's places.
  expect(race.iscritti).toBe(entrants.length + offers.length)
  expect(race.iscritti).toBeLessThanOrEqual(race.posti)
  // Never more offered or taken than came back.
  expect(offers.length + taken.length).toBeLessThanOrEqual(freed)
  // A place free while someone waits is a place not offered.
  if (entries.some((entry) => entry.stato === 'in_attesa')) expect(race.iscritti).toBe(race.posti)
  // Each athlete entered once, in a place that came back (offered, or free with nobody waiting);
  // everyone who took an offer among them.
  expect(new Set(withAccount).size).toBe(withAccount.length)
  expect(withAccount.length + offers.length).toBeLessThanOrEqual(freed)
  for (const entry of taken) expect(withAccount).toContain(entry.athlete_id)
  const charged = db.transactions.findMany((q) => q.where({ gara_id: raceId, stato: 'paid' })).map((line) => line.athlete_id)
  expect(charged.sort()).toEqual(withAccount.sort())
}

describe('the wait list under any interleaving', () => {
  it('never offers one place twice, nor more places than came back', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
    const provider = createProvider(controls.now, () => undefined)
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 40, size: 'max' }), async (steps) => {
        const { raceId, tokens } = await stageSoldOut()
        const race = db.races.findFirst((q) => q.where({ id: raceId }))!
        const athleteOf = (token: string) => db.sessions.findFirst((q) => q.where({ token }))!.athlete_id
        let freed = 0
        for (const [index, action] of steps.entries()) {
          let status = 0
          if (action.kind === 'tick') controls.setNow(controls.now() + action.seconds * SECOND_MS)
          else if (action.kind === 'free') {
            const before = db.entrants.findMany((q) => q.where({ race_id: raceId })).length
            await freeOnePlace(race, controls.now())
            freed += before - db.entrants.findMany((q) => q.where({ race_id: raceId })).length
          } else {
            const token = tokens[action.who]!
            if (action.kind === 'join') status = (await post(token, list(raceId), {})).status
            if (action.kind === 'leave') status = (await api(list(raceId), { method: 'DELETE', headers: bearer(token) })).status
            // A place free with nobody waiting is sold directly, outside the wait list: two cards
            // for its last seat at once are the direct sale's matter (place.property.test.ts), so
            // an athlete pays here only for a place offered, or asks for one of a full race.
            const full = race.posti <= db.races.findFirst((q) => q.where({ id: raceId }))!.iscritti
            const offered = db.waitEntries.findFirst((q) => q.where({ race_id: raceId, athlete_id: athleteOf(token), stato: 'offerta' })) !== undefined
            if (action.kind === 'pay' && (offered || full)) {
              await post(token, '/api/v1/vdatrailers/iscrizione', { project_id: raceId, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'Aosta' } })
              await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: raceId })
              status = (
                await post(token, '/api/v1/vdatrailers/pagamenti', {
                  project_id: raceId,
                  opzione_rimborso: 'standard',
                  noleggio_gps: false,
                  totale_atteso: race.prezzo,
                  idempotency_key: `wait-list-prop-${String(raceId)}-${String(index)}`,
                })
              ).status
            }
            if (action.kind === 'decide') {
              const open = db.payments.findMany((q) => q.where({ athlete_id: athleteOf(token), project_id: raceId, stato: 'pending' })).find((payment) => !payment.esito)
              if (open) await provider.decide(open.pagamento_id, action.outcome)
            }
          }
          // Every answer is one the contract allows (the mock fails its own answers otherwise).
          expect(status).not.toBe(500)
          // The settlements and deadlines due are applied before a request reads anything.
          await api(list(raceId), { headers: bearer(tokens[0]!) })
          expectInvariants(raceId, freed)
        }
        // Long after: every offer taken or lapsed, every authorisation settled.
        controls.setNow(controls.now() + 4 * OFFER_HOURS * 3_600 * SECOND_MS)
        await api(list(raceId), { headers: bearer(tokens[0]!) })
        expectInvariants(raceId, freed)
        for (const payment of db.payments.findMany((q) => q.where({ project_id: raceId, stato: 'failed', esito: 'authorised' }))) {
          expect(payment.motivo).toMatch(/^(already_paid|offer_expired)$/)
        }
      }),
      // The interleaving CI once drew (seed -1797694190): an offer lapsed while its card was at the
      // checkout, the athlete joined the line again and left it, and the card authorised meanwhile
      // took a place that was not there.
      { numRuns: 60, examples: [[REJOINED_AFTER_LAPSE]] },
    )
  }, 120_000)
})
