// @vitest-environment node
import { getResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createControls, createDataControls } from './controls'
import { db, dumpDb, type DbName, type DbSnapshot } from './db'
import { createHandlers } from './handlers'
import { sentMail } from './outbox'
import { createProvider, SETTLE_DELAY_MS } from './provider'
import {
  applyChangeSet,
  CHANGE_KEY_PREFIX,
  createPersistentDb,
  mergeChanges,
  RECORD_KEYS,
  webStorageChangeStore,
  type ChangeEntry,
  type PersistentDb,
} from './persistence'
import { createRequestLog } from './qa-request-log'
import { createSeed, PERSONAS, SEED_NOW_MS } from './seed'

/** A Web Storage area in memory, counting its writes. */
class MemoryStorage implements Storage {
  readonly items = new Map<string, string>()
  writes: string[] = []
  get length() {
    return this.items.size
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.writes.push(key)
    this.items.set(key, value)
  }
  removeItem(key: string) {
    this.writes.push(key)
    this.items.delete(key)
  }
  clear() {
    this.items.clear()
  }
}

const BASE = 'http://api.persistence.test'
const seed = createSeed()
const keysOf = <K extends DbName>(name: K, snapshot: DbSnapshot = seed) =>
  (snapshot[name] as unknown[]).map((record) => (RECORD_KEYS[name] as (r: unknown) => string)(record))

describe('record keys', () => {
  it('tell every seeded record of a collection apart', () => {
    for (const name of Object.keys(db) as DbName[]) {
      const keys = keysOf(name)
      expect(new Set(keys).size, name).toBe(keys.length)
    }
  })
})

describe('a change set applied to the seed', () => {
  const [first, second] = seed.races
  const moved = { ...first!, nome: 'Renamed' }
  const added = { ...second!, id: 9999, nome: 'New race' }

  it('keeps a changed record in its place, drops a deleted one and appends a new one', () => {
    const next = applyChangeSet(seed, {
      races: [
        [String(first!.id), moved],
        [String(second!.id), null],
        ['9999', added],
      ],
    })
    expect(next.races[0]).toEqual(moved)
    expect(next.races.map((race) => race.id)).not.toContain(second!.id)
    expect(next.races.at(-1)).toEqual(added)
    expect(next.races).toHaveLength(seed.races.length)
    expect(next.athletes).toBe(seed.athletes)
  })

  it('leaves the seed as it was', () => {
    const copy = structuredClone(seed.races)
    applyChangeSet(seed, { races: [[String(first!.id), null]] })
    expect(seed.races).toEqual(copy)
  })
})

describe('merging changes', () => {
  const inSeed = (key: string) => key.startsWith('seed')
  const a = { token: 'a' } as never
  const b = { token: 'b' } as never

  it('lets the latest record of a key win, in the place the key first took', () => {
    const merged = mergeChanges<'sessions'>([['seed-1', a], ['new-1', a]], [['new-2', b], ['seed-1', b]], inSeed)
    expect(merged).toEqual([['seed-1', b], ['new-1', a], ['new-2', b]])
  })

  it('remembers deleting a seeded record, and forgets a record created and deleted since', () => {
    const merged = mergeChanges<'sessions'>([['seed-1', a], ['new-1', a]], [['seed-1', null], ['new-1', null]], inSeed)
    expect(merged).toEqual([['seed-1', null]])
  })
})

