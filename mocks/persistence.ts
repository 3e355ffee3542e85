import * as z from 'zod/mini'
import { db, loadDb, RECORD_SCHEMAS, type DbName, type DbSnapshot } from './db'

/**
 * The browser's database survives reloads as a change set over the seed (decision 007): the seed
 * is deterministic, so boot rebuilds it and applies what changed, record by record. Nothing here
 * touches `window`: the store is given, so Node tests run it against an in-memory store.
 */

type RecordOf<K extends DbName> = DbSnapshot[K][number]

const DB_NAMES = Object.keys(db) as DbName[]

/** How a record is told apart across reloads: its natural key, never @msw/data's random one. */
export const RECORD_KEYS: { [K in DbName]: (record: RecordOf<K>) => string } = {
  athletes: (r) => String(r.id),
  sessions: (r) => r.token,
  mailTokens: (r) => r.token,
  outbox: (r) => r.id,
  races: (r) => String(r.id),
  subscriptions: (r) => `${String(r.athlete_id)}/${String(r.project_id)}`,
  entrants: (r) => `${String(r.race_id)}/${String(r.pettorale)}`,
  rankings: (r) => `${String(r.race_id)}/${String(r.posizione)}`,
  transactions: (r) => r.id,
  payments: (r) => r.pagamento_id,
  experience: (r) => String(r.id),
  files: (r) => r.key,
  queueRooms: (r) => String(r.race_id),
  queueTickets: (r) => `${String(r.race_id)}/${String(r.athlete_id)}`,
  credits: (r) => r.id,
  transfers: (r) => r.codice,
  waitEntries: (r) => `${String(r.race_id)}/${String(r.athlete_id)}`,
  lotteries: (r) => String(r.race_id),
  lotteryApplications: (r) => `${String(r.race_id)}/${String(r.numero)}`,
}

function keyOf(name: DbName, record: unknown): string {
  return (RECORD_KEYS[name] as (record: unknown) => string)(record)
}

/** One changed record: as it is now, or `null` when it was deleted. */
export type ChangeEntry<K extends DbName = DbName> = readonly [key: string, record: RecordOf<K> | null]
/** Per collection, the changed records in the order they first changed. */
export type ChangeSet = { [K in DbName]?: Array<ChangeEntry<K>> }

/**
 * The seed with the changes applied: a changed seed record keeps its place, a deleted one goes,
 * a new one is appended (in the order it was created). Pure: the seed is not modified.
 */
export function applyChangeSet(seed: DbSnapshot, changes: ChangeSet): DbSnapshot {
  const next = { ...seed } as Record<DbName, unknown[]>
  for (const name of DB_NAMES) {
    const entries = changes[name] as ChangeEntry[] | undefined
    if (!entries?.length) continue
    const changed = new Map<string, unknown>(entries)
    const kept = seed[name].flatMap((record) => {
      const key = keyOf(name, record)
      if (!changed.has(key)) return [record]
      const now = changed.get(key)
      changed.delete(key)
      return now === null ? [] : [now]
    })
    next[name] = [...kept, ...[...changed.values()].filter((record) => record !== null)]
  }
  return next as DbSnapshot
}

/**
 * `base` with `delta` applied: a key's latest record wins and keeps its first place. A deletion
 * of a record the seed does not hold leaves nothing to remember (a session opened and closed).
 */
export function mergeChanges<K extends DbName>(
  base: ReadonlyArray<ChangeEntry<K>>,
  delta: ReadonlyArray<ChangeEntry<K>>,
  inSeed: (key: string) => boolean,
): Array<ChangeEntry<K>> {
  const merged = new Map<string, RecordOf<K> | null>(base)
  for (const [key, record] of delta) merged.set(key, record)
  return [...merged].filter(([key, record]) => record !== null || inSeed(key))
}

/** Drops the entries that no longer fit their collection's schema (stored by an older mock). */
export function validEntries(name: DbName, entries: unknown): ChangeEntry[] {
  if (!Array.isArray(entries)) return []
  return entries.filter(
    (entry): entry is ChangeEntry =>
      Array.isArray(entry) &&
      entry.length === 2 &&
      typeof entry[0] === 'string' &&
      (entry[1] === null ||
        (z.safeParse(RECORD_SCHEMAS[name] as z.ZodMiniType, entry[1]).success && keyOf(name, entry[1]) === entry[0])),
  )
}

/** Where the change set is kept, one collection at a time (so a write touches only its own). */
export interface ChangeStore {
  read(name: DbName): ChangeEntry[]
  write(name: DbName, entries: ReadonlyArray<ChangeEntry>): void
  /** Writes `delta` over what is kept (`mergeChanges`): in the time of the delta where the store allows. */
  merge(name: DbName, delta: ReadonlyArray<ChangeEntry>, inSeed: (key: string) => boolean): void
  clear(): void
  /** The collection a storage key belongs to, `'all'` when the whole store was cleared. */
  collectionOf(storageKey: string | null): DbName | 'all' | null
}

export const CHANGE_KEY_PREFIX = 'pettorale.mock.db.v2.'
/** The whole-database snapshot of the first design, replaced by the change set. */
const LEGACY_SNAPSHOT_KEY = 'pettorale.mock.db.v1'

