import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type Snapshot } from 'xstate'
import type { RefundOption } from '../../contracts/athlete.contract'
import type { PaymentState } from '../../contracts/payments.contract'
import type { SubscriptionField } from '../../contracts/races.contract'
import { deferred, flushMicrotasks, httpFailure, networkFailure, type Deferred } from '../session/test-harness'
import type { GateResult } from './eligibility'
import {
  enrolmentMachine,
  pollDelayMs,
  type EnrolmentEmitted,
  type EnrolRequest,
  type ShownWaiver,
  type SignRequest,
  type StartedPayment,
  type StartPaymentRequest,
} from './enrolment.machine'

const RACE_ID = 203
const FIELDS: SubscriptionField[] = [
  { nome: 'team', etichetta: 'Team', tipo: 'text', obbligatorio: false },
  { nome: 'navetta', etichetta: 'Shuttle', tipo: 'select', obbligatorio: true, opzioni: ['Aosta', 'Cogne'] },
  { nome: 'kit', etichetta: 'I carry the kit', tipo: 'boolean', obbligatorio: true },
]
const WAIVER: ShownWaiver = { versione: 'v1', lingua: 'en', testo: 'I take part at my own risk.', frase: 'I accept the risks' }
const PASSED: GateResult = { refusals: [], entry: 'direct', open: null }

/** An enrolment actor whose calls the test answers by hand, one deferred per call. */
function start(options: { snapshot?: Snapshot<unknown> } = {}) {
  const calls = {
    check: 0,
    enrol: [] as EnrolRequest[],
    sign: [] as SignRequest[],
    startPayment: [] as StartPaymentRequest[],
    checkPayment: [] as string[],
  }
  const pending: {
    check?: Deferred<GateResult>
    enrol?: Deferred<void>
    sign?: Deferred<void>
    startPayment?: Deferred<StartedPayment>
    checkPayment?: Deferred<PaymentState>
  } = {}
  const machine = enrolmentMachine.provide({
    actors: {
      checkEligibility: fromPromise<GateResult, { raceId: number }>(() => {
        calls.check += 1
        pending.check = deferred()
        return pending.check.promise
      }),
      enrol: fromPromise<void, EnrolRequest>(({ input }) => {
        calls.enrol.push(input)
        pending.enrol = deferred()
        return pending.enrol.promise
      }),
      signWaiver: fromPromise<void, SignRequest>(({ input }) => {
        calls.sign.push(input)
        pending.sign = deferred()
        return pending.sign.promise
      }),
      startPayment: fromPromise<StartedPayment, StartPaymentRequest>(({ input }) => {
        calls.startPayment.push(input)
        pending.startPayment = deferred()
        return pending.startPayment.promise
      }),
      checkPayment: fromPromise<PaymentState, { paymentId: string }>(({ input }) => {
        calls.checkPayment.push(input.paymentId)
        pending.checkPayment = deferred()
        return pending.checkPayment.promise
      }),
    },
  })
  const actor = createActor(machine, {
    input: { raceId: RACE_ID, athleteId: 3 },
    ...(options.snapshot ? { snapshot: options.snapshot as never } : {}),
  })
  const emitted: EnrolmentEmitted[] = []
  actor.on('*', (event) => emitted.push(event))
  actor.start()
  const state = () => actor.getSnapshot()
  const value = () => {
    const current = state().value
    return typeof current === 'string' ? current : `${Object.keys(current)[0]!}.${String(Object.values(current)[0])}`
  }
  return { actor, calls, pending, emitted, state, value, send: actor.send.bind(actor) }
}

