import { plural, select } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { Credit } from '../../../contracts/places.contract'
import type { Transaction } from '../../../contracts/transactions.contract'
import { Link } from 'wouter'
import type { Profile } from '../../../contracts/athlete.contract'
import type { Race } from '../../../contracts/races.contract'
import { placeDeadline } from '../../../machines/enrolment/eligibility'
import { certificateStatus } from '../../../machines/rules/certificate-status'
import { isApplication } from '../../../machines/rules/lottery'
import { isChangeablePlace, isHeldPlace } from '../../../machines/rules/place'
import { raceDay, raceEnd } from '../../../machines/rules/race-day'
import { useAddressedSex, useAthlete, useSubscriptionHistory } from '../../lib/athlete-queries'
import { now } from '../../lib/clock'
import { calendarDayInRome, dayShown, formatMoney, formatOwnMoment, formatRaceTime } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { placesQueries } from '../../lib/places-queries'
import { raceQueries } from '../../lib/race-queries'
import { transactionQueries } from '../../lib/transaction-queries'
import { AddToCalendar } from '../../ui/add-to-calendar'
import { buttonClass } from '../../ui/button'
import { DefinitionList } from '../../ui/definition-list'
import { Page } from '../../ui/page'
import { Empty, Loading, QueryErrorState } from '../../ui/state'
import { groupEnrolments, stillDue, type EnrolmentEntry } from './enrolments'
import styles from './my-races.module.css'
import { confirmingPayment, isLapsed, payPath } from './open-subscriptions'
import MyLottery from './my-lottery'
import MyWaitLists from './my-wait-lists'
import { Credits, PlaceActions, PlaceFate } from './place-changes'

/**
 * `/me/races`: every race the athlete entered, upcoming first, with what is still due; the places
 * they left (withdrawn, passed on, deferred) apart, with what became of them.
 */
