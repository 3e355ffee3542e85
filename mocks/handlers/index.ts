import type { HttpHandler } from 'msw'
import { contract, type ResourceName } from '../../contracts'
import type { OperationShape } from '../../contracts/operation'
import { defineHandler, type HandlerOf, type MockContext, type MockHandlers } from '../handler'
import { accountHandlers } from './account'
import { athleteHandlers } from './athlete'
import { authHandlers } from './auth'
import { certificateHandlers } from './certificate'
import { experienceHandlers } from './experience'
import { filesHandlers } from './files'
import { liberatoriaHandlers } from './liberatoria'
import { lotteryHandlers } from './lottery'
import { paymentsHandlers } from './payments'
import { placesHandlers } from './places'
import { queueHandlers } from './queue'
import { racesHandlers } from './races'
import { subscriptionsHandlers } from './subscriptions'
import { transactionsHandlers } from './transactions'
import { waitListHandlers } from './wait-list'

/**
 * The simulated backend as one object keyed like `contract` (`{ auth: { token, logout, ... }, ... }`),
 * each resource's handlers from its own file. Its type comes from the contract: an operation
 * without a handler does not compile.
 */
export function mockHandlers(ctx: MockContext): MockHandlers {
  return {
    auth: authHandlers(ctx),
    account: accountHandlers(),
    athlete: athleteHandlers(),
    liberatoria: liberatoriaHandlers(),
    files: filesHandlers(ctx),
    certificate: certificateHandlers(),
    races: racesHandlers(),
    subscriptions: subscriptionsHandlers(),
    transactions: transactionsHandlers(),
    payments: paymentsHandlers(ctx),
    experience: experienceHandlers(),
    queue: queueHandlers(),
    places: placesHandlers(),
    waitList: waitListHandlers(),
    lottery: lotteryHandlers(),
  }
}

/** The handler set flattened for MSW, each handler bound to its operation of the contract. */
export function createHandlers(ctx: MockContext): HttpHandler[] {
  const set = mockHandlers(ctx)
  return (Object.keys(contract) as ResourceName[]).flatMap((resource) => {
    const handlers = set[resource] as unknown as Record<string, HandlerOf<OperationShape> | undefined>
    return Object.entries(contract[resource]).map(([key, operation]: [string, OperationShape]) => {
      const handler = handlers[key]
      if (!handler) throw new Error(`the mock has no handler for ${operation.name}`)
      return defineHandler(ctx, operation, handler)
    })
  })
}