/** Through the gate and every step to the summary, with the protected option and the GPS unless told. */
async function toSummary(t: ReturnType<typeof start>, gate: GateResult = PASSED, choice: { option: RefundOption; rent: boolean } = { option: 'protetto', rent: true }) {
  t.pending.check!.resolve(gate)
  await flushMicrotasks()
  t.send({ type: 'data.confirm', confirmed: true })
  t.send({ type: 'wizard.next' })
  t.send({ type: 'extra.answer', name: 'navetta', value: 'Cogne' })
  t.send({ type: 'extra.answer', name: 'kit', value: true })
  t.send({ type: 'wizard.next', fields: FIELDS })
  t.send({ type: 'rules.accept', accepted: true })
  t.send({ type: 'wizard.next' })
  t.send({ type: 'refund.choose', option: choice.option })
  t.send({ type: 'wizard.next' })
  t.send({ type: 'gps.choose', rent: choice.rent })
  t.send({ type: 'wizard.next' })
}

async function toPayment(t: ReturnType<typeof start>) {
  await toSummary(t)
  t.send({ type: 'summary.confirm' })
  t.pending.enrol!.resolve()
  await flushMicrotasks()
  t.send({ type: 'disclaimer.type', text: 'I accept the risks' })
  t.send({ type: 'disclaimer.submit', waiver: WAIVER })
  t.pending.sign!.resolve()
  await flushMicrotasks()
}

/** At the payment step, Pay with key-1 is answered with this refusal. */
async function paymentRefused(status: number, code: string, expectedTotal = 101.5) {
  const t = start()
  await toPayment(t)
  t.send({ type: 'payment.pay', key: 'key-1', expectedTotal })
  t.pending.startPayment!.reject(httpFailure(status, code, 'payments.start'))
  await flushMicrotasks()
  return t
}

/** Paid with key-1, sent to the checkout, and back: the payment is being checked. */
async function backFromCheckout(t: ReturnType<typeof start>) {
  await toPayment(t)
  t.send({ type: 'payment.pay', key: 'key-1', expectedTotal: 101.5 })
  t.pending.startPayment!.resolve({ paymentId: 'PAY-1', redirectUrl: 'https://pay.example/1' })
  await flushMicrotasks()
  t.send({ type: 'payment.returned' })
}

describe('enrolment machine: the gate', () => {
  it('checks eligibility first and shows every refusal the gate found', async () => {
    const t = start()
    expect(t.value()).toBe('checking')
    t.pending.check!.resolve({ refusals: [{ code: 'certificate_in_review' }, { code: 'sold_out' }], entry: 'direct', open: null })
    await flushMicrotasks()
    expect(t.value()).toBe('refused')
    expect(t.state().context.refusals.map((r) => r.code)).toEqual(['certificate_in_review', 'sold_out'])
  })

  it('a failed check can be retried; a recheck after signing in passes the gate', async () => {
    const t = start()
    t.pending.check!.reject(networkFailure('races.get'))
    await flushMicrotasks()
    expect(t.value()).toBe('checkFailed')
    expect(t.state().context.failure).toMatchObject({ action: 'check', error: { kind: 'network' } })
    t.send({ type: 'wizard.retry' })
    t.pending.check!.resolve({ refusals: [{ code: 'login_required' }], entry: 'direct', open: null })
    await flushMicrotasks()
    t.send({ type: 'wizard.recheck' })
    t.pending.check!.resolve({ refusals: [], entry: 'lottery', open: null })
    await flushMicrotasks()
    expect(t.value()).toBe('wizard.dataCheck')
    expect(t.state().context).toMatchObject({ refusals: [], entry: 'lottery', failure: null })
    expect(t.calls.check).toBe(3)
  })
})

