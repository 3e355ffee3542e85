import * as certificate from '../../contracts/certificate.contract'
import * as files from '../../contracts/files.contract'
import { db } from '../db'
import { defineHandler, problem, reply, type MockContext } from '../handler'
import { randomToken } from '../records'

/** A certificate uploaded under this name is reviewed as not valid. */
export const REJECTED_CERTIFICATE_NAME = 'rejected.pdf'

const IMAGE_SIGNATURES: ReadonlyArray<readonly number[]> = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x52, 0x49, 0x46, 0x46], // RIFF (WebP)
]

export function fileHandlers(ctx: MockContext) {
  const storage = `${ctx.baseUrl}/mock-storage`

  return [
    defineHandler(ctx, files.uploadPicture, async ({ query, body }) => {
      const file = body.file
      if (file.size > files.MAX_UPLOAD_BYTES) return reply(413, problem(413, 'file_too_large'))
      const head = [...new Uint8Array(await file.slice(0, 4).arrayBuffer())]
      if (!IMAGE_SIGNATURES.some((sig) => sig.every((byte, i) => head[i] === byte))) {
        return reply(415, problem(415, 'not_an_image'))
      }
      const id = Number(query.d)
      const name = file instanceof File ? file.name : 'picture'
      const url = `${storage}/pictures/${String(id)}/${encodeURIComponent(name)}`
      await db.athletes.update((q) => q.where({ id }), {
        data(record) {
          record.file_url = url
          record.file_name = name
        },
      })
      return reply(200, [{ file_url: url, file_name: name }])
    }),

    defineHandler(ctx, files.requestUpload, async ({ athlete, body }) => {
      const key = randomToken('cm')
      await db.files.create({
        key,
        athlete_id: athlete.id,
        originalname: body.originalname,
        content_type: body.content_type,
        size: body.size,
        uploaded: false,
      })
      return reply(200, { signedurl: `${storage}/upload/${key}?signature=mock` })
    }),

    defineHandler(
      ctx,
      files.putSigned,
      async ({ request }) => {
        const key = new URL(request.url).pathname.split('/').pop() ?? ''
        const updated = await db.files.update((q) => q.where({ key, uploaded: false }), {
          data: (record) => void (record.uploaded = true),
        })
        return updated ? reply(200, {}) : reply(403, { code: 'signature_invalid' })
      },
      { pattern: `${storage}/upload/:key` },
    ),

    defineHandler(ctx, certificate.save, async ({ athlete, params, body }) => {
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
            latest.originalname === REJECTED_CERTIFICATE_NAME ? 'non_valido' : 'in_revisione'
          record.certificato_valido = false
        },
      })
      return reply(200, { data: { type: 'custom_fields', id: String(params.id), attributes: body.data.attributes } })
    }),
  ]
}
