import { firstReleaseKept } from './first-release-kept'
import { describe, expect, it } from 'vitest'
import type { RegistrationDisplay } from '../rules/registration-display'
import { KeptProgressSchema, registrationPhase, restoreProgress, type KeptOwner, type RegistrationPhase } from './kept-progress'

const OWNER: KeptOwner = { athleteId: 1042, raceId: 203, phase: 'open' }

/** A progress as the current release keeps it (version 2), written out by hand. */
function progress(overrides: Record<string, unknown> = {}) {
  return {
    version: 2,
    athleteId: 1042,
    raceId: 203,
    phase: 'open',
    attempts: 1,
    step: 'payment',
    choices: { dataConfirmed: true, rulesAccepted: true, refund: 'protetto', gps: true, extra: { navetta: 'Cogne', kit: true } },
    attempt: { refund: 'protetto', gps: true, key: '0b6f7c1e-5d8a-4c47-9a0e-2f3b1c9d4e21.1', expectedTotal: 10150, paymentId: null },
    ...overrides,
  }
}

const answers = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`domanda_${String(i)}`, i % 2 === 0]))

describe('restoreProgress: what a kept value means for the wizard opening now', () => {
  it.each([null, undefined])('%s kept: a fresh wizard', (raw) => {
    expect(restoreProgress(raw, OWNER)).toEqual({ kind: 'fresh' })
  })

  it("this athlete's progress in this race and phase: kept, as it was", () => {
    const raw = progress()
    expect(restoreProgress(raw, OWNER)).toEqual({ kind: 'kept', progress: raw })
  })

  it('comes back from JSON, as the browser keeps it', () => {
    const raw = JSON.parse(JSON.stringify(progress({ step: 'confirming', attempt: { refund: 'protetto', gps: true, key: 's.1', expectedTotal: 8500, paymentId: 'PAY-1' } }))) as unknown
    expect(restoreProgress(raw, OWNER)).toMatchObject({ kind: 'kept', progress: { step: 'confirming', attempt: { paymentId: 'PAY-1' } } })
  })

  it.each<RegistrationPhase>(['before', 'full', 'over'])('kept while the registration was open, now %s: stale, dropped without a word', (phase) => {
    expect(restoreProgress(progress(), { ...OWNER, phase })).toEqual({ kind: 'stale' })
  })

  it.each<[string, unknown]>([
    ["another athlete's", progress({ athleteId: 7 })],
    ["another race's", progress({ raceId: 204 })],
    ['an older version', progress({ version: 1 })],
    ['a newer version', progress({ version: 3 })],
    ['no version', { ...progress(), version: undefined }],
    ['a step since renamed', progress({ step: 'waiver' })],
    ['an interpreter snapshot', { status: 'active', value: { wizard: 'gps' }, context: { raceId: 203, athleteId: 1042 } }],
    ['a string', 'wizard.gps'],
    ['a number', 42],
    ['true', true],
    ['an empty object', {}],
    ['an array', [progress()]],
    ['a refund option that does not exist', progress({ choices: { ...progress().choices, refund: 'totale' } })],
    ['a total in euros with cents', progress({ attempt: { refund: 'protetto', gps: true, key: 's.1', expectedTotal: 101.5, paymentId: null } })],
    ['a negative total', progress({ attempt: { refund: 'protetto', gps: true, key: 's.1', expectedTotal: -1, paymentId: null } })],
    ['an empty key', progress({ attempt: { refund: 'protetto', gps: true, key: '', expectedTotal: 10150, paymentId: null } })],
    ['a phase that does not exist', progress({ phase: 'closing' })],
  ])('%s: unreadable, dropped and said', (_, raw) => {
    expect(restoreProgress(raw, OWNER)).toEqual({ kind: 'unreadable' })
  })

  describe('what the first releases kept (key pettorale.enrolment.v1.*), as the browser gives it back', () => {
    /** The interpreter's whole snapshot at the GPS step, wrapped with the phase, as XState persisted it. */
    const firstRelease = (wizardStep: string) => firstReleaseKept(203, 1042, wizardStep)

    it.each<[string, unknown]>([
      ['a raw XState snapshot of this athlete, race and phase', firstRelease('gps')],
      ['a snapshot at a step that no longer exists', firstRelease('tracker')],
      ['garbage that is not JSON, given back as the string it is', '{"phase":"open","snapshot":'],
    ])('%s: unreadable, dropped and said, never kept nor stale', (_, raw) => {
      expect(restoreProgress(raw, OWNER)).toEqual({ kind: 'unreadable' })
    })
  })

  it("another athlete's progress is unreadable even from another phase: never mistaken for stale", () => {
    expect(restoreProgress(progress({ athleteId: 7, phase: 'before' }), OWNER)).toEqual({ kind: 'unreadable' })
  })
})