describe('enrolment machine: a subscription made earlier', () => {
  it('signed and unpaid, it resumes at the payment with the choices it was made with', async () => {
    const t = start()
    t.pending.check!.resolve({ ...PASSED, open: { step: 'payment', refund: 'protetto', gps: false } })
    await flushMicrotasks()
    expect(t.value()).toBe('wizard.payment')
    expect(t.state().context.choices).toMatchObject({ dataConfirmed: true, rulesAccepted: true, refund: 'protetto', gps: false })
    t.send({ type: 'payment.pay', key: 'key-1', expectedTotal: 95 })
    expect(t.calls.startPayment).toEqual([{ raceId: RACE_ID, key: 'key-1', refund: 'protetto', gps: false, expectedTotal: 95 }])
  })

  it('unsigned, it resumes at the disclaimer; closing it shows the summary of those choices', async () => {
    const t = start()
    t.pending.check!.resolve({ ...PASSED, open: { step: 'disclaimer', refund: 'standard', gps: true } })
    await flushMicrotasks()
    expect(t.value()).toBe('wizard.disclaimer')
    t.send({ type: 'disclaimer.close' })
    expect(t.value()).toBe('wizard.summary')
    expect(t.state().context.choices).toMatchObject({ refund: 'standard', gps: true })
  })

  it('a wizard restored from its kept snapshot passes the gate again and returns to its step, choices kept', async () => {
    const first = start()
    await toSummary(first)
    first.send({ type: 'wizard.back' })
    const kept = JSON.parse(JSON.stringify(first.actor.getPersistedSnapshot())) as Snapshot<unknown>
    const t = start({ snapshot: kept })
    expect(t.value()).toBe('wizard.gps')
    t.send({ type: 'wizard.recheck' })
    t.pending.check!.resolve({ ...PASSED, entry: 'lottery' })
    await flushMicrotasks()
    expect(t.value()).toBe('wizard.gps')
    expect(t.state().context.entry).toBe('lottery')
    expect(t.state().context.choices).toEqual(first.state().context.choices)
  })

  it('choices made afresh in this wizard win over the earlier subscription on a recheck', async () => {
    const t = start()
    await toSummary(t, PASSED, { option: 'standard', rent: false })
    t.send({ type: 'wizard.recheck' })
    t.pending.check!.resolve({ ...PASSED, open: { step: 'payment', refund: 'protetto', gps: true } })
    await flushMicrotasks()
    expect(t.value()).toBe('wizard.summary')
    expect(t.state().context.choices).toMatchObject({ refund: 'standard', gps: false })
  })
})

describe('enrolment machine: the steps', () => {
  it('each step refuses to move on until its answer is given, with the problem as a code', async () => {
    const t = start()
    t.pending.check!.resolve(PASSED)
    await flushMicrotasks()
    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.dataCheck')
    expect(t.state().context.problems).toEqual({ dataConfirmed: 'required' })
    t.send({ type: 'data.confirm', confirmed: true })
    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.extraFields')
    expect(t.state().context.problems).toEqual({})

    t.send({ type: 'extra.answer', name: 'team', value: 'Valdigne Runners' })
    t.send({ type: 'wizard.next', fields: FIELDS })
    expect(t.state().context.problems).toEqual({ extra: { navetta: 'required', kit: 'required' } })
    t.send({ type: 'extra.answer', name: 'navetta', value: '   ' })
    t.send({ type: 'extra.answer', name: 'kit', value: true })
    t.send({ type: 'wizard.next', fields: FIELDS })
    expect(t.state().context.problems).toEqual({ extra: { navetta: 'required' } })
    t.send({ type: 'extra.answer', name: 'navetta', value: 'Aosta' })
    t.send({ type: 'wizard.next', fields: FIELDS })
    expect(t.value()).toBe('wizard.rules')

    t.send({ type: 'wizard.next' })
    expect(t.state().context.problems).toEqual({ rules: 'required' })
    t.send({ type: 'rules.accept', accepted: true })
    t.send({ type: 'wizard.next' })
    t.send({ type: 'wizard.next' })
    expect(t.state().context.problems).toEqual({ refund: 'required' })
    t.send({ type: 'refund.choose', option: 'standard' })
    t.send({ type: 'wizard.next' })
    t.send({ type: 'wizard.next' })
    expect(t.state().context.problems).toEqual({ gps: 'required' })
    t.send({ type: 'gps.choose', rent: false })
    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.summary')
  })

  it('back and next keep every choice', async () => {
    const t = start()
    await toSummary(t)
    const before = t.state().context.choices
    for (const step of ['gps', 'refund', 'rules', 'extraFields', 'dataCheck']) {
      t.send({ type: 'wizard.back' })
      expect(t.value()).toBe(`wizard.${step}`)
    }
    expect(t.state().context.choices).toEqual(before)
    expect(before).toEqual({
      dataConfirmed: true,
      extra: { navetta: 'Cogne', kit: true },
      rulesAccepted: true,
      refund: 'protetto',
      gps: true,
    })
    t.send({ type: 'wizard.next' })
    t.send({ type: 'wizard.next', fields: FIELDS })
    expect(t.value()).toBe('wizard.rules')
  })
})

