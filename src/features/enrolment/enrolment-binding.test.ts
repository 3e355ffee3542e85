import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import * as auth from '../../../contracts/auth.contract'
import { enrolmentMachine, type EnrolmentEmitted } from '../../../machines/enrolment/enrolment.machine'
import { paymentWaitMachine } from '../../../machines/enrolment/payment-wait.machine'
import { controls } from '../../../mocks/node'
import { PERSONAS } from '../../../mocks/seed'
import '../../../tests/setup/mock-backend'
import { callApi } from '../../lib/api-client'
import { configureApiClient } from '../../lib/api-config'
import { athleteKeys, athleteQueries } from '../../lib/athlete-queries'
import { resetClockSource, setClockSource } from '../../lib/clock'
import { raceKeys, raceQueries } from '../../lib/race-queries'
import { enrolmentActors, paymentWaitActors, reactToWizard, type WizardSurroundings } from './enrolment-binding'
import { enrolmentQueries } from './enrolment-queries'

/** Alte Vie di Cogne 52K: open, with one required question (the shuttle), direct entry. */
const RACE = 203
/** A wizard's key seed, as randomId gives it. */
const SEED = '0b7c5d1e2f3a4b6c8d9e0f1a2b3c4d5e'
const completo = PERSONAS.find((persona) => persona.key === 'completo')!

let queryClient: QueryClient

beforeEach(() => {
  // The portal's clock reads the simulated backend's, as in mock mode.
  setClockSource(() => controls.now())
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
})
afterEach(() => {
  resetClockSource()
  configureApiClient({ getToken: () => null })
})

async function signIn() {
  const signedIn = await callApi(auth.token, { body: { grant_type: 'password', username: completo.mail, password: completo.password } })
  if (!signedIn.ok) throw new Error('sign-in failed')
  configureApiClient({ getToken: () => signedIn.data.access_token })
}

function wizardFor(athleteId: number | null) {
  const actor = createActor(enrolmentMachine.provide({ actors: enrolmentActors(queryClient, athleteId) }), {
    input: { raceId: RACE, athleteId: athleteId ?? 0, phase: 'open', keySeed: SEED },
  })
  const emitted: EnrolmentEmitted[] = []
  actor.on('*', (event) => emitted.push(event))
  return { actor: actor.start(), emitted }
}

describe("the wizard's actors against the simulated backend", () => {
  it('turn a visitor away at the gate, asking them to log in, with the prices read', async () => {
    const { actor, emitted } = wizardFor(null)
    await waitFor(actor, (snapshot) => snapshot.matches('refused'))
    expect(actor.getSnapshot().context.refusals.map((refusal) => refusal.code)).toEqual(['login_required'])
    expect(emitted).toContainEqual({ type: 'loginRequired' })
  })

  it("carry an athlete from the gate to the provider's checkout: the race's questions, the waiver's evidence, the total shown", async () => {
    await signIn()
    const { actor, emitted } = wizardFor(completo.athleteId)
    await waitFor(actor, (snapshot) => snapshot.matches({ wizard: 'dataCheck' }))
    const race = await queryClient.fetchQuery(raceQueries.get(RACE))
    expect(actor.getSnapshot().context.tariff).toEqual({
      prezzo: race.prezzo,
      supplemento_rimborso: race.supplemento_rimborso,
      noleggio_gps: race.noleggio_gps,
    })
    const { campi } = await queryClient.fetchQuery(enrolmentQueries.extraFields(RACE))
    const required = campi.filter((field) => field.obbligatorio)
    expect(required.length).toBeGreaterThan(0)

    actor.send({ type: 'data.confirm', confirmed: true })
    actor.send({ type: 'wizard.next' })
    // The backend's required questions hold the step, whatever the screen sent.
    actor.send({ type: 'wizard.next' })
    expect(actor.getSnapshot().matches({ wizard: 'extraFields' })).toBe(true)
    expect(Object.keys(actor.getSnapshot().context.problems.extra ?? {})).toEqual(required.map((field) => field.nome))
    for (const field of required) {
      actor.send({ type: 'extra.answer', name: field.nome, value: field.tipo === 'boolean' ? true : (field.opzioni?.[0]?.valore ?? 'Yes') })
    }
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'rules.accept', accepted: true })
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'refund.choose', option: 'protetto' })
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'gps.choose', rent: true })
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'summary.confirm' })
    await waitFor(actor, (snapshot) => snapshot.matches({ wizard: 'disclaimer' }))
    expect(emitted).toContainEqual({ type: 'enrolled' })

    // Signed as shown: in Italian, in the feminine form; the backend checks the digest of that text.
    const waiver = await queryClient.fetchQuery(enrolmentQueries.waiver(RACE, 'it', 'F'))
    expect(waiver).toMatchObject({ lingua: 'it', forma: 'F', testo: expect.stringMatching(/^Io sottoscritta atleta /) })
    actor.send({ type: 'disclaimer.type', text: waiver.frase })
    actor.send({ type: 'disclaimer.submit', waiver })
    await waitFor(actor, (snapshot) => snapshot.matches({ wizard: 'payment' }))

    actor.send({ type: 'payment.pay' })
    await waitFor(actor, (snapshot) => snapshot.matches({ wizard: 'redirecting' }))
    const total = race.prezzo + race.supplemento_rimborso + race.noleggio_gps
    expect(actor.getSnapshot().context.attempt).toMatchObject({ key: `${SEED}.1`, expectedTotal: Math.round(total * 100) })
    const redirect = emitted.find((event) => event.type === 'redirect')
    expect(redirect?.type === 'redirect' && new URL(redirect.url).searchParams.get('pagamento_id')).toBe(
      actor.getSnapshot().context.attempt?.paymentId,
    )
  }, 20_000)

  it('read the payment status into the query cache, where the screens read it too', async () => {
    await signIn()
    const wait = createActor(paymentWaitMachine.provide({ actors: paymentWaitActors(queryClient) }), {
      input: { paymentId: 'PAY-NOT-THERE' },
    }).start()
    await waitFor(wait, (snapshot) => snapshot.status === 'done')
    expect(wait.getSnapshot().output).toEqual({ outcome: 'notFound' })
    expect(queryClient.getQueryState(enrolmentQueries.payment('PAY-NOT-THERE').queryKey)?.status).toBe('error')
  })

  it('fail with an ApiError the machine can read: a server error at the gate is a failure to retry', async () => {
    await signIn()
    controls.fault('races.get', { kind: 'status', status: 503 })
    const { actor } = wizardFor(completo.athleteId)
    await waitFor(actor, (snapshot) => snapshot.matches('checkFailed'))
    expect(actor.getSnapshot().context.failure).toMatchObject({ action: 'check', error: { kind: 'http', status: 503 } })
  })
})

