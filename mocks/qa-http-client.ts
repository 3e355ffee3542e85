import type { QaApi } from './qa-api'
import { QA_ROUTE_PREFIX, QA_ROUTES, type QaRouteName, type QaStateAnswer } from './qa-http'

/** How often `subscribe` asks the server whether anything changed. */
export const QA_POLL_MS = 2_000

/**
 * The QA API of a shared `npm run mock:server` started for QA, over its `/__qa/` route. Several QA
 * engineers may drive one server, so `subscribe` polls the server's change counter (`GET
 * /__qa/state`) every QA_POLL_MS while anyone listens, and at once after a change made here.
 */
export function createHttpQaApi(baseUrl: string, pollMs: number = QA_POLL_MS): QaApi {
  const base = baseUrl.replace(/\/$/, '')
  const listeners = new Set<() => void>()
  let seenVersion: number | null = null
  let timer: ReturnType<typeof setTimeout> | undefined

  async function call<T>(name: QaRouteName, body?: object, refusedAnswer = false): Promise<T> {
    const { method, path } = QA_ROUTES[name]
    const response = await fetch(`${base}${QA_ROUTE_PREFIX}${path}`, {
      method,
      ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) } : {}),
    })
    const answer = (await response.json().catch(() => null)) as unknown
    if (!response.ok && !(refusedAnswer && response.status === 422)) {
      const detail = (answer as { detail?: unknown } | null)?.detail
      throw new Error(`QA ${name}: ${String(response.status)}${typeof detail === 'string' ? ` ${detail}` : ''}`)
    }
    return answer as T
  }

  /** Reads the change counter; a move since the last read tells every listener. */
  async function check(): Promise<QaStateAnswer> {
    const answer = await call<QaStateAnswer>('state')
    const moved = seenVersion !== null && answer.version !== seenVersion
    seenVersion = answer.version
    if (moved) for (const listener of listeners) listener()
    return answer
  }

  /** A change made here is seen at once rather than at the next poll. */
  async function change<T>(name: QaRouteName, body?: object, refusedAnswer = false): Promise<T> {
    const result = await call<T>(name, body, refusedAnswer)
    if (listeners.size > 0) await check().catch(() => undefined)
    return result
  }

  function poll() {
    clearTimeout(timer)
    timer = setTimeout(() => {
      void check()
        .catch(() => undefined)
        .finally(() => {
          if (listeners.size > 0) poll()
        })
    }, pollMs)
  }

  return {
    state: async () => (await call<QaStateAnswer>('state')).state,
    personas: () => call('personas'),
    setNow: (at) => change('setNow', { at }),
    clockPresets: () => call('clockPresets'),
    races: () => call('races'),
    fillRace: (raceId, left) => change('fillRace', { raceId, left }),
    reviseWaiver: async (raceId) => (await change<{ version: string }>('reviseWaiver', { raceId })).version,
    stageRush: (options) => change('stageRush', options),
    queueOf: (raceId) => call('queueOf', { raceId }),
    drawLottery: (raceId) => change('drawLottery', { raceId }),
    freePlace: (raceId) => change('freePlace', { raceId }),
    fault: (target, fault) => change('fault', { target, fault }),
    latency: (target, ms) => change('latency', { target, ms }),
    clearFaults: () => change('clearFaults'),
    pending: () => call('pending'),
    reviewCertificate: (athleteId, verdict) => change('reviewCertificate', { athleteId, verdict }),
    reviewExperience: (reportId, verdict, reason) => change('reviewExperience', { reportId, verdict, reason }),
    settlePayment: (paymentId, outcome, reason) => change('settlePayment', { paymentId, outcome, reason }),
    mailbox: () => call('mailbox'),
    requests: () => call('requests'),
    exportDatabase: async () => (await call<{ text: string }>('exportDatabase')).text,
    importDatabase: (text) => change('importDatabase', { text }, true),
    reset: () => change('reset'),
    subscribe(listener) {
      listeners.add(listener)
      if (listeners.size === 1) {
        void check().catch(() => undefined)
        poll()
      }
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) {
          clearTimeout(timer)
          seenVersion = null
        }
      }
    },
  }
}
