import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import * as athlete from '../../contracts/athlete.contract'
import * as auth from '../../contracts/auth.contract'
import * as races from '../../contracts/races.contract'
import { PERSONAS } from '../../mocks/seed'
import '../../tests/setup/mock-backend'
import { ApiRequestError } from './api-request-error'
import { apiMutation, apiQuery, forgetAthleteQueries, operationKey, shouldRetryRead } from './api-query'
import { raceKeys } from './race-queries'

const completo = PERSONAS.find((p) => p.key === 'completo')!

describe('query keys', () => {
  it('derive from the operation name, resource first, then verb, then the input', () => {
    expect(operationKey(races.list)).toEqual(['races', 'list'])
    expect(apiQuery(races.list, { query: { filter: 'open' } }).queryKey).toEqual(['races', 'list', { query: { filter: 'open' } }])
  })

  it('one invalidation of the resource reaches every read of it', async () => {
    const client = new QueryClient()
    client.setQueryData(apiQuery(races.list, { query: { filter: 'open' } }).queryKey, { gare: [] })
    client.setQueryData(apiQuery(races.get, { params: { id: 7 }, query: { lingua: 'it' } }).queryKey, null as never)
    expect(raceKeys.root).toEqual(['races'])
    await client.invalidateQueries({ queryKey: raceKeys.root })
    expect(client.getQueryCache().findAll({ queryKey: raceKeys.root }).map((q) => q.state.isInvalidated)).toEqual([true, true])
  })
})

describe('the athlete data leaves with the session', () => {
  it('forgetAthleteQueries removes reads made with the athlete token and keeps public ones', async () => {
    const client = new QueryClient()
    const list = apiQuery(races.list, { query: { filter: 'all' } })
    const me = apiQuery(athlete.me, {})
    // Filled through their options, as a screen's useQuery would, so they carry the options' meta.
    await client.fetchQuery({ ...list, queryFn: () => ({ gare: [] }) })
    await client.fetchQuery({ ...me, queryFn: () => ({ profilo: [], iscrizioni_possibili: [] }) })
    forgetAthleteQueries(client)
    expect(client.getQueryData(me.queryKey)).toBeUndefined()
    expect(client.getQueryData(['races', 'list', { query: { filter: 'all' } }])).toEqual({ gare: [] })
  })
})

describe('writes', () => {
  it('a mutation calls the operation once, never retrying, and hands the client to onSuccess', async () => {
    const client = new QueryClient()
    const seen: unknown[] = []
    const options = apiMutation(auth.token, { onSuccess: (queryClient, data) => seen.push(queryClient === client, data.expires_in > 0) })
    const mutation = client.getMutationCache().build(client, options)
    await mutation.execute({ body: { grant_type: 'password', username: completo.mail, password: completo.password } })
    expect(seen).toEqual([true, true])
  })

  it('a failed write is an ApiRequestError carrying the contract error code, and is not retried', async () => {
    const client = new QueryClient()
    let calls = 0
    const counted = apiMutation(auth.token)
    const mutation = client.getMutationCache().build(client, {
      ...counted,
      mutationFn: (variables) => {
        calls += 1
        return counted.mutationFn!(variables, undefined as never)
      },
    })
    const failed = await mutation
      .execute({ body: { grant_type: 'password', username: completo.mail, password: 'wrong-one' } })
      .catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(ApiRequestError)
    expect((failed as ApiRequestError<typeof auth.token>).error).toMatchObject({ kind: 'http', status: 400, code: 'invalid_grant' })
    expect(calls).toBe(1)
  })
})

describe('reads retry only what may heal by itself', () => {
  const error = (cause: ConstructorParameters<typeof ApiRequestError>[0]) => new ApiRequestError(cause)
  it.each([
    ['no answer', error({ kind: 'network', operation: 'races.list' }), true],
    ['a 503', error({ kind: 'http', operation: 'races.list', status: 503, code: null, body: undefined }), true],
    ['a 404', error({ kind: 'http', operation: 'races.get', status: 404, code: 'race_not_found', body: undefined }), false],
    ['a contract mismatch', error({ kind: 'contract', operation: 'races.list', direction: 'response', detail: '' }), false],
    ['a 401', error({ kind: 'unauthorized', operation: 'athlete.me' }), false],
    ['anything else', new Error('boom'), false],
  ])('%s: retry %s', (_label, failure, retry) => {
    expect(shouldRetryRead(0, failure)).toBe(retry)
  })

  it('gives up after two retries', () => {
    expect(shouldRetryRead(2, error({ kind: 'network', operation: 'races.list' }))).toBe(false)
  })
})
