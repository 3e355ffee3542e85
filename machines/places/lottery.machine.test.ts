import { describe, expect, it } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import type { ApiError } from '../../contracts/api-error'
import { HOUR_MS, SECOND_MS } from '../../contracts/time'
import { deadlineOf, failureOf, lotteryMachine, positionOf, READ_EVERY_S, viewOf, type LotteryEmitted, type WatchEvent, type WatcherCommand, type WatchInput } from './lottery.machine'

// The flagship's draw and its 240 hours to pay; the page opened a month before the draw.
const DRAW = Date.parse('2026-04-02T10:00:00Z')
const PAY_BY = DRAW + 240 * HOUR_MS
const MONTH_BEFORE = DRAW - 31 * 24 * HOUR_MS

const http = (status: number, code: string | null): ApiError => ({ kind: 'http', operation: 'test', status, code: code as never, body: { code } })

/** The machine with a watcher that only counts the reads asked of it; its answers are sent as the cache would. */
function start(now = MONTH_BEFORE, options: { watcherFails?: boolean } = {}) {
  const refreshes: WatcherCommand[] = []
  const watchApplication = fromCallback<WatcherCommand, WatchInput>(({ receive }) => {
    if (options.watcherFails) throw new Error('the cache is gone')
    receive((command) => void refreshes.push(command))
  })
  const actor = createActor(lotteryMachine.provide({ actors: { watchApplication } }), { input: { raceId: 201, drawAt: DRAW, now, jitterSeed: 7 } })
  const emitted: LotteryEmitted[] = []
  actor.on('*', (event) => void emitted.push(event))
  actor.start()
  const tell = (event: WatchEvent) => actor.send(event)
  const tick = (at: number) => actor.send({ type: 'clock.tick', now: at })
  const seen = () => {
    const snapshot = actor.getSnapshot()
    return { view: viewOf(snapshot), deadline: deadlineOf(snapshot), position: positionOf(snapshot) }
  }
  return { actor, emitted, refreshes, tell, tick, seen }
}

const drawnApplication = { type: 'application.read', application: { esito: 'estratto', pagamento_scade: new Date(PAY_BY).toISOString() } } as const
const waitingApplication = { type: 'application.read', application: { esito: 'in_attesa' } } as const

describe('an application waiting for the draw', () => {
  it('counts down to the draw, and reads the result once the draw is due, then every minute until it is out', () => {
    const { tell, tick, seen, refreshes, emitted } = start()
    expect(seen()).toEqual({ view: 'reading', deadline: null, position: null })
    tell(waitingApplication)
    expect(seen()).toEqual({ view: 'applied', deadline: DRAW, position: null })
    tick(DRAW - SECOND_MS)
    expect(refreshes).toHaveLength(0)
    tick(DRAW)
    expect(seen()).toEqual({ view: 'drawing', deadline: null, position: null })
    expect(refreshes).toHaveLength(1)
    // Still not published a minute later (with this actor's jitter, under 20% more): asked again.
    tick(DRAW + READ_EVERY_S * SECOND_MS - 1)
    expect(refreshes).toHaveLength(1)
    tick(DRAW + 1.2 * READ_EVERY_S * SECOND_MS)
    expect(refreshes).toHaveLength(2)
    tell(waitingApplication)
    expect(seen().view).toBe('drawing')
    expect(emitted).toEqual([])
  })

  it('opened after the draw time and before its result, waits for it', () => {
    const { tell, seen } = start(DRAW + SECOND_MS)
    tell(waitingApplication)
    expect(seen().view).toBe('drawing')
  })
})

