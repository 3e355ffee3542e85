import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useId, useState, type ReactNode } from 'react'
import { Link } from 'wouter'
import type { Edition, RaceDetail } from '../../../contracts/races.contract'
import { hasStarted } from '../../../machines/rules/place'
import { hasEnded, raceEnd } from '../../../machines/rules/race-day'
import { refundTiers } from '../../../machines/rules/refund'
import { registrationDisplay } from '../../../machines/rules/registration-display'
import { formatDate, formatMoney, formatNumber, formatPercent, formatRaceTime } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { useNow } from '../../lib/use-now'
import { Button } from '../../ui/button'
import { Page } from '../../ui/page'
import { Bone, Skeleton } from '../../ui/skeleton'
import { QueryErrorState } from '../../ui/state'
import { ElevationProfile, ElevationProfileSkeleton } from './elevation-profile'
import { EnrolAction } from './enrol-action'
import { useRaceStanding } from './use-race-standing'
import styles from './race-page.module.css'
import { TRAIL_TYPE_LABELS } from './race-labels'
import { isRaceNotFound, RaceNotFound, withRaceId } from '../../ui/race-not-found'
import { calendarInput, downloadRaceStart, preloadCalendar } from '../../lib/race-calendar'
import { raceQueries } from '../../lib/race-queries'
import { RegistrationBadge } from './registration-badge'
import { OrganiserText } from '../../ui/organiser-text'
import { registrationOpeningText } from '../../ui/registration-opening'
import { RefundPeriod } from '../../ui/refund-period'

// The race list's cards load it with this page, so it adds no file of its own (race-cards.tsx).
export { default as CardStanding } from './card-standing'

/** `/race/{id}`: everything about one race, what the athlete can do about entering it, and its other editions. */
export default withRaceId(RaceScreen)

function RaceScreen({ raceId: id }: { raceId: number }) {
  const { t } = useLingui()
  const query = useQuery(raceQueries.get(id))
  // The heading and lead render with the first render that has the race (cheap, and the frame may
  // already show the name: src/first-paint.js); the details render in a background render that
  // yields, never in one long task, even when the race was cached before the first render.
  const race = useDeferredValue(query.data ?? null, null)
  // A race already there when the page opens fills it in the next background render: no skeleton
  // to build and throw away in between. One that had to be waited for keeps its skeleton until then.
  const [waited] = useState(() => query.data === undefined)

  if (!query.data && query.isError && isRaceNotFound(query.error)) return <RaceNotFound />

  // One Page for every state, so the heading keeps its focus when the race arrives.
  if (query.data) {
    const locale = activeLocale()
    return (
      <Page
        title={`${query.data.nome} ${String(query.data.edizione)}`}
        lead={
          <>
            {query.data.localita} · <time dateTime={query.data.data_evento}>{formatRaceTime(locale, query.data.data_evento)}</time>
          </>
        }
      >
        {race?.id === query.data.id ? <RaceDetails race={race} /> : waited ? <RaceSkeleton /> : null}
      </Page>
    )
  }
  return (
    <Page title={t`Race details`} lead={query.isError ? undefined : <Bone width="16rem" />}>
      {query.isError ? (
        <QueryErrorState query={query} />
      ) : (
        <RaceSkeleton />
      )}
    </Page>
  )
}

