import * as z from 'zod/mini'
import { NumericIdParam, problemOf, UndocumentedBodySchema } from './common'
import { defineOperation } from './operation'

/** Largest file the backend accepts, in bytes (16 MB). */
export const MAX_UPLOAD_BYTES = 16 * 1024 * 1024

/**
 * Largest profile picture, in bytes (5 MiB). The spec says an image limit exists without its value;
 * ours is what a phone's photo weighs, and the backend makes a thumbnail of it anyway.
 */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024

const BlobSchema = z.custom<Blob>((value) => value instanceof Blob)

export const UploadedFileSchema = z.object({ file_url: z.url(), file_name: z.string() })

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

export const BigFileRequestSchema = z.object({
  d: z.number(),
  type: z.literal('contact'),
  tags: z.tuple([z.literal('CM')]),
  size: z.number().check(z.int(), z.positive(), z.lte(MAX_UPLOAD_BYTES)),
  content_type: z.string(),
  extension: z.string(),
  originalname: z.string().check(z.minLength(1)),
})

/** The announced file is over MAX_UPLOAD_BYTES. */
export const RequestUploadErrorSchema = z.enum(['file_too_large'])
export type RequestUploadError = z.infer<typeof RequestUploadErrorSchema>

export const requestUpload = defineOperation({
  name: 'files.requestUpload',
  summary: 'Ask for a signed URL to upload the medical certificate to (tag CM).',
  method: 'POST',
  path: '/api/v1/app/big_file',
  auth: 'bearer',
  body: { kind: 'json', schema: BigFileRequestSchema },
  responses: { 200: z.object({ signedurl: z.url() }), 413: problemOf(RequestUploadErrorSchema) },
  errors: RequestUploadErrorSchema,
})

/** The signed URL is unknown or already used. */
export const PutSignedErrorSchema = z.enum(['signature_invalid'])
export type PutSignedError = z.infer<typeof PutSignedErrorSchema>

export const putSigned = defineOperation({
  name: 'files.putSigned',
  summary: 'PUT the file content, with its content type, to the signed URL.',
  method: 'PUT',
  path: ':signedurl',
  absoluteUrlParam: 'signedurl',
  auth: 'none',
  pathParams: z.object({ signedurl: z.url() }),
  body: { kind: 'binary', schema: BlobSchema },
  responses: { 200: UndocumentedBodySchema, 403: problemOf(PutSignedErrorSchema) },
  errors: PutSignedErrorSchema,
})
