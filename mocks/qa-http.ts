import * as z from 'zod/mini'
import { problemAnswer, readJsonBody, type MockRouteAnswer, type MockRouteRequest } from './mock-route'
import { isOperationName } from '../contracts'
import { InstantSchema } from '../contracts/common'
import { RejectionReasonSchema } from '../contracts/experience.contract'
import { PaymentDeclineReasonSchema } from '../contracts/payments.contract'
import { FaultSchema } from './controls'
import type { QaApi, QaState, QaTarget } from './qa-api'

/**
 * The QA API over HTTP: the mock-only route `/__qa/<path>` of `npm run mock:server` started for QA
 * (http-server.ts), one path per method of `QaApi`, JSON in and out. The server answers it from its
 * own backend (`createLocalQaApi`), the panel calls it through `createHttpQaApi`
 * (qa-http-client.ts); both read this table, so they cannot disagree on a path or a body.
 */

export const QA_ROUTE_PREFIX = '/__qa/'

/** `GET state`'s answer: the state, and a counter that moves on every change (clients poll it). */
export interface QaStateAnswer {
  state: QaState
  version: number
}

const TargetSchema = z.custom<QaTarget>((value) => value === '*' || isOperationName(value), { message: "an operation name or '*'" })
const Empty = z.object({})
const RaceIdBody = z.object({ raceId: z.number().check(z.int(), z.positive()) })
/** The most athletes one `stageRush` makes: the bench's 10,000 and room to spare. */
const MAX_RUSH_ATHLETES = 50_000
const DAY_S = 24 * 60 * 60

type Method = Exclude<keyof QaApi, 'subscribe'>

interface Route<B> {
  method: 'GET' | 'POST'
  path: string
  /** What a POST's JSON body must be; a GET has none. */
  body?: z.ZodMiniType<B>
  run: (qa: QaApi, body: B) => Promise<unknown>
}

const get = (path: string, run: (qa: QaApi) => Promise<unknown>): Route<undefined> => ({ method: 'GET', path, run: (qa) => run(qa) })
const post = <B>(path: string, body: z.ZodMiniType<B>, run: (qa: QaApi, body: B) => Promise<unknown>): Route<B> => ({ method: 'POST', path, body, run })

