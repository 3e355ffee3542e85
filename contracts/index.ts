import * as account from './account.contract'
import * as athlete from './athlete.contract'
import * as auth from './auth.contract'
import * as certificate from './certificate.contract'
import * as experience from './experience.contract'
import * as files from './files.contract'
import * as liberatoria from './liberatoria.contract'
import * as lottery from './lottery.contract'
import * as payments from './payments.contract'
import * as places from './places.contract'
import * as queue from './queue.contract'
import * as races from './races.contract'
import * as subscriptions from './subscriptions.contract'
import * as transactions from './transactions.contract'
import * as waitList from './wait-list.contract'
import type { OperationShape } from './operation'

/** The exports of a resource module that are operations (its schemas, types and constants are not). */
export type OperationsOf<Module> = {
  readonly [K in keyof Module as Module[K] extends OperationShape ? K : never]: Module[K]
}

function isOperation(value: unknown): value is OperationShape {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<Record<keyof OperationShape, unknown>>
  return (
    typeof candidate.name === 'string' &&
    typeof candidate.method === 'string' &&
    typeof candidate.path === 'string' &&
    typeof candidate.responses === 'object'
  )
}

function operationsOf<Module extends object>(module: Module): OperationsOf<Module> {
  return Object.fromEntries(Object.entries(module).filter(([, value]) => isOperation(value))) as OperationsOf<Module>
}

/**
 * Every call the portal makes, nested per resource: each `*.contract.ts` module's exported
 * operations, under the export's name. Application code imports the resource file it needs (so a
 * route's bundle holds only its schemas); this index is for the mock backend, the generated types
 * and the tests that must see them all.
 */
export const contract = {
  auth: operationsOf(auth),
  account: operationsOf(account),
  athlete: operationsOf(athlete),
  liberatoria: operationsOf(liberatoria),
  files: operationsOf(files),
  certificate: operationsOf(certificate),
  races: operationsOf(races),
  subscriptions: operationsOf(subscriptions),
  transactions: operationsOf(transactions),
  payments: operationsOf(payments),
  experience: operationsOf(experience),
  queue: operationsOf(queue),
  places: operationsOf(places),
  waitList: operationsOf(waitList),
  lottery: operationsOf(lottery),
} as const

export type Contract = typeof contract
export type ResourceName = keyof Contract

/** Any one operation of the contract, with its literal types. */
export type AnyOperation = { [R in ResourceName]: Contract[R][keyof Contract[R]] }[ResourceName]

/** `resource.key` of every operation (`auth.token`, `athlete.me`, ...). */
export type OperationName = AnyOperation['name']

export const allOperations: ReadonlyArray<AnyOperation & OperationShape> = Object.values(contract).flatMap(
  (resource) => Object.values(resource) as Array<AnyOperation & OperationShape>,
)

/** The names of all operations, for run-time checks of a name typed by hand. */
export const operationNames: ReadonlySet<string> = new Set(allOperations.map((operation) => operation.name))

export function isOperationName(name: unknown): name is OperationName {
  return typeof name === 'string' && operationNames.has(name)
}
