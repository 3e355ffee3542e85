import { MAX_PICTURE_BYTES } from '../../contracts/files.contract'
import { db } from '../db'
import { problem, reply, type MockContext, type ResourceHandlers } from '../handler'
import { randomToken } from '../records'

const IMAGE_SIGNATURES: ReadonlyArray<readonly number[]> = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x52, 0x49, 0x46, 0x46], // RIFF (WebP)
]

/** Side of the square thumbnail, in pixels: twice the largest avatar the portal draws. */
const THUMBNAIL_PX = 192

/**
 * The backend's thumbnail of a picture (`thumbnail=true`), as a WebP `data:` address small enough to
 * keep with the athlete's record, so the picture shows after a reload. Drawn only where the mock
 * runs in a browser; elsewhere (Node, tests) there is no canvas and the picture gets an address in
 * the simulated bucket, which serves nothing. `undecodable`: image bytes that are no image.
 */
async function thumbnailOf(file: Blob): Promise<string | null | 'undecodable'> {
  let context: OffscreenCanvasRenderingContext2D | null = null
  try {
    context = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(THUMBNAIL_PX, THUMBNAIL_PX).getContext('2d') : null
  } catch {
    context = null
  }
  if (!context) return null
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    return 'undecodable'
  }
  // The centre square, as avatars are drawn.
  const side = Math.min(bitmap.width, bitmap.height)
  context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, THUMBNAIL_PX, THUMBNAIL_PX)
  bitmap.close()
  const thumbnail = await context.canvas.convertToBlob({ type: 'image/webp', quality: 0.85 })
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('thumbnail not readable'))
    reader.readAsDataURL(thumbnail)
  })
}

export function filesHandlers(ctx: MockContext): ResourceHandlers<'files'> {
  // The simulated storage bucket: signed URLs point here.
  const storage = `${ctx.baseUrl}/mock-storage`

  return {
    uploadPicture: async ({ athlete, query, body }) => {
      // An athlete changes their own picture only.
      if (Number(query.d) !== athlete.id) return reply(403, problem(403, 'forbidden'))
      const file = body.file
      if (file.size > MAX_PICTURE_BYTES) return reply(413, problem(413, 'file_too_large'))
      const head = [...new Uint8Array(await file.slice(0, 4).arrayBuffer())]
      if (!IMAGE_SIGNATURES.some((sig) => sig.every((byte, i) => head[i] === byte))) {
        return reply(415, problem(415, 'not_an_image'))
      }
      const thumbnail = await thumbnailOf(file)
      if (thumbnail === 'undecodable') return reply(415, problem(415, 'not_an_image'))
      const id = athlete.id
      const name = file instanceof File ? file.name : 'picture'
      const url = thumbnail ?? `${storage}/pictures/${String(id)}/${encodeURIComponent(name)}`
      await db.athletes.update((q) => q.where({ id }), {
        data(record) {
          record.file_url = url
          record.file_name = name
        },
      })
      return reply(200, [{ file_url: url, file_name: name }])
    },

    requestUpload: async ({ athlete, body }) => {
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
    },

    // The signed URL is the whole request URL: the handler listens on the storage's own path.
    putSigned: {
      resolve: async ({ request }) => {
        const key = new URL(request.url).pathname.split('/').pop() ?? ''
        const updated = await db.files.update((q) => q.where({ key, uploaded: false }), {
          data: (record) => void (record.uploaded = true),
        })
        return updated ? reply(200, {}) : reply(403, problem(403, 'signature_invalid'))
      },
      options: { pattern: `${storage}/upload/:key` },
    },
  }
}
