import { readFileSync } from 'node:fs'

export interface PoEntry {
  msgid: string
  msgstr: string
}

function unquote(line: string): string {
  return JSON.parse(line.trim()) as string
}

/** Reads the entries of a gettext catalog as Lingui writes it (no plural msgid_plural forms). */
export function readPo(path: string): PoEntry[] {
  const entries: PoEntry[] = []
  let current: Partial<PoEntry> | null = null
  let field: keyof PoEntry | null = null
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('msgid ')) {
      if (current?.msgid !== undefined) entries.push({ msgid: current.msgid, msgstr: current.msgstr ?? '' })
      current = { msgid: unquote(line.slice(6)) }
      field = 'msgid'
    } else if (line.startsWith('msgstr ') && current) {
      current.msgstr = unquote(line.slice(7))
      field = 'msgstr'
    } else if (line.startsWith('"') && current && field) {
      current[field] = (current[field] ?? '') + unquote(line)
    } else {
      field = null
    }
  }
  if (current?.msgid !== undefined) entries.push({ msgid: current.msgid, msgstr: current.msgstr ?? '' })
  // The header is the entry with the empty msgid.
  return entries.filter((entry) => entry.msgid !== '')
}

/** Argument names of an ICU message: `{name}` and `{name, plural, ...}`. */
export function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*[,}]/g)].map((match) => match[1]!))].sort()
}
