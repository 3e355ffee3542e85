// @vitest-environment node
import { getResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createControls, createDataControls } from './controls'
import { db, dumpDb } from './db'
import { createHandlers } from './handlers'
import { createPersistentDb, memoryChangeStore, type PersistentDb } from './persistence'
import { createProvider, SETTLE_DELAY_MS } from './provider'
import type { QaApi } from './qa-api'
import { DATABASE_FILE_FORMAT } from './qa-database-file'
import { createLocalQaApi } from './qa-local'
import { createRequestLog, REQUEST_LOG_SIZE } from './qa-request-log'
import { createSeed, PERSONAS, SEED_NOW_ISO, SEED_NOW_MS, SEED_TOKENS } from './seed'
import { ATHLETE_IDS } from './seed/personas'

const BASE = 'http://api.qa-local.test'
const controls = createControls(SEED_NOW_MS)
const requestLog = createRequestLog()
let database: PersistentDb
let handlers: ReturnType<typeof createHandlers>
let qa: QaApi

beforeEach(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  controls.reset()
  requestLog.clear()
  database = createPersistentDb({ store: memoryChangeStore(), seed: createSeed })
  await database.boot()
  handlers = createHandlers({ baseUrl: BASE, controls, onResolved: database.persist, requestLog })
  qa = createLocalQaApi({
    controls,
    data: createDataControls(database.persist, controls.now),
    provider: createProvider(controls.now, database.persist),
    database,
    requestLog,
  })
})
afterEach(() => database.stop())

async function call(method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) {
  const response = await getResponse(handlers, new Request(`${BASE}${path}`, { method, ...init }))
  if (!response) throw new Error(`no handler for ${method} ${path}`)
  if (response.type === 'error') return { status: null, text: '' }
  return { status: response.status, text: await response.text() }
}

async function signIn(key: string): Promise<string> {
  const { mail, password } = PERSONAS.find((persona) => persona.key === key)!
  const answer = await call('POST', '/api/oauth/token', {
    headers: { authorization: 'Basic cG9ydGFsOnNlY3JldA==', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: mail, password }).toString(),
  })
  return String((JSON.parse(answer.text) as { access_token: string }).access_token)
}

const me = (token: string) => call('GET', '/api/v1/vdatrailers/atleta_me', { headers: { authorization: `Bearer ${token}` } })
const races = () => call('GET', '/api/v1/vdatrailers/gare')

describe('faults from the panel', () => {
  it('answer a 500 with Retry-After, then nothing once cleared', async () => {
    await qa.fault('races.list', { kind: 'status', status: 503, retryAfterS: 30 })
    expect((await races()).status).toBe(503)
    expect(await qa.state()).toMatchObject({ faults: { 'races.list': { kind: 'status', status: 503, retryAfterS: 30 } } })
    await qa.clearFaults()
    expect((await races()).status).toBe(200)
    expect(await qa.state()).toMatchObject({ faults: {}, latencyMs: {} })
  })

  it("answer a signed-in athlete's call as an expired session, though the token is still good", async () => {
    const token = await signIn('completo')
    await qa.fault('athlete.me', { kind: 'expiredToken' })
    const expired = await me(token)
    await qa.fault('athlete.me', null)
    controls.advance(9 * 3_600_000)
    // The same answer as a token that has really expired.
    expect(expired).toEqual(await me(token))
    expect(expired.status).toBe(401)
  })

  it("with '*' reach every operation without a fault of its own", async () => {
    await qa.fault('*', { kind: 'network' })
    await qa.fault('races.list', { kind: 'contract' })
    expect(await races()).toEqual({ status: 200, text: '{"unexpected":true}' })
    expect((await call('GET', '/api/v1/vdatrailers/gare/201')).status).toBeNull()
  })
})

describe('the clock from the panel', () => {
  it("moves to a race's preset, and refuses what is not an instant", async () => {
    const [race] = await qa.clockPresets()
    const opening = race!.presets.find((preset) => preset.id === 'opening')!
    await qa.setNow(opening.at)
    expect(Date.parse((await qa.state()).now)).toBeGreaterThanOrEqual(Date.parse(opening.at))
    await expect(qa.setNow('next tuesday')).rejects.toThrow(/not an ISO 8601 instant/)
  })
})

