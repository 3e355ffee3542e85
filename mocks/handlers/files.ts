import {
  CERTIFICATE_CONTENT_TYPES,
  MAX_FILE_NAME_LENGTH,
  MAX_PICTURE_BYTES,
  MAX_UPLOAD_BYTES,
  type CertificateContentType,
} from '../../contracts/files.contract'
import { db } from '../db'
import { problem, reply, type MockContext, type ResourceHandlers } from '../handler'
import { randomToken } from '../records'

/** A file type the backend takes: the first bytes its content starts with (`null`: any byte) and its extensions. */
interface FileType {
  signature: ReadonlyArray<number | null>
  /** The first is the one a name without a fitting extension gets. */
  extensions: readonly string[]
}

const FILE_TYPES = {
  'application/pdf': { signature: [0x25, 0x50, 0x44, 0x46, 0x2d], extensions: ['pdf'] }, // %PDF-
  'image/jpeg': { signature: [0xff, 0xd8, 0xff], extensions: ['jpg', 'jpeg'] },
  'image/png': { signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], extensions: ['png'] },
  // RIFF....WEBP: bytes 4-7 are the size.
  'image/webp': { signature: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50], extensions: ['webp'] },
} as const satisfies Record<string, FileType>
type KnownType = keyof typeof FILE_TYPES

/**
 * A profile picture's type by its first bytes, as loosely as it always was (PNG's first four, RIFF
 * for WebP): the browser's decoding of it, for the thumbnail, is the real check.
 */
const PICTURE_SIGNATURES: ReadonlyArray<{ type: KnownType; signature: readonly number[] }> = [
  { type: 'image/png', signature: [0x89, 0x50, 0x4e, 0x47] },
  { type: 'image/jpeg', signature: [0xff, 0xd8, 0xff] },
  { type: 'image/webp', signature: [0x52, 0x49, 0x46, 0x46] },
]

async function pictureTypeOf(file: Blob): Promise<KnownType | null> {
  const head = [...new Uint8Array(await file.slice(0, 4).arrayBuffer())]
  return PICTURE_SIGNATURES.find(({ signature }) => signature.every((byte, i) => head[i] === byte))?.type ?? null
}

/** A media type as compared: lowercase, without parameters (`; charset=...`) or spaces. */
function mediaType(header: string | null | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase()
}

function isCertificateType(type: string): type is CertificateContentType {
  return (CERTIFICATE_CONTENT_TYPES as readonly string[]).includes(type)
}

/** Whether the content starts with the type's magic number. */
async function startsLike(file: Blob, type: KnownType): Promise<boolean> {
  const { signature } = FILE_TYPES[type]
  const head = new Uint8Array(await file.slice(0, signature.length).arrayBuffer())
  return head.length === signature.length && signature.every((byte, i) => byte === null || head[i] === byte)
}


// Removed from a name: control (Cc) and format (Cf: zero-width, bidirectional overrides that
// disguise an extension) characters, other invisible ones, and what is significant in markup, paths,
// shells or Windows names.
const UNSAFE_IN_NAME = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}<>"'`&:*?|%\\/]/gu

/**
 * The name the backend keeps for a file: the base name of what the client gave (no folders),
 * without control, format or markup-significant characters, spaces collapsed, no leading dots, at
 * most MAX_FILE_NAME_LENGTH characters, its extension kept when it is one of the content's type and
 * that type's own otherwise (`scan.exe` of a PDF is kept as `scan.pdf`). A name with nothing left is
 * `file` with the type's extension.
 */
export function safeFileName(given: string, type: KnownType): string {
  const base = given.split(/[/\\]/u).at(-1) ?? ''
  const cleaned = base
    .normalize('NFC')
    .replace(UNSAFE_IN_NAME, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^[.\s]+/u, '')
    .replace(/[.\s]+$/u, '')
  const dot = cleaned.lastIndexOf('.')
  // An extension is a few letters or digits after the last dot (`Dr. Rossi` has none).
  const extension = dot > 0 && /^[a-z0-9]{1,10}$/iu.test(cleaned.slice(dot + 1)) ? cleaned.slice(dot + 1) : ''
  const { extensions } = FILE_TYPES[type]
  const fits = (extensions as readonly string[]).includes(extension.toLowerCase())
  const stem = (extension ? cleaned.slice(0, dot) : cleaned).replace(/[.\s]+$/u, '')
  const suffix = `.${fits ? extension : extensions[0]}`
  return `${truncate(stem, MAX_FILE_NAME_LENGTH - suffix.length).trimEnd() || 'file'}${suffix}`
}

/** At most `max` UTF-16 units of `text`, never half of a character. */
function truncate(text: string, max: number): string {
  let out = ''
  for (const character of text) {
    if (out.length + character.length > max) break
    out += character
  }
  return out
}

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
      const type = await pictureTypeOf(file)
      if (!type) return reply(415, problem(415, 'not_an_image'))
      const thumbnail = await thumbnailOf(file)
      if (thumbnail === 'undecodable') return reply(415, problem(415, 'not_an_image'))
      const id = athlete.id
      const name = safeFileName(file instanceof File ? file.name : 'picture', type)
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
      if (body.size > MAX_UPLOAD_BYTES) return reply(413, problem(413, 'file_too_large'))
      const type = mediaType(body.content_type)
      if (!isCertificateType(type)) return reply(415, problem(415, 'wrong_type', 'a certificate is a PDF, JPEG or PNG'))
      const key = randomToken('cm')
      // The signed URL takes this size and this type only (putSigned checks both, and the content).
      await db.files.create({
        key,
        athlete_id: athlete.id,
        originalname: safeFileName(body.originalname, type),
        content_type: type,
        size: body.size,
        uploaded: false,
      })
      return reply(200, { signedurl: `${storage}/upload/${key}?signature=mock` })
    },

    // The signed URL is the whole request URL: the handler listens on the storage's own path.
    putSigned: {
      resolve: async ({ request, body }) => {
        const key = new URL(request.url).pathname.split('/').pop() ?? ''
        const announced = db.files.findFirst((q) => q.where({ key, uploaded: false }))
        if (!announced) return reply(403, problem(403, 'signature_invalid'))
        // Bound to the announcement: a refusal leaves the URL unused, for the right content.
        if (body.size > MAX_UPLOAD_BYTES) return reply(413, problem(413, 'file_too_large'))
        if (body.size !== announced.size) {
          return reply(400, problem(400, 'size_mismatch', `announced ${String(announced.size)} bytes`))
        }
        const type = mediaType(request.headers.get('content-type'))
        if (type !== announced.content_type || !isCertificateType(type)) {
          return reply(415, problem(415, 'wrong_type', `announced ${announced.content_type}`))
        }
        if (!(await startsLike(body, type))) {
          return reply(415, problem(415, 'wrong_type', `the content does not start like ${type}`))
        }
        const updated = await db.files.update((q) => q.where({ key, uploaded: false }), {
          data: (record) => void (record.uploaded = true),
        })
        return updated ? reply(200, {}) : reply(403, problem(403, 'signature_invalid'))
      },
      options: { pattern: `${storage}/upload/:key` },
    },
  }
}