function RaceDetails({ race }: { race: RaceDetail }) {
  const { t } = useLingui()
  const now = useNow()
  const standing = useRaceStanding(race, now)
  const display = registrationDisplay(race, now)
  const ids = { action: useId(), facts: useId(), profile: useId(), description: useId(), rules: useId(), links: useId(), editions: useId() }
  // What a phone shows first (registration, facts) is committed on its own; the sections below it
  // follow in a second background render, so neither commit is one long task.
  const all = useDeferredValue(true, false)

  return (
    <>
      <ul className={styles.badges} aria-label={t`Registration and category`}>
        <li>
          <RegistrationBadge display={display} />
        </li>
        {race.ammiraglia ? <li className={styles.tag}>{t`Flagship race`}</li> : null}
        {race.esperienza ? <li className={styles.tag}>{t`Experience race`}</li> : null}
        {race.qualificante ? <li className={styles.tag}>{t`Qualifying for the PAX`}</li> : null}
      </ul>
      <div className={styles.layout}>
        <section aria-labelledby={ids.action} className={`${styles.card} ${styles.action}`}>
          <h2 id={ids.action}>{t({ message: 'Registration', context: 'entering a race, not creating an account' })}</h2>
          <EnrolAction race={race} now={now} standing={standing} />
          {race.lotteria ? <Link href={paths.lottery(race.id)}>{t`The lottery: tickets, odds and the draw`}</Link> : null}
          <CalendarActions race={race} now={now} placeLeft={standing?.kind === 'placeLeft'} />
        </section>
        <div className={styles.main}>
          <section aria-labelledby={ids.facts} className={styles.card}>
            <h2 id={ids.facts}>{t`Technical information`}</h2>
            <RaceFacts race={race} />
          </section>
          {all ? (
            <>
              <section aria-labelledby={ids.profile} className={`${styles.card} ${styles.later}`}>
                <h2 id={ids.profile}>{t`Elevation profile`}</h2>
                <ElevationProfile profile={race.profilo} climbM={race.dislivello_m} raceName={`${race.nome} ${String(race.edizione)}`} />
              </section>
              <section aria-labelledby={ids.description} className={`${styles.section} ${styles.later}`}>
                <h2 id={ids.description}>{t`Description`}</h2>
                <OrganiserText text={race.descrizione} lingua={race.lingua} empty={t`The organiser has not written a description yet.`} />
              </section>
              <section aria-labelledby={ids.rules} className={`${styles.section} ${styles.later}`}>
                <h2 id={ids.rules}>{t`Rules`}</h2>
                <OrganiserText text={race.regolamento} lingua={race.lingua} empty={t`The organiser has not published the rules yet.`} />
                <RefundSchedule race={race} />
              </section>
            </>
          ) : null}
        </div>
        {all ? (
          <div className={styles.more}>
            <section aria-labelledby={ids.links} className={`${styles.card} ${styles.later}`}>
              <h2 id={ids.links}>{t`Entrants and results`}</h2>
              <RaceLinks race={race} now={now} />
            </section>
            <section aria-labelledby={ids.editions} className={`${styles.card} ${styles.later}`}>
              <h2 id={ids.editions}>{t`Other editions`}</h2>
              <OtherEditions race={race} now={now} />
            </section>
          </div>
        ) : null}
      </div>
    </>
  )
}

