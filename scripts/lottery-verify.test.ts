// @vitest-environment node
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { commitmentOf, drawOrder } from '../contracts/lottery-draw'
import type { Lottery } from '../contracts/lottery.contract'
import type { PublicRoomDraw, QueueTicket } from '../contracts/queue.contract'
import { roomDrawOrder } from '../contracts/room-draw'
import { describeRoomVerdict, describeVerdict, verifyLottery, verifyPublicRoomDraw, verifyRoomDraw } from './lottery-verify'

const seed = 'verify-test-seed'

/** A small drawn lottery, published as lottery.get would publish it. */
async function drawn(): Promise<Lottery> {
  const domande = Array.from({ length: 40 }, (_, index) => ({ numero: index + 1, biglietti: 2 ** (index % 3), nome: null }))
  return {
    gara_id: 201,
    stato: 'estratta',
    chiude: '2026-03-31T16:00:00.000Z',
    estrazione: '2026-04-02T10:00:00.000Z',
    posti: 10,
    impegno: await commitmentOf(seed),
    seme: seed,
    estratta_at: '2026-04-02T10:00:00.000Z',
    domande,
    ordine: await drawOrder(seed, domande),
  }
}

describe('verifyLottery', () => {
  it('agrees with a draw made from what is published', async () => {
    const verdict = await verifyLottery(await drawn())
    expect(verdict).toEqual({ ok: true, applications: 40, places: 10 })
    expect(describeVerdict(verdict)).toMatch(/^The draw agrees/)
  })

  it('catches a ticket count changed after the draw, at the first position it moves', async () => {
    const lottery = await drawn()
    const tampered = { ...lottery, domande: lottery.domande.map((row) => (row.numero === 7 ? { ...row, biglietti: 32 } : row)) }
    const verdict = await verifyLottery(tampered)
    expect(verdict).toMatchObject({ ok: false, reason: 'order' })
    if (verdict.ok || verdict.reason !== 'order') return
    expect(lottery.ordine![verdict.position - 1]).toBe(verdict.published)
    expect(lottery.ordine!.slice(0, verdict.position - 1)).toEqual((await drawOrder(seed, tampered.domande)).slice(0, verdict.position - 1))
  })

  it('catches two drawn numbers swapped in the published order', async () => {
    const lottery = await drawn()
    const [a, b, ...rest] = lottery.ordine!
    expect(await verifyLottery({ ...lottery, ordine: [b!, a!, ...rest] })).toEqual({ ok: false, reason: 'order', position: 1, expected: a, published: b })
  })

  it('catches a seed other than the one committed to', async () => {
    const lottery = await drawn()
    expect(await verifyLottery({ ...lottery, seme: 'a seed chosen afterwards' })).toMatchObject({ ok: false, reason: 'commitment' })
  })

  it('says a lottery not yet drawn cannot be checked', async () => {
    expect(await verifyLottery({ ...(await drawn()), stato: 'aperta', seme: null, ordine: null })).toEqual({ ok: false, reason: 'not_drawn' })
  })
})

const roomSeed = '6b1f0c3e9a7d4e2f8c5b1a0d9e7f3c2b6a4d8e1f0c9b7a5d3e2f1c0b9a8d7e6f'

/** A drawn ticket of a room of 12 drawn tickets, as queue.status answers it after the opening. */
async function roomTicket(numero = 5): Promise<QueueTicket> {
  const order = await roomDrawOrder(roomSeed, 12)
  return {
    biglietto: `Q-260-${String(numero)}`,
    gara_id: 260,
    stato: 'in_coda',
    entrato: '2026-03-02T09:35:00.000Z',
    sorteggiato: true,
    posizione: 2,
    davanti: 1,
    sorteggio: { impegno: await commitmentOf(roomSeed), seme: roomSeed, biglietti: 12, numero, estratto: order.indexOf(numero) + 1 },
  }
}

describe('verifyRoomDraw', () => {
  it("agrees with a room's draw made from what its ticket publishes, and lists the order", async () => {
    const ticket = await roomTicket()
    const order = await roomDrawOrder(roomSeed, 12)
    const verdict = await verifyRoomDraw(ticket)
    expect(verdict).toEqual({ ok: true, tickets: 12, ticket: 'Q-260-5', place: ticket.sorteggio!.estratto, order })
    expect(describeRoomVerdict(verdict)).toBe(
      `The room's draw agrees: the seed matches the commitment, tickets 1 to 12 recompute to the order drawn, and ticket Q-260-5 is number ${String(ticket.sorteggio!.estratto)} of them, as published.\nOrder drawn (ticket numbers, first drawn first): ${order.join(', ')}`,
    )
  })

  it('orders every ticket number 1 to the count once, independently of anything but the seed', async () => {
    const order = await roomDrawOrder(roomSeed, 200)
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, index) => index + 1))
    expect(await roomDrawOrder(roomSeed, 200)).toEqual(order)
    expect(await roomDrawOrder(`${roomSeed}0`, 200)).not.toEqual(order)
  })

  it('catches a place in the draw other than the one the seed gives', async () => {
    const ticket = await roomTicket()
    const published = ticket.sorteggio!.estratto === 1 ? 2 : 1
    expect(await verifyRoomDraw({ ...ticket, sorteggio: { ...ticket.sorteggio!, estratto: published } })).toEqual({
      ok: false,
      reason: 'place',
      ticket: 'Q-260-5',
      expected: ticket.sorteggio!.estratto,
      published,
    })
  })

  it('catches a seed other than the one committed to', async () => {
    const ticket = await roomTicket()
    expect(await verifyRoomDraw({ ...ticket, sorteggio: { ...ticket.sorteggio!, seme: 'a seed chosen afterwards' } })).toMatchObject({ ok: false, reason: 'commitment' })
  })

  it('says a room not yet drawn cannot be checked, and a ticket taken after the opening is behind the draw', async () => {
    const ticket = await roomTicket()
    expect(await verifyRoomDraw({ ...ticket, stato: 'in_sala', sorteggio: { ...ticket.sorteggio!, seme: null, biglietti: null, estratto: undefined } })).toEqual({ ok: false, reason: 'not_drawn' })
    const late = { ...ticket, biglietto: 'Q-260-13', sorteggiato: false, sorteggio: { impegno: ticket.sorteggio!.impegno, seme: roomSeed, biglietti: 12, numero: 13 } }
    const verdict = await verifyRoomDraw(late)
    expect(verdict).toMatchObject({ ok: true, place: null })
    expect(describeRoomVerdict(verdict)).toContain('ticket Q-260-13 was taken after the opening and queues behind them, as published')
  })
})

