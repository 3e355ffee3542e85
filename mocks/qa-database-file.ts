import * as z from 'zod/mini'
import { InstantSchema } from '../contracts/common'
import { db, type DbName } from './db'
import { validEntries, type ChangeSet } from './persistence'
import type { QaImportRefusal } from './qa-api'

/**
 * The mock database as a file QA saves and loads back (the panel's export and import): the change
 * set over the seed (decision 007), so a file holds what changed, not the whole seed, and the mock
 * clock's "now". It never holds a session (below).
 */

export const DATABASE_FILE_FORMAT = 'pettorale-mock-database'
export const DATABASE_FILE_VERSION = 1

export interface DatabaseFile {
  format: typeof DATABASE_FILE_FORMAT
  version: typeof DATABASE_FILE_VERSION
  /** When the file was saved (wall clock). */
  exportedAt: string
  /** The mock clock when the file was saved; an import moves the clock there. */
  clock: { now: string }
  changes: ChangeSet
}

const DB_NAMES = Object.keys(db) as DbName[]

/**
 * The change set without its sessions, both ways: they are the bearer tokens of whoever is signed
 * in, and a file is passed between engineers, attached to issues, and read off a shared server
 * (decision 057). Loaded back, nobody is signed in; an older file that holds sessions loads without
 * them.
 */
function withoutSessions({ sessions: _sessions, ...changes }: ChangeSet): ChangeSet {
  return changes
}

const DatabaseFileSchema = z.object({
  format: z.literal(DATABASE_FILE_FORMAT),
  version: z.literal(DATABASE_FILE_VERSION),
  exportedAt: InstantSchema,
  clock: z.object({ now: InstantSchema }),
  changes: z.partialRecord(z.enum(DB_NAMES as [DbName, ...DbName[]]), z.array(z.unknown())),
})

/** The file's text: indented, so a person can read what a situation changed. */
export function databaseFileText(changes: ChangeSet, mockNowMs: number, exportedAtMs: number): string {
  const file: DatabaseFile = {
    format: DATABASE_FILE_FORMAT,
    version: DATABASE_FILE_VERSION,
    exportedAt: new Date(exportedAtMs).toISOString(),
    clock: { now: new Date(mockNowMs).toISOString() },
    changes: withoutSessions(changes),
  }
  return JSON.stringify(file, null, 2)
}

/**
 * A file's text read back, or why it is refused: not JSON, not an export of this mock, another
 * version of the format, or a record that does not fit its collection's schema (one is enough:
 * half a situation is not loaded).
 */
export function readDatabaseFile(text: string): { ok: true; file: DatabaseFile } | { ok: false; refusal: QaImportRefusal } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, refusal: 'not_json' }
  }
  if (typeof json !== 'object' || json === null || (json as { format?: unknown }).format !== DATABASE_FILE_FORMAT) {
    return { ok: false, refusal: 'not_a_pettorale_export' }
  }
  if ((json as { version?: unknown }).version !== DATABASE_FILE_VERSION) return { ok: false, refusal: 'other_version' }
  const parsed = z.safeParse(DatabaseFileSchema, json)
  if (!parsed.success) return { ok: false, refusal: 'invalid_records' }
  const changes: Record<string, unknown[]> = parsed.data.changes
  for (const [name, entries] of Object.entries(changes)) {
    if (validEntries(name as DbName, entries).length !== entries.length) return { ok: false, refusal: 'invalid_records' }
  }
  return { ok: true, file: { ...(parsed.data as DatabaseFile), changes: withoutSessions(parsed.data.changes as ChangeSet) } }
}
