import * as z from 'zod/mini'
import { PaymentDeclineReasonSchema, PaymentStateSchema } from '../contracts/payments.contract'
import { problemAnswer, readJsonBody, type MockRouteAnswer, type MockRouteRequest } from './mock-route'
import type { CheckoutOutcome, CheckoutProvider, CheckoutView } from './provider'

/**
 * The simulated provider's checkout over HTTP: the mock-only route `/__provider/<path>` of
 * `npm run mock:server` started for QA (http-server.ts), so the checkout page of a QA build against
 * a shared server (src/dev/shared-backend-entry.ts) reads and decides payments in the server's
 * backend, as the in-page checkout does in the page's. One path per method of `CheckoutProvider`,
 * all POST with a JSON body; the server answers from its own provider, the page calls it through
 * `createHttpCheckoutProvider` (provider-http-client.ts), and both read this table.
 */

export const PROVIDER_ROUTE_PREFIX = '/__provider/'

const OutcomeSchema = z.enum(['authorised', 'declined', 'cancelled']) satisfies z.ZodMiniType<CheckoutOutcome>
const ReferenceSchema = z.string().check(z.minLength(1), z.maxLength(100))

/** A view as the page may trust it: its way back is a path of the portal, never another site. */
const CheckoutViewSchema: z.ZodMiniType<CheckoutView> = z.object({
  pagamento_id: z.string(),
  totale: z.number(),
  stato: PaymentStateSchema,
  esito: z.nullable(OutcomeSchema),
  gara: z.string(),
  link: z.nullable(z.string()),
  scade: z.nullable(z.number()),
  open: z.boolean(),
  lapsed: z.boolean(),
  returnTo: z.string().check(z.regex(/^\/(?![/\\])/)),
})

interface Route<B, A> {
  path: string
  body: z.ZodMiniType<B>
  answer: z.ZodMiniType<A>
  run: (provider: CheckoutProvider, body: B) => Promise<A>
}

const route = <B, A>(path: string, body: z.ZodMiniType<B>, answer: z.ZodMiniType<A>, run: Route<B, A>['run']): Route<B, A> => ({ path, body, answer, run })

const ViewAnswer = z.object({ view: z.nullable(CheckoutViewSchema) })

/** Every route, by the `CheckoutProvider` method it stands for. */
export const PROVIDER_ROUTES = {
  payment: route('payment', z.object({ pagamento_id: ReferenceSchema }), ViewAnswer, async (provider, { pagamento_id }) => ({
    view: await provider.payment(pagamento_id),
  })),
  linkPayment: route('link-payment', z.object({ link: ReferenceSchema }), ViewAnswer, async (provider, { link }) => ({
    view: await provider.linkPayment(link),
  })),
  decide: route(
    'decide',
    z.object({ pagamento_id: ReferenceSchema, outcome: OutcomeSchema, reason: z.optional(PaymentDeclineReasonSchema) }),
    z.object({}),
    async (provider, { pagamento_id, outcome, reason }) => {
      await provider.decide(pagamento_id, outcome, reason)
      return {}
    },
  ),
  payLink: route(
    'pay-link',
    z.object({ link: ReferenceSchema, outcome: OutcomeSchema, reason: z.optional(PaymentDeclineReasonSchema) }),
    z.object({ pagamento_id: z.nullable(z.string()) }),
    async (provider, { link, outcome, reason }) => ({ pagamento_id: await provider.payLink(link, outcome, reason) }),
  ),
} satisfies Record<keyof CheckoutProvider, { path: string }>

export type ProviderRouteName = keyof typeof PROVIDER_ROUTES

/**
 * Answers one request of the route from `provider`: 404 for a path it does not have, 405 for
 * another method than POST, 415 for a body not labelled JSON (a page of another origin cannot
 * post a form to a shared server, as on the QA route), 400 for a body that is not JSON or breaks
 * the route's schema, else 200 with what the provider said (an unknown payment is `view: null`).
 */
export async function answerProviderRequest(provider: CheckoutProvider, request: MockRouteRequest): Promise<MockRouteAnswer> {
  const path = request.pathname.slice(PROVIDER_ROUTE_PREFIX.length)
  const found = Object.values(PROVIDER_ROUTES).find((candidate) => candidate.path === path) as Route<unknown, unknown> | undefined
  if (!found) return problemAnswer(404, 'not_found', `No operation at ${request.pathname}.`)
  if (request.method !== 'POST') return problemAnswer(405, 'method_not_allowed', `${request.method} is not POST.`, 'POST')
  const read = readJsonBody(request, found.body)
  if (!read.ok) return read.answer
  return { status: 200, body: await found.run(provider, read.value) }
}
