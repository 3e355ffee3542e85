import type { ResourceHandlers } from '../handler'

const notYet = () => {
  throw new Error('issue 23: not built yet')
}

/** The transfer calls of the `places` resource. Placeholder while issue 23's helper builds them. */
export function transferHandlers(): Pick<ResourceHandlers<'places'>, 'offerTransfer' | 'cancelTransfer' | 'getTransfer' | 'acceptTransfer'> {
  return { offerTransfer: notYet, cancelTransfer: notYet, getTransfer: notYet, acceptTransfer: notYet }
}