describe('enrolment machine: enrolment and the disclaimer', () => {
  it('confirming the summary enters the athlete with the choices, then asks for the disclaimer', async () => {
    const t = start()
    await toSummary(t)
    t.send({ type: 'summary.confirm' })
    expect(t.value()).toBe('wizard.enrolling')
    expect(t.calls.enrol).toEqual([{ raceId: RACE_ID, choices: t.state().context.choices }])
    t.pending.enrol!.resolve()
    await flushMicrotasks()
    expect(t.value()).toBe('wizard.disclaimer')
  })

  it('a failed enrolment stays on the summary with the failure; retry asks again', async () => {
    const t = start()
    await toSummary(t)
    t.send({ type: 'summary.confirm' })
    t.pending.enrol!.reject(httpFailure(503, null, 'subscriptions.create'))
    await flushMicrotasks()
    expect(t.value()).toBe('wizard.summary')
    expect(t.state().context.failure).toMatchObject({ action: 'enrol', error: { status: 503 } })
    t.send({ type: 'wizard.retry' })
    expect(t.value()).toBe('wizard.enrolling')
    expect(t.calls.enrol).toHaveLength(2)
  })

  it('a race that sold out meanwhile is reported at the step where it was found', async () => {
    const t = start()
    await toSummary(t)
    t.send({ type: 'summary.confirm' })
    t.pending.enrol!.reject(httpFailure(409, 'sold_out', 'subscriptions.create'))
    await flushMicrotasks()
    expect(t.value()).toBe('refused')
    expect(t.state().context.lateRefusal).toEqual({ code: 'sold_out', step: 'summary' })
  })

  it.each([
    ['', 'required'],
    ['I accept the risk', 'incorrect'],
    ['I accept  the risks.', 'incorrect'],
  ])('the typed text %j is refused as %s', async (typed, problem) => {
    const t = start()
    await toSummary(t)
    t.send({ type: 'summary.confirm' })
    t.pending.enrol!.resolve()
    await flushMicrotasks()
    t.send({ type: 'disclaimer.type', text: typed })
    t.send({ type: 'disclaimer.submit', waiver: WAIVER })
    expect(t.value()).toBe('wizard.disclaimer')
    expect(t.state().context.problems).toEqual({ disclaimer: problem })
    expect(t.calls.sign).toHaveLength(0)
  })

  it('the right text, whatever its case and spacing, signs the waiver with what was shown', async () => {
    const t = start()
    await toSummary(t)
    t.send({ type: 'summary.confirm' })
    t.pending.enrol!.resolve()
    await flushMicrotasks()
    t.send({ type: 'disclaimer.type', text: '  i ACCEPT   the\trisks ' })
    t.send({ type: 'disclaimer.submit', waiver: WAIVER })
    expect(t.value()).toBe('wizard.signing')
    expect(t.calls.sign).toEqual([{ raceId: RACE_ID, waiver: WAIVER }])
    t.pending.sign!.resolve()
    await flushMicrotasks()
    expect(t.value()).toBe('wizard.payment')
    expect(t.emitted).toContainEqual({ type: 'waiverSigned' })
  })

  it('a waiver changed since it was shown asks for the new text; other failures keep the dialog', async () => {
    const t = start()
    await toSummary(t)
    t.send({ type: 'summary.confirm' })
    t.pending.enrol!.resolve()
    await flushMicrotasks()
    t.send({ type: 'disclaimer.type', text: 'I accept the risks' })
    t.send({ type: 'disclaimer.submit', waiver: WAIVER })
    t.pending.sign!.reject(httpFailure(409, 'waiver_outdated', 'liberatoria.sign'))
    await flushMicrotasks()
    expect(t.value()).toBe('wizard.disclaimer')
    expect(t.state().context.problems).toEqual({ disclaimer: 'outdated' })
    t.send({ type: 'disclaimer.submit', waiver: WAIVER })
    t.pending.sign!.reject(networkFailure('liberatoria.sign'))
    await flushMicrotasks()
    expect(t.value()).toBe('wizard.disclaimer')
    expect(t.state().context.failure).toMatchObject({ action: 'sign', error: { kind: 'network' } })
    expect(t.state().context.disclaimerText).toBe('I accept the risks')
  })

  it('closing the dialog goes back to the summary', async () => {
    const t = start()
    await toSummary(t)
    t.send({ type: 'summary.confirm' })
    t.pending.enrol!.resolve()
    await flushMicrotasks()
    t.send({ type: 'disclaimer.close' })
    expect(t.value()).toBe('wizard.summary')
  })

  it('a lottery application ends once the waiver is signed, with no payment', async () => {
    const t = start()
    await toSummary(t, { refusals: [], entry: 'lottery', open: null })
    t.send({ type: 'summary.confirm' })
    t.pending.enrol!.resolve()
    await flushMicrotasks()
    t.send({ type: 'disclaimer.type', text: 'I accept the risks' })
    t.send({ type: 'disclaimer.submit', waiver: WAIVER })
    t.pending.sign!.resolve()
    await flushMicrotasks()
    expect(t.value()).toBe('applied')
    expect(t.state().status).toBe('done')
    expect(t.emitted).toContainEqual({ type: 'applied' })
    expect(t.calls.startPayment).toHaveLength(0)
  })
})

