/**
 * `npm run lottery:verify -- <url or file>`: checks a draw from what is published, as anyone could.
 * - A lottery (issue 23, decision 038): the published JSON (`lottery.get`: from the backend's URL,
 *   e.g. http://127.0.0.1:47613/api/v1/vdatrailers/gara/201/lotteria, or a file saved from it). It
 *   checks that the revealed seed is the one committed to before the first application, recomputes
 *   the order from the seed and the list of tickets, and prints that they agree or the first
 *   difference.
 * - A waiting room's draw (issue 40, decision 037 amended), after registration opened: the draw
 *   the room publishes to anyone (`queue.draw`: its URL, e.g.
 *   http://127.0.0.1:47613/api/v1/vdatrailers/gara/260/coda/sorteggio, or a file saved from the
 *   room's page), or a ticket answer (`queue.status`, saved from the room's page). It checks the
 *   seed against the commitment, recomputes the order of the tickets drawn (contracts/room-draw.ts)
 *   and, for a ticket, checks its published place in it.
 * Exit code 0 when they agree, 1 otherwise.
 */
import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import * as z from 'zod/mini'
import { drawOrder, firstDifference, matchesCommitment } from '../contracts/lottery-draw'
import { LotterySchema, type Lottery } from '../contracts/lottery.contract'
import { PublicRoomDrawSchema, QueueTicketSchema, type PublicRoomDraw, type QueueTicket } from '../contracts/queue.contract'
import { roomDrawOrder } from '../contracts/room-draw'

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

type RoomOrder =
  | { ok: true; tickets: number; order: number[] }
  | { ok: false; reason: 'not_drawn' }
  | { ok: false; reason: 'commitment'; seed: string; commitment: string }

/** `ticket` and `place`: the ticket checked and its place in the draw; `null` for the draw alone. */
export type RoomVerdict =
  | { ok: true; tickets: number; ticket: string | null; place: number | null; order: number[] }
  | Exclude<RoomOrder, { ok: true }>
  | { ok: false; reason: 'no_draw' }
  | { ok: false; reason: 'place'; ticket: string; expected: number | null; published: number | null }

/** What every room's draw publishes, checked: the seed against the commitment, then the order it gives. */
async function roomOrder(draw: Pick<PublicRoomDraw, 'impegno' | 'seme' | 'biglietti'>): Promise<RoomOrder> {
  if (draw.seme === null || draw.biglietti === null) return { ok: false, reason: 'not_drawn' }
  if (!(await matchesCommitment(draw.seme, draw.impegno))) return { ok: false, reason: 'commitment', seed: draw.seme, commitment: draw.impegno }
  return { ok: true, tickets: draw.biglietti, order: await roomDrawOrder(draw.seme, draw.biglietti) }
}

/** A room's draw checked from one ticket's answer: commitment, then the ticket's place in the order. */
export async function verifyRoomDraw(ticket: QueueTicket): Promise<RoomVerdict> {
  const draw = ticket.sorteggio
  if (!draw) return { ok: false, reason: 'no_draw' }
  const checked = await roomOrder(draw)
  if (!checked.ok) return checked
  const at = checked.order.indexOf(draw.numero)
  const expected = ticket.sorteggiato && at >= 0 ? at + 1 : null
  const published = draw.estratto ?? null
  if (expected !== published) return { ok: false, reason: 'place', ticket: ticket.biglietto, expected, published }
  return { ...checked, ticket: ticket.biglietto, place: expected }
}

/** A room's draw checked from what it publishes to anyone (`queue.draw`): no ticket, so no place to check. */
export async function verifyPublicRoomDraw(draw: PublicRoomDraw): Promise<RoomVerdict> {
  const checked = await roomOrder(draw)
  return checked.ok ? { ...checked, ticket: null, place: null } : checked
}

/** How many of the order's first numbers the verdict lists: a room of thousands would fill the screen. */
const ORDER_SHOWN = 30

