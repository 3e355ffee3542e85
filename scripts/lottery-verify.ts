/**
 * `npm run lottery:verify -- <url or file>`: checks a drawn lottery from what its page publishes
 * (issue 23, decision 038), as anyone could. It reads the published JSON (`lottery.get`: from the
 * backend's URL, e.g. http://127.0.0.1:47613/api/v1/vdatrailers/gara/201/lotteria, or from a file
 * saved from it), checks that the revealed seed is the one committed to before the first
 * application, recomputes the draw's order from the seed and the list of tickets, and prints that
 * they agree or the first difference. Exit code 0 when they agree, 1 otherwise.
 */
import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import * as z from 'zod/mini'
import { drawOrder, firstDifference, matchesCommitment } from '../contracts/lottery-draw'
import { LotterySchema, type Lottery } from '../contracts/lottery.contract'

export type Verdict =
  | { ok: true; applications: number; places: number }
  | { ok: false; reason: 'not_drawn' }
  | { ok: false; reason: 'commitment'; seed: string; commitment: string }
  | { ok: false; reason: 'order'; position: number; expected: number | null; published: number | null }

/** The published lottery checked: commitment, then order. */
export async function verifyLottery(lottery: Lottery): Promise<Verdict> {
  if (lottery.seme === null || lottery.ordine === null) return { ok: false, reason: 'not_drawn' }
  if (!(await matchesCommitment(lottery.seme, lottery.impegno))) return { ok: false, reason: 'commitment', seed: lottery.seme, commitment: lottery.impegno }
  const difference = firstDifference(await drawOrder(lottery.seme, lottery.domande), lottery.ordine)
  if (difference) return { ok: false, reason: 'order', position: difference.position, expected: difference.expected, published: difference.actual }
  return { ok: true, applications: lottery.domande.length, places: lottery.posti }
}

/** What the verdict says, in a line or two. */
export function describeVerdict(verdict: Verdict): string {
  if (verdict.ok) {
    return `The draw agrees: the seed matches the commitment and the order of all ${String(verdict.applications)} applications recomputes exactly (the first ${String(verdict.places)} were offered a place).`
  }
  switch (verdict.reason) {
    case 'not_drawn':
      return 'Not drawn yet: the seed and the order are published after the draw.'
    case 'commitment':
      return `The seed does not match the commitment: SHA-256("${verdict.seed}") is not ${verdict.commitment}.`
    case 'order':
      return `The order differs at position ${String(verdict.position)}: recomputed ${String(verdict.expected ?? 'nothing')}, published ${String(verdict.published ?? 'nothing')}.`
  }
}

/** The published lottery from a URL or a file, validated against the contract. */
export async function readPublished(source: string): Promise<Lottery> {
  const text = /^https?:\/\//.test(source) ? await (await fetch(source, { headers: { accept: 'application/json' } })).text() : await readFile(source, 'utf8')
  const parsed = LotterySchema.safeParse(JSON.parse(text))
  if (!parsed.success) throw new Error(`not a published lottery: ${z.prettifyError(parsed.error)}`)
  return parsed.data
}

async function main(source: string | undefined): Promise<number> {
  if (!source) {
    console.error('usage: npm run lottery:verify -- <url or file of the published lottery JSON>')
    return 1
  }
  try {
    const verdict = await verifyLottery(await readPublished(source))
    const line = describeVerdict(verdict)
    if (verdict.ok) console.log(line)
    else console.error(line)
    return verdict.ok ? 0 : 1
  } catch (error) {
    console.error(`Cannot check ${source}: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv[2])
}
