/**
 * The simulated payment provider's addresses, relative to the portal: its hosted checkout (a
 * mock-only page of the portal, src/dev) and where it sends the athlete back. A real provider's
 * pages are its own; the portal only follows the `redirect_url` and `checkout_url` the backend
 * answers (decision 026).
 */

/** The hosted checkout: `?pagamento_id=` for a card payment the portal started, `?link=` for an organiser's link. */
export const CHECKOUT_PATH = '/checkout'

export const providerPages = {
  /** The checkout of a card payment (`payments.start`'s `redirect_url`). */
  cardCheckout: (paymentId: string) => `${CHECKOUT_PATH}?pagamento_id=${encodeURIComponent(paymentId)}`,
  /**
   * The provider's page of an organiser's payment link: what the link's e-mail opens, and the
   * `checkout_url` of `payments.byLink` while the link can be paid. The code is the key; the
   * payment's id is not in the address.
   */
  linkCheckout: (code: string) => `${CHECKOUT_PATH}?link=${encodeURIComponent(code)}`,
  /** Back from a card payment's checkout: the portal's legacy return address, redirected to `/payment`. */
  cardReturn: (paymentId: string) => `/pay_status?pagamento_id=${encodeURIComponent(paymentId)}`,
  /** Back from a link's checkout, whatever happened there: the link's status page. */
  linkReturn: (code: string) => `/payment/by-link?code=${encodeURIComponent(code)}`,
}
