import { createConfig, lintFromString } from '@redocly/openapi-core'
import { readFileSync } from 'node:fs'
import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { contract } from '../contracts/index'
import type { OperationShape } from '../contracts/operation'
import { OPENAPI_FILE, openApiText } from './openapi'

const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version
const text = readFileSync(OPENAPI_FILE, 'utf8')

type Operation = {
  operationId: string
  security: unknown[]
  'x-pettorale-inferred': boolean
  'x-pettorale-error-codes': string[]
  parameters: Array<{ name: string; in: string }>
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>
}
const document = JSON.parse(text) as { paths: Record<string, Record<string, Operation>> }
const operations = Object.values(contract).flatMap((resource) => Object.values(resource as Record<string, OperationShape>))
const written = (operation: OperationShape) =>
  document.paths[operation.absoluteUrlParam ? '/' : operation.path.replace(/:(\w+)/g, '{$1}')]?.[operation.method.toLowerCase()]

describe('the OpenAPI document (docs/api/openapi.json)', () => {
  it('is the contracts written out (run npm run contracts:openapi when this fails)', () => {
    expect(text).toBe(openApiText({ version }))
  })

  it('is valid OpenAPI 3.1 by Redocly’s recommended rules', async () => {
    const config = await createConfig({
      extends: ['recommended'],
      // The organiser's published path of the subscription history ends in a slash (spec section 9).
      rules: { 'no-path-trailing-slash': 'off' },
    })
    const problems = await lintFromString({ source: text, absoluteRef: OPENAPI_FILE, config })
    expect(problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([])
  })

  it.each(operations.map((operation) => [operation.name, operation] as const))('holds %s: its method, path, callers, origin and error codes', (_name, operation) => {
    const entry = written(operation)
    expect(entry?.operationId).toBe(operation.name)
    expect(entry?.security).toEqual(operation.auth === 'none' ? [] : [{ [operation.auth === 'bearer' ? 'bearerToken' : 'portalClient']: [] }])
    expect(entry?.['x-pettorale-inferred']).toBe(operation.inferred === true)
    const declared = operation.errors ? z.parse(z.array(z.string()), (z.toJSONSchema(operation.errors as z.ZodMiniType) as { enum: string[] }).enum) : []
    expect(entry?.['x-pettorale-error-codes']).toEqual(declared)
    expect(Object.keys(entry?.responses ?? {}).sort()).toEqual(Object.keys(operation.responses).sort())
    const pathNames = [...operation.path.matchAll(/:(\w+)/g)].map(([, name]) => name).filter((name) => name !== operation.absoluteUrlParam)
    expect(entry?.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name)).toEqual(pathNames)
  })
})
