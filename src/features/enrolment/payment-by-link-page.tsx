import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { Link, useSearch } from 'wouter'
import type { PaymentDeclineReason, PaymentLinkStatus } from '../../../contracts/payments.contract'
import { linkReading, paymentWaitMachine, paymentWaitView, type PaymentWaitView } from '../../../machines/enrolment/payment-wait.machine'
import { noticeForApiError } from '../../lib/api-error-notice'
import { athleteKeys } from '../../lib/athlete-queries'
import { dayShown, formatMoney, formatOwnMoment, formatRaceTime } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { useBoundActor } from '../../lib/use-bound-actor'
import { NOTICES } from '../../lib/notices'
import { paths } from '../../lib/paths'
import { raceKeys } from '../../lib/race-queries'
import { isTrustedAddress } from '../../lib/safe-navigation'
import { Button, buttonClass } from '../../ui/button'
import { focusScreenHeading, Page } from '../../ui/page'
import { Empty, Loading } from '../../ui/state'
import stateStyles from '../../ui/state.module.css'
import { paymentLinkWaitActors } from './enrolment-binding'
import styles from './enrolment.module.css'
import { enrolmentQueries } from './enrolment-queries'

/**
 * `/payment/by-link?code=...` (and the legacy `/pay_status_link`): the organiser's payment link,
 * anonymous (the code is the key, decision 026). It says what the link asks for (race, amount,
 * deadline) and takes the athlete to the provider's page to pay it; the provider sends the athlete
 * back here, where the page waits for its confirmation (payment-wait.machine.ts, the portal's one
 * wait) and says the outcome: paid, declined (try again while the link is open), expired, unknown.
 */
export default function PaymentByLinkPage() {
  const { t } = useLingui()
  const code = new URLSearchParams(useSearch()).get('code')
  if (!code) {
    return (
      <Page title={t`Payment link status`}>
        <Empty>{t`This address has no payment link code. Open the link from the organiser's e-mail again.`}</Empty>
      </Page>
    )
  }
  return <LinkStatus key={code} code={code} />
}

