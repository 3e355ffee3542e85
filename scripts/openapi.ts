import { join } from 'node:path'
import * as z from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'
import { contract } from '../contracts/index'
import { BODY_MEDIA_TYPES, type HttpMethod, type OperationShape } from '../contracts/operation'

/**
 * The portal's calls as an OpenAPI 3.1 document, written from the zod contracts (issue 43): each
 * operation's method and path, its parameters, request and answers (JSON Schema 2020-12, what
 * OpenAPI 3.1 speaks), the error codes it declares, who may call it, and whether the organiser's
 * published spec names it or the portal inferred it. `npm run contracts:openapi` writes it to
 * docs/api/openapi.json; a test holds the file to the contracts.
 */

type JsonSchema = Record<string, unknown>

/** What a schema accepts on the wire (a request) or sends (an answer): the two differ where a schema coerces. */
function jsonSchema(schema: $ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema as z.ZodMiniType, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema: written }) => {
      const { type } = zodSchema._zod.def
      // A file in a form (the picture, the certificate) is a `custom` Blob check: bytes, as OpenAPI 3.1 writes them.
      if (type === 'custom') Object.assign(written, { type: 'string', contentMediaType: 'application/octet-stream' })
      else if (UNREPRESENTABLE.has(type)) throw new Error(`a ${type} schema has no JSON Schema: say what it is on the wire`)
    },
  })
  return rest
}

/** zod's kinds JSON Schema cannot say; a contract that uses one must say what travels instead. */
const UNREPRESENTABLE = new Set(['bigint', 'symbol', 'date', 'map', 'set', 'transform', 'nan', 'function', 'promise', 'void', 'undefined'])

/** `/races/:id` as OpenAPI writes it, `/races/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')

function parameters(operation: OperationShape): JsonSchema[] {
  const of = (where: 'path' | 'query', schema: $ZodType | undefined) => {
    if (!schema) return []
    const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] }
    return Object.entries(object.properties ?? {}).map(([name, property]) => ({
      name,
      in: where,
      required: where === 'path' || (object.required ?? []).includes(name),
      schema: property,
    }))
  }
  return [...of('path', operation.pathParams), ...of('query', operation.query)]
}

function requestBody(operation: OperationShape): JsonSchema | undefined {
  const { body } = operation
  if (!body) return undefined
  if (body.kind === 'binary') {
    // A file sent as it is, with its own type (checked by the operation).
    return { required: true, content: { '*/*': { schema: {} } } }
  }
  return { required: true, content: { [BODY_MEDIA_TYPES[body.kind]]: { schema: jsonSchema(body.schema, 'input') } } }
}

const STATUS_WORDS: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  400: 'The request is refused: a field or the body breaks the contract',
  401: 'No valid access token (or client credentials)',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflicts with the current state',
  410: 'Gone: expired',
  413: 'Too large',
  415: 'Unsupported media type',
  422: 'Understood, and refused by a rule',
  429: 'Too many requests: wait as Retry-After says',
  503: 'Unavailable for now: retry after Retry-After',
}

function responses(operation: OperationShape): JsonSchema {
  return Object.fromEntries(
    Object.entries(operation.responses).map(([status, schema]) => {
      const description = STATUS_WORDS[Number(status)] ?? `HTTP ${status}`
      if (Number(status) === 204) return [status, { description }]
      return [status, { description, content: { 'application/json': { schema: jsonSchema(schema, 'output') } } }]
    }),
  )
}

const SECURITY = { none: [], bearer: [{ bearerToken: [] }], 'basic-client': [{ portalClient: [] }] } as const

/** The codes an operation's error answers carry (`code`, or `error` for OAuth), as its contract lists them. */
function errorCodes(operation: OperationShape): string[] {
  if (!operation.errors) return []
  const codes = (jsonSchema(operation.errors, 'output') as { enum?: string[] }).enum
  return codes ?? []
}