/** The change set in a Web Storage area (localStorage): one key per collection that changed. */
export function webStorageChangeStore(storage: Storage): ChangeStore {
  storage.removeItem(LEGACY_SNAPSHOT_KEY)
  let warned = false
  return {
    read: (name) => parseEntries(name, storage.getItem(CHANGE_KEY_PREFIX + name)),
    merge(name, delta, inSeed) {
      this.write(name, mergeChanges(this.read(name), delta, inSeed))
    },
    write(name, entries) {
      const key = CHANGE_KEY_PREFIX + name
      try {
        if (entries.length === 0) storage.removeItem(key)
        else storage.setItem(key, JSON.stringify(entries))
      } catch (error) {
        if (!warned) console.warn('[pettorale mock] could not keep the database changes:', error)
        warned = true
      }
    },
    clear() {
      for (const name of DB_NAMES) storage.removeItem(CHANGE_KEY_PREFIX + name)
    },
    collectionOf(storageKey) {
      if (storageKey === null) return 'all'
      if (!storageKey.startsWith(CHANGE_KEY_PREFIX)) return null
      const name = storageKey.slice(CHANGE_KEY_PREFIX.length)
      return (DB_NAMES as string[]).includes(name) ? (name as DbName) : null
    },
  }
}

/**
 * The change set in memory: the server's, started for QA (`npm run mock:server` with
 * PETTORALE_MOCK_QA=1), so its database can be exported and imported like the browser's. A merge
 * costs the records changed, not the records kept (the bench's rush keeps 10,000 tickets).
 */
export function memoryChangeStore(): ChangeStore {
  const changes = new Map<DbName, Map<string, ChangeEntry[1]>>()
  return {
    read: (name) => [...(changes.get(name) ?? [])],
    write(name, entries) {
      if (entries.length === 0) changes.delete(name)
      else changes.set(name, new Map(entries))
    },
    merge(name, delta, inSeed) {
      let kept = changes.get(name)
      if (!kept) changes.set(name, (kept = new Map()))
      // As mergeChanges: the latest record wins and keeps its first place; a deletion of a record
      // the seed does not hold leaves nothing to remember.
      for (const [key, record] of delta) {
        if (record === null && !inSeed(key)) kept.delete(key)
        else kept.set(key, record)
      }
      if (kept.size === 0) changes.delete(name)
    },
    clear: () => changes.clear(),
    collectionOf: () => null,
  }
}

/** Parses a stored collection's change list (a storage event's old or new value). */
export function parseEntries(name: DbName, raw: string | null): ChangeEntry[] {
  if (!raw) return []
  try {
    return validEntries(name, JSON.parse(raw))
  } catch {
    return []
  }
}

/**
 * Notes which records the database's collections create, update and delete (their hooks), and each
 * one as its latest change left it, so `take()` hands over only those (in the time of the changes,
 * not of the collection's size).
 */
export function createChangeTracker() {
  const dirty = new Map<DbName, Map<string, unknown>>()
  /** One per collection (one signal for all would pass Node's listener warning limit). */
  let listening: AbortController[] | null = null

  /** The record under its key now: `null` when deleted. */
  const mark = (name: DbName, key: string, record: unknown) => {
    let records = dirty.get(name)
    if (!records) dirty.set(name, (records = new Map()))
    records.set(key, record)
  }

  function start() {
    if (listening) return
    listening = DB_NAMES.map(() => new AbortController())
    for (const [index, name] of DB_NAMES.entries()) {
      const { signal } = listening[index]!
      const { hooks } = db[name] as unknown as (typeof db)['sessions']
      hooks.on('create', (event) => mark(name, keyOf(name, event.data.record), event.data.record), { signal })
      hooks.on(
        'update',
        (event) => {
          // A key may change in an update: the old key is then gone, the new one is there.
          const before = keyOf(name, event.data.prevRecord)
          const after = keyOf(name, event.data.nextRecord)
          if (before !== after) mark(name, before, null)
          mark(name, after, event.data.nextRecord)
        },
        { signal },
      )
      hooks.on('delete', (event) => mark(name, keyOf(name, event.data.deletedRecord), null), { signal })
    }
  }

  function stop() {
    for (const controller of listening ?? []) controller.abort()
    listening = null
  }

  return {
    start,
    stop,
    /** Runs `work` (a load of the whole database) without noting its writes as ours. */
    async untracked<T>(work: () => Promise<T>): Promise<T> {
      const wasListening = listening !== null
      stop()
      try {
        return await work()
      } finally {
        if (wasListening) start()
      }
    },
    /**
     * Another tab's record, just applied here (`applyToCollection`), is not a change of ours: its mark
     * goes unless one of our handlers has made the record something else meanwhile. Tracking is not stopped while
     * another tab's changes are applied: a handler of ours running meanwhile would go unwritten (a
     * settlement's transaction line was lost so, in two tabs paying one place).
     */
    forget(name: DbName, key: string, record: unknown): void {
      const records = dirty.get(name)
      if (records?.has(key) && canonical(records.get(key)) === canonical(record)) records.delete(key)
    },
    /** The records changed since the last call, as they are now (`null`: deleted). */
    take(): ChangeSet {
      const changes: Record<string, ChangeEntry[]> = {}
      for (const [name, records] of dirty) {
        changes[name] = [...records].map(([key, record]) => [key, (record === null ? null : structuredClone({ ...(record as object) })) as never] as const)
      }
      dirty.clear()
      return changes as ChangeSet
    },
  }
}

