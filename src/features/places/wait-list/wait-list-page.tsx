import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { Link, useLocation } from 'wouter'
import type { WaitListRule } from '../../../../contracts/races.contract'
import { formatNumber, formatRaceTime } from '../../../lib/format'
import { activeLocale } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { raceQueries } from '../../../lib/race-queries'
import { useSession } from '../../../lib/session'
import { Button, buttonClass } from '../../../ui/button'
import { Countdown } from '../../../ui/countdown'
import { Page } from '../../../ui/page'
import { isRaceNotFound, RaceNotFound, withRaceId } from '../../../ui/race-not-found'
import { Loading, QueryErrorState } from '../../../ui/state'
import { useFocusOnMount } from '../../../ui/use-focus-on-mount'
import { useWaitList, type Announcement, type WaitList } from './use-wait-list'
import styles from './wait-list.module.css'
import statusCard from '../../../ui/status-card.module.css'

/**
 * `/race/{id}/wait-list` (issue 23 point 3): a sold-out race's wait list, for a signed-in athlete.
 * Join it, see the place in line, leave it; a place that comes back is offered to the first in
 * line, here and by e-mail, with a deadline to enrol and pay (the wizard), after which it goes to
 * the next. The entry lives on the server: a reload or another tab finds it as it was.
 */
export default withRaceId(WaitListScreen)

function WaitListScreen({ raceId }: { raceId: number }) {
  const { t } = useLingui()
  const query = useQuery(raceQueries.get(raceId))
  if (query.isError && isRaceNotFound(query.error)) return <RaceNotFound />
  const race = query.data
  if (!race) return <Page title={t`Wait list`}>{query.isError ? <QueryErrorState query={query} /> : <Loading />}</Page>
  const name = `${race.nome} ${String(race.edizione)}`
  if (!race.lista_attesa) {
    return (
      <Page title={t`Wait list`} lead={name}>
        <p>{t`This race keeps no wait list.`}</p>
        <Link href={paths.race(race.id)}>{t`Back to the race`}</Link>
      </Page>
    )
  }
  return <ListScreen raceId={race.id} rule={race.lista_attesa} name={name} />
}

function ListScreen({ raceId, rule, name }: { raceId: number; rule: WaitListRule; name: string }) {
  const { t } = useLingui()
  const [location, navigate] = useLocation()
  const { askToLogIn } = useSession()
  const onEnrol = useCallback(() => navigate(paths.subscribe(raceId)), [navigate, raceId])
  const onSessionExpired = useCallback(() => askToLogIn(location), [askToLogIn, location])
  const list = useWaitList(raceId, { onEnrol, onSessionExpired })
  return (
    <Page title={t`Wait list`} lead={name}>
      <div className={statusCard.column}>
        <section aria-labelledby="list-state" className={statusCard.card}>
          <ListState list={list} raceId={raceId} hours={rule.offerta_ore} />
        </section>
        <FailureNote list={list} />
        <Announcer announcement={list.announcement} />
      </div>
    </Page>
  )
}

function Heading({ children }: { children: string }) {
  return (
    <h2 id="list-state" className={statusCard.heading}>
      {children}
    </h2>
  )
}

