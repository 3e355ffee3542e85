import { db, type AthleteRecord } from '../db'
import { problem, reply, type ResourceHandlers } from '../handler'

/**
 * A certificate uploaded as a file named like `rejected` (`rejected.jpg`, `REJECTED.png`: that base
 * name in any case, with any extension or none) is reviewed as not valid.
 */
export function isRejectedCertificateName(name: string): boolean {
  return /^rejected(\.[^.]+)?$/i.test(name)
}

/** A date without time is a calendar day in Rome, as every date-only value of the API (YYYY-MM-DD). */
const ROME_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' })

/**
 * Whether the athlete's certificate is valid on `today` (`YYYY-MM-DD`, Rome): accepted and not
 * expired, the expiry day included. As `machines/rules/certificate-status.ts` reads it.
 */
export function holdsValidCertificate(
  record: Pick<AthleteRecord, 'certificato_medico_file' | 'scadenza_certificato' | 'validazione_certificato' | 'certificato_valido'>,
  today: string,
): boolean {
  const accepted =
    record.validazione_certificato === 'valido' || (record.validazione_certificato == null && record.certificato_valido === true)
  const expiry = record.scadenza_certificato ?? null
  return Boolean(record.certificato_medico_file) && accepted && (expiry === null || expiry >= today)
}

export function certificateHandlers(): ResourceHandlers<'certificate'> {
  return {
    save: async ({ athlete, params, body, now }) => {
      // The field of the path, and the body about that same field.
      if (String(athlete.certificato_medico_id) !== String(params.id) || body.data.id !== String(params.id)) {
        return reply(404, problem(404, 'unknown_custom_field'))
      }
      // An expired certificate is no certificate: the expiry is today (Rome, mock clock) or later.
      if (body.data.attributes.value < ROME_DAY.format(now)) return reply(422, problem(422, 'in_past'))
      const latest = db.files
        .findMany((q) => q.where({ athlete_id: athlete.id, uploaded: true }))
        .at(-1)
      if (!latest) return reply(404, problem(404, 'no_uploaded_file'))
      const review = isRejectedCertificateName(latest.originalname) ? 'non_valido' : 'in_revisione'
      const today = ROME_DAY.format(now)
      await db.athletes.update((q) => q.where({ id: athlete.id }), {
        data(record) {
          if (holdsValidCertificate(record, today)) {
            // A renewal (decision 029): in review beside the valid one, which keeps counting until
            // staff accept it (`pettoraleMock.reviewCertificate`). A second renewal replaces the first.
            record.certificato_rinnovo = {
              certificato_medico_file: latest.originalname,
              scadenza_certificato: body.data.attributes.value,
              validazione_certificato: review,
            }
            return
          }
          record.certificato_medico_file = latest.originalname
          record.scadenza_certificato = body.data.attributes.value
          record.validazione_certificato = review
          record.certificato_valido = false
          record.certificato_rinnovo = null
        },
      })
      return reply(200, { data: { type: 'custom_fields', id: String(params.id), attributes: body.data.attributes } })
    },
  }
}
