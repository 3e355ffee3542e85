import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearch } from 'wouter'
import { errorCodeOf, toApiError } from '../../../contracts/api-error'
import type * as payments from '../../../contracts/payments.contract'
import { formatDateTime, formatMoney } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { raceQueries } from '../../lib/race-queries'
import { Button } from '../../ui/button'
import { Page } from '../../ui/page'
import { Empty, Loading, QueryErrorState } from '../../ui/state'
import styles from './enrolment.module.css'
import { enrolmentQueries } from './enrolment-queries'

/** `/payment/by-link?code=...` (and the legacy `/pay_status_link`): a payment the organiser asked for by e-mail. */
export default function PaymentByLinkPage() {
  const { t } = useLingui()
  const code = new URLSearchParams(useSearch()).get('code')
  const query = useQuery({ ...enrolmentQueries.paymentByLink(code ?? ''), enabled: !!code })
  const raceId = query.data?.project_id
  const race = useQuery({ ...raceQueries.get(raceId ?? 0), enabled: raceId !== undefined }).data
  const locale = activeLocale()

  if (!code) {
    return (
      <Page title={t`Payment status by link`}>
        <Empty>{t`This address has no payment link code. Open the link from the organiser's e-mail again.`}</Empty>
      </Page>
    )
  }
  if (query.isError) {
    const { error } = query
    const code = errorCodeOf<typeof payments.byLink>(toApiError(error))
    if (code === 'request_expired') {
      return (
        <Page title={t`Request expired`}>
          <p role="alert" className={styles.alert}>
            {t`This payment link has expired and can no longer be used. Write to the organiser for a new one.`}
          </p>
          <Link href={paths.contacts}>{t`Contact the organiser`}</Link>
        </Page>
      )
    }
    if (code === 'payment_not_found') {
      return (
        <Page title={t`Payment not found`}>
          <Empty>{t`No payment has this link. Check that the address is complete, or write to the organiser.`}</Empty>
          <Link href={paths.contacts}>{t`Contact the organiser`}</Link>
        </Page>
      )
    }
    return (
      <Page title={t`Payment status by link`}>
        <QueryErrorState query={query} />
      </Page>
    )
  }
  const payment = query.data
  if (!payment) {
    return (
      <Page title={t`Payment status by link`}>
        <Loading />
      </Page>
    )
  }
  const amount = formatMoney(locale, payment.totale)
  const updated = formatDateTime(locale, payment.aggiornato)
  const what = race ? `${race.nome} ${String(race.edizione)}` : ''
  switch (payment.stato) {
    case 'success':
      return (
        <Page title={t`Payment successful`} lead={what}>
          <p role="status">{t`We received your payment of ${amount} on ${updated}. You are registered for the race.`}</p>
          <Link href={paths.myRaces}>{t`Go to my races`}</Link>
        </Page>
      )
    case 'pending':
      return (
        <Page title={t`Payment awaiting`} lead={what}>
          <p role="status">{t`We have not received this payment of ${amount} yet. If you have just paid, the confirmation can take a few minutes.`}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t`Check again`}
          </Button>
        </Page>
      )
    case 'failed':
    case 'expired':
      return (
        <Page title={t`Payment failed`} lead={what}>
          <p role="alert" className={styles.alert}>
            {t`This payment of ${amount} did not go through and you have not been charged. Write to the organiser for a new link.`}
          </p>
          <Link href={paths.contacts}>{t`Contact the organiser`}</Link>
        </Page>
      )
  }
}