function ListState({ list, raceId, hours }: { list: WaitList; raceId: number; hours: number }) {
  const { t } = useLingui()
  switch (list.view) {
    case 'reading':
    case 'joining':
      return (
        <>
          <Heading>{t`Wait list`}</Heading>
          <Loading label={list.view === 'reading' ? t`Checking the wait list…` : t`Joining the wait list…`} />
        </>
      )
    case 'notListed':
      return (
        <>
          <Heading>{t`Join the wait list`}</Heading>
          <p>{t`The race is sold out. If a place comes back, it is offered to the first athlete on the wait list.`}</p>
          <HowItWorks hours={hours} />
          <div className={styles.actions}>
            <Button onClick={list.join}>{t`Join the wait list`}</Button>
          </div>
        </>
      )
    case 'waiting':
      return (
        <>
          <Heading>{t`You are on the wait list`}</Heading>
          {list.entry?.fromLottery ? <p>{t`You were put on the list by the lottery's draw, in the draw's order.`}</p> : null}
          <Position list={list} />
          <HowItWorks hours={hours} />
          <Leave list={list} offered={false} />
        </>
      )
    case 'offered':
    case 'offerEnding':
      return (
        <>
          <Heading>{t`A place is offered to you`}</Heading>
          <OfferDeadline list={list} />
          <p>{t`Enrol and pay before the deadline to take it; after it, the place goes to the next athlete in line.`}</p>
          <div className={styles.actions}>
            <Button onClick={list.enrol}>{t`Enrol now`}</Button>
          </div>
          <Leave list={list} offered />
        </>
      )
    case 'enrolling':
      return (
        <>
          <Heading>{t`Your enrolment is under way`}</Heading>
          <OfferDeadline list={list} />
          <div className={styles.actions}>
            <Link href={paths.subscribe(raceId)} className={buttonClass('primary')}>
              {t`Continue your enrolment`}
            </Link>
          </div>
          <Leave list={list} offered />
        </>
      )
    case 'enrolled':
      return (
        <>
          <Heading>{t`You are enrolled`}</Heading>
          <p>{t`You took the place offered to you: it is paid.`}</p>
          <Link href={paths.subscribed(raceId)} className={buttonClass('primary')}>
            {t`See your enrolment`}
          </Link>
        </>
      )
    case 'lapsed':
      return (
        <>
          <Heading>{t`The offer has lapsed`}</Heading>
          <p>{t`The time to enrol and pay ran out, so the place went to the next athlete in line. You have not been charged.`}</p>
          <JoinAgain list={list} />
        </>
      )
    case 'leaving':
      return (
        <>
          <Heading>{t`Leaving the wait list`}</Heading>
          <Loading label={t`Leaving the wait list…`} />
        </>
      )
    case 'left':
      return (
        <>
          <Heading>{t`You left the wait list`}</Heading>
          <p>{t`A place that comes back now goes to the others in line.`}</p>
          <JoinAgain list={list} />
        </>
      )
    case 'refused':
      return <Refused list={list} raceId={raceId} />
    case 'sessionExpired':
      return (
        <>
          <Heading>{t`Your session has ended`}</Heading>
          <p>{t`Log in again to see your place on the wait list: it is kept while you do.`}</p>
        </>
      )
  }
}

function HowItWorks({ hours }: { hours: number }) {
  const { t } = useLingui()
  return (
    <ul className={styles.how}>
      <li>{t`When a place comes back (an athlete withdraws), the first in line is offered it: we tell you by e-mail and on this page.`}</li>
      <li>
        <Plural value={hours} one="You then have # hour to enrol and pay; after that the place goes to the next in line." other="You then have # hours to enrol and pay; after that the place goes to the next in line." />
      </li>
      <li>{t`Being on the list is free, and you can leave it at any time.`}</li>
    </ul>
  )
}

function Position({ list }: { list: WaitList }) {
  const { t } = useLingui()
  const entry = list.entry
  if (!entry || entry.position === null) return null
  const ahead = entry.ahead ?? entry.position - 1
  return (
    <dl className={styles.figures}>
      <div className={statusCard.figure}>
        <dt>{t`Your place in line`}</dt>
        <dd className={statusCard.big}>{formatNumber(activeLocale(), entry.position)}</dd>
      </div>
      <div className={statusCard.figure}>
        <dt>{t`Ahead of you`}</dt>
        <dd>{ahead === 0 ? t`Nobody: you are next` : <Plural value={ahead} one="# athlete" other="# athletes" />}</dd>
      </div>
    </dl>
  )
}

/** The offer's deadline in the race's zone, and the time left, counted by the machine's clock. */
function OfferDeadline({ list }: { list: WaitList }) {
  const ends = list.entry?.offerEndsAt
  if (ends == null) return null
  const until = formatRaceTime(activeLocale(), ends)
  return (
    <p className={list.view === 'offerEnding' ? styles.warning : styles.deadline}>
      <Trans>
        Place offered to you until <time dateTime={new Date(ends).toISOString()}>{until}</time>: <Countdown until={ends} at={list.now} /> left.
      </Trans>
    </p>
  )
}

