import { describe, expect, it } from 'vitest'
import { networkFailure } from '../session/test-harness'
import { CHECKOUT_URL, CODE, PAYMENT_KEY, RACE_ID, refusalOf, startGive, startTake, transferOf, WAIVER } from './transfer-harness'

describe('the giver', () => {
  it('checks the e-mail in the field before asking the server', () => {
    const give = startGive()
    give.actor.send({ type: 'offer.submit', key: 'k1' })
    expect(give.state().context.problem).toBe('required')
    give.actor.send({ type: 'mail.change', value: 'not-a-mail' })
    give.actor.send({ type: 'offer.submit', key: 'k1' })
    expect(give.state().context.problem).toBe('invalid')
    expect(give.offer.calls).toHaveLength(0)
  })

  it('offers once per key: a retry after a lost answer sends the same key', async () => {
    const give = startGive()
    give.actor.send({ type: 'mail.change', value: ' pax@pettorale.test ' })
    give.actor.send({ type: 'offer.submit', key: 'k1' })
    expect(give.offer.open?.input).toEqual({ mail: 'pax@pettorale.test', key: 'k1' })
    await give.offer.answer({ error: networkFailure() })
    expect(give.state().value).toBe('failed')
    give.actor.send({ type: 'offer.retry' })
    expect(give.offer.open?.input.key).toBe('k1')
    await give.offer.answer({ ok: transferOf() })
    expect(give.state().value).toBe('offered')
    expect(give.emitted).toEqual(['offered'])
  })

  it('says a recipient refused beside the field, and a new e-mail is a new offer', async () => {
    const give = startGive()
    give.actor.send({ type: 'mail.change', value: 'nobody@example.org' })
    give.actor.send({ type: 'offer.submit', key: 'k1' })
    await give.offer.answer({ error: refusalOf(422, 'recipient_unknown') })
    expect(give.state().value).toBe('editing')
    expect(give.state().context.problem).toBe('recipient_unknown')
    give.actor.send({ type: 'mail.change', value: 'pax@pettorale.test' })
    give.actor.send({ type: 'offer.submit', key: 'k2' })
    expect(give.offer.open?.input.key).toBe('k2')
  })

  it('ends with the reason when the place cannot be offered', async () => {
    const give = startGive()
    give.actor.send({ type: 'mail.change', value: 'pax@pettorale.test' })
    give.actor.send({ type: 'offer.submit', key: 'k1' })
    await give.offer.answer({ error: refusalOf(422, 'transfer_closed') })
    expect(give.state().value).toBe('refused')
    expect(give.state().context.refusal).toBe('transfer_closed')
  })

  it('starts on the offer open, cancels it, and says when there was nothing left to cancel', async () => {
    const give = startGive(true)
    expect(give.state().value).toBe('offered')
    give.actor.send({ type: 'offer.cancel' })
    await give.cancel.answer({ error: networkFailure() })
    expect(give.state().value).toBe('offered')
    expect(give.state().context.failure?.action).toBe('cancel')
    give.actor.send({ type: 'offer.cancel' })
    await give.cancel.answer({ ok: undefined })
    expect(give.state().value).toBe('editing')
    expect(give.emitted).toEqual(['cancelled'])

    const late = startGive(true)
    late.actor.send({ type: 'offer.cancel' })
    await late.cancel.answer({ error: refusalOf(409, 'no_transfer') })
    expect(late.state().value).toBe('gone')
  })
})

describe('the recipient', () => {
  async function toWaiver() {
    const take = startTake()
    await take.readOffer.answer({ ok: transferOf() })
    take.actor.send({ type: 'gps.choose', rent: true })
    take.actor.send({ type: 'offer.accept' })
    expect(take.accept.open?.input).toEqual({ code: CODE, gps: true })
    await take.accept.answer({ ok: undefined })
    return take
  }

  it('reads the offer, accepts with the GPS chosen, signs the waiver and is sent to the checkout', async () => {
    const take = await toWaiver()
    expect(take.state().value).toBe('disclaimer')
    take.actor.send({ type: 'disclaimer.submit', waiver: WAIVER })
    expect(take.state().context.problems.disclaimer).toBe('required')
    take.actor.send({ type: 'disclaimer.type', text: 'I accept' })
    take.actor.send({ type: 'disclaimer.submit', waiver: WAIVER })
    expect(take.state().context.problems.disclaimer).toBe('incorrect')
    take.actor.send({ type: 'disclaimer.type', text: 'i have read and  accept' })
    take.actor.send({ type: 'disclaimer.submit', waiver: WAIVER })
    expect(take.signWaiver.open?.input).toEqual({ raceId: RACE_ID, waiver: WAIVER })
    await take.signWaiver.answer({ ok: undefined })
    expect(take.startPayment.open?.input).toEqual({ raceId: RACE_ID, code: CODE, key: PAYMENT_KEY, gps: true })
    await take.startPayment.answer({ error: networkFailure() })
    expect(take.state().value).toBe('payFailed')
    take.actor.send({ type: 'payment.retry' })
    expect(take.startPayment.open?.input.key).toBe(PAYMENT_KEY)
    await take.startPayment.answer({ ok: { redirectUrl: CHECKOUT_URL } })
    expect(take.state().value).toBe('redirecting')
    expect(take.emitted).toEqual([{ type: 'accepted' }, { type: 'redirect', url: CHECKOUT_URL }])
  })

  it('asks for a new signature when the waiver changed', async () => {
    const take = await toWaiver()
    take.actor.send({ type: 'disclaimer.type', text: WAIVER.frase })
    take.actor.send({ type: 'disclaimer.submit', waiver: WAIVER })
    await take.signWaiver.answer({ error: refusalOf(409, 'waiver_outdated') })
    expect(take.state().context.problems.disclaimer).toBe('outdated')
  })

  it.each([
    ['not_eligible', 422, 'ineligible'],
    ['transfer_closed', 409, 'closed'],
    ['already_enrolled', 409, 'enrolled'],
    ['transfer_not_found', 404, 'notFound'],
  ] as const)('ends on %s when accepting', async (code, status, end) => {
    const take = startTake()
    await take.readOffer.answer({ ok: transferOf() })
    take.actor.send({ type: 'offer.accept' })
    await take.accept.answer({ error: refusalOf(status, code) })
    expect(take.state().value).toBe(end)
  })

  it.each([
    ['annullata', 'closed'],
    ['scaduta', 'closed'],
    ['completata', 'done'],
    ['accettata', 'choosing'],
  ] as const)('reads an offer %s as %s', async (stato, view) => {
    const take = startTake()
    await take.readOffer.answer({ ok: transferOf({ stato }) })
    expect(take.state().value).toBe(view)
  })

  it('says an unknown code, and lets a failed read be retried', async () => {
    const take = startTake()
    await take.readOffer.answer({ error: networkFailure() })
    expect(take.state().value).toBe('readFailed')
    take.actor.send({ type: 'offer.retry' })
    await take.readOffer.answer({ error: refusalOf(404, 'transfer_not_found') })
    expect(take.state().value).toBe('notFound')
  })
})
