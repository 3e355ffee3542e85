// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MINUTE_MS, SECOND_MS } from '../contracts/time'
import { startMockServer, type MockServer } from './http-server'
import type { QaApi } from './qa-api'
import { createHttpQaApi } from './qa-http-client'
import { SEED_NOW_MS, SEED_RACE_IDS } from './seed'

/**
 * What the bench and the QA panel drive of the waiting room over a shared server's `/__qa/` route:
 * a staged rush of signed-in athletes, the room's counts and admissions, the clock moved over the
 * opening, and the "room opens" clock preset.
 */

const dist = mkdtempSync(join(tmpdir(), 'pettorale-queue-qa-'))
let server: MockServer
let qa: QaApi

beforeAll(async () => {
  server = await startMockServer({ port: 0, dist, precompress: false, log: { info: () => {}, error: () => {} }, qa: true })
  qa = createHttpQaApi(server.url)
})
afterAll(async () => {
  await server.close()
  rmSync(dist, { recursive: true, force: true })
})

const iso = (ms: number) => new Date(ms).toISOString()

describe('the waiting room through the QA API', () => {
  it('stages a rush of signed-in eligible athletes, and reports the room as the clock crosses the opening', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
    const opening = SEED_NOW_MS + 30 * MINUTE_MS
    const { raceId, tokens } = await qa.stageRush({
      athletes: 5,
      places: 2,
      admissionsPerMinute: 60,
      admissionSeconds: 300,
      holdSeconds: 600,
      roomOpensAt: iso(SEED_NOW_MS),
      registrationOpensAt: iso(opening),
    })
    expect(tokens).toHaveLength(5)
    const race = (await (await fetch(`${server.url}/api/v1/vdatrailers/gare/${String(raceId)}`)).json()) as { sala_attesa: unknown; posti: number }
    expect(race).toMatchObject({ posti: 2, sala_attesa: { apre: iso(SEED_NOW_MS), ammissioni_al_minuto: 60, ammissione_s: 300, posto_s: 600 } })
    for (const token of tokens) {
      const joined = await fetch(`${server.url}/api/v1/vdatrailers/gara/${String(raceId)}/coda`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })
      expect(joined.status).toBe(201)
    }
    expect(await qa.queueOf(raceId)).toMatchObject({ raceId, places: 2, paid: 0, held: 0, admitted: 0, tickets: 5, states: { in_sala: 5 }, admissions: [] })
    await qa.setNow(iso(opening + 10 * SECOND_MS))
    const report = await qa.queueOf(raceId)
    expect(report).toMatchObject({ admitted: 2, states: { ammesso: 2, esaurito: 3 } })
    expect(report.admissions.map((admission) => admission.drawn)).toEqual([true, true])
    expect(report.admissions[0]).toMatchObject({ admittedAt: expect.stringMatching(/^\d{4}-/) as unknown, joinedAt: expect.stringMatching(/^\d{4}-/) as unknown })
  })

  it('refuses a rush staged with the room opening after registration, and a report of a race without a room', async () => {
    await expect(
      qa.stageRush({ athletes: 1, places: 1, admissionsPerMinute: 1, admissionSeconds: 1, holdSeconds: 1, roomOpensAt: iso(SEED_NOW_MS + 1), registrationOpensAt: iso(SEED_NOW_MS) }),
    ).rejects.toThrow(/422/)
    await expect(qa.queueOf(SEED_RACE_IDS.open)).rejects.toThrow(/has no waiting room/)
  })

  it('lists the "room opens" clock preset for the race with a room, and for no other', async () => {
    const presets = await qa.clockPresets()
    const ids = (raceId: number) => presets.find((race) => race.raceId === raceId)!.presets.map((preset) => preset.id)
    expect(ids(SEED_RACE_IDS.rush)).toEqual(['beforeOpening', 'twoHoursBeforeOpening', 'roomOpens', 'opening', 'closing', 'afterClose', 'raceDay'])
    expect(presets.find((race) => race.raceId === SEED_RACE_IDS.rush)!.presets[2]!.at).toBe('2026-03-02T10:30:00+01:00')
    expect(ids(SEED_RACE_IDS.open)).not.toContain('roomOpens')
  })
})
