import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback } from 'react'
import { Link, useLocation } from 'wouter'
import type { Subscription } from '../../../../contracts/athlete.contract'
import type { RaceDetail } from '../../../../contracts/races.contract'
import { isActivePlace } from '../../../../machines/rules/place'
import { daysToStart } from '../../../../machines/rules/race-day'
import { refundQuote, refundSchedule, rowOn, type RefundOutlook } from '../../../../machines/rules/refund'
import { formatDate, formatMoney, formatPercent } from '../../../lib/format'
import { activeLocale } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { useSession } from '../../../lib/session'
import { Button } from '../../../ui/button'
import { DefinitionList } from '../../../ui/definition-list'
import { withRaceId } from '../../../ui/race-not-found'
import { useFocusOnMount } from '../../../ui/use-focus-on-mount'
import { ConfirmDialog, Failure, PlaceGone, PlaceScreen, Refusal } from './place-change-parts'
import styles from './place-change.module.css'
import { usePlaceChange } from './use-place-change'

/**
 * `/me/races/{id}/withdraw` (issue 23 point 1, decision 038): what the refund schedule gives back
 * today for the option chosen at enrolment, the whole schedule with today's rule marked, a
 * confirmation, then the refund with its transaction and receipt. Closed, with the reason, when the
 * schedule gives nothing or the race has started.
 */
export default withRaceId(WithdrawScreen)

function WithdrawScreen({ raceId }: { raceId: number }) {
  const { t } = useLingui()
  return (
    <PlaceScreen raceId={raceId} title={t`Withdraw from a race`}>
      {(race, subscription, openedAt) =>
        isActivePlace(subscription) ? (
          <Withdraw race={race} subscription={subscription} outlook={refundQuote(race, subscription, openedAt)} openedAt={openedAt} />
        ) : (
          <PlaceGone subscription={subscription} />
        )
      }
    </PlaceScreen>
  )
}

function Withdraw({ race, subscription, outlook, openedAt }: { race: RaceDetail; subscription: Subscription; outlook: RefundOutlook; openedAt: number }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const [location] = useLocation()
  const { askToLogIn } = useSession()
  const onSessionExpired = useCallback(() => askToLogIn(location), [askToLogIn, location])
  const change = usePlaceChange({ kind: 'withdraw', raceId: race.id, expected: outlook.quote.totale }, onSessionExpired)
  const money = (euros: number) => formatMoney(locale, euros)
  const name = `${race.nome} ${String(race.edizione)}`
  const quote = change.changedQuote ?? outlook.quote

  if (change.view === 'done') return <Withdrawn amount={change.expected ?? quote.totale} transactionId={change.transactionId} />

  return (
    <div className={styles.layout}>
      {!outlook.open ? (
        <section aria-labelledby="withdraw-closed" className={styles.card}>
          <h2 id="withdraw-closed" className={styles.heading}>{t`Withdrawal is closed`}</h2>
          <p>
            {outlook.reason === 'started'
              ? t`The race has started, so its places can no longer be withdrawn.`
              : outlook.since === null
                ? t`The refund schedule gives nothing back for the option you chose at enrolment, so there is nothing to withdraw for.`
                : t`Since ${formatDate(locale, outlook.since)} the refund schedule gives nothing back for the option you chose at enrolment, so withdrawal is closed.`}
          </p>
          <p>
            <Link href={paths.myRaces}>{t`Back to My races`}</Link>
          </p>
        </section>
      ) : (
        <section aria-labelledby="refund-today" className={styles.card}>
          <h2 id="refund-today" className={styles.heading}>
            {change.view === 'quoteChanged' ? t`The refund has changed` : t`What you get back today`}
          </h2>
          {change.view === 'quoteChanged' ? (
            <p role="alert">{t`A day has passed since this page opened, and the schedule now gives back ${money(quote.totale)}. Nothing has changed yet: confirm the new figure to withdraw.`}</p>
          ) : null}
          <p className={styles.total}>{money(quote.totale)}</p>
          <DefinitionList
            minColumn="12rem"
            rows={[
              [
                quote.opzione_rimborso === 'protetto' ? t`Share of the fee (protected refund)` : t`Share of the fee (standard refund)`,
                t`${formatPercent(locale, quote.quota_percento / 100)} of ${money(race.prezzo)}: ${money(quote.quota)}`,
              ],
              [t`GPS tracker rental`, subscription.noleggio_gps ? t`${money(quote.gps)}, refunded whole` : t`Not rented`],
            ]}
          />
          {quote.opzione_rimborso === 'protetto' ? <p className={styles.note}>{t`The protected-refund surcharge is not refunded.`}</p> : null}
          <p className={styles.note}>{t`Your place goes back to the race, or to the first athlete on its wait list. This cannot be undone.`}</p>
          <div className={styles.actions}>
            {change.view === 'quoteChanged' ? (
              <>
                <Button variant="danger" onClick={change.confirm}>{t`Withdraw and get ${money(quote.totale)} back`}</Button>
                <Button variant="secondary" onClick={change.cancel}>
                  {t`Keep my place`}
                </Button>
              </>
            ) : change.view === 'quote' || change.view === 'confirming' || change.view === 'submitting' ? (
              <Button variant="danger" onClick={change.start}>
                {t`Withdraw from this race`}
              </Button>
            ) : null}
          </div>
        </section>
      )}
      {change.view === 'refused' && change.refusal ? <Refusal code={change.refusal} /> : null}
      {change.view === 'failed' && change.failure ? <Failure failure={change.failure} change={change} /> : null}
      <Schedule race={race} subscription={subscription} daysBefore={daysToStart(race, openedAt)} />
      <ConfirmDialog change={change} title={t`Withdraw from ${name}?`} confirmLabel={t`Withdraw and get ${money(quote.totale)} back`}>
        <p>{t`You get back ${money(quote.totale)} to the card you paid with.`}</p>
        <p>{t`Your place goes back to the race. This cannot be undone.`}</p>
      </ConfirmDialog>
    </div>
  )
}