describe('the races from the panel', () => {
  const race = async (id: number) => JSON.parse((await call('GET', `/api/v1/vdatrailers/gare/${String(id)}`)).text) as { posti: number; iscritti: number }
  const waiver = async (id: number) =>
    JSON.parse((await call('GET', `/api/v1/vdatrailers/liberatoria/${String(id)}?lingua=en`)).text) as { versione: string; testo: string }

  it('lists the races still to be run by start, with their places and waiver, and none once they have started', async () => {
    const races = await qa.races()
    expect(races.map((listed) => listed.raceId)).toEqual([...races].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt)).map((listed) => listed.raceId))
    expect(races).toContainEqual({
      raceId: 203,
      title: 'Alte Vie di Cogne 52K 2026',
      startsAt: '2026-07-11T04:00:00.000Z',
      places: 350,
      taken: 110,
      lottery: false,
      waiverVersion: 'v1',
      waitingRoom: false,
      waitList: false,
      lotteryDrawn: false,
    })
    expect(races.find((listed) => listed.raceId === 201)).toMatchObject({ lottery: true, lotteryDrawn: false, waitList: true })
    expect(races.find((listed) => listed.raceId === 260)).toMatchObject({ waitingRoom: true, places: 12 })
    // The last edition run (2025) is not there.
    expect(races.map((listed) => listed.raceId)).not.toContain(107)
    await qa.setNow('2026-07-11T06:01:00+02:00')
    expect((await qa.races()).map((listed) => listed.raceId)).not.toContain(203)
  })

  it('fills every place of a race: the backend answers it sold out, and an enrolment is refused', async () => {
    await qa.fillRace(203)
    expect(await race(203)).toMatchObject({ posti: 350, iscritti: 350 })
    expect((await qa.races()).find((listed) => listed.raceId === 203)).toMatchObject({ taken: 350 })
    await expect(qa.fillRace(999)).rejects.toThrow(/no race 999/)
  })

  it("revises a race's waiver to its next version, whose text says what changed", async () => {
    expect(await qa.reviseWaiver(203)).toBe('v2')
    expect(await waiver(203)).toMatchObject({ versione: 'v2', testo: expect.stringContaining('Revised text') as unknown })
    expect((await qa.races()).find((listed) => listed.raceId === 203)).toMatchObject({ waiverVersion: 'v2' })
    expect(await qa.reviseWaiver(203)).toBe('v3')
    await expect(qa.reviseWaiver(999)).rejects.toThrow(/no race 999/)
  })
})

