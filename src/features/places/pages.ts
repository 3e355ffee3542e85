// The pages of what follows an enrolment (issue 23) as one part: each lazily loaded route costs the
// first page an entry in its module map, and these six are rarely opened (decision 038).
export { default as DeferPage } from './withdraw/defer-page'
export { default as LotteryPage } from './lottery/lottery-page'
export { default as TransferOfferPage } from './transfer/transfer-offer-page'
export { default as TransferPage } from './transfer/transfer-page'
export { default as WaitListPage } from './wait-list/wait-list-page'
export { default as WithdrawPage } from './withdraw/withdraw-page'
