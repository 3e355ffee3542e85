import * as athlete from '../../../contracts/athlete.contract'
import * as auth from '../../../contracts/auth.contract'
import { MAX_JSON_BODY_BYTES } from '../../../contracts/common'
import * as races from '../../../contracts/races.contract'
import * as transactions from '../../../contracts/transactions.contract'
import { isCallOf, jsonAnswer, type Breaker } from './breaker'

/** The rules of scripts/conformance/checks/basics.ts, broken. */
export const BASICS_BROKEN: Record<string, Breaker> = {
  // A serializer that writes decimals as strings, as many ORMs do by default: "45.00", not 45.
  'reads.races': (respond) => async (request) => {
    const answer = await respond(request)
    if (!answer || answer.status !== 200 || !isCallOf(request, races.get)) return answer
    const race = (await answer.json()) as { prezzo: unknown }
    return jsonAnswer({ ...race, prezzo: String(race.prezzo) })
  },
  // An unknown id answered as an empty success rather than a 404.
  'reads.unknown-race': (respond) => async (request) => {
    const answer = await respond(request)
    return answer?.status === 404 && isCallOf(request, races.get) ? jsonAnswer({}) : answer
  },
  // A list answered bare, without the object the contract wraps it in.
  'reads.athlete': (respond) => async (request) => {
    const answer = await respond(request)
    if (!answer || answer.status !== 200 || !isCallOf(request, transactions.list)) return answer
    return jsonAnswer(((await answer.json()) as { transazioni: unknown[] }).transazioni)
  },
  // A framework's default error body in place of OAuth's.
  'auth.oauth-errors': (respond) => async (request) => {
    const answer = await respond(request)
    if (!answer || answer.status < 400 || !isCallOf(request, auth.token)) return answer
    return jsonAnswer({ message: 'Bad credentials' }, 401)
  },
  // A profile served to a request with no token at all, as to a guest.
  'auth.bearer-required': (respond) => async (request) => {
    if (!isCallOf(request, athlete.me) || request.headers.has('authorization')) return respond(request)
    return jsonAnswer({ profilo: [], iscrizioni_possibili: [] })
  },
  // A logout that forgets the token on the client's side only.
  'auth.logout-revokes': (respond) => async (request) => (isCallOf(request, auth.logout) ? jsonAnswer({}) : respond(request)),
  // A body read as JSON whatever its label says (the CORS-less cross-site post of docs/security.md).
  'requests.content-type': (respond) => async (request) => {
    if (!request.body || request.headers.get('content-type')?.startsWith('application/json')) return respond(request)
    const text = await request.clone().text()
    try {
      JSON.parse(text)
    } catch {
      return respond(request)
    }
    const headers = new Headers(request.headers)
    headers.set('content-type', 'application/json')
    return respond(new Request(request.url, { method: request.method, headers, body: text }))
  },
  // A body read whole, whatever its size, and parsed: here it is parsed and sent on compact.
  'requests.body-size': (respond) => async (request) => {
    if (!request.headers.get('content-type')?.startsWith('application/json')) return respond(request)
    const text = await request.clone().text()
    if (text.length <= MAX_JSON_BODY_BYTES) return respond(request)
    return respond(new Request(request.url, { method: request.method, headers: request.headers, body: JSON.stringify(JSON.parse(text)) }))
  },
  // A validation error that echoes the whole body back and names no code.
  'requests.json-shape': (respond) => async (request) => {
    const sent = request.headers.get('content-type')?.startsWith('application/json') ? await request.clone().text() : null
    const answer = await respond(request)
    if (sent === null || answer?.status !== 400) return answer
    return jsonAnswer({ message: 'Validation failed', received: sent }, 400)
  },
}
