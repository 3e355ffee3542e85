import { describe, expect, it } from 'vitest'
import { networkFailure } from '../session/test-harness'
import { giveFailureOf, giveView, takeFailureOf, takeView, transferTotal } from './transfer.machine'
import {
  CHECKOUT_URL,
  CODE,
  conditionsOf,
  OFFER_LASTS_MS,
  PAYMENT_KEY,
  RACE_ID,
  READ_AT,
  readingOf,
  REVISED_WAIVER,
  refusalOf,
  startGive,
  startTake,
  transferOf,
  WAIVER,
  type TakeHarness,
} from './transfer-harness'

describe('the giver', () => {
  const view = (give: ReturnType<typeof startGive>) => giveView(give.state())

  it('checks the e-mail in the field before asking the server', () => {
    const give = startGive()
    expect(view(give)).toBe('form')
    give.actor.send({ type: 'offer.submit', key: 'k1' })
    expect(give.state().context.problem).toBe('required')
    give.actor.send({ type: 'mail.change', value: 'not-a-mail' })
    give.actor.send({ type: 'offer.submit', key: 'k1' })
    expect(give.state().context.problem).toBe('invalid')
    expect(view(give)).toBe('form')
    expect(give.offer.calls).toHaveLength(0)
  })

  it('offers once per key: a retry after a lost answer sends the same key', async () => {
    const give = startGive()
    give.actor.send({ type: 'mail.change', value: ' pax@pettorale.test ' })
    give.actor.send({ type: 'offer.submit', key: 'k1' })
    expect(view(give)).toBe('sending')
    expect(give.offer.open?.input).toEqual({ mail: 'pax@pettorale.test', key: 'k1' })
    await give.offer.answer({ error: networkFailure() })
    expect(view(give)).toBe('failed')
    expect(give.state().context.failure?.kind).toBe('network')
    give.actor.send({ type: 'offer.retry' })
    expect(give.offer.open?.input.key).toBe('k1')
    await give.offer.answer({ ok: transferOf() })
    expect(view(give)).toBe('offered')
    expect(give.emitted).toEqual(['offered'])
  })

  it('says a recipient refused beside the field, and a new e-mail is a new offer', async () => {
    const give = startGive()
    give.actor.send({ type: 'mail.change', value: 'nobody@example.org' })
    give.actor.send({ type: 'offer.submit', key: 'k1' })
    await give.offer.answer({ error: refusalOf(422, 'recipient_unknown') })
    expect(view(give)).toBe('form')
    expect(give.state().context.problem).toBe('recipient_unknown')
    give.actor.send({ type: 'mail.change', value: 'pax@pettorale.test' })
    give.actor.send({ type: 'offer.submit', key: 'k2' })
    expect(give.offer.open?.input.key).toBe('k2')
  })

  it('ends with the reason when the place cannot be offered, and has the page read the place again', async () => {
    const give = startGive()
    give.actor.send({ type: 'mail.change', value: 'pax@pettorale.test' })
    give.actor.send({ type: 'offer.submit', key: 'k1' })
    await give.offer.answer({ error: refusalOf(422, 'transfer_closed') })
    expect(view(give)).toBe('refused')
    expect(give.state().context.refusal).toBe('transfer_closed')
    expect(give.emitted).toEqual(['changed'])
  })

  it('shows an offer made meanwhile in another tab as the offer open', async () => {
    const give = startGive()
    give.actor.send({ type: 'mail.change', value: 'pax@pettorale.test' })
    give.actor.send({ type: 'offer.submit', key: 'k1' })
    await give.offer.answer({ error: refusalOf(409, 'transfer_pending') })
    expect(view(give)).toBe('offered')
    expect(give.emitted).toEqual(['changed'])
  })

  it('starts on the offer open, cancels it, and says when there was nothing left to cancel', async () => {
    const give = startGive(true)
    expect(view(give)).toBe('offered')
    give.actor.send({ type: 'offer.cancel' })
    expect(view(give)).toBe('cancelling')
    await give.cancel.answer({ error: networkFailure() })
    expect(view(give)).toBe('offered')
    expect(give.state().context.failure?.kind).toBe('network')
    give.actor.send({ type: 'offer.cancel' })
    expect(give.state().context.failure).toBeNull()
    await give.cancel.answer({ ok: undefined })
    expect(view(give)).toBe('form')
    expect(give.emitted).toEqual(['cancelled'])

    const late = startGive(true)
    late.actor.send({ type: 'offer.cancel' })
    await late.cancel.answer({ error: refusalOf(409, 'no_transfer') })
    expect(view(late)).toBe('gone')
  })

  it('reads every code of an offer or a cancellation', () => {
    for (const code of ['recipient_unknown', 'recipient_is_self', 'recipient_enrolled'] as const) {
      expect(giveFailureOf(refusalOf(422, code))).toEqual({ kind: 'mail', problem: code })
    }
    for (const code of ['not_enrolled', 'not_paid', 'place_changed', 'transfer_closed'] as const) {
      expect(giveFailureOf(refusalOf(409, code))).toEqual({ kind: 'refused', code })
    }
    expect(giveFailureOf(refusalOf(409, 'transfer_pending'))).toEqual({ kind: 'pending' })
    expect(giveFailureOf(refusalOf(409, 'no_transfer'))).toEqual({ kind: 'gone' })
    expect(giveFailureOf(new Error('a bug'))).toMatchObject({ kind: 'retry', error: { kind: 'fault' } })
  })
})

