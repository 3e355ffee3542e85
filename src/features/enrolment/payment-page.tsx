import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { Link, useSearch } from 'wouter'
import { fromPromise } from 'xstate'
import * as payments from '../../../contracts/payments.contract'
import { paymentStatusMachine } from '../../../machines/enrolment/payment-status.machine'
import { callApi } from '../../lib/api-client'
import { noticeForApiError } from '../../lib/api-error-notice'
import { athleteQueries, useAthlete } from '../../lib/athlete-queries'
import { now } from '../../lib/clock'
import { calendarDayInRome, formatMoney } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { NOTICES } from '../../lib/notices'
import { paths } from '../../lib/paths'
import { raceQueries } from '../../lib/race-queries'
import { Button, buttonClass } from '../../ui/button'
import { Page } from '../../ui/page'
import { Empty, ErrorState, Loading } from '../../ui/state'
import styles from './enrolment.module.css'
import { enrolmentQueries } from './enrolment-queries'
import { dropWizard } from './wizard-storage'

/**
 * `/payment` (and the legacy `/pay_status`): where the provider sends the athlete back. The payment
 * settles a few seconds later, so the page first says it is confirming, then asks again with
 * growing waits (payment-status.machine.ts) until it is paid or failed.
 */
export default function PaymentPage() {
  const { t } = useLingui()
  const paymentId = new URLSearchParams(useSearch()).get('pagamento_id')
  if (!paymentId) {
    return (
      <Page title={t`Payment status`}>
        <Empty>{t`This address has no payment reference. If you have just paid, your races are in your area.`}</Empty>
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
  const actor = useActorRef(
    paymentStatusMachine.provide({
      actors: {
        readStatus: fromPromise(async ({ input, signal }: { input: { paymentId: string }; signal: AbortSignal }) => {
          const result = await callApi(payments.status, { params: { id: input.paymentId }, signal })
          if (!result.ok) throw result.error
          return result.data.stato
        }),
      },
    }),
    { input: { paymentId } },
  )
  const value = useSelector(actor, (snapshot) => snapshot.value)
  const { state, failure } = useSelector(actor, (snapshot) => snapshot.context)

  switch (value) {
    case 'reading':
    case 'waiting':
      return (
        <Page title={t`Confirming your payment`}>
          <Loading label={t`We are waiting for the payment provider to confirm your payment. This usually takes a few seconds.`} />
        </Page>
      )
    case 'stillPending':
      return (
        <Page title={t`Confirming your payment`}>
          <p role="status">{t`The provider has not confirmed your payment yet. You will not be charged twice: check again in a minute, or look at your transactions later.`}</p>
          <Button onClick={() => actor.send({ type: 'status.retry' })}>{t`Check again`}</Button>
        </Page>
      )
    case 'failed':
      return (
        <Page title={t`Payment status`}>
          <ErrorState message={failure ? i18n._(NOTICES[noticeForApiError(failure)].message) : ''} onRetry={() => actor.send({ type: 'status.retry' })} />
        </Page>
      )
    case 'notFound':
      return (
        <Page title={t`Payment not found`}>
          <Empty>{t`No payment has this reference. If you have just paid, your races are in your area.`}</Empty>
          <p>
            <Link href={paths.myRaces}>{t`Go to my races`}</Link>
          </p>
        </Page>
      )
    default:
      return state === 'success' ? <PaymentSucceeded paymentId={paymentId} /> : <PaymentFailed paymentId={paymentId} />
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
  const queryClient = useQueryClient()
  const { profile } = useAthlete()
  const { status, race } = usePaymentRace(paymentId)
  const history = useQuery({ ...athleteQueries.subscriptions(profile?.id ?? 0, calendarDayInRome(now())), enabled: profile !== null && !!status })
  const raceId = status?.project_id
  const bib = history.data?.iscrizioni.find((s) => s.project_id === raceId)?.pettorale ?? null
  const paid = status ? formatMoney(activeLocale(), status.totale) : null

  useEffect(() => {
    // Paid: the wizard kept for this race is done with, and lists and places are read again.
    if (profile && raceId !== undefined) dropWizard(profile.id, raceId)
    void queryClient.invalidateQueries({ queryKey: ['races'] })
    void queryClient.invalidateQueries({ queryKey: ['athlete'] })
  }, [profile, raceId, queryClient])

  return (
    <Page title={t`Payment successful`}>
      <div className={styles.step}>
        <p role="status">{t`You are registered for the race.`}</p>
        {race ? <p>{`${race.nome} ${String(race.edizione)}`}</p> : null}
        {paid ? <p>{t`Amount paid: ${paid}`}</p> : null}
        {bib !== null ? <p className={styles.bib}>{t`Your bib number: ${bib}`}</p> : null}
        <div className={styles.navigation}>
          {raceId !== undefined ? (
            <Link href={paths.subscribed(raceId)} className={buttonClass('primary')}>
              {t`See your enrolment`}
            </Link>
          ) : null}
          <Link href={paths.myRaces} className={buttonClass('secondary')}>
            {t`Go to my races`}
          </Link>
        </div>
      </div>
    </Page>
  )
}

function PaymentFailed({ paymentId }: { paymentId: string }) {
  const { t } = useLingui()
  const { status, race } = usePaymentRace(paymentId)
  return (
    <Page title={t`Payment failed`}>
      <div className={styles.step}>
        <p role="alert" className={styles.alert}>
          {t`The payment did not go through and you have not been charged. Your enrolment is kept: you can pay again with another attempt.`}
        </p>
        {race ? <p>{`${race.nome} ${String(race.edizione)}`}</p> : null}
        {status ? (
          <Link href={paths.subscribe(status.project_id)} className={buttonClass('primary')}>
            {t`Try the payment again`}
          </Link>
        ) : null}
      </div>
    </Page>
  )
}