function LinkStatus({ code }: { code: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const actor = useBoundActor(() => paymentWaitMachine.provide({ actors: paymentLinkWaitActors(queryClient) }), { paymentId: code })
  const wait = useSelector(actor, paymentWaitView, (a, b) => a.kind === b.kind && a.failure === b.failure)
  // What the wait read, as the query cache keeps it: shown here, asked for only by the wait.
  const link = useQuery({ ...enrolmentQueries.paymentByLink(code), enabled: false }).data

  // Paid: the race's places and, for a signed-in athlete, their races and transactions are read again.
  useEffect(() => {
    const subscription = actor.on('paid', () => {
      void queryClient.invalidateQueries({ queryKey: raceKeys.root })
      void queryClient.invalidateQueries({ queryKey: athleteKeys.root })
    })
    return () => subscription.unsubscribe()
  }, [actor, queryClient])

  // The outcome replaces what the athlete was looking at (the wait, a "check again" that is gone):
  // the screen's heading takes focus, and the status below it has been announced.
  const shown = useRef(wait.kind)
  useEffect(() => {
    if (shown.current === wait.kind) return
    shown.current = wait.kind
    focusScreenHeading()
  }, [wait.kind])

  const { title, status, busy, action } = useDescription(wait, link)
  const failure = wait.kind === 'waiting' && wait.failure ? i18n._(NOTICES[noticeForApiError(wait.failure)].message) : null

  // The first read, with nothing to say yet (or only an earlier visit's answer, kept by the cache).
  if (wait.kind === 'waiting' && (!link || linkReading(link) !== 'pending')) {
    return (
      <Page title={t`Payment link status`}>
        <div className={styles.step}>
          <Loading />
          {failure ? (
            <p role="alert" className={styles.alert}>
              {failure}
            </p>
          ) : null}
        </div>
      </Page>
    )
  }

  return (
    <Page title={title} lead={link?.gara}>
      <div className={styles.step}>
        {/* One live region for every state of the link, so each outcome is announced. */}
        <div role="status" className={busy ? stateStyles.box : undefined}>
          {busy ? <span className={stateStyles.spinner} aria-hidden="true" /> : null}
          <p>{status}</p>
        </div>
        {failure ? (
          <p role="alert" className={styles.alert}>
            {failure}
          </p>
        ) : null}
        {action === 'checkAgain' ? (
          <div>
            <Button variant="secondary" onClick={() => actor.send({ type: 'wait.retry' })}>
              {t`Check again`}
            </Button>
          </div>
        ) : null}
        {action === 'pay' && link ? <PayAction link={link} /> : null}
        {action === 'myRaces' ? (
          <p>
            <Link href={paths.myRaces}>{t`Go to my races`}</Link>
          </p>
        ) : null}
        {action === 'contact' ? (
          <p>
            <Link href={paths.contacts}>{t`Contact the organiser`}</Link>
          </p>
        ) : null}
      </div>
    </Page>
  )
}

interface Described {
  title: string
  status: ReactNode
  /** The provider is being waited for: a spinner beside the status. */
  busy: boolean
  action: 'checkAgain' | 'pay' | 'myRaces' | 'contact' | null
}

/** What each state of the wait says, with what the link's last answer tells. */
/** The provider's reason for the card declined on the link, as the bank gave it. */
const DECLINED_ON_LINK: Record<PaymentDeclineReason, MessageDescriptor> = {
  card_declined: msg`Your bank declined the card.`,
  insufficient_funds: msg`Your bank declined the card: insufficient funds.`,
  expired_card: msg`Your bank declined the card: it has expired.`,
  incorrect_cvc: msg`Your bank declined the card: the security code (CVC) is wrong.`,
}

function useDescription(wait: PaymentWaitView, link: PaymentLinkStatus | undefined): Described {
  const { t, i18n } = useLingui()
  const locale = activeLocale()
  const amount = link ? formatMoney(locale, link.totale) : ''
  // The organiser's deadline, like a place's: in the race's zone (decision 025).
  const deadline = link?.scade ? formatRaceTime(locale, link.scade) : null
  const deadlineDay = link?.scade ? dayShown(locale, link.scade, 'race') : 0
  switch (wait.kind) {
    case 'waiting':
      return {
        title: t`Confirming your payment`,
        status: t`We are waiting for the payment provider to confirm your payment. This usually takes a few seconds.`,
        busy: true,
        action: null,
      }
    case 'stillPending':
      return {
        title: t`Confirming your payment`,
        status: t`The provider has not confirmed your payment yet. You will not be charged twice: check again in a minute, or look at your transactions later.`,
        busy: false,
        action: 'checkAgain',
      }
    case 'payable':
      if (link?.rifiutato) {
        return {
          title: t`Payment declined`,
          status: [
            link.motivo_rifiuto ? i18n._(DECLINED_ON_LINK[link.motivo_rifiuto]) : t`Your card was declined.`,
            t`You have not been charged.`,
            deadline
              ? t`${plural({ day: deadlineDay }, { other: `You can try again with another card until ${deadline}.` })}`
              : t`You can try again with another card.`,
          ].join(' '),
          busy: false,
          action: 'pay',
        }
      }
      return {
        title: t`Awaiting payment`,
        status: deadline
          ? t`${plural({ day: deadlineDay }, { other: `The organiser asks you to pay ${amount} for this race entry by ${deadline}.` })}`
          : t`The organiser asks you to pay ${amount} for this race entry.`,
        busy: false,
        action: 'pay',
      }
    case 'paid': {
      const updated = link ? formatOwnMoment(locale, link.aggiornato) : ''
      const day = link ? dayShown(locale, link.aggiornato, 'own') : 0
      return {
        title: t`Payment successful`,
        status: t`${plural(day, { other: `We received your payment of ${amount} on ${updated}. You are enrolled in the race.` })}`,
        busy: false,
        action: 'myRaces',
      }
    }
    case 'unpaid':
    case 'abandoned':
      return {
        title: t`Payment failed`,
        status:
          link?.motivo === 'already_paid'
            ? t`This payment was not taken: your place had already been paid with another payment. Any amount held on your card is released.`
            : t`This payment of ${amount} did not go through and you have not been charged. Write to the organiser for a new link.`,
        busy: false,
        action: 'contact',
      }
    case 'expired':
      return {
        title: t`Request expired`,
        status: t`This payment link has expired and can no longer be used. Write to the organiser for a new one.`,
        busy: false,
        action: 'contact',
      }
    case 'notFound':
      return {
        title: t`Payment not found`,
        status: t`No payment matches this link. Check that the address is complete, or write to the organiser.`,
        busy: false,
        action: 'contact',
      }
  }
}

/** The way to the provider's page for the link: to pay it, or to try again after a declined card. */
function PayAction({ link }: { link: PaymentLinkStatus }) {
  const { t, i18n } = useLingui()
  const amount = formatMoney(activeLocale(), link.totale)
  const url = link.checkout_url
  // A whole page load to the provider, only to an address the portal trusts.
  if (!url || !isTrustedAddress(url, window.location.origin)) {
    return (
      <p role="alert" className={styles.alert}>
        {i18n._(NOTICES.unsafe_redirect.message)}
      </p>
    )
  }
  return (
    <p>
      <a href={url} className={buttonClass('primary')}>
        {link.rifiutato ? t`Try the payment again` : t`Pay ${amount}`}
      </a>
    </p>
  )
}
