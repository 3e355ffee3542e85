// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { outcomeOf, outcomeTable, percentile, planRush, processCpuSeconds, RUSH, rushViolations, type Admission, type RushEvidence } from './rush'

const OPENING = Date.parse('2026-03-01T09:00:00Z')
const ROOM = OPENING - RUSH.roomLeadMs
const at = (seconds: number) => new Date(OPENING + seconds * 1000).toISOString()

/** A run that kept every rule: two places, both paid by the drawn athletes; a later arrival sold out. */
function cleanRun(): RushEvidence {
  return {
    places: 2,
    athletes: [
      { behaviour: 'pays', ticket: 'Q-1', drawn: true, joinedAt: OPENING - 5_000, leftAt: null, outcome: 'paid' },
      { behaviour: 'pays', ticket: 'Q-2', drawn: true, joinedAt: OPENING - 9_000, leftAt: null, outcome: 'paid' },
      { behaviour: 'pays', ticket: 'Q-3', drawn: false, joinedAt: OPENING + 2_000, leftAt: null, outcome: 'soldOut' },
    ],
    counts: [
      { places: 2, paid: 0, held: 1, admitted: 1 },
      { places: 2, paid: 2, held: 0, admitted: 0 },
    ],
    admissions: [
      { ticket: 'Q-2', athleteId: 2, drawn: true, joinedAt: at(-9), admittedAt: at(0) },
      { ticket: 'Q-1', athleteId: 1, drawn: true, joinedAt: at(-5), admittedAt: at(0) },
    ],
    payments: [
      { athleteId: 1, stato: 'success' },
      { athleteId: 2, stato: 'failed' },
      { athleteId: 2, stato: 'success' },
    ],
    entrants: [1, 2],
    raceEntrants: 2,
    seen: [],
  }
}

const arrival = (ticket: string, athleteId: number, joined: number, admitted: number): Admission => ({
  ticket,
  athleteId,
  drawn: false,
  joinedAt: at(joined),
  admittedAt: at(admitted),
})

describe('the opening rush: the plan', () => {
  it('is the same for the same seed, with every behaviour and the arrivals around the opening', () => {
    const plans = planRush(OPENING, ROOM, RUSH)
    expect(planRush(OPENING, ROOM, RUSH)).toEqual(plans)
    expect(plans).toHaveLength(10_000)
    for (const [behaviour, share] of RUSH.behaviours) {
      expect(plans.filter((plan) => plan.behaviour === behaviour).length / plans.length).toBeCloseTo(share, 1)
    }
    const before = plans.filter((plan) => plan.joinAt < OPENING)
    expect(before.length / plans.length).toBeCloseTo(RUSH.beforeShare, 1)
    expect(Math.min(...plans.map((plan) => plan.joinAt))).toBeGreaterThanOrEqual(OPENING - 30_000)
    expect(Math.max(...plans.map((plan) => plan.joinAt))).toBeLessThanOrEqual(OPENING + 30_000)
    expect(plans.filter((plan) => plan.knockAt !== null).every((plan) => plan.knockAt! < ROOM)).toBe(true)
    expect(plans.some((plan) => plan.twoTabs)).toBe(true)
    expect(plans.filter((plan) => plan.declinedFirst).every((plan) => plan.behaviour === 'pays')).toBe(true)
  })

  it('pays within the hold unless it means to pay late', () => {
    const holdMs = RUSH.holdSeconds * 1000
    for (const plan of planRush(OPENING, ROOM, RUSH)) {
      if (plan.behaviour === 'pays') expect(plan.wizardMs + plan.checkoutMs).toBeLessThan(holdMs)
      expect(plan.thinkMs).toBeLessThan(RUSH.admissionSeconds * 1000)
    }
  })
})

describe('the opening rush: outcomes', () => {
  it("reads a ticket's outcome, none while it can still change", () => {
    expect(outcomeOf({ stato: 'pagato' })).toBe('paid')
    expect(outcomeOf({ stato: 'scaduto', motivo: 'admission_expired' })).toBe('admissionExpired')
    expect(outcomeOf({ stato: 'scaduto', motivo: 'hold_expired' })).toBe('holdExpired')
    expect(outcomeOf({ stato: 'uscito' })).toBe('left')
    expect(outcomeOf({ stato: 'esaurito', definitivo: true })).toBe('soldOut')
    expect(outcomeOf({ stato: 'esaurito', definitivo: false })).toBeNull()
    for (const stato of ['in_sala', 'in_coda', 'ammesso', 'posto'] as const) expect(outcomeOf({ stato })).toBeNull()
  })

  it('tables the outcomes by behaviour, with the totals and those without one', () => {
    const table = outcomeTable([
      { behaviour: 'pays', outcome: 'paid' },
      { behaviour: 'pays', outcome: 'soldOut' },
      { behaviour: 'abandons', outcome: 'admissionExpired' },
      { behaviour: 'leaves', outcome: null },
    ]).split('\n')
    expect(table[0]!.trim().split(/\s{2,}/)).toEqual(['paid', 'hold expired', 'admission expired', 'sold out', 'left', 'no outcome', 'athletes'])
    const cells = (label: string) => table.find((line) => line.startsWith(label))!.trim().split(/\s+/).slice(-7).map(Number)
    expect(cells('pays ')).toEqual([1, 0, 0, 1, 0, 0, 2])
    expect(cells('abandons')).toEqual([0, 0, 1, 0, 0, 0, 1])
    expect(cells('leaves')).toEqual([0, 0, 0, 0, 0, 1, 1])
    expect(cells('all')).toEqual([1, 0, 1, 1, 0, 1, 4])
  })

  it('takes the nearest-rank percentile', () => {
    const values = Array.from({ length: 100 }, (_, index) => 100 - index)
    expect(percentile(values, 0.5)).toBe(50)
    expect(percentile(values, 0.95)).toBe(95)
    expect(percentile(values, 0.99)).toBe(99)
    expect(percentile([7], 0.95)).toBe(7)
  })
})

