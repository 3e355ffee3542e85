import { SECOND_MS } from '../contracts/time'
import { db } from './db'
import { controls, TEST_API_BASE } from './node'
import { createProvider } from './provider'
import { stageRush } from './queue-stage'
import { PERSONAS } from './seed'

/**
 * The simulated backend as a client sees it over HTTP, for the mock's own tests in Node: a call and
 * its decoded answer, a persona's sign-in, and Bearer calls.
 */

export const persona = (key: string) => PERSONAS.find((candidate) => candidate.key === key)!

export async function api(path: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${TEST_API_BASE}${path}`, init)
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> }
}

/** The persona's access token from the password grant, as the portal asks for it. */
export async function signIn(key: string): Promise<string> {
  const { mail, password } = persona(key)
  const answer = await api('/api/oauth/token', {
    method: 'POST',
    headers: { authorization: `Basic ${btoa('pettorale-portal:test')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: mail, password }).toString(),
  })
  return String(answer.body.access_token)
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
export const post = (token: string, path: string, body: unknown) =>
  api(path, { method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify(body) })
export const get = (token: string, path: string) => api(path, { headers: bearer(token) })

/**
 * completo's place in the Alte Vie di Cogne 52K (203) paid by card, the card authorised and the
 * provider's confirmation not yet in: the payment's id.
 */
export async function cardAwaitingConfirmation(): Promise<string> {
  const token = await signIn('completo')
  await post(token, '/api/v1/vdatrailers/iscrizione', { project_id: 203, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'Cogne' } })
  await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: 203 })
  const price = db.races.findFirst((q) => q.where({ id: 203 }))!.prezzo
  const order = { project_id: 203, opzione_rimborso: 'standard', noleggio_gps: false, totale_atteso: price, idempotency_key: 'awaiting-confirmation-1' }
  const paymentId = String((await post(token, '/api/v1/vdatrailers/pagamenti', order)).body.pagamento_id)
  await createProvider(controls.now, () => undefined).decide(paymentId, 'authorised')
  return paymentId
}

/**
 * A race like the seeded rush's that sells directly, open since a minute ago, with no waiting room
 * and a wait list (`offerHours` to take a place offered); `athletes` eligible athletes signed in.
 */
export async function stageWaitListRace(options: { athletes: number; places: number; offerHours: number }): Promise<{ raceId: number; tokens: string[] }> {
  const opened = new Date(controls.now() - 60 * SECOND_MS).toISOString()
  const staged = await stageRush({
    athletes: options.athletes,
    places: options.places,
    admissionsPerMinute: 60,
    admissionSeconds: 60,
    holdSeconds: 60,
    roomOpensAt: opened,
    registrationOpensAt: opened,
  })
  await db.races.update((q) => q.where({ id: staged.raceId }), {
    data(race) {
      delete race.sala_attesa
      race.lista_attesa = { offerta_ore: options.offerHours }
    },
  })
  return staged
}
