import { Plural, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useLocation, useSearch } from 'wouter'
import { formatMoney, formatOwnMoment } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { transactionQueries } from '../../lib/transaction-queries'
import { raceQueries } from '../../lib/race-queries'
import { Button } from '../../ui/button'
import { SelectField } from '../../ui/field'
import { Page } from '../../ui/page'
import { Empty, Loading, QueryErrorState } from '../../ui/state'
import { hasReceipt } from './receipt'
import {
  filterTransactions,
  METHOD_LABELS,
  STATUS_LABELS,
  readTransactionFilter,
  TRANSACTION_STATUSES,
  transactionYears,
  writeTransactionFilter,
  type TransactionFilter,
  type TransactionStatus,
} from './transactions'
import styles from './transactions.module.css'

/** `/me/transactions`: every payment of the athlete, newest first, filtered by year and status in the address. */
export default function TransactionsPage() {
  const { t, i18n } = useLingui()
  const query = useQuery(transactionQueries.list())
  const races = useQuery(raceQueries.list('all'))
  const search = useSearch()
  const [location, navigate] = useLocation()
  const filter = readTransactionFilter(search)
  const setFilter = (next: TransactionFilter) => navigate(`${location}${writeTransactionFilter(next)}`, { replace: true })

  if (query.isError) {
    return (
      <Page title={t`My transactions`}>
        <QueryErrorState query={query} />
      </Page>
    )
  }
  if (!query.data) {
    return (
      <Page title={t`My transactions`}>
        <Loading />
      </Page>
    )
  }
  const all = query.data.transazioni
  if (all.length === 0) {
    return (
      <Page title={t`My transactions`}>
        <Empty>{t`You have no transactions yet: your payments will appear here.`}</Empty>
      </Page>
    )
  }
  const shown = filterTransactions(all, filter)
  const raceName = (id: number | null) => {
    const race = id === null ? undefined : races.data?.gare.find((candidate) => candidate.id === id)
    return race ? `${race.nome} ${String(race.edizione)}` : null
  }
  const locale = activeLocale()
  const count = shown.length
  return (
    <Page title={t`My transactions`}>
      <div className={styles.filters}>
        <SelectField label={t`Year`} value={filter.year ?? ''} onChange={(event) => setFilter({ ...filter, year: event.target.value || null })}>
          <option value="">{t`All years`}</option>
          {transactionYears(all).map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t`Status`}
          value={filter.status ?? ''}
          onChange={(event) => setFilter({ ...filter, status: (event.target.value || null) as TransactionStatus | null })}
        >
          <option value="">{t`All statuses`}</option>
          {TRANSACTION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {i18n._(STATUS_LABELS[status])}
            </option>
          ))}
        </SelectField>
      </div>
      <p role="status" className={styles.count}>
        <Plural value={count} one="# transaction shown" other="# transactions shown" />
      </p>
      {count === 0 ? (
        <div className={styles.none}>
          <p>{t`No transaction matches these filters.`}</p>
          <Button variant="secondary" onClick={() => setFilter({ year: null, status: null })}>
            {t`Clear filters`}
          </Button>
        </div>
      ) : (
        <ul className={styles.list} aria-label={t`Transactions`}>
          {shown.map((row) => {
            const race = raceName(row.gara_id)
            return (
              <li key={row.id} className={styles.row}>
                <div className={styles.main}>
                  <p className={styles.description} lang={row.lingua}>
                    {row.descrizione}
                  </p>
                  <p className={styles.meta}>
                    <time dateTime={row.data}>{formatOwnMoment(locale, row.data)}</time> · {i18n._(METHOD_LABELS[row.metodo])} · {row.id}
                  </p>
                  {race && row.gara_id !== null ? <Link href={paths.race(row.gara_id)}>{race}</Link> : null}
                  {hasReceipt(row) ? (
                    <Link href={paths.receipt(row.id)} aria-label={t`Receipt for ${row.id}`}>
                      {t`Receipt`}
                    </Link>
                  ) : null}
                </div>
                <div className={styles.side}>
                  <span className={styles.amount}>{formatMoney(locale, row.importo)}</span>
                  <span className={`${styles.status} ${styles[row.stato]}`}>{i18n._(STATUS_LABELS[row.stato])}</span>
                  {row.rimborso ? (
                    <span className={styles.refund}>
                      {row.rimborso.importo < row.importo
                        ? t`${formatMoney(locale, row.rimborso.importo)} of ${formatMoney(locale, row.importo)} back on ${formatOwnMoment(locale, row.rimborso.data)}`
                        : t`${formatMoney(locale, row.rimborso.importo)} back on ${formatOwnMoment(locale, row.rimborso.data)}`}
                    </span>
                  ) : null}
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </Page>
  )
}