describe('the opening rush: the invariants', () => {
  it('finds nothing broken in a run that kept every rule', () => {
    expect(rushViolations(cleanRun())).toEqual([])
  })

  it('finds places sold beyond the race, at the end or in the live counts', () => {
    expect(rushViolations({ ...cleanRun(), entrants: [1, 2, 3] })).toEqual([expect.stringMatching(/^places sold beyond/)])
    expect(rushViolations({ ...cleanRun(), raceEntrants: 3 })).toEqual([expect.stringMatching(/^places sold beyond/)])
    const counts = [{ places: 2, paid: 2, held: 1, admitted: 0 }]
    expect(rushViolations({ ...cleanRun(), counts })).toEqual([expect.stringMatching(/^places promised beyond/)])
  })

  it('finds an athlete charged twice, or charged without a place', () => {
    const run = cleanRun()
    expect(rushViolations({ ...run, payments: [...run.payments, { athleteId: 1, stato: 'success' }] })).toEqual([
      expect.stringMatching(/^athletes charged twice: 1/),
    ])
    // Charged, but the ticket ran out: the payment should have been voided.
    const athletes = run.athletes.map((athlete) => (athlete.ticket === 'Q-1' ? { ...athlete, outcome: 'holdExpired' as const } : athlete))
    expect(rushViolations({ ...run, athletes })).toEqual([expect.stringMatching(/^athletes charged without a place: 1/)])
    // Charged, and no entry.
    expect(rushViolations({ ...run, entrants: [2] })).toEqual([expect.stringMatching(/^athletes charged without a place: 1/)])
    // Charged without ever being admitted.
    expect(rushViolations({ ...run, payments: [...run.payments, { athleteId: 9, stato: 'success' }] })).toEqual([
      expect.stringMatching(/^athletes charged without a place: 1 \(athlete 9\)/),
    ])
  })

  it('finds an athlete left without a definite outcome', () => {
    const run = cleanRun()
    const athletes = [...run.athletes, { behaviour: 'abandons' as const, ticket: 'Q-4', drawn: false, joinedAt: OPENING + 3_000, leftAt: null, outcome: null }]
    expect(rushViolations({ ...run, athletes })).toEqual([expect.stringMatching(/^athletes without a definite outcome: 1 \(#3 Q-4\)/)])
  })

  it('finds arrivals admitted out of turn: before one who arrived earlier, before the drawn, or past one still waiting', () => {
    const run = cleanRun()
    const athletes = [
      ...run.athletes,
      { behaviour: 'pays' as const, ticket: 'Q-5', drawn: false, joinedAt: Date.parse(at(4)), leftAt: null, outcome: 'paid' as const },
      { behaviour: 'pays' as const, ticket: 'Q-6', drawn: false, joinedAt: Date.parse(at(6)), leftAt: null, outcome: 'paid' as const },
    ]
    const inTurn = [...run.admissions, arrival('Q-5', 5, 4, 300), arrival('Q-6', 6, 6, 310)]
    // Q-3 arrived at +2 s and is sold out: admitting Q-5 (+4 s) skipped it.
    expect(rushViolations({ ...run, athletes, admissions: inTurn })).toEqual([expect.stringMatching(/^arrivals after the opening admitted out of turn: 1 \(Q-3 waiting/)])
    // Unless Q-3 had left the line before.
    const left = athletes.map((athlete) => (athlete.ticket === 'Q-3' ? { ...athlete, outcome: 'left' as const, leftAt: Date.parse(at(200)) } : athlete))
    expect(rushViolations({ ...run, athletes: left, admissions: inTurn })).toEqual([])
    const swapped = [...run.admissions, arrival('Q-5', 5, 4, 310), arrival('Q-6', 6, 6, 300)]
    expect(rushViolations({ ...run, athletes: left, admissions: swapped })).toEqual([expect.stringMatching(/^arrivals .*: 1 \(Q-5 admitted after Q-6, who arrived later\)/)])
    const drawnLate = [arrival('Q-5', 5, 4, 300), arrival('Q-6', 6, 6, 310), ...run.admissions.map((admission) => ({ ...admission, admittedAt: at(400) }))]
    expect(rushViolations({ ...run, athletes: left, admissions: drawnLate })).toEqual([expect.stringMatching(/^arrivals .*: 2 \(Q-2 drawn, admitted after an arrival/)])
  })

  it('reports what the clients saw go wrong', () => {
    expect(rushViolations({ ...cleanRun(), seen: ["a second tab's join answered 201 for Q-1"] })).toEqual([expect.stringMatching(/^seen by the clients: 1/)])
  })
})

describe('the rush: the server’s CPU time', () => {
  it('reads a process’s user and system time, as Node counts its own', () => {
    const { user, system } = process.cpuUsage()
    // /proc counts in hundredths of a second: the two readings agree within that and the moment between them.
    expect(processCpuSeconds(process.pid)).toBeCloseTo((user + system) / 1_000_000, 1)
  })

  it('has no figure for a process it cannot read', () => {
    expect(processCpuSeconds(undefined)).toBeNull()
    // Above Linux's highest process id (2^22).
    expect(processCpuSeconds(2 ** 22 + 1)).toBeNull()
  })
})