describe('staff review from the panel', () => {
  it("lists revisione's certificate and accepting it makes it valid and takes it off the list", async () => {
    const { certificates } = await qa.pending()
    expect(certificates).toEqual([
      { athleteId: ATHLETE_IDS.revisione, athleteName: 'Davide Perrier', mail: 'revisione@pettorale.test', renewal: false, uploadedAt: null },
    ])
    await qa.reviewCertificate(ATHLETE_IDS.revisione, 'valido')
    expect((await qa.pending()).certificates).toEqual([])
    expect(JSON.parse((await me(await signIn('revisione'))).text)).toMatchObject({
      profilo: [{ validazione_certificato: 'valido', certificato_valido: true }],
    })
  })

  it('lists the experience reports in verification, and a rejection keeps its reason', async () => {
    const { experienceReports } = await qa.pending()
    expect(experienceReports.map((report) => report.reportId).sort()).toEqual([3, 5])
    await qa.reviewExperience(5, 'respinta', 'gara_non_idonea')
    expect((await qa.pending()).experienceReports.map((report) => report.reportId)).toEqual([3])
    expect(db.experience.findFirst((q) => q.where({ id: 5 }))).toMatchObject({ stato: 'respinta', motivo: 'gara_non_idonea' })
  })

  it("settles pax's open link at once, without waiting for the provider's delay: the place is paid", async () => {
    const link = db.payments.findFirst((q) => q.where({ link_code: SEED_TOKENS.paymentLinkPending }))!
    const { payments } = await qa.pending()
    expect(payments).toContainEqual(
      expect.objectContaining({ paymentId: link.pagamento_id, athleteId: ATHLETE_IDS.pax, raceId: 201, amountCents: 95_000, state: 'undecided' }),
    )
    await qa.settlePayment(link.pagamento_id, 'authorised')
    expect(controls.now() - SEED_NOW_MS).toBeLessThan(SETTLE_DELAY_MS)
    expect(db.payments.findFirst((q) => q.where({ pagamento_id: link.pagamento_id }))).toMatchObject({ stato: 'success' })
    expect(db.subscriptions.findFirst((q) => q.where({ athlete_id: ATHLETE_IDS.pax, project_id: 201 }))).toMatchObject({ pagato: true })
    expect((await qa.pending()).payments.map((payment) => payment.paymentId)).not.toContain(link.pagamento_id)
    await expect(qa.settlePayment('PAY-UNKNOWN', 'declined')).rejects.toThrow(/no payment "PAY-UNKNOWN"/)
  })

  it("keeps a decision the checkout already made: settling an authorised payment as declined still pays it", async () => {
    const link = db.payments.findFirst((q) => q.where({ link_code: SEED_TOKENS.paymentLinkPending }))!
    await createProvider(controls.now, database.persist).decide(link.pagamento_id, 'authorised')
    expect((await qa.pending()).payments).toContainEqual(expect.objectContaining({ paymentId: link.pagamento_id, state: 'authorised' }))
    await qa.settlePayment(link.pagamento_id, 'declined', 'insufficient_funds')
    expect(db.payments.findFirst((q) => q.where({ pagamento_id: link.pagamento_id }))).toMatchObject({ stato: 'success' })
  })
})

describe('the request log', () => {
  it('lists the answered requests newest first, with status, fault and time on the mock clock', async () => {
    await races()
    await qa.latency('races.get', 1)
    await call('GET', '/api/v1/vdatrailers/gare/201')
    await qa.fault('races.list', { kind: 'network' })
    await races()
    const log = await qa.requests()
    expect(log.map(({ operation, method, path, status, fault }) => ({ operation, method, path, status, fault }))).toEqual([
      { operation: 'races.list', method: 'GET', path: '/api/v1/vdatrailers/gare', status: null, fault: 'network' },
      { operation: 'races.get', method: 'GET', path: '/api/v1/vdatrailers/gare/201', status: 200, fault: 'latency' },
      { operation: 'races.list', method: 'GET', path: '/api/v1/vdatrailers/gare', status: 200, fault: null },
    ])
    expect(log[1]!.durationMs).toBeGreaterThanOrEqual(1)
    expect(Date.parse(log[0]!.at)).toBeGreaterThanOrEqual(SEED_NOW_MS)
    expect(log[0]!.id).toBeGreaterThan(log[1]!.id)
  })

  it(`keeps the last ${String(REQUEST_LOG_SIZE)}, and a reset empties it`, async () => {
    for (let i = 0; i < REQUEST_LOG_SIZE + 5; i++) await races()
    expect(await qa.requests()).toHaveLength(REQUEST_LOG_SIZE)
    await qa.reset()
    expect(await qa.requests()).toEqual([])
  })
})

