import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { Link, useSearch } from 'wouter'
import type { PaymentDeclineReason } from '../../../contracts/payments.contract'
import { paymentWaitMachine, paymentWaitView } from '../../../machines/enrolment/payment-wait.machine'
import { noticeForApiError } from '../../lib/api-error-notice'
import { useAthlete } from '../../lib/athlete-queries'
import { formatMoney } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { useBoundActor } from '../../lib/use-bound-actor'
import { NOTICES } from '../../lib/notices'
import { paths } from '../../lib/paths'
import { raceQueries } from '../../lib/race-queries'
import { Button, buttonClass } from '../../ui/button'
import { notify } from '../../ui/notifications'
import { Page } from '../../ui/page'
import { Empty, Loading } from '../../ui/state'
import { afterPaid, paymentWaitActors } from './enrolment-binding'
import AfterPaidLinks from './after-paid-links'
import styles from './enrolment.module.css'
import { enrolmentQueries } from './enrolment-queries'
import { usePaidEnrolment } from './paid-enrolment'
import { dropKeptWizard } from './wizard-storage'

/**
 * `/payment` (and the legacy `/pay_status`): where the provider sends the athlete back. The payment
 * settles a few seconds later, so the page first says it is confirming, then asks again with
 * growing waits (payment-wait.machine.ts, the wizard's own wait) until it is paid or failed.
 */
export default function PaymentPage() {
  const { t } = useLingui()
  const paymentId = new URLSearchParams(useSearch()).get('pagamento_id')
  if (!paymentId) {
    return (
      <Page title={t`Payment status`}>
        <Empty>{t`This link has no payment reference. If you have just paid, you will find your races in My area.`}</Empty>
        <p>
          <Link href={paths.myRaces}>{t`Go to my races`}</Link>
        </p>
      </Page>
    )
  }
  return <PaymentStatus key={paymentId} paymentId={paymentId} />
}

