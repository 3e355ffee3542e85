import * as account from './account.contract'
import * as athlete from './athlete.contract'
import * as auth from './auth.contract'
import * as certificate from './certificate.contract'
import * as experience from './experience.contract'
import * as files from './files.contract'
import * as liberatoria from './liberatoria.contract'
import * as payments from './payments.contract'
import * as races from './races.contract'
import * as transactions from './transactions.contract'
import type { OperationShape } from './operation'

/**
 * Every call the portal makes, nested per resource. Application code imports the resource file it
 * needs (so a route's bundle holds only its schemas); this index is for the mock backend, the
 * generated types and the tests that must see them all.
 */
export const contract = {
  auth: { token: auth.token, logout: auth.logout, forgot: auth.forgot, resetLookup: auth.resetLookup, resetPassword: auth.resetPassword, socialStart: auth.socialStart },
  account: { register: account.register, confirm: account.confirm },
  athlete: { me: athlete.me, save: athlete.save, saveExperience: athlete.saveExperience, subscriptions: athlete.subscriptions },
  liberatoria: { sign: liberatoria.sign },
  files: { uploadPicture: files.uploadPicture, requestUpload: files.requestUpload, putSigned: files.putSigned },
  certificate: { save: certificate.save },
  races: { list: races.list, get: races.get, ranking: races.ranking, subscribers: races.subscribers, subscriptionFields: races.subscriptionFields },
  transactions: { list: transactions.list },
  payments: { start: payments.start, status: payments.status, byLink: payments.byLink },
  experience: { list: experience.list, report: experience.report },
} as const

export const allOperations: ReadonlyArray<OperationShape> = Object.values(contract).flatMap(
  (resource) => Object.values(resource) as OperationShape[],
)
