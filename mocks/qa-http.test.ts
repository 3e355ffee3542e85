// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startMockServer, type MockServer } from './http-server'
import type { QaApi } from './qa-api'
import { createHttpQaApi } from './qa-http-client'
import { PERSONAS } from './seed'
import { ATHLETE_IDS } from './seed/personas'

/** A one-page build: the page tells whether a foreign name still gets the portal. */
const dist = mkdtempSync(join(tmpdir(), 'pettorale-qa-http-'))
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>pettorale</title>')
const quiet = { info: () => {}, error: () => {} }
let shared: MockServer
let plain: MockServer
let qa: QaApi

beforeAll(async () => {
  ;[shared, plain] = await Promise.all([
    startMockServer({ port: 0, dist, precompress: false, log: quiet, qa: true }),
    startMockServer({ port: 0, dist, precompress: false, log: quiet }),
  ])
  qa = createHttpQaApi(shared.url)
})
afterAll(async () => {
  await Promise.all([shared.close(), plain.close()])
  rmSync(dist, { recursive: true, force: true })
})
beforeEach(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  await qa.reset()
})

const post = (server: MockServer, path: string, body: string, type = 'application/json') =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': type }, body })

describe('the QA route of a server started for QA', () => {
  it('injects a fault the next API call is answered with, and clears it', async () => {
    await qa.fault('races.list', { kind: 'status', status: 503, retryAfterS: 30 })
    const faulted = await fetch(`${shared.url}/api/v1/vdatrailers/gare`)
    expect(faulted.status).toBe(503)
    expect(faulted.headers.get('retry-after')).toBe('30')
    expect((await qa.state()).faults).toEqual({ 'races.list': { kind: 'status', status: 503, retryAfterS: 30 } })
    expect((await qa.requests())[0]).toMatchObject({ operation: 'races.list', status: 503, fault: 'status' })
    await qa.clearFaults()
    expect((await fetch(`${shared.url}/api/v1/vdatrailers/gare`)).status).toBe(200)
  })

  it('moves the clock', async () => {
    await qa.setNow('2026-09-13T06:00:00+02:00')
    expect(Date.parse((await qa.state()).now)).toBeGreaterThanOrEqual(Date.parse('2026-09-13T04:00:00Z'))
    expect((await qa.clockPresets()).find((clock) => clock.raceId === 201)?.presets).toHaveLength(6)
  })

  it('reviews as staff would, and says why it cannot', async () => {
    await qa.reviewCertificate(ATHLETE_IDS.revisione, 'valido')
    expect((await qa.pending()).certificates).toEqual([])
    await expect(qa.reviewCertificate(ATHLETE_IDS.nuovo, 'valido')).rejects.toThrow(/422 .*has no uploaded certificate/)
  })

  it('fills a race and revises its waiver, refuses a race it does not have (422) and a race id that is not one (400)', async () => {
    await qa.fillRace(203, 1)
    expect(await (await fetch(`${shared.url}/api/v1/vdatrailers/gare/203`)).json()).toMatchObject({ posti: 350, iscritti: 349 })
    await qa.fillRace(203)
    expect(await (await fetch(`${shared.url}/api/v1/vdatrailers/gare/203`)).json()).toMatchObject({ posti: 350, iscritti: 350 })
    expect(await qa.reviseWaiver(203)).toBe('v2')
    expect((await qa.races()).find((race) => race.raceId === 203)).toMatchObject({ taken: 350, waiverVersion: 'v2' })
    await expect(qa.fillRace(999)).rejects.toThrow(/422 .*no race 999/)
    const notAnId = await post(shared, '/__qa/revise-waiver', JSON.stringify({ raceId: '203' }))
    expect(notAnId.status).toBe(400)
    expect(await notAnId.json()).toMatchObject({ code: 'invalid_request', issues: [{ path: ['raceId'] }] })
    expect((await qa.races()).find((race) => race.raceId === 203)).toMatchObject({ waiverVersion: 'v2' })
  })

  it('draws the flagship’s lottery once, and refuses a race without one', async () => {
    expect((await qa.races()).find((race) => race.raceId === 201)).toMatchObject({ lottery: true, lotteryDrawn: false, waitList: true })
    expect(await qa.drawLottery(201)).toEqual({ drawn: 280, notDrawn: 1220 })
    expect(await qa.drawLottery(201)).toEqual({ drawn: 280, notDrawn: 1220 })
    const published = (await (await fetch(`${shared.url}/api/v1/vdatrailers/gara/201/lotteria`)).json()) as { stato: string; ordine: number[] }
    expect(published).toMatchObject({ stato: 'estratta' })
    expect(published.ordine).toHaveLength(1500)
    expect((await qa.races()).find((race) => race.raceId === 201)).toMatchObject({ lotteryDrawn: true })
    await expect(qa.drawLottery(202)).rejects.toThrow(/422 .*race 202 has no lottery/)
  })

  it('frees a place of a race with a wait list, and refuses a race without one', async () => {
    const before = (await qa.races()).find((race) => race.raceId === 206)!
    await qa.freePlace(206)
    expect((await qa.races()).find((race) => race.raceId === 206)!.taken).toBe(before.taken - 1)
    await expect(qa.freePlace(203)).rejects.toThrow(/422 .*race 203 keeps no wait list/)
  })

  it('exports the database, refuses a file that is not an export, and loads the export back', async () => {
    await qa.reviewCertificate(ATHLETE_IDS.revisione, 'valido')
    const text = await qa.exportDatabase()
    expect(await qa.importDatabase('{"name":"pettorale"}')).toEqual({ ok: false, refusal: 'not_a_pettorale_export' })
    expect((await qa.pending()).certificates).toEqual([])
    await qa.reset()
    expect((await qa.pending()).certificates).toHaveLength(1)
    expect(await qa.importDatabase(text)).toEqual({ ok: true })
    expect((await qa.pending()).certificates).toEqual([])
  })

  it("tells another QA engineer's panel of a change, by polling", async () => {
    const other = createHttpQaApi(shared.url, 20)
    const listener = vi.fn()
    const unsubscribe = other.subscribe(listener)
    // The first poll only learns where the counter is.
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(listener).not.toHaveBeenCalled()
    await qa.latency('*', 100)
    await vi.waitFor(() => expect(listener).toHaveBeenCalled())
    unsubscribe()
  })

  it('refuses a body that breaks the route (400), one not labelled JSON (415) and another method (405)', async () => {
    const badTarget = await post(shared, '/__qa/fault', JSON.stringify({ target: 'races.lisst', fault: { kind: 'network' } }))
    expect(badTarget.status).toBe(400)
    expect(await badTarget.json()).toMatchObject({ code: 'invalid_request', issues: [{ path: ['target'] }] })
    expect((await post(shared, '/__qa/fault', '{"target":', 'application/json')).status).toBe(400)
    expect((await post(shared, '/__qa/reset', '{}', 'text/plain')).status).toBe(415)
    const wrongMethod = await fetch(`${shared.url}/__qa/reset`)
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('allow')).toBe('POST')
    expect((await qa.state()).faults).toEqual({})
  })

  it('answers like any API answer: JSON, not stored, not sniffed', async () => {
    const answer = await fetch(`${shared.url}/__qa/state`)
    expect(answer.headers.get('content-type')).toBe('application/json')
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await fetch(`${shared.url}/__qa/no-such-control`)).status).toBe(404)
  })
})