describe('enrolment machine: payment', () => {
  it('Pay starts a payment with a new key and the total shown, then sends the athlete to the checkout', async () => {
    const t = start()
    await toPayment(t)
    t.send({ type: 'payment.pay', key: 'key-1', expectedTotal: 101.5 })
    expect(t.calls.startPayment).toEqual([{ raceId: RACE_ID, key: 'key-1', refund: 'protetto', gps: true, expectedTotal: 101.5 }])
    t.pending.startPayment!.resolve({ paymentId: 'PAY-1', redirectUrl: 'https://pay.example/checkout/1' })
    await flushMicrotasks()
    expect(t.value()).toBe('wizard.redirecting')
    expect(t.emitted).toContainEqual({ type: 'redirect', url: 'https://pay.example/checkout/1' })
    expect(t.state().context.attempt).toEqual({ key: 'key-1', expectedTotal: 101.5, paymentId: 'PAY-1' })
  })

  it('a double click cannot start a second payment: the second Pay is ignored while the first runs', async () => {
    const t = start()
    await toPayment(t)
    t.send({ type: 'payment.pay', key: 'key-1', expectedTotal: 101.5 })
    t.send({ type: 'payment.pay', key: 'key-2', expectedTotal: 101.5 })
    expect(t.calls.startPayment).toHaveLength(1)
  })

  it('a retry after a lost answer asks again with the same key', async () => {
    const t = start()
    await toPayment(t)
    t.send({ type: 'payment.pay', key: 'key-1', expectedTotal: 101.5 })
    t.pending.startPayment!.reject(networkFailure('payments.start'))
    await flushMicrotasks()
    expect(t.value()).toBe('wizard.payment')
    expect(t.state().context.failure).toMatchObject({ action: 'startPayment' })
    t.send({ type: 'payment.pay', key: 'key-2', expectedTotal: 101.5 })
    expect(t.calls.startPayment.map((call) => call.key)).toEqual(['key-1', 'key-1'])
  })

  it.each([
    [409, 'already_enrolled'],
    [409, 'registration_closed'],
    [403, 'not_eligible'],
    [409, 'sold_out'],
  ] as const)('a %d %s found when enrolling or paying ends the wizard at that step, with nothing charged', async (status, code) => {
    const atSummary = start()
    await toSummary(atSummary)
    atSummary.send({ type: 'summary.confirm' })
    atSummary.pending.enrol!.reject(httpFailure(status, code, 'subscriptions.create'))
    await flushMicrotasks()
    expect(atSummary.value()).toBe('refused')
    expect(atSummary.state().context.lateRefusal).toEqual({ code, step: 'summary' })

    const atPayment = await paymentRefused(status, code)
    expect(atPayment.value()).toBe('refused')
    expect(atPayment.state().context).toMatchObject({ lateRefusal: { code, step: 'payment' }, attempt: null })
  })

  it('a place already paid (another tab, another device) is reported as already enrolled', async () => {
    const t = await paymentRefused(422, 'already_paid')
    expect(t.value()).toBe('refused')
    expect(t.state().context.lateRefusal).toEqual({ code: 'already_enrolled', step: 'payment' })
  })

  it('a payment refused for a lottery application is no refusal of the race: the step stays with the failure', async () => {
    const t = await paymentRefused(422, 'lottery_application')
    expect(t.value()).toBe('wizard.payment')
    expect(t.state().context).toMatchObject({ lateRefusal: null, failure: { action: 'startPayment' } })
  })

  it('a total that differs from the server does not start a payment; the next attempt has a new key', async () => {
    const t = await paymentRefused(409, 'total_mismatch', 99)
    expect(t.value()).toBe('wizard.payment')
    expect(t.state().context).toMatchObject({ problems: { payment: 'total_mismatch' }, attempt: null })
    t.send({ type: 'payment.pay', key: 'key-2', expectedTotal: 101.5 })
    expect(t.calls.startPayment.map((call) => call.key)).toEqual(['key-1', 'key-2'])
  })

  it('a waiver the server finds unsigned at payment goes back to the disclaimer', async () => {
    const unsigned = await paymentRefused(422, 'waiver_not_signed')
    expect(unsigned.value()).toBe('wizard.disclaimer')
    // Said as what happened (revised since signed), and the next Pay is a new attempt.
    expect(unsigned.state().context.problems).toEqual({ disclaimer: 'unsigned' })
    expect(unsigned.state().context.attempt).toBeNull()
  })

  it('a checkout address the portal refuses to go to leaves the athlete on the payment step; the next Pay is a new attempt', async () => {
    const t = start()
    await toPayment(t)
    t.send({ type: 'payment.pay', key: 'key-1', expectedTotal: 101.5 })
    t.pending.startPayment!.resolve({ paymentId: 'PAY-1', redirectUrl: 'javascript:alert(1)' })
    await flushMicrotasks()
    expect(t.value()).toBe('wizard.redirecting')
    t.send({ type: 'payment.redirectRefused' })
    expect(t.value()).toBe('wizard.payment')
    expect(t.state().context.attempt).toBeNull()
    t.send({ type: 'payment.pay', key: 'key-2', expectedTotal: 101.5 })
    expect(t.calls.startPayment.map((call) => call.key)).toEqual(['key-1', 'key-2'])
  })

  it('back from the checkout it checks the payment: paid ends the wizard', async () => {
    const t = start()
    await backFromCheckout(t)
    expect(t.calls.checkPayment).toEqual(['PAY-1'])
    t.pending.checkPayment!.resolve('success')
    await flushMicrotasks()
    expect(t.value()).toBe('paid')
    expect(t.emitted).toContainEqual({ type: 'paid', paymentId: 'PAY-1' })
  })

  it('a declined payment offers a new attempt with a new key on the open subscription', async () => {
    const t = start()
    await backFromCheckout(t)
    t.pending.checkPayment!.resolve('failed')
    await flushMicrotasks()
    expect(t.value()).toBe('wizard.payment')
    expect(t.state().context).toMatchObject({ attempt: null, problems: { payment: 'payment_failed' } })
    t.send({ type: 'payment.pay', key: 'key-2', expectedTotal: 101.5 })
    expect(t.calls.startPayment.map((call) => call.key)).toEqual(['key-1', 'key-2'])
    expect(t.calls.enrol).toHaveLength(1)
  })

  it('a payment still pending is checked again, each wait longer than the last', async () => {
    vi.useFakeTimers()
    try {
      const t = start()
      await toPayment(t)
      t.send({ type: 'payment.pay', key: 'key-1', expectedTotal: 101.5 })
      t.pending.startPayment!.resolve({ paymentId: 'PAY-1', redirectUrl: 'https://pay.example/1' })
      await flushMicrotasks()
      t.send({ type: 'payment.returned' })
      t.pending.checkPayment!.resolve('pending')
      await flushMicrotasks()
      expect(t.value()).toBe('wizard.waitingForProvider')
      await vi.advanceTimersByTimeAsync(pollDelayMs(0))
      expect(t.calls.checkPayment).toHaveLength(2)
      t.pending.checkPayment!.resolve('pending')
      await flushMicrotasks()
      await vi.advanceTimersByTimeAsync(pollDelayMs(1) - 1)
      expect(t.calls.checkPayment).toHaveLength(2)
      await vi.advanceTimersByTimeAsync(1)
      expect(t.calls.checkPayment).toHaveLength(3)
      t.pending.checkPayment!.resolve('success')
      await flushMicrotasks()
      expect(t.value()).toBe('paid')
    } finally {
      vi.useRealTimers()
    }
  })

  it('a status check that fails keeps waiting for the provider, with a retry that asks again at once', async () => {
    const t = start()
    await backFromCheckout(t)
    t.pending.checkPayment!.reject(networkFailure('payments.status'))
    await flushMicrotasks()
    expect(t.value()).toBe('wizard.waitingForProvider')
    expect(t.state().context.failure).toMatchObject({ action: 'checkPayment', error: { kind: 'network' } })
    t.send({ type: 'wizard.retry' })
    expect(t.calls.checkPayment).toEqual(['PAY-1', 'PAY-1'])
    t.pending.checkPayment!.resolve('success')
    await flushMicrotasks()
    expect(t.value()).toBe('paid')
  })

  it('gives up waiting on an abandoned checkout with a new attempt', async () => {
    const t = start()
    await backFromCheckout(t)
    t.pending.checkPayment!.resolve('pending')
    await flushMicrotasks()
    t.send({ type: 'payment.abandon' })
    expect(t.value()).toBe('wizard.payment')
    expect(t.state().context.attempt).toBeNull()
  })

  it('the waits grow by half and stop growing at 8 s', () => {
    expect([0, 1, 2, 3, 10].map(pollDelayMs)).toEqual([1000, 1500, 2250, 3375, 8000])
  })
})

