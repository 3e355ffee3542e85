import * as z from 'zod/mini'
import type { CheckoutProvider } from './provider'
import { PROVIDER_ROUTE_PREFIX, PROVIDER_ROUTES, type ProviderRouteName } from './provider-http'

type BodyOf<N extends ProviderRouteName> = z.infer<(typeof PROVIDER_ROUTES)[N]['body']>
type AnswerOf<N extends ProviderRouteName> = z.infer<(typeof PROVIDER_ROUTES)[N]['answer']>

/**
 * The provider of a shared `npm run mock:server` started for QA, for the checkout page, over its
 * `/__provider/` route (provider-http.ts). An answer outside the route's schema is an error, as a
 * contract mismatch is for the portal.
 */
export function createHttpCheckoutProvider(baseUrl: string): CheckoutProvider {
  const base = baseUrl.replace(/\/$/, '')

  async function call<N extends ProviderRouteName>(name: N, body: BodyOf<N>): Promise<AnswerOf<N>> {
    const route = PROVIDER_ROUTES[name]
    const response = await fetch(`${base}${PROVIDER_ROUTE_PREFIX}${route.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`provider ${name}: ${String(response.status)}`)
    return z.parse(route.answer as z.ZodMiniType<AnswerOf<N>>, await response.json())
  }

  return {
    payment: async (pagamento_id) => (await call('payment', { pagamento_id })).view,
    linkPayment: async (link) => (await call('linkPayment', { link })).view,
    decide: async (pagamento_id, outcome, reason) => void (await call('decide', { pagamento_id, outcome, reason })),
    payLink: async (link, outcome = 'authorised', reason) => (await call('payLink', { link, outcome, reason })).pagamento_id,
  }
}