describe('the schema keeps a tampered store from making the wizard carry megabytes', () => {
  it('a 100 KB key seed is refused', () => {
    expect(restoreProgress(progress({ attempt: { refund: 'protetto', gps: true, key: 'k'.repeat(100_000), expectedTotal: 10150, paymentId: null } }), OWNER)).toEqual({ kind: 'unreadable' })
  })

  it('a 100 KB attempt key or payment id is refused', () => {
    const big = 'k'.repeat(100_000)
    expect(KeptProgressSchema.safeParse(progress({ attempt: { refund: 'protetto', gps: true, key: big, expectedTotal: 10150, paymentId: null } })).success).toBe(false)
    expect(KeptProgressSchema.safeParse(progress({ attempt: { refund: 'protetto', gps: true, key: 's.1', expectedTotal: 10150, paymentId: big } })).success).toBe(false)
  })

  it('a key of 255 characters is taken, 256 is not', () => {
    const withKey = (key: string) => progress({ attempt: { refund: 'protetto', gps: true, key, expectedTotal: 10150, paymentId: null } })
    expect(KeptProgressSchema.safeParse(withKey('k'.repeat(255))).success).toBe(true)
    expect(KeptProgressSchema.safeParse(withKey('k'.repeat(256))).success).toBe(false)
  })

  it('100 answers are taken, 101 are refused', () => {
    const withAnswers = (count: number) => progress({ choices: { ...progress().choices, extra: answers(count) } })
    expect(restoreProgress(withAnswers(100), OWNER).kind).toBe('kept')
    expect(restoreProgress(withAnswers(101), OWNER)).toEqual({ kind: 'unreadable' })
  })

  it('a 100 KB answer, or a question named with 100 KB, is refused', () => {
    const big = 'x'.repeat(100_000)
    const withExtra = (extra: Record<string, unknown>) => progress({ choices: { ...progress().choices, extra } })
    expect(KeptProgressSchema.safeParse(withExtra({ navetta: big })).success).toBe(false)
    expect(KeptProgressSchema.safeParse(withExtra({ [big]: true })).success).toBe(false)
  })

  it('an answer is a choice or a checkbox, never an object', () => {
    const extra = { navetta: { nested: 'Cogne' } }
    expect(KeptProgressSchema.safeParse(progress({ choices: { ...progress().choices, extra } })).success).toBe(false)
  })


  it.each([0, -3, 1.5])('an athlete or race id of %d is refused', (id) => {
    expect(KeptProgressSchema.safeParse(progress({ athleteId: id })).success).toBe(false)
    expect(KeptProgressSchema.safeParse(progress({ raceId: id })).success).toBe(false)
  })
})

describe('registrationPhase: the window a kept wizard belongs to', () => {
  it.each<[RegistrationDisplay, RegistrationPhase]>([
    [{ kind: 'opening', unit: 'days', count: 3 }, 'before'],
    [{ kind: 'open' }, 'open'],
    [{ kind: 'closing', hoursLeft: 5 }, 'open'],
    [{ kind: 'full' }, 'full'],
    [{ kind: 'closed' }, 'over'],
    [{ kind: 'live' }, 'over'],
  ])('%o is %s', (display, phase) => {
    expect(registrationPhase(display)).toBe(phase)
  })
})
