// @vitest-environment node
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { commitmentOf, drawOrder } from '../contracts/lottery-draw'
import type { Lottery } from '../contracts/lottery.contract'
import { describeVerdict, verifyLottery } from './lottery-verify'

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
})