/** One request with the `Host` a browser would send for the name it was opened at. */
function asHost(host: string, path: string, init: { method?: string; body?: string } = {}): Promise<{ status: number; text: string }> {
  const { port } = new URL(shared.url)
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path, method: init.method ?? 'GET', agent: false, headers: { host, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) } },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
        res.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(init.body)
  })
}

describe('the mock-only routes answer only under the server’s own names (decision 057)', () => {
  const own = () => new URL(shared.url).port

  it('answers the QA route at 127.0.0.1, localhost and [::1] with its port', async () => {
    for (const name of ['127.0.0.1', 'localhost', 'LOCALHOST', '[::1]']) {
      expect((await asHost(`${name}:${own()}`, '/__qa/state')).status, name).toBe(200)
    }
  })

  it('refuses another name 421 on the QA and provider routes, before anything runs', async () => {
    await qa.fault('races.list', { kind: 'network' })
    const rebound = `rebind.attacker.example:${own()}`
    const cleared = await asHost(rebound, '/__qa/clear-faults', { method: 'POST', body: '{}' })
    expect(cleared.status).toBe(421)
    expect(JSON.parse(cleared.text)).toMatchObject({ status: 421, code: 'misdirected_request' })
    expect((await qa.state()).faults).toEqual({ 'races.list': { kind: 'network' } })
    const exported = await asHost(rebound, '/__qa/export')
    expect(exported.status).toBe(421)
    expect(exported.text).not.toContain('changes')
    const paid = await asHost(rebound, '/__provider/pay-link', { method: 'POST', body: JSON.stringify({ link: 'x', outcome: 'authorised' }) })
    expect(paid.status).toBe(421)
    // The server's own address on another port, or with a user in front, is not its name either.
    expect((await asHost('127.0.0.1:1', '/__qa/state')).status).toBe(421)
    expect((await asHost(`evil@127.0.0.1:${own()}`, '/__qa/state')).status).toBe(421)
  })

  it('still serves the public API and the build under any name, as a host behind a proxy must', async () => {
    await qa.clearFaults()
    const rebound = `rebind.attacker.example:${own()}`
    expect((await asHost(rebound, '/api/v1/vdatrailers/gare')).status).toBe(200)
    const page = await asHost(rebound, '/company')
    expect(page.status).toBe(200)
    expect(page.text).toContain('<title>pettorale</title>')
  })
})

