import { db } from '../db'
import { problem, reply, type ResourceHandlers } from '../handler'

/**
 * A certificate uploaded as a file named like `rejected` (`rejected.jpg`, `REJECTED.png`: that base
 * name in any case, with any extension or none) is reviewed as not valid.
 */
export function isRejectedCertificateName(name: string): boolean {
  return /^rejected(\.[^.]+)?$/i.test(name)
}

export function certificateHandlers(): ResourceHandlers<'certificate'> {
  return {
    save: async ({ athlete, params, body }) => {
      if (String(athlete.certificato_medico_id) !== String(params.id)) {
        return reply(404, problem(404, 'unknown_custom_field'))
      }
      const latest = db.files
        .findMany((q) => q.where({ athlete_id: athlete.id, uploaded: true }))
        .at(-1)
      if (!latest) return reply(404, problem(404, 'no_uploaded_file'))
      await db.athletes.update((q) => q.where({ id: athlete.id }), {
        data(record) {
          record.certificato_medico_file = latest.originalname
          record.scadenza_certificato = body.data.attributes.value
          record.validazione_certificato =
            isRejectedCertificateName(latest.originalname) ? 'non_valido' : 'in_revisione'
          record.certificato_valido = false
        },
      })
      return reply(200, { data: { type: 'custom_fields', id: String(params.id), attributes: body.data.attributes } })
    },
  }
}