/** The same room's draw as queue.draw publishes it to anyone after the opening. */
async function roomDraw(): Promise<PublicRoomDraw> {
  return { gara_id: 260, impegno: await commitmentOf(roomSeed), seme: roomSeed, biglietti: 12 }
}

describe('verifyPublicRoomDraw', () => {
  it("agrees with a room's published draw and lists the order, with no ticket to place", async () => {
    const order = await roomDrawOrder(roomSeed, 12)
    const verdict = await verifyPublicRoomDraw(await roomDraw())
    expect(verdict).toEqual({ ok: true, tickets: 12, ticket: null, place: null, order })
    expect(describeRoomVerdict(verdict)).toBe(
      `The room's draw agrees: the seed matches the commitment and tickets 1 to 12 recompute to the order drawn.\nOrder drawn (ticket numbers, first drawn first): ${order.join(', ')}`,
    )
  })

  it('catches a seed other than the one committed to, and says a draw not yet made cannot be checked', async () => {
    const draw = await roomDraw()
    expect(await verifyPublicRoomDraw({ ...draw, seme: 'a seed chosen afterwards' })).toMatchObject({ ok: false, reason: 'commitment' })
    expect(await verifyPublicRoomDraw({ ...draw, seme: null, biglietti: null })).toEqual({ ok: false, reason: 'not_drawn' })
  })
})

describe('npm run lottery:verify', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pettorale-lottery-verify-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const run = (file: string) =>
    promisify(execFile)(join(process.cwd(), 'node_modules/.bin/tsx'), ['scripts/lottery-verify.ts', file]).then(
      ({ stdout }) => ({ code: 0, out: stdout }),
      (error: { code: number; stderr: string }) => ({ code: error.code, out: error.stderr }),
    )

  it('exits 0 on agreement and 1 on a tampered file, saying where', async () => {
    const lottery = await drawn()
    const good = join(dir, 'good.json')
    const bad = join(dir, 'bad.json')
    writeFileSync(good, JSON.stringify(lottery))
    writeFileSync(bad, JSON.stringify({ ...lottery, ordine: [...lottery.ordine!].reverse() }))
    expect(await run(good)).toMatchObject({ code: 0, out: expect.stringMatching(/^The draw agrees/) })
    expect(await run(bad)).toMatchObject({ code: 1, out: expect.stringMatching(/^The order differs at position 1:/) })
  }, 30_000)

  it("checks a waiting room's ticket saved from its page the same way", async () => {
    const ticket = await roomTicket(7)
    const good = join(dir, 'room-good.json')
    const bad = join(dir, 'room-bad.json')
    writeFileSync(good, JSON.stringify(ticket))
    writeFileSync(bad, JSON.stringify({ ...ticket, sorteggio: { ...ticket.sorteggio!, estratto: ticket.sorteggio!.estratto === 12 ? 11 : 12 } }))
    expect(await run(good)).toMatchObject({ code: 0, out: expect.stringMatching(/^The room's draw agrees: .* ticket Q-260-7 is number \d+ of them/) })
    expect(await run(bad)).toMatchObject({ code: 1, out: expect.stringMatching(/^Ticket Q-260-7 is published at place \d+ of the draw, but recomputes to \d+\./) })
  }, 30_000)

  it("reads an address too (a ticket's, the room's published draw), and says so when it refuses the script (a ticket needs its athlete)", async () => {
    const ticket = await roomTicket(7)
    const draw = await roomDraw()
    const server = createServer((request, response) => {
      if (request.url === '/ticket') response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ticket))
      else if (request.url === '/coda/sorteggio') response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(draw))
      else response.writeHead(401, { 'content-type': 'application/json' }).end('{"code":"unauthorized"}')
    })
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
    try {
      const base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`
      expect(await run(`${base}/ticket`)).toMatchObject({ code: 0, out: expect.stringMatching(/^The room's draw agrees/) })
      expect(await run(`${base}/coda/sorteggio`)).toMatchObject({ code: 0, out: expect.stringMatching(/^The room's draw agrees: the seed matches the commitment and tickets 1 to 12/) })
      expect(await run(`${base}/coda`)).toMatchObject({ code: 1, out: expect.stringMatching(/the address needs a signed-in athlete/) })
    } finally {
      await new Promise((closed) => server.close(closed))
    }
  }, 30_000)
})