function Fact({ term, children, wide = false }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? styles.wide : undefined}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function RaceFacts({ race }: { race: RaceDetail }) {
  const { t, i18n } = useLingui()
  const locale = activeLocale()
  const placesLeft = Math.max(0, race.posti - race.iscritti)
  const notRated = t`Not rated`
  return (
    <dl className={styles.facts}>
      <Fact term={t`Distance`}>{formatNumber(locale, race.distanza_km, 1)} km</Fact>
      <Fact term={t`Elevation gain`}>{formatNumber(locale, race.dislivello_m)} m D+</Fact>
      <Fact term={t`Race type`}>{i18n._(TRAIL_TYPE_LABELS[race.tipo_percorso])}</Fact>
      <Fact term={t`Time limit`}>{formatNumber(locale, race.tempo_limite_ore)} h</Fact>
      <Fact term={t`Places`}>{formatNumber(locale, race.posti)}</Fact>
      <Fact term={t`Places left`}>{formatNumber(locale, placesLeft)}</Fact>
      <Fact term={t`Price`}>{formatMoney(locale, race.prezzo)}</Fact>
      <Fact term={t`Protected refund option`}>+{formatMoney(locale, race.supplemento_rimborso)}</Fact>
      <Fact term={t`GPS tracker rental`}>{formatMoney(locale, race.noleggio_gps)}</Fact>
      <Fact term={t`Registration opens`}>{registrationOpeningText(i18n, locale, race.apertura_iscrizioni)}</Fact>
      <Fact term={t`Registration closes`}>{formatRaceTime(locale, race.chiusura_iscrizioni)}</Fact>
      <Fact term={t`Category`}>{race.categoria}</Fact>
      <Fact term={t`ITRA score`}>
        {race.itra === null ? notRated : <Plural value={race.itra} one="# ITRA point" other="# ITRA points" />}
      </Fact>
      <Fact term={t`ITRA mountain level`}>
        {race.punti === null ? notRated : <Plural value={race.punti} one="# point" other="# points" />}
      </Fact>
      <Fact term={t`Minimum age`}>
        <Plural value={race.eta_minima} one="# year" other="# years" />
      </Fact>
      <Fact term={t`Entry`} wide>
        {race.ammissione === 'lotteria' ? (
          <Trans>
            By lottery: places are drawn among the applicants, and holders of a PAX (earned in qualifying experience
            races) enter directly, without the draw.
          </Trans>
        ) : (
          <Trans>Direct: places go to athletes in the order they complete their registration, until the race is full.</Trans>
        )}
      </Fact>
    </dl>
  )
}

/**
 * The refund schedule the rules refer to: what a withdrawal gives back, by days before the start,
 * with each option, tier by tier as the wizard's refund step lists them (`refundTiers`).
 */