describe('the mailbox', () => {
  it('lists the e-mails newest first, with their kind and portal-relative link', async () => {
    await call('GET', '/api/v1/users/forgot?mail=completo%40pettorale.test')
    const [latest, ...older] = await qa.mailbox()
    expect(latest).toMatchObject({ to: 'completo@pettorale.test', kind: 'reset', link: expect.stringMatching(/^\/reset-email\//) as unknown })
    expect(older.map((mail) => mail.kind)).toContain('payment_link')
  })
})

describe('the database file', () => {
  /** The situation QA saves: revisione's certificate accepted, the clock on race day. */
  async function situation() {
    await qa.reviewCertificate(ATHLETE_IDS.revisione, 'valido')
    await qa.setNow('2026-09-13T06:00:00+02:00')
  }

  it('holds the changes over the seed and the clock, and loads back into the same data', async () => {
    await situation()
    const text = await qa.exportDatabase()
    const file = JSON.parse(text) as { format: string; version: number; clock: { now: string }; changes: Record<string, unknown[]> }
    expect(file).toMatchObject({ format: DATABASE_FILE_FORMAT, version: 1 })
    expect(Date.parse(file.clock.now)).toBeGreaterThanOrEqual(Date.parse('2026-09-13T04:00:00Z'))
    expect(Object.keys(file.changes)).toEqual(['athletes'])
    const saved = dumpDb()

    await qa.reset()
    expect(controls.now()).toBeLessThan(Date.parse('2026-04-01T00:00:00Z'))
    expect(dumpDb()).not.toEqual(saved)

    expect(await qa.importDatabase(text)).toEqual({ ok: true })
    expect(dumpDb()).toEqual(saved)
    expect(controls.now()).toBeGreaterThanOrEqual(Date.parse(file.clock.now))
    // Kept as the data's change set: a reload (a new page over the same store) has it too.
    expect(database.changes()).toEqual(file.changes)
  })

  it.each([
    ['not JSON', 'this is not json {', 'not_json'],
    ['JSON of something else', JSON.stringify({ name: 'pettorale', version: '1.0.0' }), 'not_a_pettorale_export'],
    ['another version of the format', JSON.stringify({ format: DATABASE_FILE_FORMAT, version: 2, changes: {} }), 'other_version'],
    [
      'a record that does not fit its collection',
      JSON.stringify({
        format: DATABASE_FILE_FORMAT,
        version: 1,
        exportedAt: SEED_NOW_ISO,
        clock: { now: SEED_NOW_ISO },
        changes: { athletes: [['3', { id: 3, nome: 'no password, no mail' }]] },
      }),
      'invalid_records',
    ],
    [
      'a collection the mock does not have',
      JSON.stringify({ format: DATABASE_FILE_FORMAT, version: 1, exportedAt: SEED_NOW_ISO, clock: { now: SEED_NOW_ISO }, changes: { users: [] } }),
      'invalid_records',
    ],
  ])('refuses %s, leaving the data and the clock exactly as they were', async (_what, text, refusal) => {
    await situation()
    const before = { data: dumpDb(), changes: database.changes(), faults: (await qa.state()).faults }
    const clockBefore = controls.now()
    expect(await qa.importDatabase(text)).toEqual({ ok: false, refusal })
    expect({ data: dumpDb(), changes: database.changes(), faults: (await qa.state()).faults }).toEqual(before)
    expect(controls.now() - clockBefore).toBeLessThan(60_000)
  })
})

describe('a reset', () => {
  it('brings back the seed, its clock, no faults, no latency and an empty log', async () => {
    await qa.reviewCertificate(ATHLETE_IDS.revisione, 'valido')
    await qa.setNow('2026-07-01T10:00:00+02:00')
    await qa.fault('*', { kind: 'notJson' })
    await qa.latency('*', 200)
    await races()
    await qa.reset()
    expect(await qa.state()).toMatchObject({ faults: {}, latencyMs: {} })
    expect(Math.abs(controls.now() - SEED_NOW_MS)).toBeLessThan(60_000)
    expect(await qa.requests()).toEqual([])
    expect(database.changes()).toEqual({})
    expect((await qa.pending()).certificates).toHaveLength(1)
  })
})

describe('subscribe', () => {
  it('tells of a change of the controls, of the data and of the log, until unsubscribed', async () => {
    const listener = vi.fn()
    const unsubscribe = qa.subscribe(listener)
    await qa.fault('races.list', { kind: 'network' })
    // Several changes at once are told once.
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1))
    await qa.reviewCertificate(ATHLETE_IDS.revisione, 'valido')
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(2))
    await races()
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(3))
    unsubscribe()
    await qa.setNow('2026-07-01T10:00:00+02:00')
    await qa.reset()
    await new Promise((resolve) => setTimeout(resolve))
    expect(listener).toHaveBeenCalledTimes(3)
  })
})
