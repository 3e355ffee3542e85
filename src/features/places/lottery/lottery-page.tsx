import { plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useId, useMemo, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { errorCodeOf, toApiError } from '../../../../contracts/api-error'
import { MAX_COUNTED_PREVIOUS, ticketsFor } from '../../../../contracts/lottery-draw'
import type * as lotteryContract from '../../../../contracts/lottery.contract'
import type { Lottery, MyApplication } from '../../../../contracts/lottery.contract'
import type { LotteryRule } from '../../../../contracts/races.contract'
import { DAY_MS, HOUR_MS } from '../../../../contracts/time'
import type { LotteryView } from '../../../../machines/places/lottery.machine'
import { estimateOdds, ODDS_RUNS, type TicketOdds } from '../../../../machines/rules/lottery-odds'
import { formatNumber, formatPercent, formatRaceTime } from '../../../lib/format'
import { activeLocale } from '../../../lib/i18n'
import { lotteryQueries } from '../../../lib/lottery-queries'
import { paths } from '../../../lib/paths'
import { raceQueries } from '../../../lib/race-queries'
import { useSession } from '../../../lib/session'
import { Button, buttonClass } from '../../../ui/button'
import { Countdown } from '../../../ui/countdown'
import { Page } from '../../../ui/page'
import { isRaceNotFound, RaceNotFound, withRaceId } from '../../../ui/race-not-found'
import { ErrorState, Loading, QueryErrorState } from '../../../ui/state'
import { VerifyByScript } from '../../../ui/verify-by-script'
import styles from './lottery.module.css'
import { useLottery, type Announcement, type LotteryApplication } from './use-lottery'

/**
 * `/race/{id}/lottery` (issue 23 point 4, decision 038): a lottery race's published lottery, for
 * anyone. The rule in words, the places, applications and tickets so far, the commitment to the
 * seed, the odds by tickets estimated by simulation, the signed-in athlete's application and its
 * outcome, the published list by application number, and after the draw the seed, the order and
 * how to recompute it.
 */
export default withRaceId(LotteryScreen)

/** Rows of the published list shown at a time: 1,500 applications are 15 pages. */
const PAGE_SIZE = 100

function LotteryScreen({ raceId }: { raceId: number }) {
  const { t } = useLingui()
  const race = useQuery(raceQueries.get(raceId))
  const lottery = useQuery(lotteryQueries.get(raceId))
  if (race.isError && isRaceNotFound(race.error)) return <RaceNotFound />
  const name = race.data ? `${race.data.nome} ${String(race.data.edizione)}` : undefined
  if (lottery.isError && errorCodeOf<typeof lotteryContract.get>(toApiError(lottery.error)) === 'no_lottery') {
    return (
      <Page title={t`Lottery`} lead={name}>
        <p>{t`This race is entered directly: it has no lottery.`}</p>
        <Link href={paths.race(raceId)}>{t`Back to the race`}</Link>
      </Page>
    )
  }
  if (!race.data?.lotteria || !lottery.data) {
    return <Page title={t`Lottery`}>{race.isError || lottery.isError ? <QueryErrorState query={[race, lottery]} /> : <Loading />}</Page>
  }
  return <LotteryDetails raceId={raceId} rule={race.data.lotteria} lottery={lottery.data} name={name!} />
}

function LotteryDetails({ raceId, rule, lottery, name }: { raceId: number; rule: LotteryRule; lottery: Lottery; name: string }) {
  const { t } = useLingui()
  // Simulated only while there is a draw to come (some 40 ms for the flagship's list).
  const drawn = lottery.stato === 'estratta'
  const odds = useMemo(() => (drawn ? [] : estimateOdds(lottery.domande, lottery.posti)), [drawn, lottery.domande, lottery.posti])
  const ids = { rule: useId(), mine: useId(), commitment: useId(), odds: useId(), list: useId(), check: useId() }
  return (
    <Page title={t`Lottery`} lead={name}>
      <div className={styles.layout}>
        <section aria-labelledby={ids.rule} className={styles.card}>
          <h2 id={ids.rule}>{t`How the places are drawn`}</h2>
          <Rule rule={rule} lottery={lottery} />
          <Figures lottery={lottery} />
        </section>
        <section aria-labelledby={ids.mine} className={`${styles.card} ${styles.accent}`}>
          <h2 id={ids.mine}>{t`Your application`}</h2>
          <Mine raceId={raceId} rule={rule} lottery={lottery} odds={odds} />
        </section>
        {drawn ? null : (
          <section aria-labelledby={ids.odds} className={styles.card}>
            <h2 id={ids.odds}>{t`Odds by tickets`}</h2>
            <OddsTable odds={odds} lottery={lottery} />
          </section>
        )}
        <section aria-labelledby={ids.commitment} className={styles.card}>
          <h2 id={ids.commitment}>{t`A draw anyone can check`}</h2>
          <Commitment lottery={lottery} />
        </section>
        <section aria-labelledby={ids.list} className={`${styles.card} ${styles.wide}`}>
          <h2 id={ids.list}>{t`The published list`}</h2>
          <PublishedList lottery={lottery} />
        </section>
        {drawn ? (
          <section aria-labelledby={ids.check} className={styles.card}>
            <h2 id={ids.check}>{t`Recompute the draw yourself`}</h2>
            <HowToCheck raceId={raceId} lottery={lottery} />
          </section>
        ) : null}
      </div>
    </Page>
  )
}

function Rule({ rule, lottery }: { rule: LotteryRule; lottery: Lottery }) {
  const locale = activeLocale()
  const closes = formatRaceTime(locale, rule.chiude)
  const draw = formatRaceTime(locale, rule.estrazione)
  const places = formatNumber(locale, rule.posti)
  const cap = ticketsFor(rule.regola, MAX_COUNTED_PREVIOUS)
  return (
    <ul className={styles.how}>
      <li>
        <Trans>
          Applications are taken until <time dateTime={rule.chiude}>{closes}</time>; the draw is on <time dateTime={rule.estrazione}>{draw}</time>, for {places} places.
        </Trans>
      </li>
      <li>
        <Trans>
          A first application has one ticket. Each earlier application to this race that was not drawn doubles it: 2 tickets after one, 4 after two, 8 after three, up to {cap}.
        </Trans>
      </li>
      <li>
        <Plural
          value={rule.pagamento_ore}
          one="The drawn are sent a payment link and have # hour to pay; the others go on the wait list in the order they were drawn."
          other="The drawn are sent a payment link and have # hours to pay; the others go on the wait list in the order they were drawn."
        />
      </li>
      {lottery.stato === 'aperta' ? null : (
        <li>{lottery.stato === 'chiusa' ? <Trans>Applications are closed: the draw is next.</Trans> : <Trans>The draw has been made.</Trans>}</li>
      )}
    </ul>
  )
}

function Figures({ lottery }: { lottery: Lottery }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const tickets = lottery.domande.reduce((sum, application) => sum + application.biglietti, 0)
  return (
    <dl className={styles.figures}>
      <div className={styles.figure}>
        <dt>{t`Places drawn`}</dt>
        <dd className={styles.big}>{formatNumber(locale, lottery.posti)}</dd>
      </div>
      <div className={styles.figure}>
        <dt>{t`Applications`}</dt>
        <dd className={styles.big}>{formatNumber(locale, lottery.domande.length)}</dd>
      </div>
      <div className={styles.figure}>
        <dt>{t`Tickets`}</dt>
        <dd className={styles.big}>{formatNumber(locale, tickets)}</dd>
      </div>
    </dl>
  )
}

/** The chance as a percentage with the simulation's margin, in points: "27% ± 1 point". */
function Chance({ odds }: { odds: TicketOdds }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const chance = formatPercent(locale, odds.probabilita)
  const points = Math.max(1, Math.ceil(odds.margine * 100))
  return <span className="tabular">{t`${chance} ± ${plural(points, { one: '# point', other: '# points' })}`}</span>
}

function OddsTable({ odds, lottery }: { odds: TicketOdds[]; lottery: Lottery }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const captionId = useId()
  const runs = formatNumber(locale, ODDS_RUNS)
  return (
    <>
      <p>
        <Trans>
          Estimated by drawing the current applications {runs} times with other seeds; they change as applications come in. The margin covers 95% of what the simulation could give.
        </Trans>
      </p>
      {/* Scrolled sideways on a narrow screen: focusable, so the keyboard can scroll it too. */}
      <div className={styles.scroll} role="group" aria-labelledby={captionId} tabIndex={0}>
        <table className={styles.table} aria-describedby={captionId}>
          <caption id={captionId} className={styles.caption}>
            {t`Chance of being drawn, by tickets held`}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t`Tickets`}</th>
              <th scope="col">{t`Applications`}</th>
              <th scope="col">{t`Chance of a place`}</th>
            </tr>
          </thead>
          <tbody>
            {odds.map((row) => (
              <tr key={row.biglietti}>
                <th scope="row" className="tabular">
                  {formatNumber(locale, row.biglietti)}
                </th>
                <td className="tabular">{formatNumber(locale, row.domande)}</td>
                <td>
                  <Chance odds={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {lottery.domande.length <= lottery.posti ? <p>{t`There are no more applications than places: every application will be drawn.`}</p> : null}
    </>
  )
}

function Mine({ raceId, rule, lottery, odds }: { raceId: number; rule: LotteryRule; lottery: Lottery; odds: TicketOdds[] }) {
  const { t } = useLingui()
  const { status, askToLogIn } = useSession()
  const [location] = useLocation()
  if (status !== 'loggedIn') {
    return (
      <>
        <p>{t`Log in to see your application, its tickets and your chance.`}</p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => askToLogIn(location)}>
            {t`Log in`}
          </Button>
        </div>
      </>
    )
  }
  return <Application raceId={raceId} rule={rule} lottery={lottery} odds={odds} />
}

/** The signed-in athlete's application: its machine says what to show; its figures are the cache's. */
function Application({ raceId, rule, lottery, odds }: { raceId: number; rule: LotteryRule; lottery: Lottery; odds: TicketOdds[] }) {
  const { t } = useLingui()
  const { askToLogIn } = useSession()
  const [location] = useLocation()
  const onSessionExpired = useCallback(() => askToLogIn(location), [askToLogIn, location])
  const application = useLottery(raceId, Temporal.Instant.from(rule.estrazione).epochMilliseconds, onSessionExpired)
  const mine = useQuery(lotteryQueries.mine(raceId)).data
  switch (application.view) {
    case 'reading':
      return <Loading label={t`Reading your application…`} />
    case 'notApplied':
      return (
        <>
          <p>{lottery.stato === 'aperta' ? t`You have not applied. Applying is enrolling in the race: your place is drawn rather than paid at once.` : t`You did not apply to this lottery.`}</p>
          {lottery.stato === 'aperta' ? (
            <div className={styles.actions}>
              <Link href={paths.subscribe(raceId)} className={buttonClass('primary')}>
                {t`Apply`}
              </Link>
            </div>
          ) : null}
        </>
      )
    case 'failed':
      return <ErrorState message={failureText(t, application.failure)} onRetry={application.retry} />
    case 'sessionExpired':
      return <p>{t`Your session has ended. Log in again to see your application.`}</p>
  }
  // The machine has read the application: the cache holds it for the figures.
  if (!mine) return <Loading label={t`Reading your application…`} />
  const chance = odds.find((row) => row.biglietti === mine.biglietti)
  return <ApplicationDetails raceId={raceId} application={mine} view={application.view} outcome={application} odds={chance} />
}

function failureText(t: ReturnType<typeof useLingui>['t'], failure: LotteryApplication['failure']): string {
  switch (failure) {
    case 'offline':
      return t`You seem to be offline: your application could not be read.`
    case 'busy':
      return t`Many athletes are asking at once: your application could not be read just now.`
    case 'trouble':
    case null:
      return t`Your application could not be read just now.`
  }
}

/** The views of an outcome read: the others are the application's section as a whole. */
type OutcomeView = Exclude<LotteryView, 'reading' | 'notApplied' | 'failed' | 'sessionExpired'>

interface DetailsProps {
  raceId: number
  application: MyApplication
  view: OutcomeView
  outcome: LotteryApplication
}

function ApplicationDetails({ odds, ...props }: DetailsProps & { odds: TicketOdds | undefined }) {
  const { application, view, outcome } = props
  const { t } = useLingui()
  const locale = activeLocale()
  const number = formatNumber(locale, application.numero)
  return (
    <>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>{t`Application number`}</dt>
          <dd className={styles.big}>{number}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t`Your tickets`}</dt>
          <dd className={styles.big}>{formatNumber(locale, application.biglietti)}</dd>
        </div>
        {view === 'applied' ? (
          <div className={styles.figure}>
            <dt>{t`Your chance of a place`}</dt>
            <dd className={styles.big}>{odds ? <Chance odds={odds} /> : '—'}</dd>
          </div>
        ) : null}
      </dl>
      <p className={styles.note}>
        <Plural
          value={application.precedenti}
          _0="Your first application to this race: one ticket."
          one="# earlier application not drawn: your tickets doubled once."
          other="# earlier applications not drawn: your tickets doubled # times."
        />
      </p>
      <Outcome {...props} />
      <Announcer announcement={outcome.announcement} />
    </>
  )
}

function Outcome({ raceId, application, view, outcome }: DetailsProps) {
  const { t } = useLingui()
  const locale = activeLocale()
  const msLeft = Math.max(0, (outcome.deadline ?? outcome.now) - outcome.now)
  switch (view) {
    case 'applied':
      return (
        <p className={styles.deadline}>
          <Trans>
            The draw is in <TimeLeft ms={msLeft} now={outcome.now} />.
          </Trans>
        </p>
      )
    case 'drawing':
      return <p className={styles.deadline}>{t`The draw is being made: its result appears here in a moment.`}</p>
    case 'drawn': {
      const until = application.pagamento_scade ?? ''
      const when = formatRaceTime(locale, until)
      return (
        <>
          <p className={styles.good}>{t`You were drawn: a place is yours once it is paid.`}</p>
          <p className={styles.deadline}>
            <Trans>
              Pay by <time dateTime={until}>{when}</time>: <TimeLeft ms={msLeft} now={outcome.now} /> left. After that the place goes to the wait list.
            </Trans>
          </p>
          {application.link ? (
            <div className={styles.actions}>
              <Link href={paths.paymentLink(application.link)} className={buttonClass('primary')}>
                {t`Pay for your place`}
              </Link>
            </div>
          ) : null}
        </>
      )
    }
    case 'confirming':
      return <p className={styles.deadline}>{t`You were drawn, and a card payment made before the deadline is being confirmed: the outcome appears here in a moment.`}</p>
    case 'paid':
      return (
        <>
          <p className={styles.good}>{t`You were drawn and your place is paid.`}</p>
          <Link href={paths.subscribed(raceId)}>{t`See your enrolment`}</Link>
        </>
      )
    case 'lapsed':
      return <p>{t`You were drawn, but the time to pay ran out: the place went to the wait list. You have not been charged.`}</p>
    case 'notDrawn':
      return <NotDrawn raceId={raceId} position={outcome.position} />
  }
}

/** Days and hours while a day or more is left (a clock of 200 hours reads badly), then the ticking clock. */
function TimeLeft({ ms, now }: { ms: number; now: number }) {
  const { t } = useLingui()
  if (ms < DAY_MS) return <Countdown until={now + ms} at={now} />
  const days = Math.floor(ms / DAY_MS)
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS)
  return (
    <span role="timer" className="tabular">
      {t`${plural(days, { one: '# day', other: '# days' })}, ${plural(hours, { one: '# hour', other: '# hours' })}`}
    </span>
  )
}

function NotDrawn({ raceId, position }: { raceId: number; position: number | null }) {
  const { t } = useLingui()
  return (
    <>
      <p>
        {position === null ? (
          t`You were not drawn. You are on the wait list, in the draw's order.`
        ) : (
          <Trans>
            You were not drawn. You are number <strong className="tabular">{formatNumber(activeLocale(), position)}</strong> on the wait list, in the draw's order.
          </Trans>
        )}
      </p>
      <Link href={paths.waitList(raceId)}>{t`See the wait list`}</Link>
    </>
  )
}

function Announcer({ announcement }: { announcement: Announcement | null }) {
  const { t } = useLingui()
  const text = !announcement
    ? ''
    : {
        drawn: t`You were drawn.`,
        notDrawn: t`You were not drawn; you are on the wait list.`,
        paid: t`Your place is paid.`,
        lapsed: t`The time to pay ran out.`,
      }[announcement.code]
  return (
    <p role="status" className="visually-hidden" key={announcement?.count}>
      {text}
    </p>
  )
}

function Commitment({ lottery }: { lottery: Lottery }) {
  const { t } = useLingui()
  return (
    <>
      <p>
        <Trans>
          The draw's seed was fixed before the first application and kept secret; only its SHA-256 fingerprint, the commitment, was published. Once the draw is made the seed itself is published: anyone can check that it matches the commitment, so it cannot have been chosen after seeing the applications, and recompute the order from the seed and the list below.
        </Trans>
      </p>
      <dl className={styles.codes}>
        <div>
          <dt>{t`Commitment (SHA-256 of the seed)`}</dt>
          <dd>
            <code>{lottery.impegno}</code>
          </dd>
        </div>
        <div>
          <dt>{t`Seed`}</dt>
          <dd>{lottery.seme === null ? t`Published after the draw.` : <code>{lottery.seme}</code>}</dd>
        </div>
      </dl>
    </>
  )
}

function PublishedList({ lottery }: { lottery: Lottery }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const [page, setPage] = useState(0)
  const [byDraw, setByDraw] = useState(false)
  const captionId = useId()
  const position = useMemo(() => new Map((lottery.ordine ?? []).map((numero, index) => [numero, index + 1])), [lottery.ordine])
  const rows = useMemo(() => {
    if (!byDraw) return lottery.domande
    const byNumber = new Map(lottery.domande.map((row) => [row.numero, row]))
    return (lottery.ordine ?? []).flatMap((numero) => byNumber.get(numero) ?? [])
  }, [byDraw, lottery.domande, lottery.ordine])
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE))
  const shown = rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE)
  const drawn = lottery.ordine !== null
  const current = formatNumber(locale, page + 1)
  const total = formatNumber(locale, pages)
  return (
    <>
      <p>{t`Every application by its number, with its tickets. A name is shown only when the athlete has chosen to appear on public lists.`}</p>
      {drawn ? <p>{t`The first ${formatNumber(locale, lottery.posti)} in the order drawn (in bold) were offered a place; the others are on the wait list in that order.`}</p> : null}
      {drawn ? (
        <fieldset className={styles.order}>
          <legend>{t`Order`}</legend>
          <label>
            <input type="radio" name="lottery-order" checked={!byDraw} onChange={() => (setByDraw(false), setPage(0))} /> {t`By application number`}
          </label>
          <label>
            <input type="radio" name="lottery-order" checked={byDraw} onChange={() => (setByDraw(true), setPage(0))} /> {t`In the order drawn`}
          </label>
        </fieldset>
      ) : null}
      <div className={styles.scroll} role="group" aria-labelledby={captionId} tabIndex={0}>
        <table className={styles.table} aria-describedby={captionId}>
          <caption id={captionId} className={styles.caption}>
            {t`Applications, page ${current} of ${total}`}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t`Application`}</th>
              <th scope="col">{t`Tickets`}</th>
              <th scope="col">{t`Name`}</th>
              {drawn ? <th scope="col">{t`Order drawn`}</th> : null}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => {
              const at = position.get(row.numero)
              return (
                <tr key={row.numero}>
                  <th scope="row" className="tabular">
                    {formatNumber(locale, row.numero)}
                  </th>
                  <td className="tabular">{formatNumber(locale, row.biglietti)}</td>
                  <td>
                    {row.nome ?? (
                      <>
                        <span aria-hidden="true">–</span>
                        <span className="visually-hidden">{t`Not shown`}</span>
                      </>
                    )}
                  </td>
                  {drawn && at !== undefined ? <td className={at <= lottery.posti ? styles.placed : 'tabular'}>{formatNumber(locale, at)}</td> : null}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <nav className={styles.pager} aria-label={t`Pages of the list`}>
        <Button variant="secondary" onClick={() => setPage(page - 1)} disabled={page === 0}>
          {t`Previous page`}
        </Button>
        <span className="tabular">{t`Page ${current} of ${total}`}</span>
        <Button variant="secondary" onClick={() => setPage(page + 1)} disabled={page >= pages - 1}>
          {t`Next page`}
        </Button>
      </nav>
    </>
  )
}

function HowToCheck({ raceId, lottery }: { raceId: number; lottery: Lottery }) {
  const { t } = useLingui()
  return (
    <>
      <p>
        <Trans>
          Step s of the draw (from 0) reads SHA-256 of the seed, a colon and s as a whole number, takes it modulo the tickets still in the drum, and draws the application holding that ticket, counting tickets in application-number order; its tickets then leave the drum. Whole numbers only, so every computer gets the same order.
        </Trans>
      </p>
      <VerifyByScript
        file={`lottery-${String(raceId)}.json`}
        saved={lottery}
        download={t`Download the published lottery (JSON)`}
        outcome={t`It checks the seed against the commitment, recomputes the order, and says whether it agrees or where it first differs.`}
      />
    </>
  )
}
