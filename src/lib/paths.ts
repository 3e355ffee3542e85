/** Every path of the portal, built in one place (spec section 2 and decisions.md). */
export const paths = {
  home: '/',
  me: '/me',
  myRaces: '/me/races',
  openSubscriptions: '/me/open-subscriptions',
  transactions: '/me/transactions',
  receipt: (transactionId: string) => `/me/transactions/${encodeURIComponent(transactionId)}/receipt`,
  medicalCertificate: '/me/medical-certificate',
  experience: '/me/experience',
  register: '/register',
  payment: '/payment',
  /** One card payment's outcome, waited for (where the provider sends the athlete back). */
  paymentStatus: (paymentId: string) => `/payment?pagamento_id=${encodeURIComponent(paymentId)}`,
  paymentByLink: '/payment/by-link',
  /** The page of one organiser's payment link, by its code (decision 026). */
  paymentLink: (code: string) => `/payment/by-link?code=${encodeURIComponent(code)}`,
  confirmAccount: '/confirm-account',
  resetPassword: '/reset-password',
  resetEmail: (token: string) => `/reset-email/${encodeURIComponent(token)}`,
  race: (id: number | string) => `/race/${String(id)}`,
  subscribe: (id: number | string) => `/race/${String(id)}/subscribe`,
  subscribed: (id: number | string) => `/race/${String(id)}/subscribed`,
  /** A race's waiting room (issue 22): where its registration opens, for a race that has one. */
  queue: (id: number | string) => `/race/${String(id)}/queue`,
  /** A sold-out race's wait list: the athlete's place in it, or the place offered (issue 23). */
  waitList: (id: number | string) => `/race/${String(id)}/wait-list`,
  /** A lottery race's published lottery: rule, tickets, odds, the draw (issue 23). */
  lottery: (id: number | string) => `/race/${String(id)}/lottery`,
  /** What an athlete can do with a paid place (issue 23): withdraw from it, pass it on, defer it. */
  placeChange: (id: number | string, change: 'withdraw' | 'transfer' | 'defer') => `/me/races/${String(id)}/${change}`,
  ranking: (id: number | string) => `/race/${String(id)}/ranking`,
  subscribers: (id: number | string) => `/race/${String(id)}/subscribers`,
  contacts: '/contacts',
  company: '/company',
  requestExpired: '/request-expired',
} as const

/** The athlete's own area: `/me` and below (spec section 6), the pages that need a session. */
export function isPrivatePath(path: string): boolean {
  return path === paths.me || path.startsWith(`${paths.me}/`)
}

/** A race's enrolment wizard (`paths.subscribe`), with or without a query. */
export function isEnrolmentPath(path: string): boolean {
  return /^\/race\/\d+\/subscribe(?:[?#]|$)/.test(path)
}

/** Old addresses still linked from e-mails; the query string is kept. */
export const LEGACY_REDIRECTS: Readonly<Record<string, string>> = {
  '/reset_password': paths.resetPassword,
  '/pay_status': paths.payment,
  '/pay_status_link': paths.paymentByLink,
}

export const PRIVACY_POLICY_URL = import.meta.env.VITE_PRIVACY_POLICY_URL ?? 'https://www.pettorale.example/privacy'