describe('the browser database over a store', () => {
  let storage: MemoryStorage
  let database: PersistentDb
  let handlers: ReturnType<typeof createHandlers>
  const controls = createControls(SEED_NOW_MS)

  /** Boots a fresh "page" over the same storage, as a reload does. */
  async function reload() {
    database?.stop()
    database = createPersistentDb({ store: webStorageChangeStore(storage), seed: createSeed })
    await database.boot()
    handlers = createHandlers({ baseUrl: BASE, controls, onResolved: () => database.persist(), requestLog: createRequestLog() })
  }

  async function call(method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) {
    const response = await getResponse(handlers, new Request(`${BASE}${path}`, { method, ...init }))
    if (!response) throw new Error(`no handler for ${method} ${path}`)
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  async function logIn(mail: string, password: string) {
    const answer = await call('POST', '/api/oauth/token', {
      headers: { authorization: 'Basic cG9ydGFsOnNlY3JldA==', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: mail, password }).toString(),
    })
    expect(answer.status).toBe(200)
    return String(answer.body.access_token)
  }

  const completo = PERSONAS.find((persona) => persona.key === 'completo')!
  const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' })

  beforeEach(async () => {
    controls.reset()
    storage = new MemoryStorage()
    await reload()
  })
  afterEach(() => database.stop())

  it('boots on an empty store as the seed', () => {
    expect(dumpDb()).toEqual(createSeed())
  })

  it('keeps a session across a reload, and its revocation by GET /api/logout too', async () => {
    const token = await logIn(completo.mail, completo.password)
    await reload()
    expect(db.sessions.findFirst((q) => q.where({ token }))).toBeDefined()

    expect((await call('GET', '/api/logout', { headers: bearer(token) })).status).toBe(200)
    await reload()
    expect(db.sessions.findFirst((q) => q.where({ token }))).toBeUndefined()
    // Opened and closed since the seed: nothing left to remember.
    expect(storage.getItem(`${CHANGE_KEY_PREFIX}sessions`)).toBeNull()
  })

  it('writes only the records a handler changed, never the seed', async () => {
    const token = await logIn(completo.mail, completo.password)
    const unpaid = seed.subscriptions.find((s) => s.athlete_id === completo.athleteId && !s.pagato)!
    const race = seed.races.find((r) => r.id === unpaid.project_id)!
    storage.writes = []
    const signed = await call('POST', '/api/v1/vdatrailers/sign_liberatoria', {
      headers: bearer(token),
      body: JSON.stringify({ project_id: race.id }),
    })
    expect(signed.status).toBe(200)
    const paid = await call('POST', '/api/v1/vdatrailers/pagamenti', {
      headers: bearer(token),
      body: JSON.stringify({
        project_id: race.id,
        opzione_rimborso: 'standard',
        noleggio_gps: false,
        totale_atteso: race.prezzo,
        idempotency_key: 'persistence-test-1',
      }),
    })
    expect(paid.status).toBe(201)
    // The provider authorises the card; the next request after the delay settles the payment and
    // sends the enrolment's confirmation e-mail.
    await createProvider(controls.now, () => database.persist()).decide(String(paid.body.pagamento_id), 'authorised')
    controls.advance(SETTLE_DELAY_MS)
    expect((await call('GET', `/api/v1/vdatrailers/pagamenti/${String(paid.body.pagamento_id)}`, { headers: bearer(token) })).body.stato).toBe('success')

    const written = [...new Set(storage.writes)].map((key) => key.slice(CHANGE_KEY_PREFIX.length)).sort()
    expect(written).toEqual(['entrants', 'outbox', 'payments', 'races', 'subscriptions', 'transactions'])
    const entries = (name: DbName) => JSON.parse(storage.getItem(CHANGE_KEY_PREFIX + name)!) as ChangeEntry[]
    expect(entries('entrants')).toHaveLength(1)
    expect(entries('races')).toHaveLength(1)
    const bytes = [...storage.items.values()].reduce((sum, value) => sum + value.length, 0)
    expect(bytes).toBeLessThan(10_000)

    const before = dumpDb()
    await reload()
    expect(dumpDb()).toEqual(before)
  })

  it('writes nothing for a handler that changed nothing', async () => {
    storage.writes = []
    expect((await call('GET', '/api/v1/vdatrailers/gare')).status).toBe(200)
    expect(storage.writes).toEqual([])
  })

  it("takes another tab's changes, and its reset back to the seed", async () => {
    const athlete = seed.athletes.find((a) => a.id === completo.athleteId)!
    const key = `${CHANGE_KEY_PREFIX}athletes`
    const renamed = JSON.stringify([[String(athlete.id), { ...athlete, nome: 'Renamed' }]])
    storage.setItem(key, renamed)
    await database.takeRemote(key, null, renamed)
    expect(db.athletes.findFirst((q) => q.where({ id: athlete.id }))?.nome).toBe('Renamed')

    storage.removeItem(key)
    await database.takeRemote(key, renamed, null)
    expect(db.athletes.findFirst((q) => q.where({ id: athlete.id }))?.nome).toBe(athlete.nome)
    expect(dumpDb()).toEqual(createSeed())
    // Taking another tab's changes is not a change of ours to write back.
    database.persist()
    expect(storage.getItem(key)).toBeNull()
  })

  it("keeps a change of ours made while another tab's changes are applied, and writes only ours back", async () => {
    const athlete = seed.athletes.find((a) => a.id === completo.athleteId)!
    const other = seed.athletes.find((a) => a.id !== completo.athleteId)!
    const key = `${CHANGE_KEY_PREFIX}athletes`
    const renamed = JSON.stringify([[String(other.id), { ...other, nome: 'Renamed' }]])
    storage.setItem(key, renamed)
    // Two tabs at once: the other tab's change is being applied when one of our handlers writes.
    const applying = database.takeRemote(key, null, renamed)
    await db.athletes.update((q) => q.where({ id: athlete.id }), { data: (record) => void (record.nome = 'Ours') })
    await applying
    database.persist()

    const stored = new Map(JSON.parse(storage.getItem(key)!) as Array<[string, { nome: string }]>)
    expect(stored.get(String(athlete.id))?.nome).toBe('Ours')
    expect(stored.get(String(other.id))?.nome).toBe('Renamed')
    await reload()
    expect(db.athletes.findFirst((q) => q.where({ id: athlete.id }))?.nome).toBe('Ours')
  })

  it('keeps the e-mails sent across a reload, newest first', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {})
    const body = JSON.stringify({ nome: 'Anna', cognome: 'Rey', mail: 'anna.rey@example.org', password: 'Sentiero-2026!', privacy_policy: true })
    expect((await call('POST', '/api/v1/vdatrailers/new_user', { body, headers: { 'content-type': 'application/json' } })).status).toBe(201)
    controls.advance(1000)
    expect((await call('GET', `/api/v1/users/forgot?mail=${encodeURIComponent(completo.mail)}`)).status).toBe(200)
    const sent = sentMail()
    // Above the seed's payment links.
    expect(sent.map((mail) => mail.kind)).toEqual(['reset', 'confirm', 'payment_link', 'payment_link', 'payment_link'])
    await reload()
    expect(sentMail()).toEqual(sent)
  })

  it("keeps a certificate review across a reload, as a handler's change", async () => {
    const revisione = PERSONAS.find((persona) => persona.key === 'revisione')!
    await createDataControls(() => database.persist(), () => SEED_NOW_MS).reviewCertificate(revisione.athleteId, 'valido')
    await reload()
    expect(db.athletes.findFirst((q) => q.where({ id: revisione.athleteId }))).toMatchObject({
      validazione_certificato: 'valido',
      certificato_valido: true,
    })
  })

  it('resets to the seed and clears the store', async () => {
    await logIn(completo.mail, completo.password)
    expect(storage.length).toBeGreaterThan(0)
    await database.reset()
    expect(storage.length).toBe(0)
    expect(dumpDb()).toEqual(createSeed())
  })

  it('replaces the data with a change set (an imported file), kept in the store so a reload and every tab have it', async () => {
    const revisione = PERSONAS.find((persona) => persona.key === 'revisione')!
    await logIn(completo.mail, completo.password)
    await createDataControls(() => database.persist(), () => SEED_NOW_MS).reviewCertificate(revisione.athleteId, 'valido')
    const saved = database.changes()
    const data = dumpDb()
    await database.reset()
    expect(database.changes()).toEqual({})

    await database.replace(saved)
    expect(dumpDb()).toEqual(data)
    // Another tab hears of it through the store, as of a reset: its reload has the same data.
    await reload()
    expect(dumpDb()).toEqual(data)
    expect(database.changes()).toEqual(saved)
  })

  it('drops e-mails stored by an older mock (a payment link without race, amount or deadline; any without its language), keeps the others and the seed\'s', async () => {
    const old = { id: 'mail-old-link', to: 'a@example.org', lingua: 'it', kind: 'payment_link', link: '/payment/by-link?code=lnk-old', sent_at: SEED_NOW_MS }
    const unworded = { id: 'mail-old-reset', to: 'a@example.org', kind: 'reset', link: '/reset-email/rst-old', sent_at: SEED_NOW_MS }
    const reset = { ...unworded, id: 'mail-reset', lingua: 'en' }
    const current = { ...old, id: 'mail-new-link', link: '/checkout?link=lnk-new', gara: 'Tor des Pettorale 330 2026', totale: 950, scade: SEED_NOW_MS + 1000 }
    const stored = [old, unworded, reset, current].map((mail) => [mail.id, mail])
    storage.setItem(`${CHANGE_KEY_PREFIX}outbox`, JSON.stringify(stored))
    await reload()
    expect(sentMail().map((mail) => mail.id)).toEqual([current.id, reset.id, ...seed.outbox.map((mail) => mail.id).reverse()])
  })

  it('drops stored records that no longer fit their schema, and the whole-database snapshot of old', async () => {
    storage.setItem('pettorale.mock.db.v1', '{}')
    storage.setItem(`${CHANGE_KEY_PREFIX}races`, JSON.stringify([['1', { id: 1, nome: 42 }], ['77', null]]))
    await reload()
    expect(storage.getItem('pettorale.mock.db.v1')).toBeNull()
    expect(db.races.findFirst((q) => q.where({ id: 1 }))).toEqual(seed.races.find((r) => r.id === 1))
  })
})
