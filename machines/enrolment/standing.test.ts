import { describe, expect, it } from 'vitest'
import type { Profile, Subscription } from '../../contracts/athlete.contract'
import { calendarDayInRome, DAY_MS } from '../../contracts/time'
import type { AthleteRecord, RaceRecord } from '../../mocks/db'
import { createSeed, PERSONAS, SEED_NOW_MS, SEED_RACE_IDS, type Persona } from '../../mocks/seed'
import { makeIncompleteProfile, makeProfile } from '../session/test-harness'
import type { GateRace } from './eligibility'
import { raceStanding, type RaceStanding, type StandingInput } from './standing'
import { OPEN_RACE, VALID_CERTIFICATE } from './test-fixtures'

const NOW = Date.parse('2026-03-02T08:00:00Z')
const TODAY = '2026-03-02'
const race = OPEN_RACE
const lotteryRace: GateRace = { ...race, ammissione: 'lotteria' }
const profile = (overrides: Partial<Profile> = {}) => makeProfile({ ...VALID_CERTIFICATE, data_nascita: '1990-05-04', ...overrides })
const subscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  project_id: 203,
  liberatoria: false,
  liberatoria_signed: null,
  pettorale: null,
  categoria: 'SF',
  pagato: false,
  opzione_rimborso: null,
  noleggio_gps: false,
  totale: null,
  ...overrides,
})
const paid = subscription({
  liberatoria: true,
  liberatoria_signed: '2026-02-20T18:58:00Z',
  pettorale: 57,
  pagato: true,
  opzione_rimborso: 'standard',
  totale: 85,
})
const signed = subscription({ liberatoria: true, liberatoria_signed: '2026-02-27T09:52:00Z', opzione_rimborso: 'standard', totale: 85 })

function standing(input: Partial<StandingInput> & { profile?: Profile; subscription?: Subscription | null }): RaceStanding {
  const { profile: who = profile(), subscription: place = null, ...rest } = input
  const now = rest.now ?? NOW
  return raceStanding({ race, athlete: { profile: who, subscription: place }, now, today: calendarDayInRome(now), ...rest })
}

