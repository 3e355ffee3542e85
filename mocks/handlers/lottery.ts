import type { ResourceHandlers } from '../handler'

const notYet = () => {
  throw new Error('issue 23: not built yet')
}

/** Placeholder while issue 23's lottery helper builds the calls. */
export function lotteryHandlers(): ResourceHandlers<'lottery'> {
  return { get: notYet, mine: notYet }
}