describe('enrolment machine: a persisted snapshot', () => {
  it('restores at the same step with every choice, as JSON survives a reload', async () => {
    const t = start()
    await toSummary(t)
    t.send({ type: 'wizard.back' })
    const stored = JSON.parse(JSON.stringify(t.actor.getPersistedSnapshot())) as Snapshot<unknown>
    t.actor.stop()

    const restored = start({ snapshot: stored })
    expect(restored.value()).toBe('wizard.gps')
    expect(restored.state().context.choices).toEqual(t.state().context.choices)
    restored.send({ type: 'wizard.next' })
    expect(restored.value()).toBe('wizard.summary')
  })

  it('restored while a payment was starting, it asks again with the same key: never two charges', async () => {
    const t = start()
    await toPayment(t)
    t.send({ type: 'payment.pay', key: 'key-1', expectedTotal: 101.5 })
    const stored = JSON.parse(JSON.stringify(t.actor.getPersistedSnapshot())) as Snapshot<unknown>
    t.actor.stop()

    const restored = start({ snapshot: stored })
    expect(restored.value()).toBe('wizard.startingPayment')
    expect(restored.calls.startPayment).toEqual([{ raceId: RACE_ID, key: 'key-1', refund: 'protetto', gps: true, expectedTotal: 101.5 }])
  })

  it('a recheck (signed in again) resumes at the step it left', async () => {
    const t = start()
    await toSummary(t)
    t.send({ type: 'wizard.back' })
    t.send({ type: 'wizard.recheck' })
    expect(t.value()).toBe('checking')
    t.pending.check!.resolve(PASSED)
    await flushMicrotasks()
    expect(t.value()).toBe('wizard.gps')
  })
})