describe("the athlete's standing with a race", () => {
  it('not signed in: the registration display, entered directly or by the lottery as a visitor would', () => {
    expect(raceStanding({ race, athlete: null, now: NOW, today: TODAY })).toEqual({ kind: 'registration', display: { kind: 'open' }, entry: 'direct' })
    expect(raceStanding({ race: lotteryRace, athlete: null, now: NOW, today: TODAY })).toMatchObject({ kind: 'registration', entry: 'lottery' })
  })

  it('nothing in the way: may enrol, directly', () => {
    expect(standing({})).toEqual({ kind: 'mayEnrol', display: { kind: 'open' }, entry: 'direct' })
  })

  it('a lottery race: may apply to the lottery without a PAX, enrols directly with one', () => {
    expect(standing({ race: lotteryRace })).toMatchObject({ kind: 'mayEnrol', entry: 'lottery' })
    expect(standing({ race: lotteryRace, profile: profile({ pax: true }) })).toMatchObject({ kind: 'mayEnrol', entry: 'direct' })
  })

  it('a lottery race with every place taken still takes applications: the draw is among applicants', () => {
    expect(standing({ race: { ...lotteryRace, iscritti: 350 } })).toMatchObject({ kind: 'mayEnrol', entry: 'lottery', display: { kind: 'full' } })
  })

  it('paid: enrolled, with the bib and category, whatever registration does now', () => {
    expect(standing({ subscription: paid })).toEqual({ kind: 'enrolled', bib: 57, category: 'SF', display: { kind: 'open' }, entry: 'direct' })
    const closed = Date.parse('2026-07-01T08:00:00Z')
    expect(standing({ subscription: paid, now: closed })).toMatchObject({ kind: 'enrolled', bib: 57, display: { kind: 'closed' } })
    expect(standing({ subscription: paid, race: { ...race, iscritti: 350 } })).toMatchObject({ kind: 'enrolled', display: { kind: 'full' } })
    expect(standing({ subscription: paid, now: Date.parse(race.data_evento) + 1000 })).toMatchObject({ kind: 'enrolled', display: { kind: 'live' } })
  })

  it('paid with no bib assigned yet: enrolled, bib null', () => {
    expect(standing({ subscription: { ...paid, pettorale: null } })).toMatchObject({ kind: 'enrolled', bib: null })
  })

  it('paid, even with a certificate expired since: still enrolled (the gate no longer applies)', () => {
    expect(standing({ subscription: paid, profile: profile({ scadenza_certificato: '2026-02-14' }) })).toMatchObject({ kind: 'enrolled' })
  })

  describe('a paid place the athlete left (issue 42)', () => {
    it.each([
      ['ritirata', 'withdrawn'],
      ['ceduta', 'passedOn'],
      ['rinviata', 'deferred'],
    ] as const)('%s: left as %s, no entry and no bib, whatever registration does', (stato, left) => {
      expect(standing({ subscription: { ...paid, stato } })).toEqual({ kind: 'placeLeft', left, again: true, display: { kind: 'open' }, entry: 'direct' })
      const closed = Date.parse('2026-07-01T08:00:00Z')
      expect(standing({ subscription: { ...paid, stato }, now: closed })).toMatchObject({ kind: 'placeLeft', left, again: false, display: { kind: 'closed' } })
    })

    it('may take a new place only where the gate lets the athlete in', () => {
      const withdrawn = { ...paid, stato: 'ritirata' as const }
      expect(standing({ subscription: withdrawn, race: { ...race, iscritti: 350 } })).toMatchObject({ kind: 'placeLeft', again: false })
      expect(standing({ subscription: withdrawn, profile: profile({ scadenza_certificato: '2026-02-14' }) })).toMatchObject({ kind: 'placeLeft', again: false })
      expect(standing({ subscription: withdrawn, race: lotteryRace })).toMatchObject({ kind: 'placeLeft', again: true, entry: 'lottery' })
    })

    it('taken again and not paid yet: a place to pay, not a place left', () => {
      expect(standing({ subscription: subscription({ stato: 'attiva' }) })).toMatchObject({ kind: 'placeToPay' })
    })
  })

  describe('a lottery application (issue 42)', () => {
    const application = subscription({ domanda_lotteria: true, opzione_rimborso: 'standard', liberatoria: true })
    const lotteria = { chiude: '2026-03-31T16:00:00Z', estrazione: '2026-04-02T10:00:00Z', posti: 280, pagamento_ore: 240, regola: 'raddoppio' as const }

    it('applied, waiting for the draw, also once registration has closed', () => {
      expect(standing({ race: lotteryRace, subscription: application })).toMatchObject({ kind: 'lotteryApplied', entry: 'lottery', draw: null })
      expect(standing({ race: lotteryRace, subscription: application, now: Date.parse('2026-07-01T08:00:00Z') })).toMatchObject({
        kind: 'lotteryApplied',
        display: { kind: 'closed' },
      })
    })

    it("with the race's draw: to come until its instant, due from it on", () => {
      const drawn = Date.parse(lotteria.estrazione)
      const withDraw = { ...lotteryRace, lotteria }
      expect(standing({ race: withDraw, subscription: application })).toMatchObject({ kind: 'lotteryApplied', draw: { at: lotteria.estrazione, done: false } })
      expect(standing({ race: withDraw, subscription: application, now: drawn - 1 })).toMatchObject({ draw: { done: false } })
      expect(standing({ race: withDraw, subscription: application, now: drawn })).toMatchObject({ kind: 'lotteryApplied', draw: { at: lotteria.estrazione, done: true } })
    })
  })

  it('a place taken and not paid: to pay by registration closing, at the step it needs', () => {
    expect(standing({ subscription: subscription() })).toEqual({
      kind: 'placeToPay',
      step: 'choices',
      deadline: race.chiusura_iscrizioni,
      byLink: false,
      display: { kind: 'open' },
      entry: 'direct',
    })
    expect(standing({ subscription: subscription({ opzione_rimborso: 'standard' }) })).toMatchObject({ step: 'disclaimer' })
    expect(standing({ subscription: signed })).toMatchObject({ step: 'payment', byLink: false })
  })

  it("with the organiser's payment link open: to pay by the link's expiry, by link", () => {
    const link = '2026-03-09T22:59:00Z'
    expect(standing({ subscription: { ...signed, scadenza_pagamento: link } })).toMatchObject({
      kind: 'placeToPay',
      step: 'payment',
      deadline: link,
      byLink: true,
    })
  })

  it('a link that outlasts registration: to pay by registration closing, still by link', () => {
    const link = '2026-07-05T21:59:00Z'
    expect(standing({ subscription: { ...signed, scadenza_pagamento: link } })).toMatchObject({ deadline: race.chiusura_iscrizioni, byLink: true })
  })

  it("a link past its expiry: the wizard's payment replaces it, by registration closing", () => {
    const link = '2026-03-01T22:59:00Z'
    expect(standing({ subscription: { ...signed, scadenza_pagamento: link } })).toMatchObject({
      kind: 'placeToPay',
      deadline: race.chiusura_iscrizioni,
      byLink: false,
    })
  })

  it('a place not paid by registration closing: registration is closed for it too', () => {
    expect(standing({ subscription: signed, now: Date.parse('2026-07-01T08:00:00Z') })).toMatchObject({ kind: 'registration', display: { kind: 'closed' } })
  })

  it.each([
    [{ certificato_medico_file: null, validazione_certificato: null, certificato_valido: null, scadenza_certificato: null }, 'certificate_missing'],
    [{ validazione_certificato: 'in_revisione' as const, certificato_valido: null }, 'certificate_in_review'],
    [{ validazione_certificato: 'non_valido' as const, certificato_valido: false }, 'certificate_not_valid'],
    [{ scadenza_certificato: '2026-02-14' }, 'certificate_expires_before_race'],
    [{ scadenza_certificato: '2026-07-10' }, 'certificate_expires_before_race'],
    [{ data_nascita: '2008-07-12' }, 'under_minimum_age'],
  ])('blocked by the gate: %j is %s', (overrides, code) => {
    const result = standing({ profile: profile(overrides) })
    expect(result).toMatchObject({ kind: 'blocked', entry: 'direct' })
    expect(result.kind === 'blocked' && result.refusals.map((refusal) => refusal.code)).toEqual([code])
  })

  it('blocked with the details the gate words: the expiry, the minimum age', () => {
    expect(standing({ profile: profile({ scadenza_certificato: '2026-02-14' }) })).toMatchObject({
      refusals: [{ code: 'certificate_expires_before_race', expiresOn: '2026-02-14' }],
    })
    expect(standing({ profile: profile({ data_nascita: '2010-01-01' }) })).toMatchObject({ refusals: [{ code: 'under_minimum_age', minimumAge: 18 }] })
  })

  it('blocked by an incomplete profile, every reason at once', () => {
    const result = standing({ profile: makeIncompleteProfile() })
    expect(result.kind).toBe('blocked')
    const codes = result.kind === 'blocked' ? result.refusals.map((refusal) => refusal.code) : []
    expect(codes).toContain('profile_incomplete')
    expect(codes).toContain('certificate_missing')
  })

  it('blocked, with a place to pay: the wizard that would take the payment asks for the certificate first', () => {
    expect(standing({ subscription: signed, profile: profile({ scadenza_certificato: '2026-02-14' }) })).toMatchObject({ kind: 'blocked' })
  })

  it('registration not open, closed, sold out or under way: the registration display, even for an athlete the gate would refuse', () => {
    const expired = profile({ scadenza_certificato: '2026-02-14' })
    expect(standing({ now: Date.parse('2026-01-30T08:00:00Z'), profile: expired })).toMatchObject({
      kind: 'registration',
      display: { kind: 'opening', unit: 'days', count: 3 },
    })
    expect(standing({ now: Date.parse('2026-07-01T08:00:00Z'), profile: expired })).toMatchObject({ kind: 'registration', display: { kind: 'closed' } })
    expect(standing({ race: { ...race, iscritti: 350 } })).toMatchObject({ kind: 'registration', display: { kind: 'full' } })
    expect(standing({ now: Date.parse(race.data_evento) + 1000 })).toMatchObject({ kind: 'registration', display: { kind: 'live' } })
  })

  describe('a PAX that no longer holds', () => {
    it('the PAX is good until the flagship closes: then registration is closed, not direct entry', () => {
      const closed = Date.parse(lotteryRace.chiusura_iscrizioni) + DAY_MS
      expect(standing({ race: lotteryRace, profile: profile({ pax: true }), now: closed })).toMatchObject({
        kind: 'registration',
        display: { kind: 'closed' },
      })
    })

    it('a PAX the backend no longer grants: the lottery again', () => {
      expect(standing({ race: lotteryRace, profile: profile({ pax: false }) })).toMatchObject({ kind: 'mayEnrol', entry: 'lottery' })
    })

    it('a direct place taken with the PAX stays a place to pay: the subscription says of itself it is no application', () => {
      expect(standing({ race: lotteryRace, profile: profile({ pax: false }), subscription: signed })).toMatchObject({ kind: 'placeToPay', step: 'payment' })
    })
  })
})