function operationObject(resource: string, operation: OperationShape): JsonSchema {
  const signedUrl = operation.absoluteUrlParam
  return {
    operationId: operation.name,
    summary: operation.summary,
    tags: [resource],
    ...(operation.inferred ? { description: 'Inferred by the portal: not among the calls the organiser published.' } : {}),
    'x-pettorale-inferred': operation.inferred === true,
    'x-pettorale-error-codes': errorCodes(operation),
    security: SECURITY[operation.auth],
    ...(signedUrl
      ? {
          // Not below the API: the whole address is the one the signed-upload call answered.
          servers: [{ url: `{${signedUrl}}`, description: 'The signed address files.uploadUrl answered', variables: { [signedUrl]: { default: 'https://storage.example/upload' } } }],
        }
      : {}),
    parameters: parameters(operation).filter((parameter) => parameter.name !== signedUrl),
    ...(requestBody(operation) ? { requestBody: requestBody(operation) } : {}),
    responses: responses(operation),
  }
}

/** What each resource (a contracts/ module, the document's tags) is about. */
const RESOURCES: Readonly<Record<keyof typeof contract, string>> = {
  auth: 'Signing in and out: the password grant, social sign-in, password reset.',
  account: 'Creating an account and confirming it.',
  athlete: 'The signed-in athlete: profile, its save, subscriptions.',
  liberatoria: 'The per-race waiver: its text and the signature.',
  files: 'Uploads: the signed upload address, the file itself, the profile picture.',
  certificate: 'The medical certificate recorded with its expiry.',
  races: 'The races: list, details, extra fields, rankings and entry lists.',
  subscriptions: 'Taking a place in a race (inferred).',
  transactions: 'The athlete’s transactions.',
  payments: 'Online payment: start, status, the organiser’s payment links (inferred).',
  experience: 'The races the athlete reports having completed (the flagship’s experience), and the PAX.',
  queue: 'The waiting room of a race that opens in a rush (inferred, decision 037).',
  places: 'A paid place afterwards: withdraw, pass on, defer, and their refunds (inferred, decision 038).',
  waitList: 'The wait list of a sold-out race (inferred, decision 038).',
  lottery: 'The flagship’s lottery and its published draw (inferred, decision 038).',
}

const METHOD_ORDER: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

export interface OpenApiOptions {
  version: string
}

export function renderOpenApi({ version }: OpenApiOptions): JsonSchema {
  const written = Object.entries(contract).flatMap(([resource, operations]) =>
    Object.values(operations as Record<string, OperationShape>).map((operation) => ({
      path: operation.absoluteUrlParam ? '/' : openApiPath(operation.path),
      method: operation.method,
      object: operationObject(resource, operation),
    })),
  )
  // In the paths' order, then the methods': the same file whatever order a runtime lists a module's exports in.
  written.sort((a, b) => a.path.localeCompare(b.path, 'en') || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method))
  const paths: Record<string, Record<string, JsonSchema>> = {}
  for (const { path, method, object } of written) paths[path] = { ...paths[path], [method.toLowerCase()]: object }
  return {
    openapi: '3.1.0',
    info: {
      title: 'pettorale: the athlete portal’s API',
      version,
      description:
        'Every call the portal makes, written from its zod contracts (contracts/). Paths are below the API base address the production build is given (VITE_API_BASE_URL). An operation marked x-pettorale-inferred is of the portal’s design; the others are the organiser’s published calls. x-pettorale-error-codes lists the codes its error answers may carry, in `code` (or `error` for OAuth). docs/backend.md tells a backend team how to use it.',
    },
    servers: [{ url: '/', description: 'The API base address' }],
    tags: Object.entries(RESOURCES).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: {
        bearerToken: { type: 'http', scheme: 'bearer', description: 'The athlete’s access token from POST /api/oauth/token.' },
        portalClient: { type: 'http', scheme: 'basic', description: 'The portal’s own OAuth client id and secret (the password grant only).' },
      },
    },
  }
}

/** Where the document is kept, beside the other docs a backend team reads. */
export const OPENAPI_FILE = join(process.cwd(), 'docs', 'api', 'openapi.json')

/** The document as the file holds it, for the package's version. */
export const openApiText = (options: OpenApiOptions) => `${JSON.stringify(renderOpenApi(options), null, 2)}\n`
