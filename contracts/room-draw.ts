import { drawDigest } from './lottery-draw'

/**
 * The waiting room's draw anyone can check (issue 40, decision 037 amended), published like the
 * lottery's (lottery-draw.ts, decision 038) and in the same folder for the same reason: the
 * simulated backend, the portal and `scripts/lottery-verify.ts` all import this one implementation.
 *
 * Tickets are numbered from 1 in the order they are taken. Those taken before registration opens
 * are numbers 1 to `tickets`; at the opening they are put in line by their key, SHA-256 of the
 * room's seed, a colon and the ticket's number (`drawDigest`), smallest first. The seed is random,
 * fixed when the room is made, and only its SHA-256 is published until the opening, so nobody (an
 * athlete with many accounts included) can tell before then which ticket draws first; after it the
 * seed is published and the order follows from it and the count alone. A ticket that left before
 * the opening keeps its number in the order and is skipped in line.
 */

/** The ticket numbers 1 to `tickets`, first drawn first. */
export async function roomDrawOrder(seed: string, tickets: number): Promise<number[]> {
  const numbers = Array.from({ length: Math.max(0, Math.trunc(tickets)) }, (_, index) => index + 1)
  // Web Crypto's digests run side by side; one at a time, a room of 10,000 takes several times longer.
  const keys = await Promise.all(numbers.map((n) => drawDigest(seed, n)))
  // Keys are hex of one length, so comparing the text compares the numbers; two equal keys (never
  // seen with SHA-256) would go by ticket number, so the order is total.
  return numbers.sort((a, b) => (keys[a - 1]! < keys[b - 1]! ? -1 : keys[a - 1]! > keys[b - 1]! ? 1 : a - b))
}