describe("the personas' standings at the seed's now (2 March 2026, 09:00 in Rome)", () => {
  const seed = createSeed()
  const raceOf = (id: number): RaceRecord => seed.races.find((candidate) => candidate.id === id)!
  const athleteOf = (key: Persona['key']): AthleteRecord => {
    const id = PERSONAS.find((persona) => persona.key === key)!.athleteId
    return seed.athletes.find((candidate) => candidate.id === id)!
  }
  /** The athlete's subscription to the race as the backend sends it, with its open payment link's expiry. */
  const subscriptionOf = (athleteId: number, raceId: number): Subscription | null => {
    const record = seed.subscriptions.find((row) => row.athlete_id === athleteId && row.project_id === raceId)
    if (!record) return null
    const link = seed.payments.find(
      (payment) => payment.athlete_id === athleteId && payment.project_id === raceId && payment.stato === 'pending' && payment.link_code !== null,
    )
    return { ...record, scadenza_pagamento: !record.pagato && link?.scade != null ? new Date(link.scade).toISOString() : null }
  }
  const standingOf = (key: Persona['key'], raceId: number) => {
    const athlete = athleteOf(key)
    return raceStanding({
      race: raceOf(raceId),
      athlete: { profile: athlete, subscription: subscriptionOf(athlete.id, raceId) },
      now: SEED_NOW_MS,
      today: calendarDayInRome(SEED_NOW_MS),
    })
  }

  it('completo is enrolled in the Sentiero dei Larici 2026 with bib 57', () => {
    expect(standingOf('completo', 202)).toMatchObject({ kind: 'enrolled', bib: 57 })
  })

  it('completo has a place in the Alte Vie di Cogne 2026 to complete (nothing chosen yet) by registration closing', () => {
    expect(standingOf('completo', 203)).toEqual({
      kind: 'placeToPay',
      step: 'choices',
      deadline: raceOf(203).chiusura_iscrizioni,
      byLink: false,
      display: { kind: 'open' },
      entry: 'direct',
    })
  })

  it("completo, with no PAX, would apply to the flagship's lottery", () => {
    expect(standingOf('completo', SEED_RACE_IDS.flagship)).toMatchObject({ kind: 'mayEnrol', entry: 'lottery' })
  })

  it("pax has the flagship's place, entered directly, to pay by the organiser's link before it lapses on 9 March", () => {
    expect(standingOf('pax', SEED_RACE_IDS.flagship)).toEqual({
      kind: 'placeToPay',
      step: 'payment',
      deadline: '2026-03-09T22:59:00.000Z',
      byLink: true,
      display: { kind: 'open' },
      entry: 'direct',
    })
  })

  it('pax may enrol in an open race directly', () => {
    expect(standingOf('pax', SEED_RACE_IDS.open)).toMatchObject({ kind: 'mayEnrol', entry: 'direct' })
  })

  it('scaduto is blocked by a certificate that expired on 14 February', () => {
    expect(standingOf('scaduto', SEED_RACE_IDS.open)).toMatchObject({
      kind: 'blocked',
      refusals: [{ code: 'certificate_expires_before_race', expiresOn: '2026-02-14' }],
    })
  })

  it('revisione is blocked by a certificate under review', () => {
    expect(standingOf('revisione', SEED_RACE_IDS.open)).toMatchObject({ kind: 'blocked', refusals: [{ code: 'certificate_in_review' }] })
  })

  it('nuovo is blocked by an incomplete profile and a missing certificate', () => {
    const result = standingOf('nuovo', SEED_RACE_IDS.open)
    expect(result.kind === 'blocked' && result.refusals.map((refusal) => refusal.code)).toEqual(['profile_incomplete', 'certificate_missing'])
  })

  it('a race whose registration opens in two weeks, a closed one, a sold-out one, one under way: the registration display for everyone', () => {
    for (const key of ['completo', 'scaduto', 'pax'] as const) {
      expect(standingOf(key, SEED_RACE_IDS.opening_days)).toMatchObject({ kind: 'registration', display: { kind: 'opening' } })
      expect(standingOf(key, SEED_RACE_IDS.closed)).toMatchObject({ kind: 'registration', display: { kind: 'closed' } })
      expect(standingOf(key, SEED_RACE_IDS.full)).toMatchObject({ kind: 'registration', display: { kind: 'full' } })
      expect(standingOf(key, SEED_RACE_IDS.live)).toMatchObject({ kind: 'registration', display: { kind: 'live' } })
    }
  })

  it("an edition run in 2025: pax's paid place is still an enrolment, with its bib", () => {
    expect(standingOf('pax', 102)).toMatchObject({ kind: 'enrolled', bib: 88, display: { kind: 'closed' } })
  })
})
