import type { ResourceHandlers } from '../handler'
import { transferHandlers } from './transfer'

const notYet = () => {
  throw new Error('issue 23: not built yet')
}

/** Placeholder while issue 23's helpers build the calls (replaced before the issue closes). */
export function placesHandlers(): ResourceHandlers<'places'> {
  return { withdraw: notYet, defer: notYet, credits: notYet, ...transferHandlers() }
}