/** Every route, by the `QaApi` method it stands for. `state` is answered by the server itself (it adds the counter). */
export const QA_ROUTES = {
  state: get('state', (qa) => qa.state()),
  personas: get('personas', (qa) => qa.personas()),
  setNow: post('now', z.object({ at: InstantSchema }), (qa, { at }) => qa.setNow(at)),
  clockPresets: get('clock-presets', (qa) => qa.clockPresets()),
  races: get('races', (qa) => qa.races()),
  fillRace: post('fill-race', z.extend(RaceIdBody, { left: z.optional(z.number().check(z.int(), z.nonnegative())) }), (qa, { raceId, left }) => qa.fillRace(raceId, left)),
  reviseWaiver: post('revise-waiver', RaceIdBody, async (qa, { raceId }) => ({ version: await qa.reviseWaiver(raceId) })),
  stageRush: post(
    'stage-rush',
    z.object({
      athletes: z.number().check(z.int(), z.positive(), z.lte(MAX_RUSH_ATHLETES)),
      places: z.number().check(z.int(), z.positive(), z.lte(1_000_000)),
      admissionsPerMinute: z.number().check(z.int(), z.positive(), z.lte(1_000_000)),
      admissionSeconds: z.number().check(z.int(), z.positive(), z.lte(DAY_S)),
      holdSeconds: z.number().check(z.int(), z.positive(), z.lte(DAY_S)),
      roomOpensAt: InstantSchema,
      registrationOpensAt: InstantSchema,
    }),
    (qa, options) => qa.stageRush(options),
  ),
  queueOf: post('queue-of', RaceIdBody, (qa, { raceId }) => qa.queueOf(raceId)),
  drawLottery: post('draw-lottery', RaceIdBody, (qa, { raceId }) => qa.drawLottery(raceId)),
  freePlace: post('free-place', RaceIdBody, (qa, { raceId }) => qa.freePlace(raceId)),
  fault: post('fault', z.object({ target: TargetSchema, fault: z.nullable(FaultSchema) }), (qa, { target, fault }) => qa.fault(target, fault)),
  latency: post(
    'latency',
    z.object({ target: TargetSchema, ms: z.nullable(z.number().check(z.int(), z.nonnegative(), z.lte(10 * 60_000))) }),
    (qa, { target, ms }) => qa.latency(target, ms),
  ),
  clearFaults: post('clear-faults', Empty, (qa) => qa.clearFaults()),
  pending: get('pending', (qa) => qa.pending()),
  reviewCertificate: post(
    'review-certificate',
    z.object({ athleteId: z.number().check(z.int()), verdict: z.enum(['valido', 'non_valido']) }),
    (qa, { athleteId, verdict }) => qa.reviewCertificate(athleteId, verdict),
  ),
  reviewExperience: post(
    'review-experience',
    z.object({ reportId: z.number().check(z.int()), verdict: z.enum(['accettata', 'respinta']), reason: z.optional(RejectionReasonSchema) }),
    (qa, { reportId, verdict, reason }) => qa.reviewExperience(reportId, verdict, reason),
  ),
  settlePayment: post(
    'settle-payment',
    z.object({
      paymentId: z.string().check(z.maxLength(100)),
      outcome: z.enum(['authorised', 'declined']),
      reason: z.optional(PaymentDeclineReasonSchema),
    }),
    (qa, { paymentId, outcome, reason }) => qa.settlePayment(paymentId, outcome, reason),
  ),
  mailbox: get('mailbox', (qa) => qa.mailbox()),
  requests: get('requests', (qa) => qa.requests()),
  exportDatabase: get('export', async (qa) => ({ text: await qa.exportDatabase() })),
  importDatabase: post('import', z.object({ text: z.string() }), (qa, { text }) => qa.importDatabase(text)),
  reset: post('reset', Empty, (qa) => qa.reset()),
} satisfies Record<Method, { method: 'GET' | 'POST'; path: string }>

export type QaRouteName = keyof typeof QA_ROUTES

/**
 * Answers one request of the QA route from `qa`: 404 for a path it does not have, 405 for another
 * method, 415 or 400 for a body that is not JSON labelled as such or breaks the route's schema
 * (`readJsonBody`), 422 for what the backend refuses (an athlete with no certificate to review, a
 * refused import), else 200.
 */
export async function answerQaRequest(qa: QaApi, version: () => number, request: MockRouteRequest): Promise<MockRouteAnswer> {
  const path = request.pathname.slice(QA_ROUTE_PREFIX.length)
  const found = Object.entries(QA_ROUTES).find(([, route]) => route.path === path) as [QaRouteName, Route<unknown>] | undefined
  if (!found) return problemAnswer(404, 'not_found', `No operation at ${request.pathname}.`)
  const [name, route] = found
  const allow = route.method === 'GET' ? 'GET, HEAD' : 'POST'
  const method = request.method === 'HEAD' ? 'GET' : request.method
  if (method !== route.method) return problemAnswer(405, 'method_not_allowed', `${request.method} is not ${allow}.`, allow)

  let input: unknown
  if (route.body) {
    const read = readJsonBody(request, route.body)
    if (!read.ok) return read.answer
    input = read.value
  } else if (request.body.length > 0) {
    return problemAnswer(400, 'invalid_request', 'A GET carries no body.')
  }

  try {
    const result = await route.run(qa, input)
    if (name === 'state') return { status: 200, body: { state: result as QaState, version: version() } satisfies QaStateAnswer }
    if (name === 'importDatabase' && !(result as { ok: boolean }).ok) return { status: 422, body: result }
    return { status: 200, body: result ?? {} }
  } catch (error) {
    // What the backend refuses (an unknown athlete, a certificate that is not there): said, not a crash.
    return problemAnswer(422, 'qa_refused', error instanceof Error ? error.message : String(error))
  }
}
