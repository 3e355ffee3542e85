import { plural } from '@lingui/core/macro'
import { Plural, useLingui } from '@lingui/react/macro'
import { Link } from 'wouter'
import { countdown } from '../../../machines/rules/registration-display'
import { dayShown, formatMoney, formatRaceTime } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { NOTICES } from '../../lib/notices'
import { paths } from '../../lib/paths'
import { buttonClass } from '../../ui/button'
import { Page } from '../../ui/page'
import { Empty, Loading, QueryErrorState } from '../../ui/state'
import styles from './my-races.module.css'
import { payPath, type OpenSubscription } from './open-subscriptions'
import { useOpenSubscriptions } from './use-open-subscriptions'

/**
 * `/me/open-subscriptions`, "Places awaiting payment": places taken and waiting for payment (and lottery
 * applications waiting for the draw), each resumed where it needs the athlete, with every answer
 * the organiser holds (decision 027).
 */
export default function OpenSubscriptionsPage() {
  const { t, i18n } = useLingui()
  const { open, complete, reads, now } = useOpenSubscriptions()

  if (reads.some((read) => read.isError)) {
    return (
      <Page title={t`Places awaiting payment`}>
        <QueryErrorState query={reads} />
      </Page>
    )
  }
  if (!complete) {
    return (
      <Page title={t`Places awaiting payment`}>
        <Loading />
      </Page>
    )
  }
  if (open.length === 0) {
    return (
      <Page title={t`Places awaiting payment`}>
        <Empty>
          <p>{i18n._(NOTICES.no_subscriptions_available.message)}</p>
          <p>
            <Link href={`${paths.home}?filter=open`} className={buttonClass('primary')}>
              {t`See the races open for registration`}
            </Link>
          </p>
        </Empty>
      </Page>
    )
  }
  return (
    <Page title={t`Places awaiting payment`}>
      <p>{t`Places you have started to book but not paid for yet. Complete each one before its deadline, or the place goes to someone else.`}</p>
      <ul className={styles.list}>
        {open.map((entry) => (
          <li key={entry.subscription.project_id}>
            <OpenCard entry={entry} now={now} />
          </li>
        ))}
      </ul>
    </Page>
  )
}

function OpenCard({ entry, now }: { entry: OpenSubscription; now: number }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const { subscription: s, race, step, deadline, lapsed, confirming } = entry
  const raceId = s.project_id
  const name = race ? `${race.nome} ${String(race.edizione)}` : t`Race ${raceId}`
  const headingId = `open-${String(raceId)}`
  const total = s.totale === null ? null : formatMoney(locale, s.totale)
  const next = {
    choices: t`Choose your options: the enrolment starts from the beginning.`,
    disclaimer: t`Sign the race's waiver, then pay.`,
    payment: total === null ? t`Pay for your place.` : t`Pay ${total} for your place.`,
    confirming: t`Your card payment is being confirmed by the bank: there is nothing more to pay.`,
    draw: t`Wait for the lottery draw: you pay only if you are drawn.`,
  }[confirming === null ? step : 'confirming']
  const action = {
    choices: t`Continue the enrolment`,
    disclaimer: t`Sign the waiver`,
    payment: total === null ? t`Pay for your place` : t`Pay ${total}`,
    confirming: t`See the payment`,
    draw: null,
  }[confirming === null ? step : 'confirming']
  return (
    <article aria-labelledby={headingId} className={styles.card}>
      <h2 id={headingId} className={styles.name}>
        {race ? <Link href={paths.race(race.id)}>{name}</Link> : name}
      </h2>
      {race ? (
        <p className={styles.when}>
          <time dateTime={race.data_evento}>{formatRaceTime(locale, race.data_evento)}</time> · {race.localita}
        </p>
      ) : null}
      <p className={styles.waits}>
        <span className={styles.waitsLabel}>{t`Next step:`}</span> {next}
      </p>
      {deadline ? (
        <p className={lapsed ? styles.error : styles.deadline}>
          {lapsed ? (
            t`${plural({ day: dayShown(locale, deadline, 'race') }, { other: `The deadline passed on ${formatRaceTime(locale, deadline)}: this place can no longer be completed.` })}`
          ) : (
            <>
              <Deadline untilMs={Date.parse(deadline) - now} />{' '}
              <span className={styles.when}>
                (<time dateTime={deadline}>{formatRaceTime(locale, deadline)}</time>)
              </span>
            </>
          )}
        </p>
      ) : null}
      {action && !lapsed ? (
        <Link href={step === 'payment' ? payPath(s, now) : paths.subscribe(raceId)} className={`${buttonClass('primary')} ${styles.action}`}>
          {action}
        </Link>
      ) : null}
    </article>
  )
}

function Deadline({ untilMs }: { untilMs: number }) {
  const { unit, count } = countdown(untilMs)
  switch (unit) {
    case 'days':
      return <Plural value={count} one="To complete within # day" other="To complete within # days" />
    case 'hours':
      return <Plural value={count} one="To complete within # hour" other="To complete within # hours" />
    case 'minutes':
      return <Plural value={count} one="To complete within # minute" other="To complete within # minutes" />
  }
}
