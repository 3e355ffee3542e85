import { useLingui } from '@lingui/react/macro'
import { Link } from 'wouter'
import type { Subscription } from '../../../contracts/athlete.contract'
import type { Credit } from '../../../contracts/places.contract'
import type { Race } from '../../../contracts/races.contract'
import type { Transaction } from '../../../contracts/transactions.contract'
import { transferWindow } from '../../../machines/rules/place'
import { deferOutlook } from '../../../machines/rules/refund'
import { formatMoney, formatOwnMoment, formatRaceTime } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import styles from './my-races.module.css'

/**
 * What an athlete may do with a paid place they hold (issue 23): withdraw (the page says what the
 * schedule gives back, or why it is closed), pass it on, defer it; where the race does not allow the
 * last two, or their deadline passed, it says so instead of a link.
 */
export function PlaceActions({ subscription, race, now }: { subscription: Subscription; race: Race; now: number }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const transfer = transferWindow(race, now)
  const deferral = deferOutlook(race, now)
  const offered = subscription.cessione
  return (
    <div className={styles.changes}>
      <p className={styles.changesTitle}>{t`Can't make it?`}</p>
      <ul>
        <li>
          <Link href={paths.placeChange(race.id, 'withdraw')}>{t`Withdraw`}</Link>
        </li>
        <li>
          {offered ? (
            <>
              <Link href={paths.placeChange(race.id, 'transfer')}>{t`Pass my place on`}</Link>
              <span className={styles.changeNote}>{t`Offered to ${offered.a} until ${formatRaceTime(locale, offered.scade)}`}</span>
            </>
          ) : transfer.open ? (
            <Link href={paths.placeChange(race.id, 'transfer')}>{t`Pass my place on`}</Link>
          ) : (
            <span className={styles.changeNote}>
              {transfer.reason === 'not_allowed'
                ? t`This race does not allow passing a place on.`
                : transfer.reason === 'deadline_passed'
                  ? t`Passing a place on closed on ${formatRaceTime(locale, transfer.until)}.`
                  : t`The race has started.`}
            </span>
          )}
        </li>
        <li>
          {deferral.open ? (
            <Link href={paths.placeChange(race.id, 'defer')}>{t`Defer to next year`}</Link>
          ) : (
            <span className={styles.changeNote}>
              {deferral.reason === 'not_allowed'
                ? t`This race does not allow deferring a place to next year.`
                : deferral.reason === 'deadline_passed'
                  ? t`Deferring closed on ${formatRaceTime(locale, deferral.until)}.`
                  : t`The race has started.`}
            </span>
          )}
        </li>
      </ul>
    </div>
  )
}

/** What became of a paid place the athlete no longer holds, with the money that went back or the credit. */
export function PlaceFate({ subscription, refund, credit }: { subscription: Subscription; refund: Transaction | null; credit: Credit | null }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const refunded = refund?.rimborso ? formatMoney(locale, refund.rimborso.importo) : null
  const text =
    subscription.stato === 'rinviata'
      ? credit
        ? t`Deferred: a credit of ${formatMoney(locale, credit.importo)} for the ${String(credit.edizione)} edition.`
        : t`Deferred to the next edition.`
      : subscription.stato === 'ceduta'
        ? refunded
          ? t`Passed on to another athlete: ${refunded} refunded.`
          : t`Passed on to another athlete.`
        : refunded
          ? t`Withdrawn: ${refunded} refunded.`
          : t`Withdrawn.`
  return (
    <div className={styles.fate}>
      <p>{text}</p>
      {refund?.rimborso ? <Link href={paths.receipt(refund.id)}>{t`Refund receipt`}</Link> : null}
    </div>
  )
}

/** The athlete's credits from deferred places (`places.credits`). */
export function Credits({ credits }: { credits: readonly Credit[] }) {
  const { t } = useLingui()
  const locale = activeLocale()
  return (
    <section aria-labelledby="credits" className={styles.section}>
      <h2 id="credits">{t`Credits`}</h2>
      <ul className={styles.list}>
        {credits.map((credit) => (
          <li key={credit.id} className={styles.card}>
            <p className={styles.creditName}>{`${credit.gara} ${String(credit.edizione)}`}</p>
            <p className={styles.creditAmount}>{formatMoney(locale, credit.importo)}</p>
            <p className={styles.when}>
              {credit.stato === 'disponibile'
                ? t`Available for the ${String(credit.edizione)} edition, from a place deferred on ${formatOwnMoment(locale, credit.creato)}.`
                : t`Used.`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}
