import {
  MAX_FORM_FIELDS,
  MAX_JSON_BODY_BYTES,
  MAX_JSON_DEPTH,
  MAX_JSON_KEY_LENGTH,
  MAX_JSON_MEMBERS,
  MAX_JSON_OBJECT_KEYS,
  MAX_JSON_STRING_LENGTH,
  MAX_JSON_TOKEN_LENGTH,
  MAX_LISTED_ISSUES,
  type RequestIssue,
} from '../contracts/common'
import { BODY_MEDIA_TYPES, type BodyKind } from '../contracts/operation'

/**
 * How the handler layer reads a request body before its operation's contract sees it: the content
 * type must be the kind's (415), a JSON or form body is read up to MAX_JSON_BODY_BYTES (413), and a
 * JSON text is scanned for its depth, its number of keys and values and its longest string before
 * it is parsed (400), so no body, however built, holds the backend for long.
 */

/** What reading the body gave: its value, a reason it cannot be read (400), or a refusal (413, 415). */
export type BodyRead =
  | { kind: 'read'; value: unknown }
  | { kind: 'unreadable'; code: string; message: string }
  | { kind: 'refused'; status: 413; code: 'payload_too_large'; detail: string }
  | { kind: 'refused'; status: 415; code: 'unsupported_media_type'; detail: string }

export async function readBody(request: Request, kind: BodyKind): Promise<BodyRead> {
  const mediaProblem = mediaTypeProblem(kind, request.headers.get('content-type'))
  if (mediaProblem) return { kind: 'refused', status: 415, code: 'unsupported_media_type', detail: mediaProblem }
  try {
    switch (kind) {
      case 'json': {
        const text = await readText(request, MAX_JSON_BODY_BYTES)
        if (text === null) return tooLarge()
        const shape = jsonShapeProblem(text)
        if (shape) return { kind: 'unreadable', ...shape }
        try {
          return { kind: 'read', value: JSON.parse(text) as unknown }
        } catch {
          return { kind: 'unreadable', code: 'not_json', message: 'the body is not JSON' }
        }
      }
      case 'form': {
        const text = await readText(request, MAX_JSON_BODY_BYTES)
        if (text === null) return tooLarge()
        if (countOf(text, '&', MAX_FORM_FIELDS) >= MAX_FORM_FIELDS) {
          return { kind: 'unreadable', code: 'too_many_fields', message: `a form body has at most ${String(MAX_FORM_FIELDS)} fields` }
        }
        return { kind: 'read', value: Object.fromEntries(new URLSearchParams(text)) }
      }
      case 'multipart':
        return { kind: 'read', value: Object.fromEntries((await request.formData()).entries()) }
      case 'binary':
        return { kind: 'read', value: await request.blob() }
    }
  } catch {
    return { kind: 'unreadable', code: 'unreadable', message: `the body cannot be read as ${kind}` }
  }
}

const tooLarge = (): BodyRead => ({
  kind: 'refused',
  status: 413,
  code: 'payload_too_large',
  detail: `a JSON or form body is at most ${String(MAX_JSON_BODY_BYTES)} bytes`,
})

/**
 * Why a body of `kind` cannot come with this content type, or null when it can: its media type must
 * be the kind's (parameters aside), and JSON is UTF-8. A `binary` body takes its file's type.
 */
export function mediaTypeProblem(kind: BodyKind, contentType: string | null): string | null {
  const expected = BODY_MEDIA_TYPES[kind]
  if (expected === null) return null
  const [essence = '', ...parameters] = (contentType ?? '').split(';')
  if (essence.trim().toLowerCase() !== expected) return `the body must be ${expected}`
  if (kind === 'json') {
    for (const parameter of parameters) {
      const [name = '', value = ''] = parameter.split('=')
      const charset = value.trim().replace(/^"(.*)"$/, '$1').toLowerCase()
      if (name.trim().toLowerCase() === 'charset' && charset !== 'utf-8' && charset !== 'utf8') return 'a JSON body is UTF-8'
    }
  }
  return null
}

/** The body as UTF-8 text, or null as soon as it is over `limit` bytes (the rest is never read). */
async function readText(request: Request, limit: number): Promise<string | null> {
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > limit) return null
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      // Let go rather than cancel: under MSW's interceptors the request's stream is teed, and a
      // cancelled branch can leave the answer waiting. Nothing more is read either way.
      reader.releaseLock()
      return null
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}

/** How many times `character` occurs in `text`, counting no further than `max`. */
function countOf(text: string, character: string, max: number): number {
  let count = 0
  for (let at = text.indexOf(character); at >= 0 && count < max; at = text.indexOf(character, at + 1)) count += 1
  return count
}

const BACKSLASH = 0x5c
/**
 * From where the scan stands: the text up to the next mark (a string's quote, a bracket or brace, a
 * comma or colon), at most one character longer than MAX_JSON_TOKEN_LENGTH so that a megabyte of
 * digits or spaces is never searched through, and the mark.
 */
const GAP_THEN_MARK = new RegExp(`[^"{}\\[\\],:]{0,${String(MAX_JSON_TOKEN_LENGTH + 1)}}`, 'y')

