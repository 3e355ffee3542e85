import { Trans, useLingui } from '@lingui/react/macro'
import { useQueries, useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import type { MyApplication } from '../../../contracts/lottery.contract'
import type { Race } from '../../../contracts/races.contract'
import { factsOf, lotteryOutcome } from '../../../machines/rules/lottery'
import { useAthlete, useSubscriptionHistory } from '../../lib/athlete-queries'
import { formatNumber, formatRaceTime } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { lotteryQueries } from '../../lib/lottery-queries'
import { paths } from '../../lib/paths'
import { raceQueries } from '../../lib/race-queries'
import { useNow } from '../../lib/use-now'
import { buttonClass } from '../../ui/button'
import styles from './my-races.module.css'

/**
 * My races' lottery applications (issue 23 point 4): for each lottery race the athlete has a place
 * or an application in, the application's number and tickets, then its outcome: waiting for the
 * draw, drawn (pay by the deadline), or on the wait list. No application shows nothing.
 */
export default function MyLottery() {
  const { t } = useLingui()
  const races = useQuery(raceQueries.list('all')).data?.gare
  const history = useSubscriptionHistory().data?.iscrizioni
  const placeIn = (race: Race) => history?.find((subscription) => subscription.project_id === race.id)
  // A PAX holder enters a lottery race directly: there is no application to ask for.
  const { profile } = useAthlete()
  const applies = profile !== null && profile.pax !== true
  const lotteryRaces = applies ? (races ?? []).filter((race) => race.lotteria && placeIn(race)) : []
  const applications = useQueries({ queries: lotteryRaces.map((race) => lotteryQueries.mine(race.id)) })
  const applied = lotteryRaces.flatMap((race, index) => {
    const application = applications[index]?.data
    return application ? [{ race, application }] : []
  })
  if (applied.length === 0) return null
  return (
    <section aria-labelledby="my-lottery" className={styles.section}>
      <h2 id="my-lottery">{t`Lottery applications`}</h2>
      <ul className={styles.list}>
        {applied.map(({ race, application }) => (
          <li key={race.id}>
            <ApplicationCard race={race} application={application} paid={placeIn(race)?.pagato === true} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function ApplicationCard({ race, application, paid }: { race: Race; application: MyApplication; paid: boolean }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const headingId = `lottery-${String(race.id)}`
  const number = formatNumber(locale, application.numero)
  const tickets = formatNumber(locale, application.biglietti)
  return (
    <article aria-labelledby={headingId} className={styles.card}>
      <h3 id={headingId} className={styles.name}>
        <Link href={paths.race(race.id)}>{`${race.nome} ${String(race.edizione)}`}</Link>
      </h3>
      <p className={styles.when}>
        <Trans>
          Application number {number}, {tickets} tickets.
        </Trans>
      </p>
      <Outcome race={race} application={application} paid={paid} />
      <p>
        <Link href={paths.lottery(race.id)} className={buttonClass(application.esito === 'estratto' ? 'primary' : 'secondary')}>
          {t`See the lottery`}
        </Link>
      </p>
    </article>
  )
}

function Outcome({ race, application, paid }: { race: Race; application: MyApplication; paid: boolean }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const now = useNow()
  const drawAt = race.lotteria ? Temporal.Instant.from(race.lotteria.estrazione).epochMilliseconds : Number.POSITIVE_INFINITY
  // The lottery page's rule (machines/rules/lottery.ts); My races reads no link, only whether the place is paid.
  const outcome = lotteryOutcome({ ...factsOf(application), payment: paid ? 'paid' : null }, { drawAt, now })
  switch (outcome.kind) {
    case 'notDrawn':
      return <p>{t`Not drawn: you are on the wait list, in the draw's order.`}</p>
    case 'paid':
      return <p>{t`Drawn, and your place is paid.`}</p>
    case 'lapsed':
    case 'confirming':
      return <p>{t`Drawn, but the time to pay ran out: the place went to the wait list.`}</p>
    case 'drawn': {
      const until = application.pagamento_scade!
      const when = formatRaceTime(locale, until)
      return (
        <p className={styles.due}>
          <Trans>
            Drawn: pay for your place by <time dateTime={until}>{when}</time>.
          </Trans>
        </p>
      )
    }
    case 'applied':
    case 'drawing': {
      const draw = race.lotteria ? formatRaceTime(locale, race.lotteria.estrazione) : ''
      return (
        <p className={styles.when}>
          <Trans>
            Waiting for the draw on <time dateTime={race.lotteria?.estrazione}>{draw}</time>.
          </Trans>
        </p>
      )
    }
  }
}