describe('the recipient', () => {
  const view = (take: TakeHarness) => takeView(take.state())

  async function toWaiver(gps = true) {
    const take = startTake()
    expect(view(take)).toEqual({ screen: 'reading' })
    expect(take.readOffer.open?.input).toEqual({ code: CODE })
    await take.readOffer.answer({ ok: readingOf() })
    expect(view(take)).toEqual({ screen: 'offer', step: 'choosing', busy: false, waiver: false })
    take.actor.send({ type: 'gps.choose', rent: gps })
    take.actor.send({ type: 'offer.accept', key: PAYMENT_KEY })
    expect(view(take)).toMatchObject({ step: 'accepting', busy: true })
    expect(take.accept.open?.input).toEqual({ code: CODE, gps })
    await take.accept.answer({ ok: undefined })
    expect(view(take)).toEqual({ screen: 'offer', step: 'waiver', busy: false, waiver: true })
    return take
  }

  async function toPayment(gps = true) {
    const take = await toWaiver(gps)
    take.actor.send({ type: 'disclaimer.type', text: WAIVER.frase })
    take.actor.send({ type: 'disclaimer.submit', waiver: WAIVER })
    await take.signWaiver.answer({ ok: undefined })
    expect(view(take)).toMatchObject({ step: 'paying', busy: true, waiver: false })
    return take
  }

  it('reads the offer, accepts with the GPS chosen, signs the waiver, pays the total shown and leaves for the checkout', async () => {
    const take = await toWaiver()
    take.actor.send({ type: 'disclaimer.submit', waiver: WAIVER })
    expect(take.state().context.waiverProblem).toBe('required')
    take.actor.send({ type: 'disclaimer.type', text: 'I accept' })
    take.actor.send({ type: 'disclaimer.submit', waiver: WAIVER })
    expect(take.state().context.waiverProblem).toBe('incorrect')
    take.actor.send({ type: 'disclaimer.type', text: 'i have read and  accept' })
    take.actor.send({ type: 'disclaimer.submit', waiver: WAIVER })
    expect(view(take)).toEqual({ screen: 'offer', step: 'signing', busy: true, waiver: true })
    expect(take.signWaiver.open?.input).toEqual({ raceId: RACE_ID, waiver: WAIVER })
    await take.signWaiver.answer({ ok: undefined })
    // The race's fee, the transfer fee and the GPS rental, on the standard refund option.
    expect(take.startPayment.open?.input).toEqual({ raceId: RACE_ID, key: PAYMENT_KEY, gps: true, refundOption: 'standard', expectedTotal: 70 })
    await take.startPayment.answer({ ok: { redirectUrl: CHECKOUT_URL } })
    expect(view(take)).toMatchObject({ step: 'checkout', busy: true })
    expect(take.openCheckout.open?.input).toEqual({ url: CHECKOUT_URL })
    await take.openCheckout.answer({ ok: true })
    expect(view(take)).toMatchObject({ step: 'checkout', busy: true })
    expect(take.state().status).toBe('done')
  })

  it('pays the fee and the transfer fee alone without the GPS', async () => {
    const take = await toPayment(false)
    expect(take.startPayment.open?.input).toMatchObject({ gps: false, expectedTotal: 55 })
    expect(transferTotal({ fee: 45.1, transferFee: 10.2, gpsRental: 15 }, true)).toBe(70.3)
  })

  it('retries a payment that got no answer with the same key', async () => {
    const take = await toPayment()
    await take.startPayment.answer({ error: networkFailure() })
    expect(view(take)).toEqual({ screen: 'offer', step: 'payFailed', busy: false, waiver: false })
    expect(take.state().context.problem).toMatchObject({ step: 'pay', error: { kind: 'network' } })
    take.actor.send({ type: 'payment.retry', key: 'fresh' })
    expect(take.startPayment.open?.input.key).toBe(PAYMENT_KEY)
    expect(take.state().context.problem).toBeNull()
  })

  describe('a waiver revised during the transfer (defect 1)', () => {
    it.each([
      ['hash_mismatch', 422],
      ['waiver_outdated', 409],
    ] as const)('on %s reads the waiver again, says the text changed and has the new one signed', async (code, status) => {
      const take = await toWaiver()
      take.actor.send({ type: 'disclaimer.type', text: WAIVER.frase })
      take.actor.send({ type: 'disclaimer.submit', waiver: WAIVER })
      await take.signWaiver.answer({ error: refusalOf(status, code) })
      // The old text is not signed again: the new one is read first.
      expect(take.readWaiver.open?.input).toEqual({ raceId: RACE_ID })
      expect(view(take)).toMatchObject({ step: 'signing', busy: true, waiver: true })
      await take.readWaiver.answer({ ok: undefined })
      expect(view(take)).toEqual({ screen: 'offer', step: 'waiver', busy: false, waiver: true })
      expect(take.state().context).toMatchObject({ waiverProblem: 'outdated', disclaimerText: '', problem: null })
      // The old sentence does not sign the new text.
      take.actor.send({ type: 'disclaimer.type', text: WAIVER.frase })
      take.actor.send({ type: 'disclaimer.submit', waiver: REVISED_WAIVER })
      expect(take.state().context.waiverProblem).toBe('incorrect')
      take.actor.send({ type: 'disclaimer.type', text: REVISED_WAIVER.frase })
      take.actor.send({ type: 'disclaimer.submit', waiver: REVISED_WAIVER })
      expect(take.signWaiver.open?.input).toEqual({ raceId: RACE_ID, waiver: REVISED_WAIVER })
      await take.signWaiver.answer({ ok: undefined })
      expect(take.startPayment.open?.input.key).toBe(PAYMENT_KEY)
    })

    it('revised after the signing: the payment is refused, the new text read and signed, then paid as a new attempt', async () => {
      const take = await toPayment()
      await take.startPayment.answer({ error: refusalOf(422, 'waiver_not_signed') })
      expect(take.readWaiver.calls).toHaveLength(1)
      await take.readWaiver.answer({ ok: undefined })
      expect(view(take)).toMatchObject({ step: 'waiver', waiver: true })
      expect(take.state().context.waiverProblem).toBe('unsigned')
      take.actor.send({ type: 'disclaimer.type', text: REVISED_WAIVER.frase })
      take.actor.send({ type: 'disclaimer.submit', waiver: REVISED_WAIVER })
      await take.signWaiver.answer({ ok: undefined })
      // The refused start made no payment: the attempt goes on with its key.
      expect(take.startPayment.open?.input.key).toBe(PAYMENT_KEY)
    })

    it('still opens the dialog when the new text cannot be read: the dialog says so, with its own retry', async () => {
      const take = await toWaiver()
      take.actor.send({ type: 'disclaimer.type', text: WAIVER.frase })
      take.actor.send({ type: 'disclaimer.submit', waiver: WAIVER })
      await take.signWaiver.answer({ error: refusalOf(409, 'waiver_outdated') })
      await take.readWaiver.answer({ error: networkFailure() })
      expect(view(take)).toMatchObject({ step: 'waiver', waiver: true })
      expect(take.state().context.waiverProblem).toBe('outdated')
    })
  })

  describe('a payment that does not reach the checkout (defect 2)', () => {
    it('a redirect the portal does not follow ends in a named failure, and trying again starts a new attempt', async () => {
      const take = await toPayment()
      await take.startPayment.answer({ ok: { redirectUrl: 'javascript:alert(1)' } })
      await take.openCheckout.answer({ ok: false })
      expect(view(take)).toEqual({ screen: 'offer', step: 'payFailed', busy: false, waiver: false })
      expect(take.state().context.problem).toEqual({ step: 'pay', redirectRefused: true })
      take.actor.send({ type: 'payment.retry', key: 'pay-key-2' })
      expect(take.startPayment.open?.input.key).toBe('pay-key-2')
      await take.startPayment.answer({ ok: { redirectUrl: CHECKOUT_URL } })
      await take.openCheckout.answer({ ok: true })
      expect(take.state().status).toBe('done')
    })

    it('a browser that refuses to leave is the same failure', async () => {
      const take = await toPayment()
      await take.startPayment.answer({ ok: { redirectUrl: CHECKOUT_URL } })
      await take.openCheckout.answer({ error: networkFailure() })
      expect(take.state().context.problem).toEqual({ step: 'pay', redirectRefused: true })
    })

    it('a payment start refused with a code of no screen of its own is said, with a new attempt to try', async () => {
      const take = await toPayment()
      await take.startPayment.answer({ error: refusalOf(422, 'idempotency_key_reused') })
      expect(view(take)).toEqual({ screen: 'offer', step: 'payFailed', busy: false, waiver: false })
      expect(take.state().context.problem).toMatchObject({ step: 'pay', error: { kind: 'http', status: 422 } })
      take.actor.send({ type: 'payment.retry', key: 'pay-key-2' })
      expect(take.startPayment.open?.input.key).toBe('pay-key-2')
    })
  })

  describe('the offer lapsing (a late card)', () => {
    it('ends lapsed at the deadline while the athlete is choosing or signing, never a millisecond before', async () => {
      const take = await toWaiver()
      take.clock.increment(OFFER_LASTS_MS - 1)
      expect(view(take)).toMatchObject({ screen: 'offer', step: 'waiver' })
      take.clock.increment(1)
      expect(view(take)).toEqual({ screen: 'ended', end: 'lapsed' })
      expect(take.startPayment.calls).toHaveLength(0)
    })

    it('awaits a payment asked for before the deadline', async () => {
      const take = await toPayment()
      take.clock.increment(OFFER_LASTS_MS)
      expect(view(take)).toMatchObject({ step: 'paying' })
      await take.startPayment.answer({ ok: { redirectUrl: CHECKOUT_URL } })
      await take.openCheckout.answer({ ok: true })
      expect(take.state().status).toBe('done')
    })

    it('says an offer read after its deadline has lapsed, and one the server no longer keeps', async () => {
      const late = startTake()
      await late.readOffer.answer({ ok: readingOf({ readAt: READ_AT + OFFER_LASTS_MS }) })
      expect(view(late)).toEqual({ screen: 'ended', end: 'lapsed' })
      for (const code of ['offer_expired', 'sold_out'] as const) {
        const take = await toPayment()
        await take.startPayment.answer({ error: refusalOf(409, code) })
        expect(view(take)).toEqual({ screen: 'ended', end: 'lapsed' })
      }
    })
  })

  it('reads the offer again when the total changed, and says so beside the new one', async () => {
    const take = await toPayment()
    await take.startPayment.answer({ error: refusalOf(409, 'total_mismatch') })
    expect(view(take)).toEqual({ screen: 'reading' })
    await take.readOffer.answer({ ok: readingOf({ prices: { fee: 50, transferFee: 10, gpsRental: 15 } }) })
    expect(view(take)).toMatchObject({ step: 'choosing' })
    expect(take.state().context.totalChanged).toBe(true)
    take.actor.send({ type: 'offer.accept', key: 'pay-key-2' })
    expect(take.state().context.totalChanged).toBe(false)
    // Another total is another request: a new attempt.
    expect(take.state().context.key).toBe('pay-key-2')
  })

  it('refuses up front a place in a race the athlete holds a place in, not one they passed on and are offered back', async () => {
    const entered = startTake()
    await entered.readOffer.answer({ ok: readingOf({ own: { pagato: true, stato: 'attiva' } }) })
    expect(view(entered)).toEqual({ screen: 'ended', end: 'enrolled' })
    const givenBack = startTake()
    await givenBack.readOffer.answer({ ok: readingOf({ own: { pagato: true, stato: 'ceduta' } }) })
    expect(view(givenBack)).toMatchObject({ screen: 'offer', step: 'choosing' })
    const unpaid = startTake()
    await unpaid.readOffer.answer({ ok: readingOf({ state: 'accettata', own: { pagato: false } }) })
    expect(view(unpaid)).toMatchObject({ screen: 'offer', step: 'choosing' })
  })

  describe('declining (issue 42)', () => {
    async function offered() {
      const take = startTake()
      await take.readOffer.answer({ ok: readingOf() })
      return take
    }

    it('asks first, then declines the offer and ends there', async () => {
      const take = await offered()
      take.actor.send({ type: 'decline.start' })
      expect(view(take)).toEqual({ screen: 'offer', step: 'confirmDecline', busy: false, waiver: false })
      expect(take.decline.calls).toHaveLength(0)
      take.actor.send({ type: 'decline.confirm' })
      expect(view(take)).toEqual({ screen: 'offer', step: 'declining', busy: true, waiver: false })
      expect(take.decline.open?.input).toEqual({ code: CODE })
      await take.decline.answer({ ok: undefined })
      expect(view(take)).toEqual({ screen: 'ended', end: 'declined' })
      expect(take.state().status).toBe('done')
    })

    it('keeps the offer when the athlete thinks again, and accepts nothing while asking', async () => {
      const take = await offered()
      take.actor.send({ type: 'decline.start' })
      take.actor.send({ type: 'offer.accept', key: PAYMENT_KEY })
      expect(take.accept.calls).toHaveLength(0)
      take.actor.send({ type: 'decline.cancel' })
      expect(view(take)).toEqual({ screen: 'offer', step: 'choosing', busy: false, waiver: false })
      expect(take.decline.calls).toHaveLength(0)
    })

    it('says a decline that got no answer in the confirmation, and declines on confirming again', async () => {
      const take = await offered()
      take.actor.send({ type: 'decline.start' })
      take.actor.send({ type: 'decline.confirm' })
      await take.decline.answer({ error: networkFailure() })
      expect(view(take)).toMatchObject({ step: 'confirmDecline', busy: false })
      expect(take.state().context.problem).toMatchObject({ step: 'decline', error: { kind: 'network' } })
      take.actor.send({ type: 'decline.confirm' })
      expect(take.state().context.problem).toBeNull()
      await take.decline.answer({ ok: undefined })
      expect(view(take)).toEqual({ screen: 'ended', end: 'declined' })
    })

    it('reads the offer again when there was nothing left to decline, and ends unknown when it is not theirs', async () => {
      const take = await offered()
      take.actor.send({ type: 'decline.start' })
      take.actor.send({ type: 'decline.confirm' })
      await take.decline.answer({ error: refusalOf(409, 'transfer_closed') })
      expect(view(take)).toEqual({ screen: 'reading' })
      await take.readOffer.answer({ ok: readingOf({ state: 'completata' }) })
      expect(view(take)).toEqual({ screen: 'ended', end: 'taken' })

      const unknown = await offered()
      unknown.actor.send({ type: 'decline.start' })
      unknown.actor.send({ type: 'decline.confirm' })
      await unknown.decline.answer({ error: refusalOf(404, 'transfer_not_found') })
      expect(view(unknown)).toEqual({ screen: 'ended', end: 'notFound' })
    })

    it('lets an offer accepted and left at the waiver be declined', async () => {
      const take = await toWaiver()
      take.actor.send({ type: 'disclaimer.close' })
      take.actor.send({ type: 'decline.start' })
      expect(view(take)).toMatchObject({ step: 'confirmDecline' })
    })
  })

  it.each([
    ['completata', 'taken'],
    ['annullata', 'closed'],
    ['rifiutata', 'declined'],
    ['scaduta', 'lapsed'],
  ] as const)('reads an offer %s as %s', async (state, end) => {
    const take = startTake()
    await take.readOffer.answer({ ok: readingOf({ state }) })
    expect(view(take)).toEqual({ screen: 'ended', end })
  })

  it.each([
    ['transfer_closed', 409, 'closed'],
    ['already_enrolled', 409, 'enrolled'],
    ['transfer_not_found', 404, 'notFound'],
  ] as const)('ends on %s when accepting', async (code, status, end) => {
    const take = startTake()
    await take.readOffer.answer({ ok: readingOf() })
    take.actor.send({ type: 'offer.accept', key: PAYMENT_KEY })
    await take.accept.answer({ error: refusalOf(status, code) })
    expect(view(take)).toEqual({ screen: 'ended', end })
  })

  it("says the athlete's own conditions when the gate refuses them, not the race's count or dates", async () => {
    const take = startTake()
    await take.readOffer.answer({ ok: readingOf() })
    take.actor.send({ type: 'offer.accept', key: PAYMENT_KEY })
    await take.accept.answer({ error: refusalOf(422, 'not_eligible') })
    expect(take.readConditions.open?.input).toEqual({ raceId: RACE_ID })
    // A full race: its count does not apply to a place passed on, the athlete's age and certificate do.
    await take.readConditions.answer({ ok: conditionsOf({ data_nascita: '2010-01-01' }) })
    expect(view(take)).toEqual({ screen: 'ended', end: 'ineligible' })
    expect(take.state().context.refusals.map((refusal) => refusal.code)).toEqual(['certificate_missing', 'under_minimum_age'])

    const unread = startTake()
    await unread.readOffer.answer({ ok: readingOf() })
    unread.actor.send({ type: 'offer.accept', key: PAYMENT_KEY })
    await unread.accept.answer({ error: refusalOf(422, 'not_eligible') })
    await unread.readConditions.answer({ error: networkFailure() })
    expect(view(unread)).toEqual({ screen: 'ended', end: 'ineligible' })
    expect(unread.state().context.refusals).toEqual([])
  })

  it('lets a failed acceptance be tried again from the offer', async () => {
    const take = startTake()
    await take.readOffer.answer({ ok: readingOf() })
    take.actor.send({ type: 'offer.accept', key: PAYMENT_KEY })
    await take.accept.answer({ error: networkFailure() })
    expect(view(take)).toMatchObject({ step: 'choosing', busy: false })
    expect(take.state().context.problem).toMatchObject({ step: 'accept' })
    take.actor.send({ type: 'offer.accept', key: PAYMENT_KEY })
    expect(take.state().context.problem).toBeNull()
    expect(take.accept.calls).toHaveLength(2)
  })

  it('says an unknown code, and lets a failed read be retried', async () => {
    const take = startTake()
    await take.readOffer.answer({ error: networkFailure() })
    expect(view(take)).toEqual({ screen: 'readFailed' })
    take.actor.send({ type: 'offer.retry' })
    await take.readOffer.answer({ error: refusalOf(404, 'transfer_not_found') })
    expect(view(take)).toEqual({ screen: 'ended', end: 'notFound' })
  })

  it('reads what each refusal means', () => {
    expect(takeFailureOf(refusalOf(422, 'hash_mismatch'))).toEqual({ kind: 'waiverChanged', problem: 'outdated' })
    expect(takeFailureOf(refusalOf(422, 'waiver_not_signed'))).toEqual({ kind: 'waiverChanged', problem: 'unsigned' })
    expect(takeFailureOf(refusalOf(409, 'total_mismatch'))).toEqual({ kind: 'totalChanged' })
    expect(takeFailureOf(refusalOf(422, 'already_paid'))).toEqual({ kind: 'end', end: 'taken' })
    expect(takeFailureOf(refusalOf(422, 'no_subscription'))).toEqual({ kind: 'end', end: 'closed' })
    expect(takeFailureOf(refusalOf(409, 'payment_in_progress'))).toMatchObject({ kind: 'retry' })
    expect(takeFailureOf(new Error('a bug'))).toMatchObject({ kind: 'retry', error: { kind: 'fault' } })
  })
})
