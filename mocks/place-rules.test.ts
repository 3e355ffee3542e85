// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Subscription } from '../contracts/athlete.contract'
import { hasStarted, isActivePlace, transferWindow } from '../machines/rules/place'
import { db } from './db'
import { controls } from './node'
import { sentMail } from './outbox'
import { isActivePlace as serverIsActive } from './records'
import { ATHLETE_IDS } from './seed/personas'
import { persona, post, signIn } from './test-api'
import '../tests/setup/mock-backend'

/**
 * Decision 038, issue 40: the simulated backend reads a place's rules itself (mocks/records.ts
 * `isActivePlace`, which mocks/transfer.ts and mocks/places.ts `placeOf` use, and places.ts
 * `started`), as a real backend would, and may not import the portal's (DESIGN.md section 2). Over a table of subscriptions and moments, its HTTP
 * answers must agree with the portal's one rule (machines/rules/place.ts): what the portal offers
 * or refuses up front is what the server does.
 */

const RACE = 202
const race = () => db.races.findFirst((q) => q.where({ id: RACE }))!
const offer = (token: string, mail: string, chiave: string) => post(token, `/api/v1/vdatrailers/iscrizione/${String(RACE)}/cessione`, { mail, chiave })
const accept = (token: string, code: string) => post(token, `/api/v1/vdatrailers/cessione/${code}/accetta`, { noleggio_gps: false })
const withdraw = (token: string, chiave: string) => post(token, `/api/v1/vdatrailers/iscrizione/${String(RACE)}/ritiro`, { rimborso_atteso: 22.5, chiave })

type Facts = Pick<Subscription, 'pagato' | 'stato'>

/** Every state a subscription can be in, paid or not (a record from before issue 23 has no `stato`). */
const TABLE: readonly Facts[] = [true, false].flatMap((pagato) =>
  ([undefined, 'attiva', 'ritirata', 'ceduta', 'rinviata'] as const).map((stato) => (stato === undefined ? { pagato } : { pagato, stato })),
)

/** The seed's moments: 2 March (race 202 open to transfers), 1 June (its deadline passed), race day after the start. */
const MOMENTS = ['2026-03-02T09:00:00+01:00', '2026-06-01T12:00:00+02:00', '2026-06-14T10:00:00+02:00'] as const

async function setPlace(key: keyof typeof ATHLETE_IDS, facts: Facts) {
  await db.subscriptions.update((q) => q.where({ athlete_id: ATHLETE_IDS[key], project_id: RACE }), {
    data(record) {
      record.pagato = facts.pagato
      if (facts.stato === undefined) delete record.stato
      else record.stato = facts.stato
    },
  })
}

const name = (facts: Facts) => `${facts.pagato ? 'paid' : 'unpaid'}, ${facts.stato ?? 'no state'}`

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => {})
})

describe('the rule itself', () => {
  it.each(TABLE.map((facts) => [name(facts), facts] as const))('reads a place %s as the portal does', (_, facts) => {
    expect(serverIsActive(facts)).toBe(isActivePlace(facts))
  })
})

describe("the giver's place: what the portal offers is what the server takes", () => {
  it.each(TABLE.map((facts) => [name(facts), facts] as const))('an offer of a place %s, in the window', async (_, facts) => {
    controls.setNow(MOMENTS[0])
    await setPlace('completo', facts)
    const { pagato } = facts
    const offered = await offer(await signIn('completo'), persona('pax').mail, `key-${name(facts)}`)
    if (isActivePlace(facts)) expect(offered.status, 'an active place in the window is offered').toBe(201)
    else expect([offered.status, offered.body.code], 'not an active place: refused as such').toEqual([409, pagato ? 'place_changed' : 'not_paid'])
  })

  it.each(MOMENTS.map((at) => [at] as const))('an active place at %s is offered exactly while the window is open, and withdrawn until the start', async (at) => {
    controls.setNow(at)
    const token = await signIn('completo')
    const offered = await offer(token, persona('pax').mail, `key-${at}`)
    if (transferWindow(race(), controls.now()).open) expect(offered.status).toBe(201)
    else expect(offered.body.code).toBe('transfer_closed')
    if (hasStarted(race(), controls.now())) expect((await withdraw(token, `w-${at}`)).body.code).toBe('withdrawal_closed')
  })

  it.each(TABLE.map((facts) => [name(facts), facts] as const))('a withdrawal of a place %s is refused as the portal says', async (_, facts) => {
    controls.setNow(MOMENTS[0])
    await setPlace('completo', facts)
    const { pagato } = facts
    const answer = await withdraw(await signIn('completo'), `w-${name(facts)}`)
    if (isActivePlace(facts)) expect(answer.status).toBe(200)
    else expect([answer.status, answer.body.code]).toEqual([409, pagato ? 'place_changed' : 'not_paid'])
  })

})

describe("the recipient's own place: refused up front by the portal exactly when the server refuses it", () => {
  it.each(TABLE.map((facts) => [name(facts), facts] as const))('pax holding a subscription %s', async (_, facts) => {
    controls.setNow(MOMENTS[0])
    const giver = await signIn('completo')
    expect((await offer(giver, persona('pax').mail, 'to-pax')).status).toBe(201)
    const code = sentMail().findLast((mail) => mail.kind === 'transfer_offer')!.link.replace('/transfer/', '')
    await db.subscriptions.create({ ...db.subscriptions.findFirst((q) => q.where({ athlete_id: ATHLETE_IDS.completo, project_id: RACE }))!, athlete_id: ATHLETE_IDS.pax })
    await setPlace('pax', facts)
    const answer = await accept(await signIn('pax'), code)
    // The portal's machine ends `enrolled` before accepting exactly for an active place (a place
    // passed on and offered back is not one); the server refuses the same and takes the others.
    if (isActivePlace(facts)) expect(answer.body.code).toBe('already_enrolled')
    else expect(answer.status).toBe(200)
  })
})
