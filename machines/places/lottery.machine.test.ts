import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { HOUR_MS, SECOND_MS } from '../../contracts/time'
import { lotteryMachine, readOf, viewOf, type LotteryEmitted, type LotteryReading } from './lottery.machine'

const NOW = Date.parse('2026-03-02T08:00:00Z')
const DRAW = Date.parse('2026-04-02T10:00:00Z')
const PAY_BY = DRAW + 240 * HOUR_MS

function start(now = NOW) {
  const actor = createActor(lotteryMachine, { input: { drawAt: DRAW, now } })
  const emitted: LotteryEmitted[] = []
  actor.on('*', (event) => void emitted.push(event))
  actor.start()
  const read = (reading: LotteryReading) => actor.send({ type: 'lottery.read', ...reading })
  const tick = (at: number) => actor.send({ type: 'clock.tick', now: at })
  return { actor, emitted, read, tick, view: () => viewOf(actor.getSnapshot()) }
}

const waiting: LotteryReading = { outcome: 'in_attesa', payBy: null, link: null }
const drawn = (link: LotteryReading['link']): LotteryReading => ({ outcome: 'estratto', payBy: PAY_BY, link })

describe('an application waiting for the draw', () => {
  it('counts down to the draw, and asks for the result once the draw is due', () => {
    const { read, tick, view, emitted } = start()
    expect(view()).toEqual({ state: 'reading', msLeft: null })
    read(waiting)
    expect(view()).toEqual({ state: 'applied', msLeft: DRAW - NOW })
    tick(DRAW - SECOND_MS)
    expect(view()).toEqual({ state: 'applied', msLeft: SECOND_MS })
    expect(emitted).toEqual([])
    tick(DRAW)
    expect(view().state).toBe('drawing')
    expect(emitted).toEqual([{ type: 'reread' }])
  })

  it('read after the draw time but before the result is published, waits for it', () => {
    const { read, view } = start(DRAW + SECOND_MS)
    read(waiting)
    expect(view().state).toBe('drawing')
  })
})

describe('a drawn application', () => {
  it('counts down to the payment deadline and is paid', () => {
    const { read, tick, view, emitted } = start(DRAW)
    read(waiting)
    read(drawn('open'))
    expect(view()).toEqual({ state: 'drawn', msLeft: PAY_BY - DRAW })
    tick(PAY_BY - HOUR_MS)
    expect(view().msLeft).toBe(HOUR_MS)
    read(drawn('paid'))
    expect(view().state).toBe('paid')
    expect(emitted).toEqual([
      { type: 'announce', code: 'drawn' },
      { type: 'announce', code: 'paid' },
    ])
  })

  it('announces the draw once, however often it is read', () => {
    const { read, emitted } = start(DRAW)
    read(drawn('open'))
    read(drawn('open'))
    expect(emitted).toEqual([{ type: 'announce', code: 'drawn' }])
  })

  it('lapses when the deadline passes unpaid, and asks the server to confirm', () => {
    const { read, tick, view, emitted } = start(DRAW)
    read(drawn('open'))
    tick(PAY_BY)
    expect(view().state).toBe('lapsed')
    expect(emitted.slice(1)).toEqual([{ type: 'reread' }, { type: 'announce', code: 'lapsed' }])
  })

  it('shown lapsed, turns paid when a card authorised in time has settled', () => {
    const { read, view } = start(PAY_BY + HOUR_MS)
    read(drawn('lapsed'))
    expect(view().state).toBe('lapsed')
    read(drawn('paid'))
    expect(view().state).toBe('paid')
  })
})

describe('an application not drawn', () => {
  it('ends on the wait list', () => {
    const { read, view, emitted, actor } = start(DRAW)
    read({ outcome: 'non_estratto', payBy: null, link: null })
    expect(view()).toEqual({ state: 'notDrawn', msLeft: null })
    expect(emitted).toEqual([{ type: 'announce', code: 'notDrawn' }])
    expect(actor.getSnapshot().status).toBe('done')
  })
})

describe('readOf', () => {
  it('reads the deadline of a drawn application', () => {
    expect(readOf({ esito: 'estratto', pagamento_scade: new Date(PAY_BY).toISOString() }, 'open')).toEqual(drawn('open'))
    expect(readOf({ esito: 'in_attesa' }, null)).toEqual(waiting)
  })
})
