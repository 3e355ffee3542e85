import { describe, expect, it } from 'vitest'
import type { Subscription } from '../../contracts/athlete.contract'
import { makeIncompleteProfile, makeProfile } from '../session/test-harness'
import { enrolmentGate, placeDeadline, type GateInput } from './eligibility'
import { OPEN_RACE, VALID_CERTIFICATE } from './test-fixtures'

const NOW = Date.parse('2026-03-02T08:00:00Z')
const TODAY = '2026-03-02'
const race = OPEN_RACE
const athlete = (overrides = {}, subscription: Subscription | null = null) => ({
  profile: makeProfile({ ...VALID_CERTIFICATE, data_nascita: '1990-05-04', ...overrides }),
  subscription,
})
const gate = (input: Partial<GateInput>) => enrolmentGate({ race, athlete: athlete(), now: NOW, today: TODAY, ...input })
const codes = (input: Partial<GateInput>) => gate(input).refusals.map((refusal) => refusal.code)

describe('enrolment gate', () => {
  it('lets a complete athlete with a valid certificate into an open race, directly', () => {
    expect(gate({})).toEqual({ refusals: [], entry: 'direct', open: null })
  })

  it('asks a visitor to log in, and says what else is already known about the race', () => {
    expect(codes({ athlete: null })).toEqual(['login_required'])
    expect(codes({ athlete: null, race: { ...race, iscritti: 350 } })).toEqual(['login_required', 'sold_out'])
  })

  it('names the missing profile fields', () => {
    const result = gate({ athlete: { profile: makeIncompleteProfile(VALID_CERTIFICATE), subscription: null } })
    const refusal = result.refusals.find((r) => r.code === 'profile_incomplete')
    expect(refusal).toMatchObject({ code: 'profile_incomplete' })
    expect(refusal && 'missing' in refusal && refusal.missing.length).toBeGreaterThan(0)
  })

  it.each([
    [{ certificato_medico_file: null, validazione_certificato: null, certificato_valido: null, scadenza_certificato: null }, 'certificate_missing'],
    [{ validazione_certificato: 'in_revisione', certificato_valido: null }, 'certificate_in_review'],
    [{ validazione_certificato: 'non_valido', certificato_valido: false }, 'certificate_not_valid'],
    [{ scadenza_certificato: '2026-02-14' }, 'certificate_expires_before_race'],
    [{ scadenza_certificato: '2026-07-10' }, 'certificate_expires_before_race'],
  ])('refuses a certificate %j as %s', (certificate, code) => {
    expect(codes({ athlete: athlete(certificate) })).toEqual([code])
  })

  it('says whether the certificate has already expired or will before race day, for words in the right tense', () => {
    const expiry = (scadenza_certificato: string) => gate({ athlete: athlete({ scadenza_certificato }) }).refusals
    expect(expiry('2026-02-14')).toEqual([{ code: 'certificate_expires_before_race', expiresOn: '2026-02-14', expired: true }])
    expect(expiry(TODAY)).toEqual([{ code: 'certificate_expires_before_race', expiresOn: TODAY }])
    expect(expiry('2026-07-10')).toEqual([{ code: 'certificate_expires_before_race', expiresOn: '2026-07-10' }])
  })

  describe('a race that opens through its waiting room (decision 037)', () => {
    const room = { apre: '2026-02-02T08:30:00Z', ammissioni_al_minuto: 10, ammissione_s: 300, posto_s: 600 }
    const roomRace = { ...race, sala_attesa: room }
    const waiting = { code: 'waiting_room', roomOpensAt: room.apre, opensAt: race.apertura_iscrizioni }

    it('sends an athlete without a held place to the room, before registration opens and after', () => {
      expect(gate({ race: roomRace, now: Date.parse('2026-02-01T08:00:00Z') }).refusals).toEqual([waiting])
      expect(gate({ race: roomRace }).refusals).toEqual([waiting])
    })

    it('lets an athlete holding a place from the room in', () => {
      expect(codes({ race: roomRace, heldPlace: true })).toEqual([])
    })

    it('says the rest as for any race: a visitor logs in first, a closed race is closed, an athlete entered is entered', () => {
      expect(codes({ race: roomRace, athlete: null })).toEqual(['login_required'])
      expect(codes({ race: roomRace, now: Date.parse('2026-07-01T08:00:00Z') })).toEqual(['registration_closed'])
      const paid: Subscription = {
        project_id: 203, liberatoria: true, liberatoria_signed: '2026-02-20T18:58:00Z', pettorale: 57, categoria: 'SM',
        pagato: true, opzione_rimborso: 'standard', noleggio_gps: false, totale: 85,
      }
      expect(codes({ race: roomRace, athlete: athlete({}, paid) })).toEqual(['already_enrolled'])
    })
  })

  it('accepts a certificate that expires on race day itself', () => {
    expect(codes({ athlete: athlete({ scadenza_certificato: '2026-07-11' }) })).toEqual([])
  })

  it('counts the minimum age on race day: a birthday on race day is old enough', () => {
    expect(codes({ athlete: athlete({ data_nascita: '2008-07-11' }) })).toEqual([])
    expect(gate({ athlete: athlete({ data_nascita: '2008-07-12' }) }).refusals).toEqual([{ code: 'under_minimum_age', minimumAge: 18 }])
  })

  it("counts race day on Rome's calendar: a start at 00:30 in Rome is the next day in Rome, not UTC's", () => {
    const night = { ...race, data_evento: '2026-07-10T22:30:00Z' }
    expect(codes({ race: night, athlete: athlete({ data_nascita: '2008-07-11' }) })).toEqual([])
    expect(codes({ race: night, athlete: athlete({ scadenza_certificato: '2026-07-10' }) })).toEqual(['certificate_expires_before_race'])
  })

  it('says when registration opens, that it is closed, or that the race is sold out', () => {
    expect(gate({ now: Date.parse('2026-01-30T08:00:00Z') }).refusals).toEqual([
      { code: 'registration_not_open', opensAt: race.apertura_iscrizioni },
    ])
    expect(codes({ now: Date.parse('2026-07-01T08:00:00Z') })).toEqual(['registration_closed'])
    expect(codes({ race: { ...race, iscritti: 350 } })).toEqual(['sold_out'])
  })

  it('lets through a sold-out race an athlete the wait list offers a place (issue 23)', () => {
    expect(codes({ race: { ...race, iscritti: 350 }, heldPlace: true })).toEqual([])
  })

  it("enters directly a lottery race's place offered after its draw, registration closed, until the start", () => {
    const flagship = { ...race, ammissione: 'lotteria' as const, iscritti: 350 }
    const afterTheDraw = Date.parse('2026-07-01T08:00:00Z')
    expect(gate({ race: flagship, now: afterTheDraw, heldPlace: true })).toEqual({ refusals: [], entry: 'direct', open: null })
    expect(codes({ race: flagship, now: afterTheDraw })).toEqual(['registration_closed'])
    // Race day: the place can no longer be taken.
    expect(codes({ race: flagship, now: Date.parse(race.data_evento) + 60_000, heldPlace: true })).toEqual(['registration_closed'])
  })

  it('sends an athlete already entered to their races first', () => {
    const paid: Subscription = {
      project_id: 203, liberatoria: true, liberatoria_signed: '2026-02-20T18:58:00Z', pettorale: 57, categoria: 'SM',
      pagato: true, opzione_rimborso: 'standard', noleggio_gps: false, totale: 85,
    }
    expect(codes({ athlete: athlete({}, paid) })).toEqual(['already_enrolled'])
    expect(codes({ athlete: athlete({}, { ...paid, pagato: false }) })).toEqual([])
    // A place left (withdrawn, passed on, deferred) is no longer an entry: a new one may be taken.
    for (const stato of ['ritirata', 'ceduta', 'rinviata'] as const) expect(codes({ athlete: athlete({}, { ...paid, stato }) })).toEqual([])
  })

  it('lists every reason at once', () => {
    expect(codes({ athlete: athlete({ validazione_certificato: 'in_revisione', certificato_valido: null, data_nascita: '2010-01-01' }), race: { ...race, iscritti: 350 } })).toEqual([
      'sold_out',
      'certificate_in_review',
      'under_minimum_age',
    ])
  })

  it('the flagship is a lottery application without a PAX, whatever the places; direct entry with one', () => {
    const flagship = { ...race, ammissione: 'lotteria' as const, iscritti: 350 }
    expect(gate({ race: flagship })).toEqual({ refusals: [], entry: 'lottery', open: null })
    expect(gate({ race: flagship, athlete: athlete({ pax: true }) })).toEqual({ refusals: [{ code: 'sold_out' }], entry: 'direct', open: null })
    expect(gate({ race: { ...flagship, iscritti: 100 }, athlete: athlete({ pax: true }) })).toEqual({ refusals: [], entry: 'direct', open: null })
  })

  it("a PAX holder's place in the flagship, signed and unpaid, is direct entry resumed at the payment, not an application", () => {
    const flagship = { ...race, ammissione: 'lotteria' as const, iscritti: 100 }
    const signed: Subscription = {
      project_id: 201, liberatoria: true, liberatoria_signed: '2026-02-27T11:00:00Z', pettorale: null, categoria: 'SM',
      pagato: false, opzione_rimborso: 'standard', noleggio_gps: false, totale: 950,
    }
    expect(gate({ race: flagship, athlete: athlete({ pax: true }, signed) })).toEqual({
      refusals: [],
      entry: 'direct',
      open: { step: 'payment', refund: 'standard', gps: false, answers: null, waiverRevised: false },
    })
  })

  it('an unpaid subscription resumes at the step it needs: the waiver while unsigned, then the payment', () => {
    const made: Subscription = {
      project_id: 203,
      liberatoria: false,
      liberatoria_signed: null,
      pettorale: null,
      categoria: 'SM',
      pagato: false,
      opzione_rimborso: 'protetto',
      noleggio_gps: true,
      totale: 101.5,
    }
    const resumed = (subscription: Subscription) => gate({ athlete: athlete({}, subscription) }).open
    expect(resumed(made)).toEqual({ step: 'disclaimer', refund: 'protetto', gps: true, answers: null, waiverRevised: false })
    expect(resumed({ ...made, liberatoria: true, liberatoria_signed: '2026-03-01T10:00:00Z' })).toEqual({
      step: 'payment',
      refund: 'protetto',
      gps: true,
      answers: null,
      waiverRevised: false,
    })
    // Nothing chosen yet, a lottery application, or paid: nothing to resume.
    expect(resumed({ ...made, opzione_rimborso: null })).toBeNull()
    expect(resumed({ ...made, domanda_lotteria: true })).toBeNull()
    expect(resumed({ ...made, pagato: true })).toBeNull()
  })

  describe('a place resumed keeps what it was made with (decision 027)', () => {
    const signed: Subscription = {
      project_id: 203,
      liberatoria: true,
      liberatoria_signed: '2026-03-01T10:00:00Z',
      liberatoria_versione: 'v2',
      pettorale: null,
      categoria: 'SM',
      pagato: false,
      opzione_rimborso: 'standard',
      noleggio_gps: false,
      totale: 45,
      campi: { team: 'Valdigne Runners', navetta: 'Cogne', pasta_party: true },
    }
    const resumed = (subscription: Subscription, version?: string) =>
      gate({ race: version === undefined ? race : { ...race, liberatoria_versione: version }, athlete: athlete({}, subscription) }).open

    it('carries the answers the server holds, a copy of them', () => {
      const open = resumed(signed, 'v2')
      expect(open).toEqual({ step: 'payment', refund: 'standard', gps: false, answers: signed.campi, waiverRevised: false })
      expect(open?.answers).not.toBe(signed.campi)
      expect(resumed({ ...signed, campi: {} }, 'v2')?.answers).toEqual({})
    })

    it('a signature on a text revised since needs the waiver again; said as a revision, not as never signed', () => {
      expect(resumed(signed, 'v3')).toMatchObject({ step: 'disclaimer', waiverRevised: true })
      expect(resumed({ ...signed, liberatoria: false, liberatoria_signed: null, liberatoria_versione: null }, 'v3')).toMatchObject({
        step: 'disclaimer',
        waiverRevised: false,
      })
    })

    it("names the organiser's link open for the place, which pays it, and none once its deadline has passed (issue 42)", () => {
      const linked = { ...signed, codice_link: 'lnk-pending-1', scadenza_pagamento: '2026-03-09T22:59:00Z' }
      expect(resumed(linked, 'v2')).toMatchObject({ step: 'payment', link: 'lnk-pending-1' })
      expect(gate({ athlete: athlete({}, linked), now: Date.parse('2026-03-10T08:00:00Z') }).open).not.toHaveProperty('link')
      expect(resumed(signed, 'v2')).not.toHaveProperty('link')
    })

    it('a version not known on either side counts as current: the payment refuses it if it is not', () => {
      expect(resumed(signed)).toMatchObject({ step: 'payment', waiverRevised: false })
      expect(resumed({ ...signed, liberatoria_versione: null }, 'v3')).toMatchObject({ step: 'payment', waiverRevised: false })
      expect(resumed({ ...signed, liberatoria_versione: undefined }, 'v3')).toMatchObject({ step: 'payment', waiverRevised: false })
    })
  })

  describe("placeDeadline: by when a place waiting for payment must be paid", () => {
    const closes = { chiusura_iscrizioni: '2026-06-30T21:59:00Z' }
    it("registration's closing, or the organiser's open link's expiry when it comes first", () => {
      expect(placeDeadline({ scadenza_pagamento: '2026-03-09T22:59:00Z' }, closes, NOW)).toBe('2026-03-09T22:59:00Z')
      expect(placeDeadline({ scadenza_pagamento: '2026-07-09T22:59:00Z' }, closes, NOW)).toBe('2026-06-30T21:59:00Z')
      expect(placeDeadline({ scadenza_pagamento: null }, closes, NOW)).toBe('2026-06-30T21:59:00Z')
      expect(placeDeadline({}, closes, NOW)).toBe('2026-06-30T21:59:00Z')
    })

    it("a link past its expiry no longer holds the place: registration's closing is the deadline", () => {
      expect(placeDeadline({ scadenza_pagamento: '2026-03-01T22:59:00Z' }, closes, NOW)).toBe('2026-06-30T21:59:00Z')
      expect(placeDeadline({ scadenza_pagamento: '2026-03-02T08:00:00Z' }, closes, NOW)).toBe('2026-06-30T21:59:00Z')
    })

    it('nothing known: none', () => {
      expect(placeDeadline({ scadenza_pagamento: '2026-03-09T22:59:00Z' }, null, NOW)).toBe('2026-03-09T22:59:00Z')
      expect(placeDeadline({}, null, NOW)).toBeNull()
    })
  })
})
