import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'wouter'
import type { Profile } from '../../../contracts/athlete.contract'
import type { Race } from '../../../contracts/races.contract'
import type { Transaction } from '../../../contracts/transactions.contract'
import { toEuros } from '../../../machines/enrolment/price'
import { useAthlete } from '../../lib/athlete-queries'
import { formatMoney, formatOwnMoment } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { ORGANISER } from '../../lib/organiser'
import { paths } from '../../lib/paths'
import { transactionQueries } from '../../lib/transaction-queries'
import { raceQueries } from '../../lib/race-queries'
import { Button } from '../../ui/button'
import { DefinitionList } from '../../ui/definition-list'
import { Page } from '../../ui/page'
import { Empty, Loading, QueryErrorState } from '../../ui/state'
import { hasReceipt, receiptOf, type ReceiptLine, type ReceiptRefund } from './receipt'
import styles from './receipt.module.css'
import { METHOD_LABELS, STATUS_LABELS } from './transactions'

/** `/me/transactions/{id}/receipt`: a receipt for a payment made, printable on one A4 page. */
export default function ReceiptPage() {
  const { t } = useLingui()
  const { id = '' } = useParams<{ id: string }>()
  const { profile } = useAthlete()
  const transactions = useQuery(transactionQueries.list())
  const races = useQuery(raceQueries.list('all'))

  if (transactions.isError || races.isError) {
    return (
      <Page title={t`Receipt`}>
        <QueryErrorState query={[transactions, races]} />
      </Page>
    )
  }
  if (!profile || !transactions.data || !races.data) {
    return (
      <Page title={t`Receipt`}>
        <Loading />
      </Page>
    )
  }
  const transaction = transactions.data.transazioni.find((row) => row.id === id)
  if (!transaction || !hasReceipt(transaction)) {
    return (
      <Page title={t`Receipt`}>
        <Empty>
          {transaction
            ? t`This transaction has no receipt: only payments made, or made and refunded, have one.`
            : t`You have no transaction ${id}.`}
        </Empty>
        <Link href={paths.transactions}>{t`Back to my transactions`}</Link>
      </Page>
    )
  }
  const race = races.data.gare.find((candidate) => candidate.id === transaction.gara_id) ?? null
  return <ReceiptDocument transaction={transaction} race={race} profile={profile} />
}

const LINE_LABELS: Record<Exclude<ReceiptLine['kind'], 'payment'>, MessageDescriptor> = {
  fee: msg`Race entry fee`,
  protection: msg`Protected refund option`,
  gps: msg`GPS tracker rental`,
}

function ReceiptDocument({ transaction, race, profile }: { transaction: Transaction; race: Race | null; profile: Profile }) {
  const { t, i18n } = useLingui()
  const locale = activeLocale()
  const receipt = receiptOf(transaction, race)
  const money = (cents: number) => formatMoney(locale, toEuros(cents))
  const athlete = [profile.nome, profile.cognome].filter(Boolean).join(' ') || profile.mail
  const raceName = race ? `${race.nome} ${String(race.edizione)}` : null
  const number = transaction.id
  return (
    // The transaction's number is one long word: the page wraps it rather than grow wider than a phone.
    <div className={styles.page}>
      <Page title={t`Receipt ${number}`}>
        <p className={`${styles.tools} no-print`}>
          <Button onClick={() => window.print()}>{t`Print or save as PDF`}</Button>
          <Link href={paths.transactions}>{t`Back to my transactions`}</Link>
        </p>
        <article className={styles.receipt} aria-label={t`Receipt ${number}`}>
          <div className={styles.parties}>
            <section aria-labelledby="issued-by">
              <h2 id="issued-by">{t`Issued by`}</h2>
              <p>
                <strong>{ORGANISER.name}</strong>
              </p>
              <address>
                {ORGANISER.address.map((line) => (
                  <span key={line} className={styles.line}>
                    {line}
                  </span>
                ))}
              </address>
              <p>{t`Tax code: ${ORGANISER.taxCode}`}</p>
            </section>
            <section aria-labelledby="received-from">
              <h2 id="received-from">{t`Received from`}</h2>
              <p>
                <strong>{athlete}</strong>
              </p>
              {profile.cod_fiscale ? <p>{t`Tax code: ${profile.cod_fiscale}`}</p> : null}
            </section>
          </div>
          <DefinitionList
            minColumn="10rem"
            rows={[
              [t`Transaction`, transaction.id],
              [t`Date`, <time dateTime={transaction.data}>{formatOwnMoment(locale, transaction.data)}</time>],
              [t`Payment method`, i18n._(METHOD_LABELS[transaction.metodo])],
              [t`Status`, i18n._(STATUS_LABELS[transaction.stato])],
            ]}
          />
          <table className={styles.items}>
            <caption>{raceName ? t`Enrolment in ${raceName}` : <span lang={transaction.lingua}>{transaction.descrizione}</span>}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Item`}</th>
                <th scope="col" className={styles.amount}>
                  {t`Amount`}
                </th>
              </tr>
            </thead>
            <tbody>
              {receipt.lines.map((line) => (
                <tr key={line.kind}>
                  <th scope="row" lang={line.kind === 'payment' ? transaction.lingua : undefined}>
                    {line.kind === 'payment' ? transaction.descrizione : i18n._(LINE_LABELS[line.kind])}
                  </th>
                  <td className={styles.amount}>{money(line.cents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t`Total paid`}</th>
                <td className={styles.amount}>{money(receipt.paid)}</td>
              </tr>
              {receipt.refund ? (
                <>
                  <tr>
                    <th scope="row">
                      {receipt.refund.cents < receipt.paid
                        ? t`Partly refunded on ${formatOwnMoment(locale, receipt.refund.on)}`
                        : t`Refunded on ${formatOwnMoment(locale, receipt.refund.on)}`}
                      {receipt.refund.parts ? <RefundParts parts={receipt.refund.parts} money={money} /> : null}
                    </th>
                    <td className={styles.amount}>−{money(receipt.refund.cents)}</td>
                  </tr>
                  <tr className={styles.net}>
                    <th scope="row">{t`Total after the refund`}</th>
                    <td className={styles.amount}>{money(receipt.net)}</td>
                  </tr>
                </>
              ) : null}
            </tfoot>
          </table>
          <p className={styles.note}>{t`Amounts in euros. This receipt confirms a payment received; it is not a tax invoice.`}</p>
        </article>
      </Page>
    </div>
  )
}

/** What a refund was made of, under its one amount: never a second amount that reads as a second refund. */
function RefundParts({ parts, money }: { parts: NonNullable<ReceiptRefund['parts']>; money: (cents: number) => string }) {
  const { t } = useLingui()
  return (
    <span className={styles.refundParts}>
      {parts.gps > 0 ? t`Share of the race fee, ${money(parts.fee)}, and the GPS tracker rental, ${money(parts.gps)}` : t`Share of the race fee`}
    </span>
  )
}
