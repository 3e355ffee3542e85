import * as z from 'zod/mini'
import * as athlete from '../../../contracts/athlete.contract'
import * as auth from '../../../contracts/auth.contract'
import * as certificate from '../../../contracts/certificate.contract'
import * as experience from '../../../contracts/experience.contract'
import * as files from '../../../contracts/files.contract'
import * as liberatoria from '../../../contracts/liberatoria.contract'
import { db } from '../../db'
import { nextId } from '../../records'
import { athleteIdOf, isCallOf, jsonAnswer, jsonBodyOf, pathOf, withJsonBody, type Breaker, type Respond } from './breaker'

/** The request's JSON body as `schema` reads it, or null: the handlers answer what does not fit. */
async function bodyOf<T>(request: Request, schema: z.ZodMiniType<T>): Promise<T | null> {
  const read = z.safeParse(schema, await jsonBodyOf(request))
  return read.success ? read.data : null
}

/** The `code` of a problem answer. */
async function codeOf(answer: Response | undefined): Promise<unknown> {
  try {
    return ((await answer?.clone().json()) as { code?: unknown } | undefined)?.code
  } catch {
    return undefined
  }
}

/** Only calls of `operation` go through `broken`; every other request is answered as it is. */
const onCall =
  (operation: { method: string; path: string }, broken: (respond: Respond, request: Request) => Promise<Response | undefined>): Breaker =>
  (respond) =>
  (request) =>
    isCallOf(request, operation) ? broken(respond, request) : respond(request)

/** An expiry no certificate reaches, for a save the breaker then backdates. */
const FAR_EXPIRY = '2999-12-31'

const BY_EXTENSION: Readonly<Record<string, string>> = { pdf: 'application/pdf', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' }

/** The rules of scripts/conformance/checks/records.ts, broken. */
export const RECORDS_BROKEN: Record<string, Breaker> = {
  // A reset that sets the new password and marks its link used, but never ends the sessions
  // already open: whoever knew the old password stays signed in until their token expires.
  'sessions.reset-ends-others': onCall(auth.resetPassword, async (respond, request) => {
    const token = decodeURIComponent(pathOf(request).split('/').pop() ?? '')
    const owner = db.mailTokens.findFirst((q) => q.where({ token, kind: 'reset' }))?.athlete_id
    const open = owner === undefined ? [] : db.sessions.findMany((q) => q.where({ athlete_id: owner })).map((session) => ({ ...session }))
    const answer = await respond(request)
    if (answer?.status === 200) for (const session of open) await db.sessions.create(session)
    return answer
  }),

  // A backend that types the file by its name's extension, not by the type announced: an HTML page
  // named `certificato.pdf` gets a signed URL.
  'certificate.file-types': onCall(files.requestUpload, async (respond, request) => {
    const body = await bodyOf(request, files.BigFileRequestSchema)
    const typed = body && BY_EXTENSION[body.extension.toLowerCase()]
    return respond(body && typed ? withJsonBody(request, { ...body, content_type: typed }) : request)
  }),

  // A backend that checks the expiry is a date, never that it is still to come: an expired
  // certificate is saved, and the enrolment gate trusts it.
  'certificate.expiry': onCall(certificate.save, async (respond, request) => {
    const body = await bodyOf(request, certificate.CustomFieldPatchSchema)
    const answer = await respond(request)
    const athleteId = athleteIdOf(request)
    if (!body || athleteId === undefined || (await codeOf(answer)) !== 'in_past') return answer
    const { value } = body.data.attributes
    const saved = await respond(withJsonBody(request, { data: { ...body.data, attributes: { ...body.data.attributes, value: FAR_EXPIRY } } }))
    if (saved?.status !== 200) return saved
    await db.athletes.update((q) => q.where({ id: athleteId }), {
      data(record) {
        if (record.certificato_rinnovo?.scadenza_certificato === FAR_EXPIRY) record.certificato_rinnovo.scadenza_certificato = value
        else record.scadenza_certificato = value
      },
    })
    return jsonAnswer({ data: { type: 'custom_fields', id: body.data.id, attributes: body.data.attributes } })
  }),

  // A backend that records the signature without reading the digest it came with: the evidence
  // of what text was accepted proves nothing.
  'waiver.evidence': onCall(liberatoria.sign, async (respond, request) => {
    const body = await bodyOf(request, liberatoria.SignWaiverSchema)
    if (!body?.sha256) return respond(request)
    const { sha256: _unread, ...signed } = body
    return respond(withJsonBody(request, signed))
  }),

  // The birth-date check written on the profile save and forgotten on its twin that carries the
  // experience answers (atleta_torexp): there a birth date after today is saved.
  'dates.birth-date-future': onCall(athlete.saveExperience, async (respond, request) => {
    const body = await bodyOf(request, athlete.ProfileUpdateSchema)
    const born = body?.data_nascita
    const athleteId = athleteIdOf(request)
    if (!body || !born || athleteId === undefined) return respond(request)
    const answer = await respond(withJsonBody(request, { ...body, data_nascita: null }))
    if (answer?.status === 200) await db.athletes.update((q) => q.where({ id: athleteId }), { data: (record) => void (record.data_nascita = born) })
    return answer
  }),

  // A backend that compares the date of one of the organiser's races with today and forgets that a
  // race typed by name can be dated in the future too: the report is stored as sent.
  'dates.report-future': onCall(experience.report, async (respond, request) => {
    const body = await bodyOf(request, experience.NewExperienceReportSchema)
    const answer = await respond(request)
    const athleteId = athleteIdOf(request)
    if (!body || body.gara_id !== null || athleteId === undefined || (await codeOf(answer)) !== 'future_date') return answer
    const { athlete_id: _owner, ...report } = await db.experience.create({
      id: nextId(db.experience.all().map((row) => row.id)),
      athlete_id: athleteId,
      gara: experience.cleanRaceName(body.gara),
      data: body.data,
      gara_id: null,
      qualificante: false,
      tempo_secondi: body.tempo_secondi,
      link_risultati: body.link_risultati ?? null,
      stato: 'in_verifica',
      motivo: null,
      inviata: new Date().toISOString(),
    })
    return jsonAnswer(report, 201)
  }),
}
