import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { getResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { allOperations } from '../contracts'
import * as certificate from '../contracts/certificate.contract'
import type { mock } from '../tests/e2e/fixtures'
import { createControls, createDataControls } from './controls'
import { db, loadDb } from './db'
import { createHandlers } from './handlers'
import { createRequestLog } from './qa-request-log'
import { createSeed, SEED_NOW_MS } from './seed'
import { ATHLETE_IDS } from './seed/personas'

describe('the controls', () => {
  const controls = createControls(SEED_NOW_MS)

  it("in a browser, the simulated day goes on across reloads from the first page's start, and a reset starts it again", () => {
    const kept = new Map<string, string>()
    vi.stubGlobal('window', {})
    vi.stubGlobal('localStorage', { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => kept.set(key, value) })
    try {
      let realNow = 1_000_000
      const firstPage = createControls(SEED_NOW_MS, () => realNow)
      expect(firstPage.now()).toBe(SEED_NOW_MS)
      realNow += 5 * 60_000
      const reloaded = createControls(SEED_NOW_MS, () => realNow)
      expect(reloaded.now()).toBe(SEED_NOW_MS + 5 * 60_000)
      reloaded.reset()
      expect(createControls(SEED_NOW_MS, () => realNow).now()).toBe(SEED_NOW_MS)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('fault and delay operations named as in the contracts', () => {
    controls.fault('athlete.me', { kind: 'status', status: 500 })
    controls.latency('races.list', 300)
    controls.latency('*', 50)
    expect(controls.faultFor('athlete.me')).toEqual({ kind: 'status', status: 500 })
    expect(controls.latencyFor('races.list')).toBe(300)
    expect(controls.latencyFor('athlete.me')).toBe(50)
    controls.reset()
    expect(controls.faultFor('athlete.me')).toBeUndefined()
  })

  it('refuse any other name, at compile time and at run time (QA types them in the console)', () => {
    // @ts-expect-error -- not an operation name
    expect(() => controls.fault('athlete.mine', { kind: 'network' })).toThrow(/"athlete.mine" is not an operation name/)
    // @ts-expect-error -- not a kind of fault
    expect(() => controls.fault('athlete.me', { kind: 'malformed' })).toThrow(/is not a fault \(kinds: network, status, notJson, contract, expiredToken\)/)
    // @ts-expect-error -- not an operation name
    expect(() => controls.latency('races', 10)).toThrow(/"races" is not an operation name or '\*'/)
    expect(controls.state().faults).toEqual({})
    expect(controls.state().latencyMs).toEqual({})
  })

  it('are documented with every name they accept (mocks/README.md)', () => {
    const readme = readFileSync(join(process.cwd(), 'mocks', 'README.md'), 'utf8')
    expect(allOperations.map((operation) => operation.name).filter((name) => !readme.includes(`\`${name}\``))).toEqual([])
  })
})

describe('a status fault with a code', () => {
  const API = 'http://api.fault.test'
  const controls = createControls(SEED_NOW_MS)
  const handlers = createHandlers({ baseUrl: API, controls, onResolved: () => {}, requestLog: createRequestLog() })
  /** A certificate save through the real handler (the fault answers before anything is read). */
  const save = async () => {
    const response = await getResponse(handlers, new Request(`${API}/api/v1/custom_fields/10042`, { method: 'PATCH' }))
    return { status: response?.status, body: (await response?.json()) as unknown }
  }

  beforeEach(() => controls.reset())

  it('answers that code in a problem body of the operation’s contract, as its own refusal would be', async () => {
    controls.fault('certificate.save', { kind: 'status', status: 422, code: 'in_past' })
    const { status, body } = await save()
    expect(status).toBe(422)
    expect(body).toMatchObject({ status: 422, code: 'in_past' })
    expect(z.safeParse(certificate.save.responses[422], body)).toMatchObject({ success: true, data: { code: 'in_past' } })
  })

  it('without a code answers injected_fault, a code the portal does not read as a refusal', async () => {
    controls.fault('certificate.save', { kind: 'status', status: 500 })
    expect(await save()).toMatchObject({ status: 500, body: { code: 'injected_fault' } })
  })

  it('refuses a code the operation does not declare, naming those it does, and keeps the fault before', () => {
    controls.fault('files.putSigned', { kind: 'status', status: 400, code: 'size_mismatch' })
    expect(() =>
      // @ts-expect-error -- in_past is certificate.save's, not the upload's
      controls.fault('files.putSigned', { kind: 'status', status: 422, code: 'in_past' }),
    ).toThrow(/"in_past" is not an error code of files.putSigned\. Its codes: signature_invalid, file_too_large, size_mismatch, wrong_type/)
    // @ts-expect-error -- the profile read declares no error codes
    expect(() => controls.fault('athlete.me', { kind: 'status', status: 500, code: 'unauthorized' })).toThrow(/of athlete.me\. It declares none/)
    expect(controls.state().faults).toEqual({ 'files.putSigned': { kind: 'status', status: 400, code: 'size_mismatch' } })
  })
})

describe('each kind of fault', () => {
  const API = 'http://api.kinds.test'
  const controls = createControls(SEED_NOW_MS)
  const handlers = createHandlers({ baseUrl: API, controls, onResolved: () => {}, requestLog: createRequestLog() })
  /** A request through the real handlers: its status (null when nothing answered), content type and text. */
  const ask = async (path: string, init: RequestInit = {}) => {
    const response = await getResponse(handlers, new Request(`${API}${path}`, init))
    if (response?.type === 'error') return { status: null }
    return { status: response?.status, type: response?.headers.get('content-type'), text: await response?.text() }
  }
  const races = () => ask('/api/v1/vdatrailers/gare')
  const me = () => ask('/api/v1/vdatrailers/atleta_me', { headers: { authorization: 'Bearer no-such-token' } })

  beforeEach(async () => {
    controls.reset()
    await loadDb(createSeed())
  })

  it('answers as its kind says', async () => {
    controls.fault('races.list', { kind: 'network' })
    expect(await races()).toEqual({ status: null })
    controls.fault('races.list', { kind: 'status', status: 503, retryAfterS: 20 })
    expect(await races()).toMatchObject({ status: 503, text: expect.stringContaining('"code":"injected_fault"') as unknown })
    controls.fault('races.list', { kind: 'notJson' })
    const notJson = await races()
    expect(notJson).toMatchObject({ status: 200, type: 'text/html' })
    expect(() => JSON.parse(notJson.text!) as unknown).toThrow()
    controls.fault('races.list', { kind: 'contract' })
    expect(await races()).toEqual({ status: 200, type: 'application/json', text: '{"unexpected":true}' })
  })

  it('answers an expired token exactly as the backend answers a session token it does not take', async () => {
    const unknownToken = await me()
    controls.fault('races.list', { kind: 'expiredToken' })
    expect(await races()).toEqual(unknownToken)
    expect(unknownToken.status).toBe(401)
  })

  it("applies '*' to every operation without a fault of its own, and heals one by one", async () => {
    controls.fault('*', { kind: 'status', status: 500 })
    controls.fault('races.list', { kind: 'contract' })
    expect((await ask('/api/v1/vdatrailers/gare/201')).status).toBe(500)
    expect((await races()).status).toBe(200)
    controls.fault('*', null)
    expect((await ask('/api/v1/vdatrailers/gare/201')).status).toBe(200)
    // @ts-expect-error -- a code is an operation's own: '*' takes none
    expect(() => controls.fault('*', { kind: 'status', status: 422, code: 'in_past' })).toThrow(/is not an error code of \*/)
  })

  it('removes one latency with null, and clears every fault and latency at once, the clock staying', () => {
    controls.setNow('2026-07-01T10:00:00+02:00')
    controls.latency('*', 200)
    controls.latency('races.list', 50)
    controls.latency('races.list', null)
    expect(controls.latencyFor('races.list')).toBe(200)
    controls.fault('athlete.me', { kind: 'network' })
    controls.clearFaults()
    expect(controls.state()).toMatchObject({ faults: {}, latencyMs: {} })
    expect(controls.now()).toBeGreaterThanOrEqual(Date.parse('2026-07-01T08:00:00Z'))
  })
})

describe("another tab's controls", () => {
  it('are followed: its clock and faults hold here, what waited at a hold it released goes on', async () => {
    const here = createControls(SEED_NOW_MS)
    const there = createControls(SEED_NOW_MS)
    const listener = vi.fn()
    here.subscribe(listener)
    here.hold('races.list')
    const waiting = here.passHold('races.list')
    there.setNow('2026-07-01T10:00:00+02:00')
    there.fault('*', { kind: 'network' })
    // What that tab stored, as its `storage` event carries it.
    here.takeRemote(JSON.stringify(there.state()))
    expect(here.faultFor('athlete.me')).toEqual({ kind: 'network' })
    expect(Math.abs(here.now() - there.now())).toBeLessThan(1_000)
    expect(listener).toHaveBeenCalled()
    await expect(waiting).resolves.toBeUndefined()
    // Stored by an older mock (a fault kind since renamed): back to the seed's controls.
    here.takeRemote(JSON.stringify({ ...there.state(), faults: { 'races.list': { kind: 'malformed' } } }))
    expect(here.state().faults).toEqual({})
  })
})

describe('the hold control', () => {
  const API = 'http://api.hold.test'
  const controls = createControls(SEED_NOW_MS)
  const handlers = createHandlers({ baseUrl: API, controls, onResolved: () => {}, requestLog: createRequestLog() })
  /** A race list request through the real handler, with whether it has been answered yet. */
  const askRaces = () => {
    const call = { answered: false, response: getResponse(handlers, new Request(`${API}/api/v1/vdatrailers/gare`)) }
    void call.response.then(() => void (call.answered = true))
    return call
  }

  beforeEach(async () => {
    controls.reset()
    await loadDb(createSeed())
  })

  it('keeps a request of a held operation waiting until it is released, however long that takes', async () => {
    controls.hold('races.list')
    const call = askRaces()
    await vi.waitFor(() => expect(controls.held('races.list')).toBe(1))
    // Other operations are not held.
    expect(controls.held('athlete.me')).toBe(0)
    // Counted as held, it is parked at the hold: not answered, however long the test waits.
    expect(call.answered).toBe(false)

    expect(controls.release('races.list')).toBe(1)
    expect((await call.response)?.status).toBe(200)
    expect(controls.held('races.list')).toBe(0)
    // Released, the operation is no longer held: the next request is answered at once.
    expect((await askRaces().response)?.status).toBe(200)
  })

  it('lets every waiting request go on together, and a fault set meanwhile applies to them', async () => {
    controls.hold('races.list')
    const calls = [askRaces(), askRaces()]
    await vi.waitFor(() => expect(controls.held('races.list')).toBe(2))
    controls.fault('races.list', { kind: 'status', status: 503 })
    expect(controls.release('races.list')).toBe(2)
    expect(await Promise.all(calls.map(async (call) => (await call.response)?.status))).toEqual([503, 503])
  })

  it('is kept in the controls state (so it survives a reload in the browser) and reset lets the waiting requests go', async () => {
    controls.hold('files.putSigned')
    controls.hold('races.list')
    controls.hold('races.list')
    expect(controls.state().holds).toEqual(['files.putSigned', 'races.list'])
    const call = askRaces()
    await vi.waitFor(() => expect(controls.held('races.list')).toBe(1))
    controls.reset()
    expect(controls.state().holds).toEqual([])
    expect((await call.response)?.status).toBe(200)
    expect(controls.release('files.putSigned')).toBe(0)
  })

  it('refuses a name that is not an operation (QA types them in the console)', () => {
    // @ts-expect-error -- not an operation name
    expect(() => controls.hold('files.put')).toThrow(/pettoraleMock.hold: "files.put" is not an operation name.*files\.putSigned/)
    // @ts-expect-error -- holds are per operation: no '*'
    expect(() => controls.release('*')).toThrow(/pettoraleMock.release: "\*" is not an operation name/)
    // @ts-expect-error -- not an operation name
    expect(() => controls.held('races')).toThrow(/pettoraleMock.held/)
    expect(controls.state().holds).toEqual([])
  })
})

describe('the certificate review control', () => {
  let changes = 0
  const { reviewCertificate } = createDataControls(() => void (changes += 1), () => SEED_NOW_MS)
  const certificateOf = (id: number) => {
    const athlete = db.athletes.findFirst((q) => q.where({ id }))
    return { review: athlete?.validazione_certificato, valid: athlete?.certificato_valido }
  }

  beforeEach(async () => {
    changes = 0
    await loadDb(createSeed())
  })

  it('accepts a certificate under review, found by the athlete id, and has the change kept', async () => {
    await reviewCertificate(ATHLETE_IDS.revisione, 'valido')
    expect(certificateOf(ATHLETE_IDS.revisione)).toEqual({ review: 'valido', valid: true })
    expect(changes).toBe(1)
  })

  it('rejects one, found by the e-mail (as QA types it) or by the id typed as text', async () => {
    await reviewCertificate(' Revisione@pettorale.test ', 'non_valido')
    expect(certificateOf(ATHLETE_IDS.revisione)).toEqual({ review: 'non_valido', valid: false })
    await reviewCertificate(String(ATHLETE_IDS.revisione), 'valido')
    expect(certificateOf(ATHLETE_IDS.revisione)).toEqual({ review: 'valido', valid: true })
  })

  it('refuses an athlete without an uploaded certificate, an unknown athlete and an unknown verdict, changing nothing', async () => {
    await expect(reviewCertificate(ATHLETE_IDS.nuovo, 'valido')).rejects.toThrow(/athlete 1 has no uploaded certificate/)
    await expect(reviewCertificate('nobody@pettorale.test', 'valido')).rejects.toThrow(/no athlete "nobody@pettorale.test"/)
    // @ts-expect-error -- QA may type anything in the console
    await expect(reviewCertificate(ATHLETE_IDS.revisione, 'valid')).rejects.toThrow(/'valido' or 'non_valido'/)
    expect(certificateOf(ATHLETE_IDS.nuovo)).toEqual({ review: null, valid: null })
    expect(certificateOf(ATHLETE_IDS.revisione)).toEqual({ review: 'in_revisione', valid: null })
    expect(changes).toBe(0)
  })
})

describe('the experience review control', () => {
  let changes = 0
  const { reviewExperience } = createDataControls(() => void (changes += 1), () => SEED_NOW_MS)
  const reportOf = (id: number) => db.experience.findFirst((q) => q.where({ id }))
  const paxOf = (id: number) => db.athletes.findFirst((q) => q.where({ id }))?.pax

  beforeEach(async () => {
    changes = 0
    await loadDb(createSeed())
  })

  it('accepting the second qualifying race of an athlete gives the PAX; rejecting it again takes it away', async () => {
    const report = await db.experience.create({
      id: 99,
      athlete_id: ATHLETE_IDS.completo,
      gara: 'Sentiero dei Larici 25K 2025',
      data: '2025-06-15',
      gara_id: 102,
      qualificante: true,
      tempo_secondi: 3 * 3600,
      link_risultati: null,
      stato: 'in_verifica',
      motivo: null,
      inviata: '2026-03-01T10:00:00.000Z',
    })
    expect(paxOf(ATHLETE_IDS.completo)).toBe(false)
    await reviewExperience(report.id, 'accettata')
    expect(reportOf(99)).toMatchObject({ stato: 'accettata', motivo: null })
    expect(paxOf(ATHLETE_IDS.completo)).toBe(true)
    await reviewExperience(report.id, 'respinta', 'tempo_non_corrispondente')
    expect(reportOf(99)).toMatchObject({ stato: 'respinta', motivo: 'tempo_non_corrispondente' })
    expect(paxOf(ATHLETE_IDS.completo)).toBe(false)
    expect(changes).toBe(2)
  })

  it('refuses an unknown report, verdict or reason', async () => {
    await expect(reviewExperience(404, 'accettata')).rejects.toThrow(/no report 404/)
    // @ts-expect-error -- QA may type anything in the console
    await expect(reviewExperience(5, 'accepted')).rejects.toThrow(/'accettata' or 'respinta'/)
    // @ts-expect-error -- QA may type anything in the console
    await expect(reviewExperience(5, 'respinta', 'no reason')).rejects.toThrow(/no rejection reason/)
    expect(reportOf(5)).toMatchObject({ stato: 'in_verifica' })
  })
})

/** Never run: the e2e fixture's `mock()` takes a control's name and that control's own arguments. */
const _typedE2eCalls = (call: typeof mock, page: Page) => {
  void call(page, 'fault', 'athlete.me', { kind: 'status', status: 500 })
  void call(page, 'fault', 'files.putSigned', { kind: 'status', status: 400, code: 'size_mismatch' })
  void call(page, 'advance', 60_000)
  void call(page, 'latency', '*', 1500)
  void call(page, 'hold', 'files.putSigned')
  void call(page, 'release', 'files.putSigned')
  // @ts-expect-error -- holds are per operation
  void call(page, 'hold', '*')
  void call(page, 'reviewCertificate', 3, 'valido')
  void call(page, 'reviewCertificate', 'revisione@pettorale.test', 'non_valido')
  // @ts-expect-error -- the verdict is valido or non_valido
  void call(page, 'reviewCertificate', 3, 'in_revisione')
  void call(page, 'reviewExperience', 5, 'respinta', 'gara_non_idonea')
  // @ts-expect-error -- not an operation name
  void call(page, 'fault', 'athlete.mine', null)
  // @ts-expect-error -- advance takes milliseconds
  void call(page, 'advance', '8h')
  // @ts-expect-error -- not a control a test may call
  void call(page, 'subscribe', () => {})
}