export default function MyRacesPage() {
  const { t } = useLingui()
  const { profile } = useAthlete()
  const sex = useAddressedSex()
  const history = useSubscriptionHistory()
  const races = useQuery(raceQueries.list('all'))
  // Read only for an athlete whose places changed (issue 23): the refunds and credits they show.
  const changed = history.data?.iscrizioni.filter((s) => !isHeldPlace(s)) ?? []
  const transactions = useQuery({ ...transactionQueries.list(), enabled: changed.some((s) => s.stato !== 'rinviata') })
  const credits = useQuery({ ...placesQueries.credits(), enabled: changed.some((s) => s.stato === 'rinviata') })
  const fates = { transactions: transactions.data?.transazioni ?? [], credits: credits.data?.crediti ?? [] }

  if (history.isError || races.isError) {
    return (
      <Page title={t`My races`}>
        <QueryErrorState query={[history, races]} />
      </Page>
    )
  }
  if (!profile || !history.data || !races.data) {
    return (
      <Page title={t`My races`}>
        <Loading />
      </Page>
    )
  }
  const { upcoming, past, left } = groupEnrolments(history.data.iscrizioni, races.data.gare, now())
  if (upcoming.length + past.length + left.length === 0) {
    return (
      <Page title={t`My races`}>
        <Empty>
          <p>{t`${select(sex, { F: `You have not enrolled in any race yet.`, M: `You have not enrolled in any race yet.`, other: `You have not enrolled in any race yet.` })}`}</p>
          <p>
            <Link href={`${paths.home}?filter=open`} className={buttonClass('primary')}>
              {t`See the races open for registration`}
            </Link>
          </p>
        </Empty>
        <MyWaitLists />
      </Page>
    )
  }
  return (
    <Page title={t`My races`}>
      {upcoming.length > 0 ? (
        <section aria-labelledby="upcoming-races" className={styles.section}>
          <h2 id="upcoming-races">{t`Upcoming`}</h2>
          <ul className={styles.list}>
            {upcoming.map((entry) => (
              <li key={entry.subscription.project_id}>
                <EnrolmentCard entry={entry} profile={profile} upcoming />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <MyWaitLists />
      <MyLottery />
      {left.length > 0 ? (
        <section aria-labelledby="left-places" className={styles.section}>
          <h2 id="left-places">{t`Withdrawn, passed on or deferred`}</h2>
          <ul className={styles.list}>
            {left.map((entry) => (
              <li key={entry.subscription.project_id}>
                <LeftPlaceCard entry={entry} fates={fates} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {past.length > 0 ? (
        <section aria-labelledby="past-races" className={styles.section}>
          <h2 id="past-races">{t`Past`}</h2>
          <ul className={styles.list}>
            {past.map((entry) => (
              <li key={entry.subscription.project_id}>
                <EnrolmentCard entry={entry} profile={profile} upcoming={false} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {fates.credits.length > 0 ? <Credits credits={fates.credits} /> : null}
    </Page>
  )
}

/** What the changed places' fates are read from: the refunded lines and the credits. */
interface Fates {
  transactions: readonly Transaction[]
  credits: readonly Credit[]
}

/** A race's name (to its page, when known) and when and where it runs: the top of every card here. */
function RaceHeading({ entry, headingId }: { entry: EnrolmentEntry; headingId: string }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const { subscription, race } = entry
  const raceId = subscription.project_id
  const name = race ? `${race.nome} ${String(race.edizione)}` : t`Race ${raceId}`
  return (
    <>
      <h3 id={headingId} className={styles.name}>
        {race ? <Link href={paths.race(race.id)}>{name}</Link> : name}
      </h3>
      {race ? (
        <p className={styles.when}>
          <time dateTime={race.data_evento}>{formatRaceTime(locale, race.data_evento)}</time> · {race.localita}
        </p>
      ) : null}
    </>
  )
}

/** A place the athlete holds (paid or not): its details, what is still due, and what may be done with it. */
function EnrolmentCard({ entry, profile, upcoming }: { entry: EnrolmentEntry; profile: Profile; upcoming: boolean }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const { subscription: s, race } = entry
  const headingId = `race-${String(s.project_id)}`
  const current = now()
  const payment = s.pagato ? t`Paid` : isApplication(s) ? t`Lottery application: paid only if drawn` : t`Not paid yet`
  const rows: Array<[string, string]> = [
    [t`Bib number`, s.pettorale === null ? '—' : String(s.pettorale)],
    [t`Category`, s.categoria ?? '—'],
    [t`Payment`, payment],
    [t`Refund option`, s.opzione_rimborso === null ? '—' : s.opzione_rimborso === 'protetto' ? t`Protected` : t`Standard`],
    [t`GPS tracker`, s.noleggio_gps ? t`Rented` : t`Not rented`],
    [t`Total`, s.totale === null ? '—' : formatMoney(locale, s.totale)],
    [t`Waiver signed`, s.liberatoria_signed ? formatOwnMoment(locale, s.liberatoria_signed) : t`Not signed yet`],
  ]
  return (
    <article aria-labelledby={headingId} className={styles.card}>
      <RaceHeading entry={entry} headingId={headingId} />
      <DefinitionList minColumn="8rem" rows={rows} />
      {upcoming && race ? <StillDue entry={entry} race={race} profile={profile} /> : null}
      {upcoming && race && isChangeablePlace(s, race, current) ? <PlaceActions subscription={s} race={race} now={current} /> : null}
      {upcoming && race ? <AddToCalendar race={race} endMs={raceEnd(race)} /> : null}
      {!upcoming && race ? (
        <Link href={s.pettorale === null ? paths.ranking(race.id) : `${paths.ranking(race.id)}?mine=${String(s.pettorale)}`}>
          {s.pettorale === null ? t`See the results` : t`See the results, with yours highlighted`}
        </Link>
      ) : null}
    </article>
  )
}

/**
 * A place the athlete left: what became of it, with the refund or the credit where the data has it.
 * No bib nor payment: they were the place's, which is no entry any more.
 */
function LeftPlaceCard({ entry, fates }: { entry: EnrolmentEntry; fates: Fates }) {
  const raceId = entry.subscription.project_id
  const headingId = `race-${String(raceId)}`
  return (
    <article aria-labelledby={headingId} className={styles.card}>
      <RaceHeading entry={entry} headingId={headingId} />
      <PlaceFate
        subscription={entry.subscription}
        refund={fates.transactions.find((line) => line.gara_id === raceId && line.rimborso) ?? null}
        credit={fates.credits.find((credit) => credit.da_gara_id === raceId) ?? null}
      />
    </article>
  )
}

function StillDue({ entry, race, profile }: { entry: EnrolmentEntry; race: Race; profile: Profile }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const current = now()
  const { subscription } = entry
  const due = stillDue(subscription, certificateStatus(profile, calendarDayInRome(current)), raceDay(race), race)
  if (due.length === 0) return <p className={styles.ready}>{t`All set: nothing is due for this race.`}</p>
  // The place is resumed where it needs the athlete, with every answer kept (decision 027).
  const resume = paths.subscribe(subscription.project_id)
  const deadline = subscription.pagato ? null : placeDeadline(subscription, race, current)
  const lapsed = isLapsed(deadline, current)
  const when = deadline === null ? '' : formatRaceTime(locale, deadline)
  return (
    <div className={styles.due}>
      <p className={styles.dueTitle}>{t`Still to do`}</p>
      <ul>
        {due.map((item) => (
          <li key={item}>
            {item === 'payment' ? (
              lapsed && deadline !== null ? (
                // The words of Places to pay, where the same deadline has passed.
                <span className={styles.error}>{t`${plural({ day: dayShown(locale, deadline, 'race') }, { other: `The deadline passed on ${formatRaceTime(locale, deadline)}: this place can no longer be completed.` })}`}</span>
              ) : (
                <>
                  <Link href={payPath(subscription, current)}>{confirmingPayment(subscription, current) !== null ? t`Your card payment is being confirmed by the bank: see the payment` : t`Pay for your place`}</Link>
                  {deadline === null ? null : (
                    <span className={styles.dueWhen}>
                      <Trans>
                        Deadline: <time dateTime={deadline}>{when}</time>
                      </Trans>
                    </span>
                  )}
                </>
              )
            ) : item === 'waiver' ? (
              lapsed ? (
                t`Sign the race's waiver`
              ) : (
                <Link href={resume}>{t`Sign the race's waiver`}</Link>
              )
            ) : (
              <Link href={paths.medicalCertificate}>
                <Trans>Upload a medical certificate valid on race day and have it accepted</Trans>
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
