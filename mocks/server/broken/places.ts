import { commitmentOf } from '../../../contracts/lottery-draw'
import * as lottery from '../../../contracts/lottery.contract'
import * as places from '../../../contracts/places.contract'
import * as queue from '../../../contracts/queue.contract'
import { roomDrawOrder } from '../../../contracts/room-draw'
import { db } from '../../db'
import { isCallOf, jsonAnswer, pathOf, type Breaker } from './breaker'

/** Every answer of the room that carries its draw: the ticket, the hold and the published draw. */
const ROOM_ANSWERS = /\/gara\/\d+\/(coda(\/sorteggio)?|posto)$/
const WAIT_LIST = /\/gara\/(\d+)\/lista_attesa$/

/** The same call made again by the backend itself, as the athlete (their bearer), with another method or body. */
const asAthlete = (request: Request, method: string, body?: unknown, url = request.url) =>
  new Request(url, {
    method,
    headers: { authorization: request.headers.get('authorization') ?? '', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

/** The JSON of an answer with `status` and, when given, that problem `code`; null otherwise. */
async function problemIn(answer: Response | undefined, status: number, code?: string): Promise<Record<string, unknown> | null> {
  if (answer?.status !== status) return null
  const body = (await answer.clone().json()) as Record<string, unknown>
  return code === undefined || body.code === code ? body : null
}

interface DrawFields {
  impegno: string
  seme: string | null
  biglietti: number | null
  numero?: number
  estratto?: number
}

/**
 * The room's draw as a backend publishes it from a seed it keeps beside the one it draws with (a
 * fixture's, a configuration's): consistent in itself, commitment and all, and not the order used.
 * Derived from the real commitment, so it stays the same from the first answer to the last.
 */
async function otherDraw(draw: DrawFields): Promise<DrawFields> {
  const seme = await commitmentOf(`fixture:${draw.impegno}`)
  const published: DrawFields = { ...draw, impegno: await commitmentOf(seme), seme: draw.seme === null ? null : seme }
  if (draw.estratto !== undefined && draw.numero !== undefined && draw.biglietti !== null) {
    published.estratto = (await roomDrawOrder(seme, draw.biglietti)).indexOf(draw.numero) + 1
  }
  return published
}

/** The rules of scripts/conformance/checks/places.ts, broken. */
export const PLACES_BROKEN: Record<string, Breaker> = {
  // Every join taken as a new arrival: the reload of a tab drops the athlete's ticket and sends them to the back.
  'waiting-room.one-ticket': (respond) => async (request) => {
    const answer = await respond(request)
    if (!isCallOf(request, queue.join) || !(await problemIn(answer, 409, 'already_in_queue'))) return answer
    await respond(asAthlete(request, 'DELETE'))
    return respond(asAthlete(request, 'POST'))
  },

  // The admission checked for being there, not for being the one sent: any token (another athlete's,
  // a forged one) holds the place of an athlete who is admitted.
  'waiting-room.hold-needs-admission': (respond) => async (request) => {
    if (!isCallOf(request, queue.hold)) return respond(request)
    const ticket = await respond(asAthlete(request, 'GET', undefined, request.url.replace(/posto$/, 'coda')))
    const own = ticket?.ok ? ((await ticket.json()) as { ammissione?: { token: string } }).ammissione?.token : undefined
    return respond(own ? asAthlete(request, 'POST', { ammissione: own }) : request)
  },

  // The room publishes one seed and lines its tickets up by another.
  'waiting-room.published-draw': (respond) => async (request) => {
    const answer = await respond(request)
    if (!answer?.ok || !ROOM_ANSWERS.test(pathOf(request))) return answer
    const body = (await answer.json()) as DrawFields & { sorteggio?: DrawFields }
    if (body.sorteggio) body.sorteggio = await otherDraw(body.sorteggio)
    return jsonAnswer('impegno' in body ? { ...body, ...(await otherDraw(body)) } : body, answer.status)
  },

  // The line kept newest first: a place that comes back goes to whoever joined last.
  'wait-list.first-in-line': (respond) => async (request) => {
    const answer = await respond(request)
    const raceId = Number(WAIT_LIST.exec(pathOf(request))?.[1])
    if (request.method !== 'POST' || answer?.status !== 201 || !raceId) return answer
    const line = db.waitEntries.findMany((q) => q.where({ race_id: raceId }))
    const newest = line.reduce((latest, entry) => (entry.ordine > latest.ordine ? entry : latest))
    const front = Math.min(...line.map((entry) => entry.ordine)) - 1
    await db.waitEntries.update((q) => q.where({ race_id: raceId, athlete_id: newest.athlete_id }), { data: (entry) => void (entry.ordine = front) })
    return answer
  },

  // The order published as the database lists the drawn applications, by number, not as drawn.
  'lottery.verifiable': (respond) => async (request) => {
    const answer = await respond(request)
    if (!answer?.ok || !isCallOf(request, lottery.get)) return answer
    const body = (await answer.json()) as { ordine: number[] | null }
    return jsonAnswer({ ...body, ordine: body.ordine && [...body.ordine].sort((a, b) => a - b) }, answer.status)
  },

  // The refund the client sent trusted: the withdrawal goes through, refunded at whatever it asked.
  'places.refund-agreed': (respond) => async (request) => {
    if (!isCallOf(request, places.withdraw)) return respond(request)
    const sent = (await request.clone().json()) as { rimborso_atteso: number; chiave: string }
    const answer = await respond(request)
    const quoted = ((await problemIn(answer, 409, 'refund_changed'))?.rimborso as { totale: number } | undefined)?.totale
    if (quoted === undefined) return answer
    const done = await respond(asAthlete(request, 'POST', { ...sent, rimborso_atteso: quoted }))
    if (done?.status !== 200) return done
    const body = (await done.json()) as { rimborso: { totale: number }; transazione: { id: string; rimborso: { importo: number; data: string } } }
    body.rimborso.totale = body.transazione.rimborso.importo = sent.rimborso_atteso
    await db.transactions.update((q) => q.where({ id: body.transazione.id }), { data: (line) => void (line.rimborso = body.transazione.rimborso) })
    return jsonAnswer(body)
  },

  // A new offer replaces the open one: its recipient, maybe about to pay, finds the link dead without a word.
  'places.transfer-once': (respond) => async (request) => {
    if (!isCallOf(request, places.offerTransfer)) return respond(request)
    const sent: unknown = await request.clone().json()
    const answer = await respond(request)
    if (!(await problemIn(answer, 409, 'transfer_pending'))) return answer
    await respond(asAthlete(request, 'DELETE'))
    return respond(asAthlete(request, 'POST', sent))
  },
}