describe("what the wizard's emitted events do", () => {
  function surroundings(): WizardSurroundings & { invalidated: unknown[][] } {
    const invalidated: unknown[][] = []
    vi.spyOn(queryClient, 'invalidateQueries').mockImplementation((filters) => {
      invalidated.push([...(filters?.queryKey ?? [])])
      return Promise.resolve()
    })
    return {
      queryClient,
      raceId: RACE,
      sex: 'other',
      locale: 'en',
      notify: vi.fn(),
      askToLogIn: vi.fn(),
      leaveFor: vi.fn(() => true),
      redirectRefused: vi.fn(),
      invalidated,
    }
  }

  it('a signed waiver reads the races again (spec section 4); an application reads the athlete again', () => {
    const around = surroundings()
    reactToWizard({ type: 'waiverSigned' }, around)
    reactToWizard({ type: 'applied' }, around)
    expect(around.invalidated).toEqual([[...raceKeys.root], [...athleteKeys.root]])
  })

  it('a payment made reads places, lists and the athlete again, and says so', () => {
    const around = surroundings()
    reactToWizard({ type: 'paid', paymentId: 'PAY-1' }, around)
    expect(around.notify).toHaveBeenCalledWith('payment_successful')
    expect(around.invalidated).toEqual([[...raceKeys.root], [...athleteKeys.root]])
  })

  it('an enrolment reads the profile again; a changed price reads the race; a revised waiver reads the waiver', () => {
    const around = surroundings()
    reactToWizard({ type: 'enrolled' }, around)
    reactToWizard({ type: 'priceChanged' }, around)
    reactToWizard({ type: 'waiverRevised' }, around)
    expect(around.invalidated).toEqual([
      [...athleteQueries.me().queryKey],
      [...raceKeys.detail(RACE)],
      [...enrolmentQueries.waiver(RACE, 'en', 'other').queryKey],
    ])
  })

  it('the summary reads the waiver ahead, in the language on screen', async () => {
    const around = surroundings()
    const prefetch = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue()
    reactToWizard({ type: 'summaryReached' }, around)
    expect(prefetch.mock.calls[0]?.[0].queryKey).toEqual(enrolmentQueries.waiver(RACE, 'en', 'other').queryKey)
  })

  it('a visitor is asked to log in; a kept wizard that cannot be resumed and changed race questions are said', () => {
    const around = surroundings()
    reactToWizard({ type: 'loginRequired' }, around)
    reactToWizard({ type: 'keptDropped' }, around)
    reactToWizard({ type: 'questionsChanged' }, around)
    expect(around.askToLogIn).toHaveBeenCalledOnce()
    expect(around.notify).toHaveBeenCalledWith('wizard_not_resumed')
    expect(around.notify).toHaveBeenCalledWith('race_questions_changed')
  })

  it("goes to a trusted provider's address; an untrusted one is refused, said, and told to the wizard", () => {
    const trusted = surroundings()
    reactToWizard({ type: 'redirect', url: 'https://pay.example/1' }, trusted)
    expect(trusted.leaveFor).toHaveBeenCalledWith('https://pay.example/1')
    expect(trusted.redirectRefused).not.toHaveBeenCalled()

    const untrusted = { ...surroundings(), leaveFor: vi.fn(() => false) }
    reactToWizard({ type: 'redirect', url: 'https://evil.example/' }, untrusted)
    expect(untrusted.notify).toHaveBeenCalledWith('unsafe_redirect')
    expect(untrusted.redirectRefused).toHaveBeenCalledOnce()
  })
})
