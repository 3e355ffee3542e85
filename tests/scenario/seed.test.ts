import { describe, expect, it } from 'vitest'
import type * as z from 'zod/mini'
import { HOUR_MS, HOUR_S } from '../../contracts/time'
import { registrationDisplay, type RegistrationDisplay } from '../../machines/rules/registration-display'
import { RECORD_SCHEMAS, type AthleteRecord, type DbName } from '../../mocks/db'
import { createSeed, PERSONAS, SEED_NOW_ISO, SEED_NOW_MS, SEED_RACE_IDS, SEED_TOKENS } from '../../mocks/seed'
import { codiceFiscale } from '../../mocks/seed/codice-fiscale'
import { crowdEntrants } from '../../mocks/seed/entrants'

const seed = createSeed()

const SCHEMAS: Record<DbName, z.ZodMiniType> = RECORD_SCHEMAS

/** Spec section 3: the profile fields that count for completeness. */
const COMPLETENESS_FIELDS = [
  'id', 'nome', 'cognome', 'mail', 'sesso', 'data_nascita', 'nazione_nascita', 'provincia_nascita',
  'citta_nascita', 'cod_fiscale', 'paese', 'provincia', 'citta', 'via', 'civico', 'cap', 'telefono',
  'contatto_emergenza', 'telefono_emergenze', 'taglia_maglietta', 'privacy_policy',
] as const

function missingFields(athlete: AthleteRecord): string[] {
  return COMPLETENESS_FIELDS.filter((field) => {
    const value = athlete[field]
    return field === 'privacy_policy' ? value !== true : value === null || value === undefined || value === ''
  })
}

const race = (id: number) => {
  const found = seed.races.find((candidate) => candidate.id === id)
  if (!found) throw new Error(`no race ${String(id)}`)
  return found
}
/** The festival race's crowd is generated on request, the other fields are database records. */
const entrantsOf = (raceId: number) =>
  raceId === SEED_RACE_IDS.crowd ? [...crowdEntrants(race(raceId))] : seed.entrants.filter((entrant) => entrant.race_id === raceId)
const rankingOf = (raceId: number) => seed.rankings.filter((row) => row.race_id === raceId)
const athlete = (key: string) => {
  const persona = PERSONAS.find((candidate) => candidate.key === key)
  const found = seed.athletes.find((candidate) => candidate.id === persona?.athleteId)
  if (!found) throw new Error(`no persona ${key}`)
  return found
}
const season = (year: number) => seed.races.filter((candidate) => candidate.edizione === year)
const hasEnded = (id: number) => {
  const { data_evento, tempo_limite_ore } = race(id)
  return Date.parse(data_evento) + tempo_limite_ore * HOUR_MS <= SEED_NOW_MS
}

describe('the seed of the simulated backend', () => {
  it('starts at 09:00 in Rome on 2 March 2026', () => {
    expect(SEED_NOW_MS).toBe(Date.parse('2026-03-02T09:00:00+01:00'))
    expect(new Date(SEED_NOW_MS).toISOString()).toBe(SEED_NOW_ISO)
  })

  it('gives every record of every collection the shape its schema asks for', () => {
    const failures = (Object.keys(SCHEMAS) as DbName[]).flatMap((name) =>
      (seed[name] as unknown[]).flatMap((record, index) => {
        const result = SCHEMAS[name].safeParse(record)
        return result.success ? [] : [`${name}[${String(index)}]: ${result.error.message}`]
      }),
    )
    expect(failures).toEqual([])
  })

  it('is the same on every call, and every call gets a copy of its own', () => {
    const first = createSeed()
    expect(createSeed()).toEqual(first)
    first.athletes[0]!.nome = 'Changed'
    first.entrants.length = 0
    expect(createSeed()).toEqual(seed)
  })

  it('starts with no sessions and no uploaded files', () => {
    expect(seed.sessions).toEqual([])
    expect(seed.files).toEqual([])
  })
})