/** What the room's verdict says, in a line or two. */
export function describeRoomVerdict(verdict: RoomVerdict): string {
  if (verdict.ok) {
    const shown = verdict.order.slice(0, ORDER_SHOWN).join(', ') + (verdict.order.length > ORDER_SHOWN ? ', …' : '')
    const drawn = `tickets 1 to ${String(verdict.tickets)} recompute to the order drawn`
    const ticket =
      verdict.ticket === null
        ? null
        : verdict.place === null
          ? `ticket ${verdict.ticket} was taken after the opening and queues behind them, as published`
          : `ticket ${verdict.ticket} is number ${String(verdict.place)} of them, as published`
    const agrees = ticket === null ? `the seed matches the commitment and ${drawn}` : `the seed matches the commitment, ${drawn}, and ${ticket}`
    return `The room's draw agrees: ${agrees}.\nOrder drawn (ticket numbers, first drawn first): ${shown || 'none'}`
  }
  switch (verdict.reason) {
    case 'no_draw':
      return "This ticket answer publishes no draw (no `sorteggio`): check the room's published draw (`coda/sorteggio`) instead."
    case 'not_drawn':
      return 'Not drawn yet: the seed is published when registration opens.'
    case 'commitment':
      return `The seed does not match the commitment: SHA-256("${verdict.seed}") is not ${verdict.commitment}.`
    case 'place':
      return `Ticket ${verdict.ticket} is published at place ${String(verdict.published ?? 'none')} of the draw, but recomputes to ${String(verdict.expected ?? 'none')}.`
  }
}

/**
 * The body at a URL. A refusal is said as such: a room's ticket is the athlete's own (its call
 * needs their session), so its address answers 401 to the script; the room's published draw, or
 * the page's saved file, is the way.
 */
async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { headers: { accept: 'application/json' } })
  if (response.status === 401) throw new Error("the address needs a signed-in athlete (a waiting room's ticket does): give the room's published draw (…/gara/<id>/coda/sorteggio), or save the JSON from the page and give its file")
  if (!response.ok) throw new Error(`the address answered HTTP ${String(response.status)}`)
  return response.text()
}

export type Published = { kind: 'lottery'; lottery: Lottery } | { kind: 'room'; ticket: QueueTicket } | { kind: 'roomDraw'; draw: PublicRoomDraw }

/** What was published, from a URL or a file, validated against the contract: a lottery, a room's ticket or a room's draw. */
export async function readPublished(source: string): Promise<Published> {
  const text = /^https?:\/\//.test(source) ? await fetchText(source) : await readFile(source, 'utf8')
  const json: unknown = JSON.parse(text)
  const lottery = LotterySchema.safeParse(json)
  if (lottery.success) return { kind: 'lottery', lottery: lottery.data }
  const ticket = QueueTicketSchema.safeParse(json)
  if (ticket.success) return { kind: 'room', ticket: ticket.data }
  const draw = PublicRoomDrawSchema.safeParse(json)
  if (draw.success) return { kind: 'roomDraw', draw: draw.data }
  throw new Error(`neither a published lottery, a waiting room's ticket nor a room's draw: ${z.prettifyError(lottery.error)}`)
}

async function main(source: string | undefined): Promise<number> {
  if (!source) {
    console.error("usage: npm run lottery:verify -- <url or file of the published lottery JSON, of a waiting room's published draw, or of its ticket>")
    return 1
  }
  try {
    const published = await readPublished(source)
    const { ok, line } =
      published.kind === 'lottery'
        ? await verifyLottery(published.lottery).then((verdict) => ({ ok: verdict.ok, line: describeVerdict(verdict) }))
        : await (published.kind === 'room' ? verifyRoomDraw(published.ticket) : verifyPublicRoomDraw(published.draw)).then((verdict) => ({
            ok: verdict.ok,
            line: describeRoomVerdict(verdict),
          }))
    if (ok) console.log(line)
    else console.error(line)
    return ok ? 0 : 1
  } catch (error) {
    console.error(`Cannot check ${source}: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv[2])
}
