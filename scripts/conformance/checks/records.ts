/**
 * What the backend keeps about an athlete's records: a password reset ends the other sessions and
 * links (`sessions`), a certificate is a PDF, JPEG or PNG that has not expired (`certificate`), a
 * waiver's signature is evidence of the text shown (`waiver`), and no date is after the backend's
 * today (`dates`). Every group changes data (and most set the clock), so all need the staging hooks.
 */
import * as athlete from '../../../contracts/athlete.contract'
import * as auth from '../../../contracts/auth.contract'
import * as certificate from '../../../contracts/certificate.contract'
import * as experience from '../../../contracts/experience.contract'
import * as files from '../../../contracts/files.contract'
import * as liberatoria from '../../../contracts/liberatoria.contract'
import { sha256Hex } from '../../../contracts/sha256'
import { certificatePatch } from '../../../machines/certificate/certificate.machine'
import { describeError, type Backend } from '../backend'
import { expectRule, saying, type Group } from '../kit'

/** The persona every check acts as: a complete profile, a valid certificate, an unpaid enrolment. */
const ATHLETE = 'completo'

/**
 * 00:30 on 16 June 2020 in Rome, still 15 June in UTC: "today" must be the backend's own day in
 * Rome, not UTC's, and not the machine's (long past it).
 */
const NEAR_MIDNIGHT = '2020-06-15T22:30:00Z'
const TODAY = '2020-06-16'
const YESTERDAY = '2020-06-15'
const TOMORROW = '2020-06-17'

function mailOf(backend: Backend, key: string): string {
  const account = backend.accounts.find((candidate) => candidate.key === key)
  if (!account) throw new Error(`no account "${key}": the check needs the seed's personas`)
  return account.mail
}

/** The token of a password-reset link (`/reset-email/<token>`, portal-relative). */
const resetTokenOf = (link: string) => decodeURIComponent(new URL(link, 'http://portal.invalid').pathname.split('/').pop() ?? '')

async function profileOf(backend: Backend, token: string) {
  return (await backend.ok(athlete.me, { token })).profilo[0]!
}

/** The certificate as the profile shows it, to compare before and after a refusal. */
async function certificateOnFile(backend: Backend, token: string): Promise<string> {
  const { certificato_medico_file, scadenza_certificato, validazione_certificato, certificato_valido, certificato_rinnovo } = await profileOf(backend, token)
  return JSON.stringify({ certificato_medico_file, scadenza_certificato, validazione_certificato, certificato_valido, certificato_rinnovo })
}

const PDF = new TextEncoder().encode('%PDF-1.4\n% a medical certificate\n%%EOF\n')

/** A certificate announcement as the portal sends it, for `announced`'s size and type. */
const announcement = (athleteId: number, announced: { size: number; content_type: string }) => ({
  d: athleteId,
  type: 'contact' as const,
  tags: ['CM'] as ['CM'],
  // A page disguised by its name: only the type announced may decide.
  extension: 'pdf',
  originalname: 'certificato.pdf',
  ...announced,
})

/** The athlete's unpaid enrolment: one whose waiver may be signed (again). */
async function openEnrolment(backend: Backend, token: string) {
  const { iscrizioni_possibili } = await backend.ok(athlete.me, { token })
  const open = iscrizioni_possibili.find((subscription) => !subscription.pagato)
  if (!open) throw new Error(`${ATHLETE} has no unpaid enrolment: the check needs the seed`)
  return open
}

/** The waiver as the portal shows it, and the digest of its text. */
async function shownWaiver(backend: Backend, raceId: number, lingua: 'it' | 'en') {
  const waiver = await backend.ok(liberatoria.get, { params: { id: raceId }, query: { lingua } })
  return { versione: waiver.versione, lingua, sha256: await sha256Hex(waiver.testo) }
}