describe('races', () => {
  it('covers at least 13 races over the 2024, 2025 and 2026 seasons', () => {
    expect(seed.races.length).toBeGreaterThanOrEqual(13)
    expect(new Set(seed.races.map((r) => r.edizione))).toEqual(new Set([2024, 2025, 2026]))
    expect(new Set(seed.races.map((r) => r.id)).size).toBe(seed.races.length)
    for (const r of [...season(2024), ...season(2025)]) expect(hasEnded(r.id), r.nome).toBe(true)
  })

  it('has courses with two ranked editions, to compare in the rankings', () => {
    const ranked = seed.races.filter((r) => seed.rankings.some((row) => row.race_id === r.id))
    const courses = ranked.map((r) => r.nome)
    const twice = new Set(courses.filter((name, index) => courses.indexOf(name) !== index))
    expect(twice.size).toBeGreaterThanOrEqual(2)
  })

  it('has prices between 25 and 950 EUR in cents, and a protected option of a tenth of the fee', () => {
    for (const r of seed.races) {
      expect(r.prezzo).toBeGreaterThanOrEqual(25)
      expect(r.prezzo).toBeLessThanOrEqual(950)
      for (const amount of [r.prezzo, r.supplemento_rimborso, r.noleggio_gps]) {
        expect(Math.round(amount * 100) / 100).toBe(amount)
      }
      expect(r.supplemento_rimborso).toBe(Math.round(r.prezzo * 10) / 100)
    }
  })

  it('opens the 2026 flagship, a 330 km lottery race, on the seed day; its 2025 edition is ranked', () => {
    const flagship = race(SEED_RACE_IDS.flagship)
    expect(flagship).toMatchObject({
      edizione: 2026,
      distanza_km: 330,
      tipo_percorso: 'ultra',
      tempo_limite_ore: 150,
      ammissione: 'lotteria',
      eta_minima: 20,
    })
    expect(registrationDisplay(flagship, SEED_NOW_MS).kind).toBe('open')
    const lastYear = season(2025).find((r) => r.nome === flagship.nome)
    expect(lastYear).toBeDefined()
    expect(rankingOf(lastYear!.id).length).toBeGreaterThan(0)
  })

  it('offers experience races, some qualifying for the PAX and some not', () => {
    const experience = seed.races.filter((r) => r.esperienza)
    expect(experience.some((r) => r.qualificante)).toBe(true)
    expect(experience.some((r) => !r.qualificante)).toBe(true)
    expect(seed.races.filter((r) => r.qualificante).every((r) => r.esperienza)).toBe(true)
  })

  const displays: ReadonlyArray<[keyof typeof SEED_RACE_IDS, Partial<RegistrationDisplay>]> = [
    ['opening_days', { kind: 'opening', unit: 'days' }],
    ['opening_hours', { kind: 'opening', unit: 'hours' }],
    ['open', { kind: 'open' }],
    ['closing', { kind: 'closing' }],
    ['closed', { kind: 'closed' }],
    ['full', { kind: 'full' }],
    ['live', { kind: 'live' }],
  ]
  it.each(displays)('has a 2026 race whose registration shows %s at the seed\'s now', (name, expected) => {
    const r = race(SEED_RACE_IDS[name])
    expect(r.edizione).toBe(2026)
    expect(registrationDisplay(r, SEED_NOW_MS)).toMatchObject(expected)
  })

  it('runs the live race on snow, and keeps the closed race in the future', () => {
    expect(race(SEED_RACE_IDS.live).tipo_percorso).toBe('snow')
    expect(Date.parse(race(SEED_RACE_IDS.closed).data_evento)).toBeGreaterThan(SEED_NOW_MS)
  })
})

describe('elevation profiles', () => {
  const climbOf = (points: ReadonlyArray<{ quota_m: number }>) =>
    points.slice(1).reduce((climb, point, index) => climb + Math.max(0, point.quota_m - points[index]!.quota_m), 0)

  it('climb exactly the race\'s D+, from km 0 to the race\'s distance, in order', () => {
    for (const r of seed.races) {
      const { punti } = r.profilo
      expect(climbOf(punti), r.nome).toBe(r.dislivello_m)
      expect(punti[0]?.km).toBe(0)
      expect(punti.at(-1)?.km).toBe(r.distanza_km)
      expect(punti.every((point, index) => index === 0 || point.km > punti[index - 1]!.km)).toBe(true)
    }
  })

  it('stay in the Alps: no point below 350 m or above 4,810 m', () => {
    for (const r of seed.races) {
      const altitudes = r.profilo.punti.map((point) => point.quota_m)
      expect(Math.min(...altitudes), r.nome).toBeGreaterThanOrEqual(350)
      expect(Math.max(...altitudes), r.nome).toBeLessThanOrEqual(4_810)
    }
  })

  it('bring a loop back to its start altitude and take a vertical only upwards', () => {
    const loop = race(SEED_RACE_IDS.flagship).profilo.punti
    expect(loop.at(-1)?.quota_m).toBe(loop[0]?.quota_m)
    const vertical = race(SEED_RACE_IDS.opening_hours).profilo.punti
    expect(vertical.every((point, index) => index === 0 || point.quota_m >= vertical[index - 1]!.quota_m)).toBe(true)
  })

  it('place named aid stations on the course, in course order', () => {
    for (const r of seed.races) {
      const { punti, ristori } = r.profilo
      expect(ristori.length, r.nome).toBeGreaterThan(0)
      for (const station of ristori) {
        expect(punti).toContainEqual({ km: station.km, quota_m: station.quota_m })
      }
      expect(ristori.map((station) => station.km)).toEqual([...ristori.map((station) => station.km)].sort((a, b) => a - b))
    }
  })

  it('are the same profile for the same race on every build, and differ between editions', () => {
    expect(createSeed().races.map((r) => r.profilo)).toEqual(seed.races.map((r) => r.profilo))
    expect(race(SEED_RACE_IDS.flagship).profilo).not.toEqual(race(SEED_RACE_IDS.pastWithRanking).profilo)
  })
})

