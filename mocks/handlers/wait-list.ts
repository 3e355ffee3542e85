import type { ResourceHandlers } from '../handler'

const notYet = () => {
  throw new Error('issue 23: not built yet')
}

/** Placeholder while issue 23's wait-list helper builds the calls. */
export function waitListHandlers(): ResourceHandlers<'waitList'> {
  return { join: notYet, status: notYet, leave: notYet, mine: notYet }
}
