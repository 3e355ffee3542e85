// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startMockServer, type MockServer } from './http-server'
import type { CheckoutProvider } from './provider'
import { createHttpCheckoutProvider } from './provider-http-client'
import { createHttpQaApi } from './qa-http-client'
import { SEED_TOKENS } from './seed'

/** No build to serve: only the provider's route is asked for. */
const dist = mkdtempSync(join(tmpdir(), 'pettorale-provider-http-'))
const quiet = { info: () => {}, error: () => {} }
/** A card payment of the seed, paid long ago. */
const PAID_CARD = 'PAY-3C81F0A22A6098AF210CA0AD'
const CODE = SEED_TOKENS.paymentLinkPending
let shared: MockServer
let plain: MockServer
let provider: CheckoutProvider

beforeAll(async () => {
  ;[shared, plain] = await Promise.all([
    startMockServer({ port: 0, dist, precompress: false, log: quiet, qa: true }),
    startMockServer({ port: 0, dist, precompress: false, log: quiet }),
  ])
  provider = createHttpCheckoutProvider(shared.url)
})
afterAll(async () => {
  await Promise.all([shared.close(), plain.close()])
  rmSync(dist, { recursive: true, force: true })
})
beforeEach(() => createHttpQaApi(shared.url).reset())
afterEach(() => vi.unstubAllGlobals())

const post = (server: MockServer, path: string, body: string, type = 'application/json') =>
  fetch(`${server.url}/__provider/${path}`, { method: 'POST', headers: { 'content-type': type }, body })

describe("the simulated provider's checkout over a server started for QA", () => {
  it("shows an organiser's link as the checkout page needs it, and takes the athlete's card on it once", async () => {
    expect(await provider.linkPayment(CODE)).toMatchObject({
      totale: 950,
      stato: 'pending',
      esito: null,
      gara: 'Tor des Pettorale 330 2026',
      link: CODE,
      open: true,
      returnTo: `/payment/by-link?code=${CODE}`,
    })
    const paymentId = await provider.payLink(CODE, 'authorised')
    expect(paymentId).toMatch(/^PAY-/)
    // A second decision (another tab's checkout) never replaces the authorisation.
    await provider.decide(paymentId!, 'declined', 'insufficient_funds')
    expect(await provider.payment(paymentId!)).toMatchObject({ esito: 'authorised', open: false, link: CODE })
    // The server's staff review sees what the checkout decided.
    expect((await createHttpQaApi(shared.url).pending()).payments).toContainEqual(expect.objectContaining({ paymentId, state: 'authorised' }))
  })

  it("shows a card payment by its reference with the portal's return address, and an unknown one as none", async () => {
    expect(await provider.payment(PAID_CARD)).toMatchObject({ stato: 'success', open: false, link: null, returnTo: `/pay_status?pagamento_id=${PAID_CARD}` })
    expect(await provider.payment('PAY-000000000000000000000000')).toBeNull()
    expect(await provider.linkPayment('lnk-nobody-00000000')).toBeNull()
    expect(await provider.payLink('lnk-nobody-00000000', 'authorised')).toBeNull()
  })

  it('refuses what is not a JSON body fitting the route, and a method or path it does not have', async () => {
    expect((await post(shared, 'decide', '{"pagamento_id":"PAY-1"}', 'text/plain')).status).toBe(415)
    expect((await post(shared, 'decide', 'pagamento_id=PAY-1')).status).toBe(400)
    const unfit = await post(shared, 'decide', JSON.stringify({ pagamento_id: PAID_CARD, outcome: 'refunded' }))
    expect(unfit.status).toBe(400)
    expect(await unfit.json()).toMatchObject({ code: 'invalid_request', issues: [expect.objectContaining({ path: ['outcome'] })] })
    const read = await fetch(`${shared.url}/__provider/payment`)
    expect(read.status).toBe(405)
    expect(read.headers.get('allow')).toBe('POST')
    expect((await post(shared, 'settle', '{}')).status).toBe(404)
  })

  it('the checkout page refuses an answer outside the route, such as a way back to another site', async () => {
    const view = { ...(await provider.payment(PAID_CARD)), returnTo: 'https://elsewhere.example/pay' }
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ view })))
    await expect(provider.payment(PAID_CARD)).rejects.toThrow()
  })
})

describe('a server not started for QA', () => {
  it("answers the provider's route as an unknown API path, never with the portal's page", async () => {
    const answer = await post(plain, 'link-payment', JSON.stringify({ link: CODE }))
    expect(answer.status).toBe(404)
    expect(await answer.json()).toMatchObject({ code: 'not_found' })
    const page = await fetch(`${plain.url}/__provider/payment`)
    expect(page.status).toBe(404)
    expect(page.headers.get('content-type')).toBe('application/json')
  })
})