describe('entrants and rankings', () => {
  it('enters 20,000 athletes in the festival race, generated on request and the same every time', () => {
    const crowd = crowdEntrants(race(SEED_RACE_IDS.crowd))
    expect(crowd).toHaveLength(20_000)
    expect(crowdEntrants(race(SEED_RACE_IDS.crowd))).toBe(crowd)
    expect(seed.entrants.filter((entrant) => entrant.race_id === SEED_RACE_IDS.crowd)).toEqual([])
    expect(new Set(crowd.map((entrant) => entrant.nazionalita)).size).toBeGreaterThanOrEqual(10)
  })

  it('enters at least 2,000 athletes from many countries', () => {
    expect(seed.entrants.length).toBeGreaterThanOrEqual(2000)
    expect(new Set(seed.entrants.map((e) => e.nazionalita)).size).toBeGreaterThanOrEqual(10)
    expect(seed.entrants.some((e) => e.team === null)).toBe(true)
    expect(seed.entrants.some((e) => e.regione === null)).toBe(true)
  })

  it('counts in iscritti exactly the entrants of each race; the full race has taken every place', () => {
    for (const r of seed.races) expect(entrantsOf(r.id).length, r.nome).toBe(r.iscritti)
    const full = race(SEED_RACE_IDS.full)
    expect(full.iscritti).toBe(full.posti)
  })

  it('gives every entrant of a race a bib of its own, numbered from 1', () => {
    for (const r of seed.races) {
      const bibs = entrantsOf(r.id).map((e) => e.pettorale).sort((a, b) => a - b)
      expect(bibs, r.nome).toEqual(Array.from({ length: r.iscritti }, (_, i) => i + 1))
    }
  })

  it('ranks every finished race from its own entrants, winner first and gaps measured from the winner', () => {
    const finished = seed.races.filter((r) => hasEnded(r.id))
    expect(finished.filter((r) => r.edizione === 2025).length).toBeGreaterThanOrEqual(4)
    for (const r of finished) {
      const rows = rankingOf(r.id)
      const entrants = new Map(entrantsOf(r.id).map((e) => [e.pettorale, e]))
      expect(rows.map((row) => row.posizione), r.nome).toEqual(rows.map((_, i) => i + 1))
      expect(rows[0]?.distacco_s).toBe(0)
      const times = rows.map((row) => row.tempo_s)
      expect(times).toEqual([...times].sort((a, b) => a - b))
      for (const row of rows) {
        expect(row.distacco_s).toBe(row.tempo_s - rows[0]!.tempo_s)
        expect(row.tempo_s).toBeLessThan(r.tempo_limite_ore * HOUR_S)
        expect(entrants.get(row.pettorale)?.nome).toBe(row.nome)
      }
      // Not everyone finishes, but most do.
      expect(rows.length / entrants.size).toBeGreaterThan(0.6)
      expect(rows.length).toBeLessThan(entrants.size)
    }
    expect(rankingOf(SEED_RACE_IDS.pastWithRanking).length).toBeGreaterThan(0)
  })

  it('ranks no race that has not ended', () => {
    for (const r of seed.races.filter((candidate) => !hasEnded(candidate.id))) expect(rankingOf(r.id)).toEqual([])
  })
})

