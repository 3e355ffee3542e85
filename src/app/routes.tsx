import type { ComponentType } from 'react'
import HomePage from '../features/races/home-page'
import { withCatalog } from '../lib/i18n'
import { paths } from '../lib/paths'
import { lazyPart } from '../ui/lazy-part'

export interface RouteDefinition {
  path: string
  requiresLogin: boolean
  Component: ComponentType
  /** Pages of the athlete's own area, shown with its navigation. */
  athleteArea?: true
}

/** The frame of the athlete's own pages (`athleteArea` routes): their navigation, with its counts. */
export const AthleteAreaFrame = lazyPart(() => import('./athlete-area'))

const ProfilePage = lazyPart(() => import('../features/profile/profile-page'))
const ContactsPage = lazyPart(() => import('../features/company/contacts-page'))
const CompanyPage = lazyPart(() => import('../features/company/company-page'))
const ConfirmAccountPage = lazyPart(() => import('../features/account/confirm-account-page'))
const RacePage = lazyPart(() => import('../features/races/race-page'))
const SubscribersPage = lazyPart(() => import('../features/races/subscribers-page'))
const RankingPage = lazyPart(() => import('../features/races/ranking-page'))
const RequestExpiredPage = lazyPart(() => import('../features/company/request-expired-page'))
const RegisterPage = lazyPart(() => import('../features/account/register-page'))
const ResetPasswordPage = lazyPart(() => import('../features/account/reset-password-page'))
const ResetEmailPage = lazyPart(() => import('../features/account/reset-email-page'))
const CertificatePage = lazyPart(() => withCatalog(import('../features/certificate/certificate-page')))
const TransactionsPage = lazyPart(() => import('../features/transactions/transactions-page'))
const ReceiptPage = lazyPart(() => import('../features/transactions/receipt-page'))
const MyRacesPage = lazyPart(() => import('../features/my-races/my-races-page'))
const OpenSubscriptionsPage = lazyPart(() => import('../features/my-races/open-subscriptions-page'))
const ExperiencePage = lazyPart(() => import('../features/experience/experience-page'))
const SubscribePage = lazyPart(() => import('./subscribe-route'))
const WaitingRoomPage = lazyPart(() => withCatalog(import('../features/queue/waiting-room-page')))
/** What follows an enrolment (issue 23): one part, with its catalog, for the six pages of its routes. */
const PlacesPage = lazyPart(() => withCatalog(import('../features/places/places-pages')))
const SubscribedPage = lazyPart(() => import('../features/enrolment/subscribed-page'))
const PaymentPage = lazyPart(() => import('../features/enrolment/payment-page'))
const PaymentByLinkPage = lazyPart(() => import('../features/enrolment/payment-by-link-page'))

/** Every screen of spec section 2 and decisions.md; the first match wins. */
export const routes: RouteDefinition[] = [
  { path: paths.home, requiresLogin: false, Component: HomePage },
  { path: paths.me, requiresLogin: true, athleteArea: true, Component: ProfilePage },
  { path: paths.myRaces, requiresLogin: true, athleteArea: true, Component: MyRacesPage },
  { path: paths.openSubscriptions, requiresLogin: true, athleteArea: true, Component: OpenSubscriptionsPage },
  { path: '/me/races/:id/:change', requiresLogin: true, athleteArea: true, Component: PlacesPage },
  { path: paths.transactions, requiresLogin: true, athleteArea: true, Component: TransactionsPage },
  // Not in the area's frame: a document to print, with its own way back.
  { path: '/me/transactions/:id/receipt', requiresLogin: true, Component: ReceiptPage },
  { path: paths.medicalCertificate, requiresLogin: true, athleteArea: true, Component: CertificatePage },
  { path: paths.experience, requiresLogin: true, athleteArea: true, Component: ExperiencePage },
  { path: paths.register, requiresLogin: false, Component: RegisterPage },
  { path: paths.payment, requiresLogin: false, Component: PaymentPage },
  { path: paths.paymentByLink, requiresLogin: false, Component: PaymentByLinkPage },
  { path: paths.confirmAccount, requiresLogin: false, Component: ConfirmAccountPage },
  { path: paths.resetPassword, requiresLogin: false, Component: ResetPasswordPage },
  { path: '/reset-email/:token', requiresLogin: false, Component: ResetEmailPage },
  { path: '/race/:id/subscribe', requiresLogin: false, Component: SubscribePage },
  { path: '/race/:id/queue', requiresLogin: true, Component: WaitingRoomPage },
  { path: '/race/:id/wait-list', requiresLogin: true, Component: PlacesPage },
  { path: '/race/:id/lottery', requiresLogin: false, Component: PlacesPage },
  { path: '/transfer/:code', requiresLogin: true, Component: PlacesPage },
  { path: '/race/:id/subscribed', requiresLogin: false, Component: SubscribedPage },
  { path: '/race/:id/ranking', requiresLogin: false, Component: RankingPage },
  { path: '/race/:id/subscribers', requiresLogin: false, Component: SubscribersPage },
  { path: '/race/:id', requiresLogin: false, Component: RacePage },
  { path: paths.contacts, requiresLogin: false, Component: ContactsPage },
  { path: paths.company, requiresLogin: false, Component: CompanyPage },
  { path: paths.requestExpired, requiresLogin: false, Component: RequestExpiredPage },
]