describe('the QA export', () => {
  const completo = PERSONAS.find((persona) => persona.key === 'completo')!
  const me = (token: string) => fetch(`${shared.url}/api/v1/vdatrailers/atleta_me`, { headers: { authorization: `Bearer ${token}` } })

  async function signIn(): Promise<string> {
    const answer = await fetch(`${shared.url}/api/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa('pettorale-portal:test')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: completo.mail, password: completo.password }).toString(),
    })
    expect(answer.status).toBe(200)
    return String(((await answer.json()) as { access_token: string }).access_token)
  }

  it('holds no session token, and loads back with nobody signed in', async () => {
    const token = await signIn()
    await qa.reviewCertificate(ATHLETE_IDS.revisione, 'valido')
    expect((await me(token)).status).toBe(200)
    const text = await qa.exportDatabase()
    expect(text).not.toContain(token)
    expect(Object.keys((JSON.parse(text) as { changes: object }).changes)).not.toContain('sessions')

    expect(await qa.importDatabase(text)).toEqual({ ok: true })
    expect((await qa.pending()).certificates).toEqual([])
    expect((await me(token)).status).toBe(401)
  })

  it('loads a file that still holds sessions without them', async () => {
    const token = await signIn()
    const file = JSON.parse(await qa.exportDatabase()) as { changes: Record<string, unknown[]> }
    file.changes.sessions = [[token, { token, athlete_id: completo.athleteId, expires_at: Date.parse('2099-01-01T00:00:00Z') }]]
    expect(await qa.importDatabase(JSON.stringify(file))).toEqual({ ok: true })
    expect((await me(token)).status).toBe(401)
  })
})

describe('a server not started for QA', () => {
  it('answers every /__qa/ path 404, exactly as an unknown API path, and changes nothing', async () => {
    const unknown = await fetch(`${plain.url}/api/v1/no-such-operation`)
    for (const [path, init] of [
      ['/__qa/state', {}],
      ['/__qa/fault', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"target":"*","fault":{"kind":"network"}}' }],
    ] as const) {
      const answer = await fetch(`${plain.url}${path}`, init)
      expect(answer.status, path).toBe(404)
      expect(answer.headers.get('cache-control')).toBe(unknown.headers.get('cache-control'))
      expect(await answer.json()).toEqual({ status: 404, title: 'not_found', code: 'not_found', detail: `No operation at ${path}.` })
    }
    expect(await unknown.json()).toMatchObject({ status: 404, code: 'not_found' })
    expect(plain.qa).toBeNull()
    expect(plain.controls.state().faults).toEqual({})
  })
})