describe('a drawn application', () => {
  it('counts down to the payment deadline and is paid, telling the screen reader of each change', () => {
    const { tell, tick, seen, emitted, actor } = start(DRAW - SECOND_MS)
    tell(waitingApplication)
    tick(DRAW)
    tell(drawnApplication)
    tell({ type: 'link.read', stato: 'pending', receivedAt: DRAW })
    expect(seen()).toEqual({ view: 'drawn', deadline: PAY_BY, position: null })
    tell(drawnApplication)
    tell({ type: 'link.read', stato: 'success', receivedAt: DRAW + HOUR_MS })
    expect(seen().view).toBe('paid')
    expect(emitted).toEqual([
      { type: 'announce', code: 'drawn' },
      { type: 'announce', code: 'paid' },
    ])
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('says nothing of the outcome it finds when the page opens', () => {
    const { tell, seen, emitted } = start(DRAW + HOUR_MS)
    tell(drawnApplication)
    expect(seen().view).toBe('drawn')
    expect(emitted).toEqual([])
  })

  it('lapses when the deadline passes unpaid, and asks the server to confirm', () => {
    const { tell, tick, seen, emitted, refreshes } = start(DRAW + HOUR_MS)
    tell(drawnApplication)
    tell({ type: 'link.read', stato: 'pending', receivedAt: DRAW + HOUR_MS })
    tick(PAY_BY - 1)
    expect(seen().view).toBe('drawn')
    tick(PAY_BY)
    expect(seen()).toEqual({ view: 'lapsed', deadline: null, position: null })
    expect(emitted).toEqual([{ type: 'announce', code: 'lapsed' }])
    expect(refreshes).toHaveLength(1)
    // The server agrees (410): nothing more to read or to say.
    tell({ type: 'link.failed', error: http(410, 'request_expired') })
    expect(seen().view).toBe('lapsed')
    expect(refreshes).toHaveLength(1)
    expect(emitted).toHaveLength(1)
  })

  it('past the deadline, shows a card authorised in time being confirmed, and then paid', () => {
    const { tell, tick, seen, refreshes, emitted } = start(DRAW + HOUR_MS)
    tell(drawnApplication)
    tick(PAY_BY)
    expect(seen().view).toBe('lapsed')
    tell({ type: 'link.read', stato: 'pending', receivedAt: PAY_BY })
    expect(seen().view).toBe('confirming')
    tick(PAY_BY + 1.2 * READ_EVERY_S * SECOND_MS)
    expect(refreshes).toHaveLength(2)
    tell({ type: 'link.read', stato: 'success', receivedAt: PAY_BY + 2 * READ_EVERY_S * SECOND_MS })
    expect(seen().view).toBe('paid')
    // The lapse was told; what came after it is told too, and nothing twice.
    expect(emitted).toEqual([
      { type: 'announce', code: 'lapsed' },
      { type: 'announce', code: 'paid' },
    ])
  })

  it('is lapsed as soon as the link says so, before the deadline', () => {
    const { tell, seen } = start(DRAW + HOUR_MS)
    tell(drawnApplication)
    tell({ type: 'link.failed', error: http(410, 'request_expired') })
    expect(seen().view).toBe('lapsed')
  })

  it('keeps counting down when the link cannot be read: the deadline decides', () => {
    const { tell, seen } = start(DRAW + HOUR_MS)
    tell(drawnApplication)
    tell({ type: 'link.failed', error: { kind: 'network', operation: 'test' } })
    expect(seen()).toEqual({ view: 'drawn', deadline: PAY_BY, position: null })
  })
})

describe('an application not drawn', () => {
  it('is on the wait list, at its place in line once read, which moves with the list', () => {
    const { tell, tick, seen, emitted } = start(DRAW - SECOND_MS)
    tell(waitingApplication)
    tick(DRAW)
    tell({ type: 'application.read', application: { esito: 'non_estratto' } })
    expect(seen()).toEqual({ view: 'notDrawn', deadline: null, position: null })
    tell({ type: 'entry.read', position: 12 })
    expect(seen().position).toBe(12)
    tell({ type: 'entry.read', position: 11 })
    expect(seen()).toEqual({ view: 'notDrawn', deadline: null, position: 11 })
    expect(emitted).toEqual([{ type: 'announce', code: 'notDrawn' }])
  })
})

describe('reads that fail', () => {
  it('without an application, shows none, and the one made in another tab when read', () => {
    const { tell, seen } = start()
    tell({ type: 'application.failed', error: http(404, 'no_application') })
    expect(seen().view).toBe('notApplied')
    tell(waitingApplication)
    expect(seen().view).toBe('applied')
  })

  it('with nothing read, offers to try again, which follows the application afresh', () => {
    const { actor, tell, seen } = start()
    tell({ type: 'application.failed', error: http(503, null) })
    expect(seen().view).toBe('failed')
    expect(actor.getSnapshot().context.failure).toBe('busy')
    expect(actor.getSnapshot().can({ type: 'lottery.retry' })).toBe(true)
    actor.send({ type: 'lottery.retry' })
    expect(seen().view).toBe('reading')
    tell(waitingApplication)
    expect(seen().view).toBe('applied')
  })

  it('reads afresh when the connection comes back after a failure', () => {
    const { actor, tell, seen } = start()
    tell({ type: 'application.failed', error: { kind: 'network', operation: 'test' } })
    expect(actor.getSnapshot().context.failure).toBe('offline')
    actor.send({ type: 'connection.back' })
    expect(seen().view).toBe('reading')
  })

  it('after an outcome was read, keeps it on screen: the next planned read tries again', () => {
    const { actor, tell, seen } = start()
    tell(waitingApplication)
    tell({ type: 'application.failed', error: { kind: 'network', operation: 'test' } })
    expect(seen().view).toBe('applied')
    expect(actor.getSnapshot().can({ type: 'lottery.retry' })).toBe(false)
  })

  it('says a session that ended (401), wherever it is', () => {
    const { actor, tell, seen, emitted } = start()
    tell(waitingApplication)
    tell({ type: 'application.failed', error: { kind: 'unauthorized', operation: 'test' } })
    expect(seen().view).toBe('sessionExpired')
    expect(emitted).toEqual([{ type: 'sessionExpired' }])
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('says a session that ended before anything was read', () => {
    const { tell, seen } = start()
    tell({ type: 'application.failed', error: { kind: 'unauthorized', operation: 'test' } })
    expect(seen().view).toBe('sessionExpired')
  })

  it('fails as trouble when the watcher itself fails', () => {
    const { actor, seen } = start(MONTH_BEFORE, { watcherFails: true })
    expect(seen().view).toBe('failed')
    expect(actor.getSnapshot().context.failure).toBe('trouble')
  })
})

describe('failureOf', () => {
  it('names the answers the lottery reads, and any other as trouble to retry', () => {
    expect(failureOf(http(404, 'no_application'))).toEqual({ kind: 'notApplied' })
    expect(failureOf(http(410, 'request_expired'))).toEqual({ kind: 'linkLapsed' })
    expect(failureOf({ kind: 'unauthorized', operation: 'test' })).toEqual({ kind: 'sessionOver' })
    expect(failureOf(http(404, 'payment_not_found'))).toMatchObject({ kind: 'retry', failure: 'trouble' })
    expect(failureOf({ kind: 'network', operation: 'test' })).toMatchObject({ kind: 'retry', failure: 'offline' })
    expect(failureOf(new Error('thrown by the page'))).toMatchObject({ kind: 'retry', failure: 'trouble' })
  })
})