describe('personas', () => {
  it('lists the six personas, each signing in with the password shown', () => {
    expect(PERSONAS.map((p) => p.key)).toEqual(['nuovo', 'completo', 'revisione', 'scaduto', 'pax', 'social'])
    for (const persona of PERSONAS) {
      const account = seed.athletes.find((a) => a.mail === persona.mail)
      expect(account, persona.key).toMatchObject({
        id: persona.athleteId,
        password: persona.password,
        confermato: true,
        nome: persona.nome,
        cognome: persona.cognome,
        username: persona.mail,
      })
    }
  })

  it("leaves the new athlete's profile incomplete and completes everyone else's", () => {
    expect(missingFields(athlete('nuovo')).length).toBeGreaterThan(0)
    expect(athlete('nuovo').privacy_policy).toBe(true)
    for (const key of ['completo', 'revisione', 'scaduto', 'pax', 'social']) {
      expect(missingFields(athlete(key)), key).toEqual([])
    }
  })

  it('writes tax codes computed from each athlete’s name, sex and birth date', () => {
    expect(codiceFiscale({ nome: 'Mario', cognome: 'Rossi', sesso: 'M', data_nascita: '1980-01-01', comune: 'H501' })).toBe(
      'RSSMRA80A01H501U',
    )
    for (const key of ['completo', 'revisione', 'scaduto', 'pax', 'social']) {
      expect(athlete(key).cod_fiscale).toMatch(/^[A-Z]{6}\d{2}[ABCDEHLMPRST]\d{2}[A-Z]\d{3}[A-Z]$/)
    }
  })

  it('puts each certificate in the state its persona is named after', () => {
    const today = SEED_NOW_ISO.slice(0, 10)
    expect(athlete('completo')).toMatchObject({ validazione_certificato: 'valido', certificato_valido: true })
    expect(athlete('completo').scadenza_certificato! > today).toBe(true)
    expect(athlete('revisione').validazione_certificato).toBe('in_revisione')
    expect(athlete('revisione').certificato_valido).not.toBe(true)
    expect(athlete('scaduto')).toMatchObject({ validazione_certificato: 'valido', certificato_valido: true })
    expect(athlete('scaduto').scadenza_certificato! < today).toBe(true)
  })

  it('signs the social provider in as social@pettorale.test', () => {
    expect(athlete('social').mail).toBe('social@pettorale.test')
  })

  it('gives pax the PAX, two accepted qualifying reports and one under verification', () => {
    const pax = athlete('pax')
    expect(pax.pax).toBe(true)
    const reports = seed.experience.filter((r) => r.athlete_id === pax.id)
    const accepted = reports.filter((r) => r.stato === 'accettata')
    expect(accepted).toHaveLength(2)
    for (const report of accepted) {
      expect(report.qualificante).toBe(true)
      expect(race(report.gara_id!)).toMatchObject({ esperienza: true, qualificante: true, edizione: 2025 })
    }
    expect(reports.filter((r) => r.stato === 'in_verifica')).toMatchObject([{ gara_id: null, qualificante: false }])
    // Entered directly with the PAX: signed, and waiting for the payment link the organiser sent.
    expect(seed.subscriptions.find((s) => s.athlete_id === pax.id && s.project_id === SEED_RACE_IDS.flagship)).toMatchObject({
      liberatoria: true,
      pagato: false,
      opzione_rimborso: 'standard',
    })
  })
})

describe('enrolments and money', () => {
  it('has completo paid in one open race and halfway through another', () => {
    const mine = seed.subscriptions.filter((s) => s.athlete_id === athlete('completo').id)
    const paid = mine.find((s) => s.pagato)
    const started = mine.find((s) => !s.pagato)
    expect(registrationDisplay(race(paid!.project_id), SEED_NOW_MS).kind).toBe('open')
    expect(paid).toMatchObject({ liberatoria: true, opzione_rimborso: 'standard', noleggio_gps: false })
    expect(Date.parse(paid!.liberatoria_signed!)).toBeLessThan(SEED_NOW_MS)
    expect(paid!.totale).toBe(race(paid!.project_id).prezzo)
    expect(started).toMatchObject({ liberatoria: false, pagato: false, totale: null, pettorale: null })
    expect(registrationDisplay(race(started!.project_id), SEED_NOW_MS).kind).toBe('open')
  })

  it('lists every paid enrolment among the race entrants, and charges it in a paid transaction', () => {
    for (const subscription of seed.subscriptions.filter((s) => s.pagato)) {
      const owner = seed.athletes.find((a) => a.id === subscription.athlete_id)!
      const entrant = entrantsOf(subscription.project_id).find((e) => e.pettorale === subscription.pettorale)
      expect(entrant?.nome).toBe(`${owner.nome ?? ''} ${owner.cognome ?? ''}`)
      expect(entrant?.categoria).toBe(subscription.categoria)
      const charge = seed.transactions.find(
        (t) => t.athlete_id === owner.id && t.gara_id === subscription.project_id && t.stato === 'paid',
      )
      expect(charge?.importo).toBe(subscription.totale)
    }
  })

  it('gives completo a failed and a refunded payment, and pax a pending payment by link', () => {
    const states = (key: string) => seed.transactions.filter((t) => t.athlete_id === athlete(key).id)
    expect(states('completo').map((t) => t.stato)).toEqual(expect.arrayContaining(['paid', 'failed', 'refunded']))
    expect(states('pax')).toContainEqual(expect.objectContaining({ stato: 'pending', metodo: 'link' }))
    for (const key of ['revisione', 'scaduto']) {
      expect(states(key)).toContainEqual(expect.objectContaining({ stato: 'paid', metodo: 'card' }))
    }
  })

  it('backs every transaction with a payment of the same amount', () => {
    for (const transaction of seed.transactions) {
      const payment = seed.payments.find(
        (p) => p.athlete_id === transaction.athlete_id && p.project_id === transaction.gara_id && p.aggiornato === transaction.data,
      )
      expect(payment?.totale, transaction.id).toBe(transaction.importo)
      expect(payment?.link_code !== null, transaction.id).toBe(transaction.metodo === 'link')
    }
  })
})

