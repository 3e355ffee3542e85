import * as z from 'zod/mini'
import { MAX_URL_LENGTH, NumericIdParam, problemOf, UndocumentedBodySchema } from './common'
import { defineOperation } from './operation'

/** Largest file the backend accepts, in bytes (16 MB). */
export const MAX_UPLOAD_BYTES = 16 * 1024 * 1024

/**
 * Largest profile picture, in bytes (5 MiB). The spec says an image limit exists without its value;
 * ours is what a phone's photo weighs, and the backend makes a thumbnail of it anyway.
 */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024

// Bounds no person reaches, so a careless or hostile client cannot make the server hold or check
// megabytes (issue 19 row 7).

/**
 * A file's name as the backend keeps it: a safe base name (no path, no control, format or
 * markup-significant characters) of at most this many characters, extension included. A longer
 * name given is shortened, keeping its extension.
 */
export const MAX_FILE_NAME_LENGTH = 100
/** A file's name as a client gives it (a browser's `File.name`, at most 255 characters on any file system, with room). */
export const MAX_GIVEN_FILE_NAME_LENGTH = 1_024
/** A media type (RFC 6838: type and subtype of at most 127 characters each). */
export const MAX_CONTENT_TYPE_LENGTH = 255
/** A file name's extension, as announced. */
export const MAX_EXTENSION_LENGTH = 16

/**
 * The types a medical certificate may be. The backend reads them from the first bytes of the
 * content (`%PDF-`, `FF D8 FF`, `89 50 4E 47 0D 0A 1A 0A`), never from a name or a header alone.
 */
export const CERTIFICATE_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const
export type CertificateContentType = (typeof CERTIFICATE_CONTENT_TYPES)[number]

const BlobSchema = z.custom<Blob>((value) => value instanceof Blob)

export const UploadedFileSchema = z.object({ file_url: z.url(), file_name: z.string().check(z.maxLength(MAX_FILE_NAME_LENGTH)) })

/**
 * The picture is over MAX_PICTURE_BYTES (413), its content is not an image (415), or `d` is not the
 * signed-in athlete (403).
 */
export const UploadPictureErrorSchema = z.enum(['file_too_large', 'not_an_image', 'forbidden'])
export type UploadPictureError = z.infer<typeof UploadPictureErrorSchema>
const uploadPictureProblem = problemOf(UploadPictureErrorSchema)

export const uploadPicture = defineOperation({
  name: 'files.uploadPicture',
  summary:
    "Upload the signed-in athlete's profile picture (d is their id); the answer is applied only when it holds exactly one item.",
  method: 'POST',
  path: '/api/v1/app/file',
  auth: 'bearer',
  query: z.object({ d: NumericIdParam, type: z.literal('contact'), thumbnail: z.literal('true') }),
  body: { kind: 'multipart', schema: z.object({ file: BlobSchema }) },
  responses: {
    200: z.array(UploadedFileSchema),
    403: uploadPictureProblem,
    413: uploadPictureProblem,
    415: uploadPictureProblem,
  },
  errors: UploadPictureErrorSchema,
})

/**
 * The announcement of a certificate upload. `size` and `content_type` take any value here: the
 * server answers one over MAX_UPLOAD_BYTES with `413 file_too_large` and a type that is not one of
 * CERTIFICATE_CONTENT_TYPES with `415 wrong_type`, codes a client can tell the athlete, rather than
 * a generic `400 invalid_request`. The signed URL it answers takes only that size and that type.
 */
export const BigFileRequestSchema = z.object({
  d: z.int().check(z.positive()),
  type: z.literal('contact'),
  tags: z.tuple([z.literal('CM')]),
  size: z.int().check(z.positive()),
  content_type: z.string().check(z.minLength(1), z.maxLength(MAX_CONTENT_TYPE_LENGTH)),
  extension: z.string().check(z.maxLength(MAX_EXTENSION_LENGTH)),
  originalname: z.string().check(z.minLength(1), z.maxLength(MAX_GIVEN_FILE_NAME_LENGTH)),
})

/**
 * The announced file is over MAX_UPLOAD_BYTES (413), or its type is not one a certificate may be
 * (415: PDF, JPEG, PNG).
 */
export const RequestUploadErrorSchema = z.enum(['file_too_large', 'wrong_type'])
export type RequestUploadError = z.infer<typeof RequestUploadErrorSchema>
const requestUploadProblem = problemOf(RequestUploadErrorSchema)

export const requestUpload = defineOperation({
  name: 'files.requestUpload',
  summary: 'Ask for a signed URL to upload the medical certificate to (tag CM).',
  method: 'POST',
  path: '/api/v1/app/big_file',
  auth: 'bearer',
  body: { kind: 'json', schema: BigFileRequestSchema },
  responses: {
    200: z.object({ signedurl: z.string().check(z.maxLength(MAX_URL_LENGTH, { abort: true }), z.url()) }),
    413: requestUploadProblem,
    415: requestUploadProblem,
  },
  errors: RequestUploadErrorSchema,
})

/**
 * The signed URL is unknown or already used (403); the content is over MAX_UPLOAD_BYTES (413), not
 * the size announced (400 `size_mismatch`), or not the type announced, by its header or by its
 * first bytes (415 `wrong_type`). A refused PUT leaves the signed URL unused.
 */
export const PutSignedErrorSchema = z.enum(['signature_invalid', 'file_too_large', 'size_mismatch', 'wrong_type'])
export type PutSignedError = z.infer<typeof PutSignedErrorSchema>
const putSignedProblem = problemOf(PutSignedErrorSchema)

export const putSigned = defineOperation({
  name: 'files.putSigned',
  summary: 'PUT the file content, with its content type, to the signed URL: only the size and type announced.',
  method: 'PUT',
  path: ':signedurl',
  absoluteUrlParam: 'signedurl',
  auth: 'none',
  pathParams: z.object({ signedurl: z.string().check(z.maxLength(MAX_URL_LENGTH, { abort: true }), z.url()) }),
  body: { kind: 'binary', schema: BlobSchema },
  responses: {
    200: UndocumentedBodySchema,
    400: putSignedProblem,
    403: putSignedProblem,
    413: putSignedProblem,
    415: putSignedProblem,
  },
  errors: PutSignedErrorSchema,
})