type ChangeTracker = ReturnType<typeof createChangeTracker>

/** A record as JSON with its fields in one order, whatever order its writer gave them. */
function canonical(record: unknown): string {
  return JSON.stringify(record, (_field, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : value,
  )
}

/** Makes the live collection match `entries` for those keys (create, replace or delete), as another tab's. */
async function applyToCollection(name: DbName, entries: ReadonlyArray<ChangeEntry>, tracker: ChangeTracker): Promise<void> {
  const collection = db[name] as unknown as (typeof db)['sessions']
  const wanted = new Map<string, unknown>(entries)
  const live = new Map<string, ReturnType<typeof collection.all>[number]>()
  for (const record of collection.all()) {
    const key = keyOf(name, record)
    if (wanted.has(key)) live.set(key, record)
  }
  for (const [key, next] of wanted) {
    const current = live.get(key)
    if (next === null) {
      if (current) collection.delete(current)
    } else if (current) {
      await collection.update(current, {
        data(draft) {
          const target = draft as Record<string, unknown>
          for (const field of Object.keys(target)) if (!(field in (next as object))) delete target[field]
          Object.assign(target, next)
        },
      })
    } else {
      await collection.create(next as never)
    }
    tracker.forget(name, key, next)
  }
}

export interface PersistentDbOptions {
  store: ChangeStore
  /** A fresh copy of the seed on every call. */
  seed: () => DbSnapshot
}

/**
 * The database of the browser mock: the seed plus the stored change set at boot, the handlers'
 * changes written back after each handler, another tab's changes taken in.
 */
export function createPersistentDb({ store, seed }: PersistentDbOptions) {
  const tracker = createChangeTracker()
  let seedKeys = new Map<DbName, Set<string>>()

  const stored = (): ChangeSet =>
    Object.fromEntries(DB_NAMES.map((name) => [name, store.read(name)]).filter(([, entries]) => entries!.length > 0))

  async function load(changes: ChangeSet) {
    const base = seed()
    seedKeys = new Map(DB_NAMES.map((name) => [name, new Set(base[name].map((record) => keyOf(name, record)))]))
    await tracker.untracked(() => loadDb(applyChangeSet(base, changes)))
  }

  /**
   * The seed with these changes (validated by the caller) instead of the data, here and (through
   * the store) in every other tab.
   */
  async function replace(changes: ChangeSet): Promise<void> {
    tracker.take()
    store.clear()
    for (const name of DB_NAMES) {
      const entries = changes[name] as ChangeEntry[] | undefined
      if (entries?.length) store.write(name, entries)
    }
    await load(changes)
  }

  function seedRecord(name: DbName, key: string): unknown {
    return seed()[name].find((record) => keyOf(name, record) === key) ?? null
  }

  return {
    /** Loads the seed with the stored changes and starts noting new ones. */
    async boot(): Promise<void> {
      await load(stored())
      tracker.start()
    },

    /** Writes the records changed since the last call; a handler that changed nothing writes nothing. */
    persist(): void {
      const delta = tracker.take()
      for (const name of Object.keys(delta) as DbName[]) {
        const changed = delta[name] as ChangeEntry[]
        const inSeed = seedKeys.get(name) ?? new Set<string>()
        store.merge(name, changed, (key) => inSeed.has(key))
      }
    },

    /**
     * Another tab changed a stored collection (a `storage` event): apply the difference to the
     * live records. A key that left the change set is back to its seed record (a reset).
     */
    async takeRemote(storageKey: string | null, oldValue: string | null, newValue: string | null): Promise<void> {
      const name = store.collectionOf(storageKey)
      if (name === null) return
      if (name === 'all') {
        await load(stored())
        return
      }
      const before = new Map<string, unknown>(parseEntries(name, oldValue))
      const after = new Map<string, unknown>(parseEntries(name, newValue))
      const updates: ChangeEntry[] = []
      for (const key of new Set([...before.keys(), ...after.keys()])) {
        if (before.has(key) && after.has(key) && JSON.stringify(before.get(key)) === JSON.stringify(after.get(key))) continue
        updates.push([key, (after.has(key) ? after.get(key) : seedRecord(name, key)) as never])
      }
      await applyToCollection(name, updates, tracker)
    },

    /** The change set over the seed, as stored: what the data is, in a few kilobytes. */
    changes(): ChangeSet {
      return stored()
    },

    replace,

    /** Back to the seed, here and (through the store) in every other tab. */
    reset: () => replace({}),

    /** Stops noting changes (tests). */
    stop(): void {
      tracker.stop()
    },
  }
}

export type PersistentDb = ReturnType<typeof createPersistentDb>