describe('links sent by e-mail', () => {
  const token = (value: string) => seed.mailTokens.find((t) => t.token === value)
  const link = (code: string) => seed.payments.find((p) => p.link_code === code)

  it('confirms the unconfirmed account with the valid token only', () => {
    const contact = seed.athletes.find((a) => a.id === SEED_TOKENS.confirmContactId)
    expect(contact).toMatchObject({ confermato: false, mail: 'daconfermare@pettorale.test' })
    expect(token(SEED_TOKENS.confirmValid)).toMatchObject({ athlete_id: contact!.id, kind: 'confirm', used: false })
    expect(token(SEED_TOKENS.confirmValid)!.expires_at).toBeGreaterThan(SEED_NOW_MS)
    expect(token(SEED_TOKENS.confirmExpired)).toMatchObject({ athlete_id: contact!.id, kind: 'confirm' })
    expect(token(SEED_TOKENS.confirmExpired)!.expires_at).toBeLessThanOrEqual(SEED_NOW_MS)
  })

  it("resets completo's password with the valid token only", () => {
    expect(token(SEED_TOKENS.resetValid)).toMatchObject({ athlete_id: athlete('completo').id, kind: 'reset', used: false })
    expect(token(SEED_TOKENS.resetValid)!.expires_at).toBeGreaterThan(SEED_NOW_MS)
    expect(token(SEED_TOKENS.resetExpired)).toMatchObject({ kind: 'reset' })
    expect(token(SEED_TOKENS.resetExpired)!.expires_at).toBeLessThanOrEqual(SEED_NOW_MS)
  })

  it('has a payment link that succeeded, one still pending and one expired', () => {
    expect(link(SEED_TOKENS.paymentLinkSuccess)?.stato).toBe('success')
    expect(link(SEED_TOKENS.paymentLinkPending)?.stato).toBe('pending')
    expect(link(SEED_TOKENS.paymentLinkPending)!.scade!).toBeGreaterThan(SEED_NOW_MS)
    expect(link(SEED_TOKENS.paymentLinkExpired)?.stato).toBe('expired')
    for (const payment of seed.payments.filter((p) => p.link_code === null)) expect(payment.scade).toBeNull()
  })

  it("puts the e-mail that carried each payment link in the outbox, to the link's athlete, sent before now", () => {
    const mailOf = (id: number) => seed.athletes.find((a) => a.id === id)?.mail
    const linked = seed.payments.filter((p) => p.link_code !== null)
    expect(seed.outbox).toHaveLength(linked.length)
    for (const payment of linked) {
      // The e-mail's button opens the provider's page for the link (decision 026).
      const mail = seed.outbox.find((m) => m.link === `/checkout?link=${payment.link_code!}`)
      expect(mail, payment.pagamento_id).toMatchObject({ kind: 'payment_link', to: mailOf(payment.athlete_id), totale: payment.totale, scade: payment.scade })
      expect(mail!.sent_at).toBeLessThan(SEED_NOW_MS)
      // Sent before the link expired and, once paid, before the payment.
      expect(mail!.sent_at).toBeLessThan(payment.scade!)
      expect(mail!.sent_at).toBeLessThanOrEqual(Date.parse(payment.aggiornato))
    }
    expect(seed.outbox.map((m) => [m.to, m.link.split('=')[1]])).toEqual([
      [athlete('pax').mail, SEED_TOKENS.paymentLinkExpired],
      [athlete('social').mail, SEED_TOKENS.paymentLinkSuccess],
      [athlete('pax').mail, SEED_TOKENS.paymentLinkPending],
    ])
  })
})
