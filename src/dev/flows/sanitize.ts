/**
 * What leaves an actor for an inspector (decision 034): a machine's context and the events it
 * receives, with every value that must not leave replaced by `REDACTED`. The fields are named once
 * here, by what they hold in the machines and in the answers their actors get:
 * - tokens: the session's `token`, the password grant's `accessToken`, a file's `signedUrl`;
 * - passwords: `session.login`'s `password`;
 * - tax codes: the profile's `cod_fiscale` (a loaded profile is the session's actor output);
 * - health data: the certificate's chosen `file` and `expiry` (context and events), the profile's
 *   certificate fields, a kept choice (`kept`);
 * - free text: the race questions' answers (`extra` in the choices, `answers` of a place the
 *   server holds, `value` of `extra.answer`), the waiver sentence as typed (`disclaimerText`,
 *   `text` of `disclaimer.type`), the profile's experience answers and identity document.
 * A field is matched by name at any depth, so the same data is caught wherever an event carries it.
 * An actor's bare output (a certificate's review, a payment's reading) has no name to judge it by:
 * it is redacted whole; the state the machine moves to says what it meant.
 */

export const REDACTED = '[redacted]'

const SECRET_FIELDS: ReadonlySet<string> = new Set([
  // tokens
  'token',
  'accessToken',
  'access_token',
  'refresh_token',
  'signedUrl',
  'signedurl',
  // passwords
  'password',
  // tax codes
  'cod_fiscale',
  // another athlete's e-mail: the recipient a place is passed on to (issue 23)
  'mail',
  // health data
  'file',
  'expiry',
  'kept',
  'originalname',
  'certificato_medico_file',
  'certificato_medico_id',
  'scadenza_certificato',
  'validazione_certificato',
  'certificato_valido',
  'certificato_rinnovo',
  // free text
  'extra',
  'answers',
  'value',
  'disclaimerText',
  'text',
  'torexperience',
  'documento',
])

/** `null` and `undefined` say only that nothing is there: they stay, as the machine shows them. */
function redactField(value: unknown): unknown {
  return value === null || value === undefined ? value : REDACTED
}

function sanitizeValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sanitizeValue)
  if (typeof value !== 'object' || value === null) return value
  // An actor reference or a snapshot serialises itself; anything else is read field by field.
  return Object.fromEntries(
    Object.entries(value).map(([field, inner]) => [field, SECRET_FIELDS.has(field) ? redactField(inner) : sanitizeValue(inner)]),
  )
}

/** A machine's context as an inspector may see it. */
export function sanitizeContext<T extends object>(context: T): T {
  return sanitizeValue(context) as T
}

const ACTOR_DONE = 'xstate.done.actor.'

/** An event as an inspector may see it; its `type` always stays. */
export function sanitizeEvent<T extends { type: string }>(event: T): T {
  const sanitized = sanitizeValue(event) as T & { output?: unknown }
  if (event.type.startsWith(ACTOR_DONE) && 'output' in event && typeof event.output !== 'object') {
    return { ...sanitized, output: redactField(event.output) }
  }
  return sanitized
}
