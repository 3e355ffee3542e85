import { vi } from 'vitest'
import type { QaApi, QaFault, QaPendingReview, QaRace, QaState, QaTarget } from '../../../mocks/qa-api'

/**
 * A QA API in memory for the panel's tests: the calls are spies, the state they change is read
 * back as the real one would be, and subscribers hear of every change.
 */
export function fakeQaApi(overrides: { pending?: QaPendingReview; importRefusal?: 'not_json' | 'not_a_pettorale_export' } = {}) {
  const state: { now: string; faults: QaState['faults']; latencyMs: QaState['latencyMs'] } = {
    now: '2026-03-02T09:00:00+01:00',
    faults: {},
    latencyMs: {},
  }
  let pending: QaPendingReview = overrides.pending ?? { certificates: [], experienceReports: [], payments: [] }
  const races: QaRace[] = [
    {
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
    },
    {
      raceId: 201,
      title: 'Tor des Pettorale 330 2026',
      startsAt: '2026-09-13T08:00:00.000Z',
      places: 600,
      taken: 320,
      lottery: true,
      waiverVersion: 'v1',
      waitingRoom: false,
      waitList: true,
      lotteryDrawn: false,
    },
    {
      raceId: 260,
      title: 'Vertical della Grivola 2026',
      startsAt: '2026-06-21T06:00:00.000Z',
      places: 12,
      taken: 2,
      lottery: false,
      waiverVersion: 'v1',
      waitingRoom: true,
      waitList: true,
      lotteryDrawn: false,
    },
  ]
  const raceOf = (raceId: number) => {
    const race = races.find((candidate) => candidate.raceId === raceId)
    if (!race) throw new Error(`no race ${String(raceId)}`)
    return race
  }
  const listeners = new Set<() => void>()
  const changed = () => {
    for (const listener of listeners) listener()
  }
  const qa = {
    state: vi.fn(async () => structuredClone(state)),
    personas: vi.fn(async () => []),
    setNow: vi.fn(async (at: string) => {
      state.now = at
      changed()
    }),
    clockPresets: vi.fn(async () => [
      {
        raceId: 203,
        title: 'Tor des Pettorale 330 2026',
        presets: [
          { id: 'beforeOpening' as const, at: '2026-03-01T09:00:00+01:00' },
          { id: 'twoHoursBeforeOpening' as const, at: '2026-03-02T07:00:00+01:00' },
          { id: 'opening' as const, at: '2026-03-02T09:00:00+01:00' },
          { id: 'closing' as const, at: '2026-06-30T23:58:00+02:00' },
          { id: 'afterClose' as const, at: '2026-07-01T00:59:00+02:00' },
          { id: 'raceDay' as const, at: '2026-09-13T06:00:00+02:00' },
        ],
      },
    ]),
    races: vi.fn(async () => structuredClone(races)),
    fillRace: vi.fn(async (raceId: number) => {
      const race = raceOf(raceId)
      race.taken = race.places
      changed()
    }),
    reviseWaiver: vi.fn(async (raceId: number) => {
      const race = raceOf(raceId)
      race.waiverVersion = `v${String(Number(race.waiverVersion.slice(1)) + 1)}`
      changed()
      return race.waiverVersion
    }),
    fault: vi.fn(async (target: QaTarget, fault: QaFault | null) => {
      if (fault) state.faults[target] = fault
      else delete state.faults[target]
      changed()
    }),
    latency: vi.fn(async (target: QaTarget, ms: number | null) => {
      if (ms === null) delete state.latencyMs[target]
      else state.latencyMs[target] = ms
      changed()
    }),
    clearFaults: vi.fn(async () => {
      state.faults = {}
      state.latencyMs = {}
      changed()
    }),
    stageRush: vi.fn(async () => ({ raceId: 900, tokens: [] })),
    queueOf: vi.fn(async (raceId: number) => ({
      raceId,
      places: raceOf(raceId).places,
      paid: raceOf(raceId).taken,
      held: 1,
      admitted: 3,
      tickets: 20,
      states: { in_sala: 0, in_coda: 14, ammesso: 3, posto: 1, pagato: 2, esaurito: 0, scaduto: 0, uscito: 0 },
      admissions: [],
    })),
    drawLottery: vi.fn(async (raceId: number) => {
      raceOf(raceId).lotteryDrawn = true
      changed()
      return { drawn: 280, notDrawn: 1220 }
    }),
    freePlace: vi.fn(async (raceId: number) => {
      raceOf(raceId).taken -= 1
      changed()
    }),
    pending: vi.fn(async () => structuredClone(pending)),
    reviewCertificate: vi.fn(async (athleteId: number) => {
      pending = { ...pending, certificates: pending.certificates.filter((item) => item.athleteId !== athleteId) }
      changed()
    }),
    reviewExperience: vi.fn(async (reportId: number) => {
      pending = { ...pending, experienceReports: pending.experienceReports.filter((item) => item.reportId !== reportId) }
      changed()
    }),
    settlePayment: vi.fn(async (paymentId: string) => {
      pending = { ...pending, payments: pending.payments.filter((item) => item.paymentId !== paymentId) }
      changed()
    }),
    mailbox: vi.fn(async () => []),
    requests: vi.fn(async () => []),
    exportDatabase: vi.fn(async () => '{"format":"pettorale-mock"}'),
    importDatabase: vi.fn(async () => (overrides.importRefusal ? { ok: false as const, refusal: overrides.importRefusal } : { ok: true as const })),
    reset: vi.fn(async () => {}),
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  } satisfies QaApi
  return qa
}