/**
 * What makes a JSON text too costly to parse and check, found in one pass over the text that stops
 * at the first excess: nesting deeper than MAX_JSON_DEPTH; more than MAX_JSON_MEMBERS keys and values
 * in all (each `{`, `[`, `,` and `:` outside strings opens one); more than MAX_JSON_OBJECT_KEYS keys in
 * one object, or a key longer than MAX_JSON_KEY_LENGTH characters; a string longer than
 * MAX_JSON_STRING_LENGTH characters, as written (escapes included); more than MAX_JSON_TOKEN_LENGTH
 * characters between two marks outside strings (a number of a thousand digits, a megabyte of white
 * space). Strings are skipped with `indexOf`, the text between marks with a bounded regular
 * expression: the pass costs little more than finding the marks. Null when none; whether the text
 * is JSON at all is JSON.parse's to say.
 */
export function jsonShapeProblem(text: string): { code: string; message: string } | null {
  let members = 0
  // The keys met so far in each open object (-1 for an array), innermost last.
  const open: number[] = []
  let lastString = -1
  const gap = new RegExp(GAP_THEN_MARK)
  for (let from = 0; from < text.length; ) {
    gap.lastIndex = from
    const skipped = gap.exec(text)![0].length
    if (skipped > MAX_JSON_TOKEN_LENGTH) return TOKEN_TOO_LONG
    const at = from + skipped
    if (at >= text.length) return null
    const mark = text[at]
    from = at + 1
    if (mark === '"') {
      const end = closingQuote(text, at)
      lastString = end - at - 1
      // An unterminated string is JSON.parse's to refuse; it is not read twice here.
      if (lastString > MAX_JSON_STRING_LENGTH) return STRING_TOO_LONG
      from = end + 1
      continue
    }
    if (mark === '{' || mark === '[') {
      open.push(mark === '{' ? 0 : -1)
      if (open.length > MAX_JSON_DEPTH) return TOO_DEEP
    } else if (mark === '}' || mark === ']') {
      open.pop()
      continue
    } else if (mark === ':') {
      const keys = open.length > 0 ? open[open.length - 1]! : -1
      if (keys >= 0) {
        if (keys + 1 > MAX_JSON_OBJECT_KEYS) return TOO_MANY_KEYS
        open[open.length - 1] = keys + 1
      }
      if (lastString > MAX_JSON_KEY_LENGTH) return KEY_TOO_LONG
    }
    members += 1
    if (members > MAX_JSON_MEMBERS) return TOO_MANY_VALUES
  }
  return null
}

const TOKEN_TOO_LONG = {
  code: 'token_too_long',
  message: `a number or white space in a JSON body has at most ${String(MAX_JSON_TOKEN_LENGTH)} characters`,
}
const STRING_TOO_LONG = { code: 'string_too_long', message: `a string in a JSON body has at most ${String(MAX_JSON_STRING_LENGTH)} characters` }
const TOO_DEEP = { code: 'too_deep', message: `a JSON body is nested at most ${String(MAX_JSON_DEPTH)} deep` }
const TOO_MANY_VALUES = { code: 'too_many_values', message: `a JSON body has at most ${String(MAX_JSON_MEMBERS)} keys and values` }
const TOO_MANY_KEYS = { code: 'too_many_keys', message: `an object in a JSON body has at most ${String(MAX_JSON_OBJECT_KEYS)} keys` }
const KEY_TOO_LONG = { code: 'key_too_long', message: `a key in a JSON body has at most ${String(MAX_JSON_KEY_LENGTH)} characters` }

/**
 * The index of the quote that closes the string opened at `open` (one not escaped by an odd run of
 * backslashes), or the text's length when none does. Stops looking once the string is over the
 * maximum: its length is all that matters then.
 */
function closingQuote(text: string, open: number): number {
  let at = open
  for (;;) {
    at = text.indexOf('"', at + 1)
    if (at < 0 || at - open - 1 > MAX_JSON_STRING_LENGTH) return at < 0 ? text.length : at
    let backslashes = 0
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes += 1
    if (backslashes % 2 === 0) return at
  }
}

/** A problem found by a schema, as zod reports it (only what is listed is read). */
interface SchemaIssue {
  path: ReadonlyArray<PropertyKey>
  code: string
  message: string
}

const MAX_PATH_PART = 100
const MAX_MESSAGE = 200

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text)

/** A schema's issue as a 400 lists it: names and words clipped, so a hostile key cannot make it large. */
export function requestIssue(where: RequestIssue['where'], issue: SchemaIssue): RequestIssue {
  return {
    where,
    path: issue.path.map((part) => (typeof part === 'number' ? part : clip(String(part), MAX_PATH_PART))),
    code: issue.code,
    message: clip(issue.message, MAX_MESSAGE),
  }
}

/**
 * The body of a `400 invalid_request`: the first MAX_LISTED_ISSUES issues and how many there were.
 * A resolver refusing a body for a reason the contract cannot say (a birth date after today) answers
 * with it too.
 */
export function invalidRequestBody(issues: readonly RequestIssue[], count = issues.length) {
  return {
    status: 400 as const,
    title: 'invalid_request',
    code: 'invalid_request' as const,
    issues: issues.slice(0, MAX_LISTED_ISSUES),
    issue_count: Math.max(count, issues.length),
  }
}