export const RECORD_GROUPS: readonly Group[] = [
  {
    name: 'sessions',
    needsHooks: true,
    checks: [
      {
        id: 'sessions.reset-ends-others',
        rule: "a password reset ends every other session of the athlete (401) and voids every other reset link sent (410 expired_token); only the reset's own session works (docs/security.md, Password reset)",
        run: async (backend) => {
          const hooks = backend.hooks!
          const mail = mailOf(backend, ATHLETE)
          const sessions = [await backend.signIn(ATHLETE), await backend.signIn(ATHLETE)]
          const sent = new Set((await hooks.mailbox()).map((sentMail) => sentMail.id))
          await backend.ok(auth.forgot, { query: { mail } })
          await backend.ok(auth.forgot, { query: { mail } })
          const links = (await hooks.mailbox())
            .filter((newMail) => !sent.has(newMail.id) && newMail.kind === 'reset' && newMail.to.toLowerCase() === mail.toLowerCase())
            .map((newMail) => resetTokenOf(newMail.link))
          expectRule(links.length === 2 && links[0] !== links[1], `two reset requests sent ${String(links.length)} distinct reset links to ${mail}, not 2`)
          const [used, other] = links as [string, string]

          const { access_token } = await saying('a fresh reset link', backend.ok(auth.resetPassword, {
            params: { token: used },
            body: { data: { attributes: { password: 'Sentiero-Nuovo-2026' } } },
          }))
          for (const [index, token] of sessions.entries()) {
            const result = await backend.call(athlete.me, { token })
            expectRule(
              !result.ok && (result.error.kind === 'unauthorized' || (result.error.kind === 'http' && result.error.status === 401)),
              `session ${String(index + 1)} of 2, opened before the reset, still answers: the profile came back ${result.ok ? String(result.status) : describeError(result.error)}, not 401`,
            )
          }
          await saying("the reset's own session", backend.ok(athlete.me, { token: access_token }))
          for (const [link, which] of [[other, 'the other link sent'], [used, 'the link just used']] as const) {
            await saying(`${which}, looked up after the reset`, backend.refused(auth.resetLookup, { params: { token: link } }, 410, 'expired_token'))
          }
          await saying('the other link sent, used after the reset', backend.refused(auth.resetPassword, {
            params: { token: other },
            body: { data: { attributes: { password: 'Un-Altra-Password-1' } } },
          }, 410, 'expired_token'))
        },
      },
    ],
  },
  {
    name: 'certificate',
    needsHooks: true,
    checks: [
      {
        id: 'certificate.file-types',
        rule: 'a certificate announced as anything but PDF, JPEG or PNG is 415 wrong_type with no URL signed, one over 16 MiB 413 file_too_large (docs/security.md, Certificate uploads)',
        run: async (backend) => {
          const token = await backend.signIn(ATHLETE)
          const { id } = await profileOf(backend, token)
          for (const content_type of ['text/html', 'image/svg+xml']) {
            await saying(`a certificate announced as ${content_type}, named certificato.pdf`, backend.refused(files.requestUpload, {
              token,
              body: announcement(id, { size: 1_000, content_type }),
            }, 415, 'wrong_type'))
          }
          await saying(`a PDF of MAX_UPLOAD_BYTES + 1 bytes`, backend.refused(files.requestUpload, {
            token,
            body: announcement(id, { size: files.MAX_UPLOAD_BYTES + 1, content_type: 'application/pdf' }),
          }, 413, 'file_too_large'))
          await saying('a PDF of MAX_UPLOAD_BYTES bytes', backend.ok(files.requestUpload, {
            token,
            body: announcement(id, { size: files.MAX_UPLOAD_BYTES, content_type: 'application/pdf' }),
          }))
        },
      },
      {
        id: 'certificate.expiry',
        rule: "saving a certificate whose expiry is before today in Rome, on the backend's clock, is 422 in_past and leaves the certificate on file as it was; today's is saved (docs/security.md, Certificate expiry)",
        run: async (backend) => {
          await backend.hooks!.setNow(NEAR_MIDNIGHT)
          const token = await backend.signIn(ATHLETE)
          const { id, certificato_medico_id: fieldId } = await profileOf(backend, token)
          expectRule(fieldId != null, `the profile names no certificate field (certificato_medico_id is ${String(fieldId)}): there is nothing to save the certificate on`)
          const { signedurl } = await saying('a PDF announced', backend.ok(files.requestUpload, {
            token,
            body: announcement(id, { size: PDF.byteLength, content_type: 'application/pdf' }),
          }))
          await saying('the PDF announced, uploaded', backend.ok(files.putSigned, { params: { signedurl }, body: new Blob([PDF], { type: 'application/pdf' }) }))
          const before = await certificateOnFile(backend, token)
          await saying(`an expiry of ${YESTERDAY} at 00:30 on ${TODAY} in Rome (still ${YESTERDAY} in UTC)`, backend.refused(certificate.save, {
            token,
            params: { id: fieldId },
            body: certificatePatch(fieldId, YESTERDAY),
          }, 422, 'in_past'))
          const after = await certificateOnFile(backend, token)
          expectRule(after === before, `the refused save changed the certificate on file: ${before} became ${after}`)
          await saying(`an expiry of ${TODAY}, today in Rome`, backend.ok(certificate.save, { token, params: { id: fieldId }, body: certificatePatch(fieldId, TODAY) }))
        },
      },
    ],
  },
  {
    name: 'waiver',
    needsHooks: true,
    checks: [
      {
        id: 'waiver.evidence',
        rule: 'a waiver signature whose sha256 is not that of the text served is 422 hash_mismatch, one of a version no longer current 409 waiver_outdated, neither recorded; a true one is (docs/security.md, Waiver signatures)',
        run: async (backend) => {
          const token = await backend.signIn(ATHLETE)
          const { project_id } = await openEnrolment(backend, token)
          const shown = await shownWaiver(backend, project_id, 'it')
          const english = await shownWaiver(backend, project_id, 'en')
          for (const [sha256, what] of [[english.sha256, 'the English text'], ['0'.repeat(64), 'zeros']] as const) {
            await saying(`a signature of the Italian text with the digest of ${what}`, backend.refused(liberatoria.sign, {
              token,
              body: { project_id, ...shown, sha256 },
            }, 422, 'hash_mismatch'))
          }
          const revised = await backend.hooks!.reviseWaiver(project_id)
          await saying(`a signature of version ${shown.versione} after the race's waiver became ${revised}`, backend.refused(liberatoria.sign, {
            token,
            body: { project_id, ...shown },
          }, 409, 'waiver_outdated'))
          const unsigned = await openEnrolment(backend, token)
          expectRule(!unsigned.liberatoria, `a refused signature was recorded: the enrolment shows the waiver signed (version ${String(unsigned.liberatoria_versione)})`)

          const current = await shownWaiver(backend, project_id, 'it')
          await saying(`a signature of the current text (${current.versione})`, backend.ok(liberatoria.sign, { token, body: { project_id, ...current } }))
          const signed = await openEnrolment(backend, token)
          expectRule(
            signed.liberatoria && (signed.liberatoria_versione == null || signed.liberatoria_versione === current.versione),
            `the signature accepted is not recorded as it was made: liberatoria ${String(signed.liberatoria)}, version ${String(signed.liberatoria_versione)} for ${current.versione}`,
          )
        },
      },
    ],
  },
  {
    name: 'dates',
    needsHooks: true,
    checks: [
      {
        id: 'dates.birth-date-future',
        rule: "a birth date after the backend's today in Rome is 400 invalid_request naming data_nascita on both profile saves, and not saved (docs/security.md, Dates and durations that cannot be)",
        run: async (backend) => {
          await backend.hooks!.setNow(NEAR_MIDNIGHT)
          const token = await backend.signIn(ATHLETE)
          const profile = await profileOf(backend, token)
          const update = athlete.writableProfile(profile)
          for (const operation of [athlete.save, athlete.saveExperience]) {
            const error = await saying(`a birth date of ${TOMORROW} at 00:30 on ${TODAY} in Rome (${operation.name})`, backend.refused(operation, {
              token,
              body: { ...update, data_nascita: TOMORROW },
            }, 400, 'invalid_request'))
            const issues = error.kind === 'http' ? (error.body as { issues?: Array<{ path?: unknown[] }> } | null)?.issues : undefined
            expectRule(
              issues?.some((issue) => issue.path?.includes('data_nascita')),
              `${operation.name} refused a future birth date without naming data_nascita: ${JSON.stringify(error.kind === 'http' ? error.body : error).slice(0, 300)}`,
            )
          }
          const kept = (await profileOf(backend, token)).data_nascita
          expectRule(kept === profile.data_nascita, `a refused birth date was saved: the profile's is ${String(kept)}, was ${String(profile.data_nascita)}`)
          await saying(`a birth date of ${TODAY}, today in Rome`, backend.ok(athlete.save, { token, body: { ...update, data_nascita: TODAY } }))
        },
      },
      {
        id: 'dates.report-future',
        rule: "an experience-race report dated after the backend's today in Rome is 400 future_date; today's is taken (docs/security.md, Experience-race reports)",
        run: async (backend) => {
          await backend.hooks!.setNow(NEAR_MIDNIGHT)
          const token = await backend.signIn(ATHLETE)
          const report = { gara: 'Trail della Conformità', gara_id: null, tempo_secondi: 4 * 3_600 + 12 * 60 }
          await saying(`a report dated ${TOMORROW} at 00:30 on ${TODAY} in Rome`, backend.refused(experience.report, {
            token,
            body: { ...report, data: TOMORROW },
          }, 400, 'future_date'))
          const { esperienze } = await backend.ok(experience.list, { token })
          expectRule(!esperienze.some((row) => row.data === TOMORROW), `a refused report was recorded: the list holds one dated ${TOMORROW}`)
          await saying(`a report dated ${TODAY}, today in Rome`, backend.ok(experience.report, { token, body: { ...report, data: TODAY } }))
        },
      },
    ],
  },
]