/** The whole schedule for the athlete's option, today's rule marked. */
function Schedule({ race, subscription, daysBefore }: { race: RaceDetail; subscription: Subscription; daysBefore: number }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const rows = refundSchedule(race, subscription)
  const today = rowOn(rows, daysBefore)
  return (
    <section aria-labelledby="refund-schedule" className={styles.card}>
      <h2 id="refund-schedule" className={styles.heading}>{t`The refund schedule`}</h2>
      <p className={styles.note}>{t`Days are counted on the calendar in Rome, where the race is. Race day counts as 0 days before the start.`}</p>
      <table className={styles.schedule}>
        <caption>{subscription.opzione_rimborso === 'protetto' ? t`With the protected refund you chose` : t`With the standard refund you chose`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Withdrawing`}</th>
            <th scope="col" className={styles.amount}>
              {t`Share of the fee`}
            </th>
            <th scope="col" className={styles.amount}>
              {t`You get back`}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const until = formatDate(locale, row.until)
            const when = row.from === null ? t`Until ${until}` : t`${formatDate(locale, row.from)} to ${until}`
            const isToday = row === today
            return (
              <tr key={row.giorniPrima} className={isToday ? styles.today : undefined} aria-current={isToday ? 'date' : undefined}>
                <th scope="row">
                  {when}
                  {isToday ? <span className={styles.todayMark}>{t`Today`}</span> : null}
                </th>
                <td className={styles.amount}>{formatPercent(locale, row.quote.quota_percento / 100)}</td>
                <td className={styles.amount}>{formatMoney(locale, row.quote.totale)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}

function Withdrawn({ amount, transactionId }: { amount: number; transactionId: string | null }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const ref = useFocusOnMount<HTMLElement>()
  const refunded = formatMoney(locale, amount)
  return (
    <section ref={ref} tabIndex={-1} aria-labelledby="withdrawn" className={`${styles.card} ${styles.done}`}>
      <h2 id="withdrawn" className={styles.heading}>{t`You have withdrawn`}</h2>
      <p role="status">
        <Trans>{refunded} is on its way back to the card you paid with.</Trans>
      </p>
      <ul>
        <li>
          <Link href={paths.transactions}>{t`See it in your transactions`}</Link>
        </li>
        {transactionId ? (
          <li>
            <Link href={paths.receipt(transactionId)}>{t`Open the refund receipt`}</Link>
          </li>
        ) : null}
        <li>
          <Link href={paths.myRaces}>{t`Back to My races`}</Link>
        </li>
      </ul>
    </section>
  )
}