function RefundSchedule({ race }: { race: RaceDetail }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const percent = (share: number) => formatPercent(locale, share / 100)
  return (
    <div className={styles.refunds}>
      <table className={styles.refundTable}>
        <caption>{t`Refund schedule`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Withdrawal`}</th>
            <th scope="col">{t`Standard`}</th>
            <th scope="col">{t`Protected`}</th>
          </tr>
        </thead>
        <tbody>
          {refundTiers(race).map((tier) => (
            <tr key={tier.giorniPrima}>
              <th scope="row">
                <RefundPeriod from={tier.giorniPrima} until={tier.untilDays} />
              </th>
              <td className={styles.share}>{percent(tier.quotes.standard.quota_percento)}</td>
              <td className={styles.share}>{percent(tier.quotes.protetto.quota_percento)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.hint}>
        {t`Shares of the race fee. The surcharge for the protected option is not refunded; a GPS rental you do not collect always is.`}
      </p>
    </div>
  )
}

/**
 * "Add to calendar" for a race still to start, unless the athlete left their place in it (`placeLeft`:
 * the start is no date of theirs any more), and, while registration is still to open, a reminder
 * for the opening. The calendar code loads only when asked for (decision 016).
 */
function CalendarActions({ race, now, placeLeft }: { race: RaceDetail; now: number; placeLeft: boolean }) {
  const { t } = useLingui()
  const [failed, setFailed] = useState(false)
  const [busy, setBusy] = useState(false)
  const upcoming = !hasStarted(race, now) && !placeLeft
  const opening = registrationDisplay(race, now).kind === 'opening'
  if (!upcoming && !opening) return null

  const name = `${race.nome} ${String(race.edizione)}`

  async function save(kind: 'start' | 'registration') {
    if (busy) return
    setBusy(true)
    setFailed(false)
    try {
      if (kind === 'start') {
        await downloadRaceStart(race, raceEnd(race))
      } else {
        const calendar = await import('../../lib/calendar')
        const text = calendar.registrationOpeningCalendar({
          ...calendarInput(race),
          summary: t`Registration opens: ${name}`,
          alarmText: t`Registration for ${name} opens in one hour.`,
        })
        calendar.downloadCalendar(calendar.calendarFileName(race, 'registration'), text)
      }
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={styles.calendar} onPointerEnter={preloadCalendar} onFocus={preloadCalendar}>
      {upcoming ? (
        <Button variant="secondary" aria-busy={busy} onClick={() => void save('start')}>
          {t`Add to calendar`}
        </Button>
      ) : null}
      {opening ? (
        <Button variant="secondary" aria-busy={busy} onClick={() => void save('registration')}>
          {t`Remind me when registration opens`}
        </Button>
      ) : null}
      {failed ? (
        <p role="alert" className={styles.calendarError}>
          {t`The calendar file could not be prepared. Check your connection, then try again.`}
        </p>
      ) : null}
    </div>
  )
}

function RaceLinks({ race, now }: { race: RaceDetail; now: number }) {
  const { t } = useLingui()
  const ended = hasEnded(race, now)
  return (
    <ul className={styles.links}>
      <li>
        <Link href={paths.subscribers(race.id)}>{t`Entry list`}</Link>
        <span className={styles.hint}>
          <Plural value={race.iscritti} one="# athlete entered" other="# athletes entered" />
        </span>
      </li>
      <li>
        <Link href={paths.ranking(race.id)}>{t`Results`}</Link>
        {ended ? null : <span className={styles.hint}>{t`Published after the race.`}</span>}
      </li>
    </ul>
  )
}

/** The course's other editions, newest first (the backend's order): each to its page, the run ones to their ranking. */
function OtherEditions({ race, now }: { race: RaceDetail; now: number }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const others = race.edizioni.filter((edition) => edition.id !== race.id)
  if (others.length === 0) return <p className={styles.muted}>{t`This is the first edition of the course.`}</p>
  // The course's time limit tells when an edition has been run and so has a ranking.
  const run = (edition: Edition) => hasEnded({ ...edition, tempo_limite_ore: race.tempo_limite_ore }, now)
  return (
    <ul className={styles.editions}>
      {others.map((edition) => {
        const year = String(edition.edizione)
        return (
          <li key={edition.id}>
            <span className={styles.edition}>
              <Link href={paths.race(edition.id)} className={styles.editionName}>
                {t`Edition ${year}`}
              </Link>
              <span className={styles.editionDate}>{formatDate(locale, edition.data_evento)}</span>
            </span>
            {run(edition) ? (
              <Link href={paths.ranking(edition.id)} aria-label={t`${year} results`}>
                {t`Results`}
              </Link>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}

/** The page's final layout in grey while the race loads: same blocks, same heights. */
function RaceSkeleton() {
  const { t } = useLingui()
  return (
    <Skeleton label={t`Loading race details…`}>
      <div className={styles.badges}>
        <Bone width="11rem" height="1.75rem" />
      </div>
      <div className={styles.layout}>
        <div className={`${styles.card} ${styles.action}`}>
          <Bone width="8rem" height="1.5rem" />
          <Bone height="2.75rem" />
          <Bone width="80%" />
          <div className={styles.calendar}>
            <Bone height="2.75rem" />
          </div>
        </div>
        <div className={styles.main}>
          <div className={styles.card}>
            <Bone width="14rem" height="1.5rem" />
            <div className={styles.facts}>
              {Array.from({ length: 15 }, (_, index) => (
                <div key={index}>
                  <Bone width="60%" height="1.3125rem" />
                  <Bone width="80%" />
                </div>
              ))}
              <div className={styles.wide}>
                <Bone width="20%" height="1.3125rem" />
                <Bone />
              </div>
            </div>
          </div>
          <div className={styles.card}>
            <Bone width="12rem" height="1.5rem" />
            <ElevationProfileSkeleton />
          </div>
          <div className={`${styles.section} ${styles.skeletonStack}`}>
            <Bone width="9rem" height="1.5rem" />
            <Bone />
            <Bone />
            <Bone width="60%" />
          </div>
        </div>
        <div className={styles.more}>
          <div className={styles.card}>
            <Bone width="12rem" height="1.5rem" />
            <Bone width="9rem" height="2.75rem" />
            <Bone width="9rem" height="2.75rem" />
          </div>
        </div>
      </div>
    </Skeleton>
  )
}
