import type { LotteryRule } from './races.contract'
import { sha256Hex } from './sha256'

/**
 * The lottery anyone can check (issue 23, decision 038): the one draw the simulated backend runs,
 * the portal explains and `scripts/lottery-verify.ts` recomputes. It is part of what is published,
 * like the contract's schemas, and lives here because this is the one folder the mock, the machines,
 * the portal and the scripts may all import (as time.ts does): one implementation, no copy to drift.
 * Its inputs are what the lottery's page publishes: the seed (revealed after the draw) and the list
 * of applications by number with their tickets. Integer arithmetic only, so every machine and
 * language gets the same order.
 */

/** One published application: its number and its tickets. */
export interface DrawEntry {
  numero: number
  biglietti: number
}

/**
 * Earlier unsuccessful applications counted by the doubling rule: past six the tickets stop
 * doubling (64 at most). Uncapped, an athlete turned down ten times would hold a thousand tickets
 * against a newcomer's one, and the doubling would soon pass what a published list can show at a
 * glance; six is where the real races' ticket tables stop growing too.
 */
export const MAX_COUNTED_PREVIOUS = 6

/** An application's tickets by the race's rule: 2^precedenti (`raddoppio`), capped as above. */
export function ticketsFor(rule: LotteryRule['regola'], precedenti: number): number {
  switch (rule) {
    case 'raddoppio':
      return 2 ** Math.min(Math.max(0, Math.trunc(precedenti)), MAX_COUNTED_PREVIOUS)
  }
}

/** The commitment published before the first application: the SHA-256 of the seed. */
export function commitmentOf(seed: string): Promise<string> {
  return sha256Hex(seed)
}

/** Whether a revealed seed is the one committed to. */
export async function matchesCommitment(seed: string, commitment: string): Promise<boolean> {
  return (await commitmentOf(seed)) === commitment.toLowerCase()
}

/**
 * The draw's one hash: SHA-256 of the seed, a colon and a whole number, in lowercase hex. The
 * lottery reads it as step s's number; the waiting room (room-draw.ts) as ticket n's draw key. One
 * function, so the two published protocols cannot drift apart in how they spell their input.
 */
export function drawDigest(seed: string, n: number): Promise<string> {
  return sha256Hex(`${seed}:${String(n)}`)
}

/**
 * The draw's order: every application number, first drawn first. Step s (from 0) takes
 * r = SHA-256(seed + ":" + s), read as a 256-bit unsigned integer, modulo the tickets still in the
 * drum; the application holding ticket r, counting tickets in application-number order from 0, is
 * drawn, and all its tickets leave the drum. (The modulo's bias is below 2^-240 for any drum a race
 * could fill.) The order does not depend on the list's order as given, only on its contents.
 */
export async function drawOrder(seed: string, entries: readonly DrawEntry[]): Promise<number[]> {
  const drum = [...entries].sort((a, b) => a.numero - b.numero)
  let left = drum.reduce((sum, entry) => sum + BigInt(entry.biglietti), 0n)
  const order: number[] = []
  for (let step = 0; drum.length > 0; step++) {
    let r = BigInt(`0x${await drawDigest(seed, step)}`) % left
    const index = drum.findIndex((entry) => {
      if (r < BigInt(entry.biglietti)) return true
      r -= BigInt(entry.biglietti)
      return false
    })
    const [drawn] = drum.splice(index, 1)
    if (!drawn) throw new Error('lottery draw: a ticket without an application')
    order.push(drawn.numero)
    left -= BigInt(drawn.biglietti)
  }
  return order
}

/** The first difference between two orders, or `null` when they agree. */
export function firstDifference(expected: readonly number[], actual: readonly number[]): { position: number; expected: number | null; actual: number | null } | null {
  for (let index = 0; index < Math.max(expected.length, actual.length); index++) {
    if (expected[index] !== actual[index]) return { position: index + 1, expected: expected[index] ?? null, actual: actual[index] ?? null }
  }
  return null
}
