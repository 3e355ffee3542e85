import { hexOf } from '../../contracts/hex'

/**
 * A fresh random id: 128 bits as 32 hexadecimal digits, for idempotency keys and the like. Not
 * `crypto.randomUUID`, which browsers give to secure contexts only: a team's shared QA server is
 * reached over plain HTTP on its network (decision 035), and there it is undefined.
 */
export function randomId(): string {
  return hexOf(crypto.getRandomValues(new Uint8Array(16)))
}
