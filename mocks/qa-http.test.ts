// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startMockServer, type MockServer } from './http-server'
import type { QaApi } from './qa-api'
import { createHttpQaApi } from './qa-http-client'
import { ATHLETE_IDS } from './seed/personas'

/** No build to serve: only the API and the QA route are asked for. */
const dist = mkdtempSync(join(tmpdir(), 'pettorale-qa-http-'))
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