/** Leaving (or declining the place offered) asks first: it cannot be undone, only joined again at the end. */
function Leave({ list, offered }: { list: WaitList; offered: boolean }) {
  const { t } = useLingui()
  const [asking, setAsking] = useState(false)
  if (!list.can.leave) return null
  if (asking) return <ConfirmLeave offered={offered} onLeave={list.leave} onStay={() => setAsking(false)} />
  return (
    <div className={styles.actions}>
      <Button variant="quiet" onClick={() => setAsking(true)}>
        {offered ? t`Decline the place` : t`Leave the wait list`}
      </Button>
    </div>
  )
}

function ConfirmLeave({ offered, onLeave, onStay }: { offered: boolean; onLeave: () => void; onStay: () => void }) {
  const { t } = useLingui()
  const heading = useFocusOnMount<HTMLHeadingElement>()
  return (
    <div className={styles.confirm} role="group" aria-labelledby="confirm-leave">
      <h3 id="confirm-leave" ref={heading} tabIndex={-1} className={statusCard.heading}>
        {offered ? t`Decline the place offered to you?` : t`Leave the wait list?`}
      </h3>
      <p>
        {offered
          ? t`The place goes to the next athlete in line, and you leave the list. If you join again, you join at the end.`
          : t`You lose your place in line. If you join again, you join at the end.`}
      </p>
      <div className={styles.actions}>
        <Button onClick={onLeave}>
          {offered ? t`Yes, decline the place` : t`Yes, leave the list`}
        </Button>
        <Button variant="secondary" onClick={onStay}>
          {t`Stay on the list`}
        </Button>
      </div>
    </div>
  )
}

function JoinAgain({ list }: { list: WaitList }) {
  const { t } = useLingui()
  if (!list.can.join) return null
  return (
    <div className={styles.actions}>
      <Button onClick={list.join}>{t`Join the wait list again`}</Button>
      <p className={styles.note}>{t`You join at the end of the line.`}</p>
    </div>
  )
}

function Refused({ list, raceId }: { list: WaitList; raceId: number }) {
  const { t } = useLingui()
  switch (list.refusal) {
    case 'places_left':
      return (
        <>
          <Heading>{t`Places are left`}</Heading>
          <p>{t`The race is not sold out: you can enrol directly.`}</p>
          <Link href={paths.subscribe(raceId)} className={buttonClass('primary')}>
            {t`Enrol`}
          </Link>
        </>
      )
    case 'already_enrolled':
      return (
        <>
          <Heading>{t`You are already enrolled`}</Heading>
          <p>{t`Your place in this race is paid: there is no need to wait for one.`}</p>
          <Link href={paths.myRaces}>{t`Go to my races`}</Link>
        </>
      )
    default:
      return (
        <>
          <Heading>{t`The wait list is closed`}</Heading>
          <p>{t`Registration for this race is over, so its wait list takes no one new.`}</p>
          <Link href={paths.race(raceId)}>{t`Back to the race`}</Link>
        </>
      )
  }
}

/** A call being retried: why, that the place in line is safe, and a way to try now where allowed. */
function FailureNote({ list }: { list: WaitList }) {
  const { t } = useLingui()
  if (list.failure === null) return null
  const text = {
    offline: t`You seem to be offline. Your place on the list is kept: we check again as soon as the connection is back.`,
    busy: t`Many athletes are asking at once: we check again in a moment. Your place on the list is kept.`,
    trouble: t`We could not check the wait list just now. Your place is kept: we try again shortly.`,
  }[list.failure]
  return (
    <div role="status" className={styles.failure}>
      <p>{text}</p>
      {list.can.retry ? (
        <Button variant="secondary" onClick={list.retry}>
          {t`Try now`}
        </Button>
      ) : null}
    </div>
  )
}

/** What a screen reader is told, only at the moments the machine names; the countdown is a timer, never read out. */
function Announcer({ announcement }: { announcement: Announcement | null }) {
  const { t } = useLingui()
  const text = announcement
    ? {
        offered: t`A place is offered to you: enrol and pay before the deadline.`,
        offerEnding: t`Less than two hours left to take the place offered to you.`,
        lapsed: t`The place offered to you has lapsed.`,
      }[announcement.code]
    : null
  return (
    <p className="visually-hidden" aria-live={announcement?.code === 'offered' ? 'polite' : 'assertive'} aria-atomic="true">
      {text ? <span key={announcement?.count}>{text}</span> : null}
    </p>
  )
}
