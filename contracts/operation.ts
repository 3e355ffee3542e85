import type { $ZodType, output, input } from 'zod/v4/core'

/**
 * How an operation authenticates:
 * - `none`: anonymous;
 * - `bearer`: the athlete's access token;
 * - `basic-client`: the fixed OAuth client credentials of the portal (password grant only).
 */
export type AuthKind = 'none' | 'bearer' | 'basic-client'

/** How a request body travels on the wire. */
export type BodyKind = 'json' | 'form' | 'multipart' | 'binary'

/**
 * The content type a body of each kind travels with (parameters such as `charset` or `boundary`
 * aside): a request whose body has another is refused, `415 unsupported_media_type`, before it is
 * read. A `binary` body is a file sent as it is: its type is the file's, which its operation checks.
 */
export const BODY_MEDIA_TYPES = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
  binary: null,
} as const satisfies Record<BodyKind, string | null>

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface OperationShape {
  /** `resource.verb`, the key the client, the mock handlers and the query keys all use. */
  readonly name: string
  readonly summary: string
  readonly method: HttpMethod
  /**
   * Path below the API base URL with `:param` placeholders. `absoluteUrlParam` names a path
   * parameter that carries a whole URL given by the server (the signed upload URL).
   */
  readonly path: string
  readonly absoluteUrlParam?: string
  readonly auth: AuthKind
  /** Set on calls of our own design: not in the organiser's published calls. */
  readonly inferred?: true
  readonly pathParams?: $ZodType
  readonly query?: $ZodType
  readonly body?: { readonly kind: BodyKind; readonly schema: $ZodType }
  readonly responses: Readonly<Record<number, $ZodType>>
  /**
   * The codes its error answers carry (`code` of a problem body, `error` of an OAuth one), as an
   * enum: the client reads them into `ApiError.code`, the mock may answer only these.
   */
  readonly errors?: $ZodType<string>
}

export function defineOperation<const O extends OperationShape>(operation: O): O {
  return operation
}

type Field<O, K extends string> = O extends { readonly [P in K]: infer S extends $ZodType } ? S : never

export type PathParamsOf<O extends OperationShape> = input<Field<O, 'pathParams'>>
export type QueryOf<O extends OperationShape> = input<Field<O, 'query'>>
export type BodyOf<O extends OperationShape> = O['body'] extends { readonly schema: infer S extends $ZodType }
  ? input<S>
  : never

/** The error codes an operation names (`never` when it names none; any string for an unknown operation). */
export type ErrorCodeOf<O extends OperationShape> = string extends O['name'] ? string : output<Field<O, 'errors'>>

type SuccessStatus = 200 | 201 | 202 | 204
export type ResponseOf<O extends OperationShape, S extends keyof O['responses']> = output<O['responses'][S]>
/** The decoded body of any 2xx answer the contract names. */
export type SuccessOf<O extends OperationShape> = {
  [S in keyof O['responses'] & SuccessStatus]: output<O['responses'][S]>
}[keyof O['responses'] & SuccessStatus]