function PaymentStatus({ paymentId }: { paymentId: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const { profile } = useAthlete()
  const actor = useBoundActor(() => paymentWaitMachine.provide({ actors: paymentWaitActors(queryClient) }), { paymentId })
  const wait = useSelector(actor, paymentWaitView, (a, b) => a.kind === b.kind && a.failure === b.failure)
  const athleteId = profile?.id

  // Paid: the wizard kept for this race is done with, and lists and places are read again.
  useEffect(() => {
    const subscription = actor.on('paid', () => {
      afterPaid(queryClient, notify)
      const raceId = queryClient.getQueryData(enrolmentQueries.payment(paymentId).queryKey)?.project_id
      if (athleteId !== undefined && raceId !== undefined) dropKeptWizard(athleteId, raceId)
    })
    return () => subscription.unsubscribe()
  }, [actor, queryClient, paymentId, athleteId])

  switch (wait.kind) {
    case 'waiting':
      return (
        <Page title={t`Confirming your payment`}>
          <Loading label={t`We are waiting for the payment provider to confirm your payment. This usually takes a few seconds.`} />
          {wait.failure ? (
            <p role="alert" className={styles.alert}>
              {i18n._(NOTICES[noticeForApiError(wait.failure)].message)}
            </p>
          ) : null}
        </Page>
      )
    case 'stillPending':
      return (
        <Page title={t`Confirming your payment`}>
          <p role="status">{t`The provider has not confirmed your payment yet. You will not be charged twice: check again in a minute, or look at your transactions later.`}</p>
          <Button onClick={() => actor.send({ type: 'wait.retry' })}>{t`Check again`}</Button>
        </Page>
      )
    case 'notFound':
      return (
        <Page title={t`Payment not found`}>
          <Empty>{t`No payment matches this reference. If you have just paid, you will find your races in My area.`}</Empty>
          <p>
            <Link href={paths.myRaces}>{t`Go to my races`}</Link>
          </p>
        </Page>
      )
    case 'paid':
      return <PaymentSucceeded paymentId={paymentId} />
    // Only an organiser's link is payable or expires (`/payment/by-link`); a card payment never is.
    case 'unpaid':
    case 'abandoned':
    case 'payable':
    case 'expired':
      return <PaymentFailed paymentId={paymentId} />
  }
}

/** The payment's race, read once it has settled (the status holds its id). */
function usePaymentRace(paymentId: string) {
  const status = useQuery(enrolmentQueries.payment(paymentId))
  const raceId = status.data?.project_id
  const race = useQuery({ ...raceQueries.get(raceId ?? 0), enabled: raceId !== undefined })
  return { status: status.data, race: race.data }
}

function PaymentSucceeded({ paymentId }: { paymentId: string }) {
  const { t } = useLingui()
  const { status, race } = usePaymentRace(paymentId)
  const raceId = status?.project_id
  const bib = usePaidEnrolment(raceId)?.bib ?? null
  const paid = status ? formatMoney(activeLocale(), status.totale) : null

  return (
    <Page title={t`Payment successful`}>
      <div className={styles.step}>
        <p role="status">{t`You are enrolled in the race.`}</p>
        {race ? <p>{`${race.nome} ${String(race.edizione)}`}</p> : null}
        {paid ? <p>{t`Amount paid: ${paid}`}</p> : null}
        {bib !== null ? <p className={styles.bib}>{t`Your bib number: ${bib}`}</p> : null}
        {raceId !== undefined ? (
          <div className={styles.navigation}>
            <Link href={paths.subscribed(raceId)} className={buttonClass('primary')}>
              {t`See your enrolment`}
            </Link>
          </div>
        ) : null}
        {race ? (
          <AfterPaidLinks race={race} />
        ) : (
          <div className={styles.navigation}>
            <Link href={paths.myRaces} className={buttonClass('secondary')}>
              {t`Go to my races`}
            </Link>
          </div>
        )}
      </div>
    </Page>
  )
}

/** A declined card, in the words of the reason the provider gave. */
const DECLINED: Record<PaymentDeclineReason, MessageDescriptor> = {
  card_declined: msg`Your bank declined the card. You have not been charged and your enrolment is kept: try another card.`,
  insufficient_funds: msg`Your bank declined the card: insufficient funds. You have not been charged and your enrolment is kept: try another card.`,
  expired_card: msg`Your bank declined the card: it has expired. You have not been charged and your enrolment is kept: try another card.`,
  incorrect_cvc: msg`Your bank declined the card: the security code (CVC) is wrong. You have not been charged and your enrolment is kept: check it and try again, or try another card.`,
}

function PaymentFailed({ paymentId }: { paymentId: string }) {
  const { t, i18n } = useLingui()
  const { status, race } = usePaymentRace(paymentId)
  const declined = status?.stato === 'failed' ? status.motivo_rifiuto : undefined
  // The card found no place when it settled (issue 40): the place held from the race's waiting room
  // (decision 037), offered from its wait list or passed on by a transfer (decision 038) ran out
  // before the card was authorised, or the race's last place went to another athlete's payment.
  const noPlace = status?.stato === 'failed' && status.motivo !== 'already_paid' ? status.motivo : undefined
  return (
    <Page title={t`Payment failed`}>
      <div className={styles.step}>
        <p role="alert" className={styles.alert}>
          {noPlace === 'hold_expired'
            ? t`Nothing was charged: the place held for you ran out before the payment was authorised, and it went to the next athlete in line.`
            : noPlace === 'offer_expired'
              ? t`Nothing was charged: the deadline of the place offered to you passed before the payment was authorised, and it went to the next athlete in line.`
              : noPlace === 'transfer_expired'
                ? t`Nothing was charged: the place passed on to you lapsed before the payment was authorised, so it stays with the athlete who offered it.`
                : noPlace === 'sold_out'
                  ? t`Nothing was charged: the race's last place went to another athlete whose payment was confirmed first. The race is now full.`
                  : declined
              ? i18n._(DECLINED[declined])
              : t`The payment did not go through and you have not been charged. Your enrolment is kept: you can try to pay again.`}
        </p>
        {race ? <p>{`${race.nome} ${String(race.edizione)}`}</p> : null}
        {noPlace === 'hold_expired' && status ? (
          <Link href={paths.queue(status.project_id)} className={buttonClass('primary')}>
            {t`Back to the waiting room`}
          </Link>
        ) : noPlace === 'offer_expired' && status ? (
          <Link href={paths.waitList(status.project_id)} className={buttonClass('primary')}>
            {t`See the wait list`}
          </Link>
        ) : noPlace === 'transfer_expired' ? (
          <Link href={paths.myRaces} className={buttonClass('primary')}>
            {t`Go to my races`}
          </Link>
        ) : noPlace === 'sold_out' && status ? (
          <Link href={paths.race(status.project_id)} className={buttonClass('primary')}>
            {t`See the race`}
          </Link>
        ) : status ? (
          <Link href={paths.subscribe(status.project_id)} className={buttonClass('primary')}>
            {t`Try the payment again`}
          </Link>
        ) : null}
      </div>
    </Page>
  )
}
