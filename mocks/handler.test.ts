import { describe, expect, expectTypeOf, it } from 'vitest'
import { contract, type Contract, type ResourceName } from '../contracts'
import type * as account from '../contracts/account.contract'
import type * as auth from '../contracts/auth.contract'
import { createControls } from './controls'
import { oauthError, problem, reply, type MockContext, type MockHandlers, type Resolver } from './handler'
import { createHandlers, mockHandlers } from './handlers'
import { createRequestLog } from './qa-request-log'
import { SEED_NOW_MS } from './seed'

const ctx: MockContext = { baseUrl: 'http://api.handler.test', controls: createControls(SEED_NOW_MS), onResolved: () => {}, requestLog: createRequestLog() }

describe('problem()', () => {
  it('builds a problem body whose code keeps its literal type', () => {
    expect(problem(409, 'user_exists')).toEqual({ status: 409, title: 'user_exists', code: 'user_exists' })
    expect(problem(404, 'race_not_found', 'no race 9')).toMatchObject({ detail: 'no race 9' })
    expectTypeOf(problem(409, 'user_exists').code).toEqualTypeOf<'user_exists'>()
  })

  it("may answer only the codes the operation's contract declares", () => {
    const declared: Resolver<typeof account.register> = () => reply(409, problem(409, 'registration_failed'))
    const undeclared: Resolver<typeof account.register> = () =>
      // @ts-expect-error -- not one of RegisterErrorSchema's codes: the 409 body does not match
      reply(409, problem(409, 'not_a_declared_code'))
    const oauth: Resolver<typeof auth.token> = () => reply(400, oauthError('invalid_grant', 'why', 'account_not_confirmed'))
    const oauthUndeclared: Resolver<typeof auth.token> = () =>
      // @ts-expect-error -- `code` of the token error body can only be account_not_confirmed
      reply(400, oauthError('invalid_grant', 'why', 'wrong_password'))
    expect([declared, undeclared, oauth, oauthUndeclared]).toHaveLength(4)
  })
})

describe('the handler set', () => {
  const set = mockHandlers(ctx)

  it('is keyed by resource and operation exactly like the contract', () => {
    expectTypeOf<keyof MockHandlers>().toEqualTypeOf<ResourceName>()
    expectTypeOf<keyof MockHandlers['auth']>().toEqualTypeOf<keyof Contract['auth']>()
    expectTypeOf<keyof MockHandlers['races']>().toEqualTypeOf<keyof Contract['races']>()
    for (const resource of Object.keys(contract) as ResourceName[]) {
      expect(Object.keys(set[resource]).sort(), resource).toEqual(Object.keys(contract[resource]).sort())
    }
  })

  it('does not compile when an operation of the contract has no handler', () => {
    const { ranking: _ranking, ...withoutRanking } = set.races
    // @ts-expect-error -- races.ranking has no handler
    const incomplete: MockHandlers = { ...set, races: withoutRanking }
    expect(incomplete.races).not.toHaveProperty('ranking')
  })

  it('flattens into one MSW handler per operation', () => {
    const count = Object.values(contract).reduce((sum, operations) => sum + Object.keys(operations).length, 0)
    expect(createHandlers(ctx)).toHaveLength(count)
  })
})
