import { createElement, type ComponentType } from 'react'
import { useLocation } from 'wouter'
import { lazyPart } from '../../ui/lazy-part'
import { NotFoundPage } from '../../ui/not-found-page'
import LotteryPage from './lottery/lottery-page'
import WaitListPage from './wait-list/wait-list-page'
import DeferPage from './withdraw/defer-page'
import WithdrawPage from './withdraw/withdraw-page'

/** The part's words, loaded with it (src/lib/i18n.ts `withCatalog`). */
export { default as catalog } from '../../lib/catalogs/places'

// The pages of what follows an enrolment (issue 23) are one lazily loaded part with one component:
// every lazy route costs the first page an entry in its module map and its route table, and these
// are rarely opened (decision 038). The routes (src/app/routes.tsx) lead here; the address picks
// the page. Passing a place on is a part of its own within it: its machine and its two pages weigh
// as much as the other four pages together, and few who withdraw, defer or wait ever open them.
const TransferPages = lazyPart(() => import('./transfer/transfer-pages'))

const PAGES: ReadonlyArray<readonly [RegExp, ComponentType]> = [
  [/^\/me\/races\/\d+\/withdraw$/, WithdrawPage],
  [/^\/me\/races\/\d+\/transfer$/, TransferPages],
  [/^\/me\/races\/\d+\/defer$/, DeferPage],
  [/^\/race\/\d+\/wait-list$/, WaitListPage],
  [/^\/race\/\d+\/lottery$/, LotteryPage],
  [/^\/transfer\/[^/]+$/, TransferPages],
]

export default function PlacesPage() {
  const [location] = useLocation()
  return createElement(PAGES.find(([address]) => address.test(location))?.[1] ?? NotFoundPage)
}
