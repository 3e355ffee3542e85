import type * as lottery from '../../contracts/lottery.contract'
import type * as payments from '../../contracts/payments.contract'
import { apiQuery, operationKey, type LazyOperation } from './api-query'

// Loaded with the first read (decision 022): only the lottery's page and My races (for an athlete
// who applied) ask for these.
const contract = () => import('../../contracts/lottery.contract')
const operations = {
  get: { name: 'lottery.get', auth: 'none', load: async () => (await contract()).get },
  mine: { name: 'lottery.mine', auth: 'bearer', load: async () => (await contract()).mine },
  byLink: { name: 'payments.byLink', auth: 'none', load: async () => (await import('../../contracts/payments.contract')).byLink },
} satisfies {
  get: LazyOperation<typeof lottery.get>
  mine: LazyOperation<typeof lottery.mine>
  byLink: LazyOperation<typeof payments.byLink>
}

/**
 * Every lottery read: one invalidation reads the published list and the athlete's application
 * again; `link` reaches every payment link's read (a drawn place's, once its deadline passes).
 */
export const lotteryKeys = {
  root: [operationKey(operations.get)[0]] as const,
  link: operationKey(operations.byLink),
}

export const lotteryQueries = {
  /** The race's lottery as published (404 `no_lottery`: the race is entered directly). */
  get: (raceId: number) => apiQuery(operations.get, { params: { id: raceId } }),
  /**
   * The signed-in athlete's application (404 `no_application`: none). The lottery page's machine
   * follows it here with its link and decides when to read them again; My races reads the same entry.
   */
  mine: (raceId: number) => apiQuery(operations.mine, { params: { id: raceId } }),
  /** A drawn application's payment link: still open, paid, or lapsed (410). */
  link: (code: string) => apiQuery(operations.byLink, { params: { code } }),
}
