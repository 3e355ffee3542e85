import { plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { Link, useLocation } from 'wouter'
import type { QueueTicket } from '../../../contracts/queue.contract'
import { SECOND_MS } from '../../../contracts/time'
import { dayShown, formatNumber, formatRaceClock } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { queueQueries } from '../../lib/queue-queries'
import { raceQueries } from '../../lib/race-queries'
import { useSession } from '../../lib/session'
import { useNow } from '../../lib/use-now'
import { Button, buttonClass } from '../../ui/button'
import { Countdown } from '../../ui/countdown'
import { Page } from '../../ui/page'
import { registrationOpeningText } from '../../ui/registration-opening'
import { isRaceNotFound, RaceNotFound, withRaceId } from '../../ui/race-not-found'
import { Loading, QueryErrorState } from '../../ui/state'
import { RoomDrawCheck } from './room-draw-check'
import { Announcer, FailureNote, holdsPlace, ticketHoldsPlace, WaitListWay } from './room-parts'
import styles from './queue.module.css'
import { useWaitingRoom, type RoomRace, type WaitingRoom } from './use-waiting-room'
import statusCard from '../../ui/status-card.module.css'

/** The part's words, loaded with it (src/lib/i18n.ts `withCatalog`). */
export { default as catalog } from '../../lib/catalogs/queue'

/**
 * `/race/{id}/queue` (issue 22): a race's waiting room, for a signed-in athlete. Arriving with the
 * room open joins it (one ticket per athlete and race: a reload or another tab finds the same
 * place); the page then follows the ticket as the server asks, and takes the athlete to the wizard
 * when a place is held for them.
 */
export default withRaceId(WaitingRoomScreen)

function WaitingRoomScreen({ raceId }: { raceId: number }) {
  const { t } = useLingui()
  const query = useQuery(raceQueries.get(raceId))
  if (query.isError && isRaceNotFound(query.error)) return <RaceNotFound />
  const race = query.data
  if (!race) return <Page title={t`Waiting room`}>{query.isError ? <QueryErrorState query={query} /> : <Loading />}</Page>
  const room = race.sala_attesa
  if (!room) {
    return (
      <Page title={t`Waiting room`}>
        <p>{t`This race has no waiting room: you enrol from its page.`}</p>
        <Link href={paths.race(race.id)}>{t`Back to the race`}</Link>
      </Page>
    )
  }
  return <Room race={{ ...race, sala_attesa: room }} name={`${race.nome} ${String(race.edizione)}`} waitList={Boolean(race.lista_attesa)} />
}


function Room({ race, name, waitList }: { race: RoomRace; name: string; waitList: boolean }) {
  const { t } = useLingui()
  const [location, navigate] = useLocation()
  const { askToLogIn } = useSession()
  const onAdmitted = useCallback(() => navigate(paths.subscribe(race.id)), [navigate, race.id])
  const onSessionExpired = useCallback(() => askToLogIn(location), [askToLogIn, location])
  const room = useWaitingRoom(race, { autoJoin: true, onAdmitted, onSessionExpired })
  // The ticket's answer as the room's machine last put it in the cache: the draw it publishes.
  // Never fetched from here: the machine decides when the ticket is read.
  const answer = useQuery({ ...queueQueries.status(race.id), enabled: false }).data

  return (
    <Page title={t`Waiting room`} lead={name}>
      <div className={statusCard.column}>
        <section aria-labelledby="room-state" className={statusCard.card}>
          <RoomState room={room} raceId={race.id} waitList={waitList} />
        </section>
        <FailureNote room={room} />
        {holdsPlace(room.view) ? (
          <p className={styles.kept}>
            <Trans>Your place is kept on our side: refreshing this page or opening it in another tab does not change it.</Trans>
          </p>
        ) : null}
        <RoomDraw raceId={race.id} opensAt={Date.parse(race.apertura_iscrizioni)} ticket={answer} />
        <Announcer announcement={room.announcement} />
      </div>
    </Page>
  )
}

/**
 * The room's draw: the ticket's when it carries it; otherwise (before the room opens, not joined,
 * turned away) the one published to anyone, its commitment from the start. That one is read again
 * each second past the opening until the seed is out: the server draws at the opening, and nothing
 * else asks for it again (the room's machine may have stopped, refused). Its own clock, for that.
 */
function RoomDraw({ raceId, opensAt, ticket }: { raceId: number; opensAt: number; ticket: QueueTicket | undefined }) {
  const opened = useNow(SECOND_MS) >= opensAt
  const published = useQuery({
    ...queueQueries.draw(raceId),
    enabled: !ticket?.sorteggio,
    refetchInterval: (query) => (opened && query.state.data?.seme === null ? SECOND_MS : false),
  }).data
  return <RoomDrawCheck ticket={ticket} published={published} />
}

function Heading({ children }: { children: string }) {
  return (
    <h2 id="room-state" className={statusCard.heading}>
      {children}
    </h2>
  )
}

function RoomState({ room, raceId, waitList }: { room: WaitingRoom; raceId: number; waitList: boolean }) {
  const { t, i18n } = useLingui()
  const locale = activeLocale()
  const { ticket } = room
  switch (room.view) {
    case 'reading':
    case 'joining':
      return (
        <>
          <Heading>{t`Finding your place`}</Heading>
          <Loading label={t`Finding your place in the waiting room…`} />
        </>
      )
    case 'beforeRoom':
    case 'roomOpen': {
      const opens = registrationOpeningText(i18n, locale, new Date(room.roomOpensAt).toISOString())
      const day = dayShown(locale, room.roomOpensAt, 'race')
      return (
        <>
          <Heading>{room.view === 'beforeRoom' ? t`The waiting room is not open yet` : t`The waiting room is open`}</Heading>
          {room.view === 'beforeRoom' ? (
            <>
              <p>{t`${plural({ day }, { other: `It opens on ${opens}.` })}`}</p>
              <p className={statusCard.big}>
                <Trans>
                  Opens in <Countdown until={room.roomOpensAt} at={room.now} />
                </Trans>
              </p>
              <p>{t`Stay on this page: you join the line as soon as the room opens.`}</p>
            </>
          ) : (
            <Button onClick={room.join}>{t`Enter the waiting room`}</Button>
          )}
          <RegistrationOpens room={room} />
        </>
      )
    }
    case 'inRoom':
      return (
        <>
          <Heading>{t`You are in the waiting room`}</Heading>
          {room.rejoined ? <p>{t`You were already in the waiting room: your place is kept.`}</p> : null}
          <RegistrationOpens room={room} />
          <p>
            <Trans>
              When registration opens, everyone in the room is put in line in a random order, and you see your place here. Coming
              earlier does not put you ahead.
            </Trans>
          </p>
          <TicketLine id={ticket?.id} />
          <LeaveLine room={room} />
        </>
      )
    case 'queued':
    case 'soldOut':
      return (
        <>
          <Heading>{room.view === 'queued' ? t`You are in line` : t`Sold out for now`}</Heading>
          {room.rejoined ? <p>{t`You were already in line: your place is kept.`}</p> : null}
          {room.view === 'soldOut' ? (
            <>
              <p>
                <Trans>
                  The places not yet sold or held are fewer than the athletes ahead of you. If a place held ahead is not paid in
                  time, it comes back to the line: stay here, you keep your place.
                </Trans>
              </p>
            </>
          ) : null}
          <Position room={room} />
          <TicketLine id={ticket?.id} />
          <LeaveLine room={room} />
        </>
      )
    case 'admitted':
      return (
        <>
          <Heading>{t`It is your turn`}</Heading>
          <Loading label={t`Holding a place for you…`} />
        </>
      )
    case 'held':
    case 'holdEnding':
      return (
        <>
          <Heading>{t`A place is held for you`}</Heading>
          <HeldUntil room={room} />
          <Link href={paths.subscribe(raceId)} className={buttonClass('primary')}>
            {t`Continue your enrolment`}
          </Link>
          <LeaveLine room={room} />
        </>
      )
    case 'paying':
      return (
        <>
          <Heading>{t`Your payment is being confirmed`}</Heading>
          <p>{t`The place stays yours while the payment provider confirms it.`}</p>
          <Link href={paths.myRaces}>{t`Go to my races`}</Link>
        </>
      )
    case 'paid':
      return (
        <>
          <Heading>{t`You are enrolled`}</Heading>
          <p>{t`Your place is paid.`}</p>
          <Link href={paths.subscribed(raceId)} className={buttonClass('primary')}>
            {t`See your enrolment`}
          </Link>
        </>
      )
    case 'ended':
      return (
        <>
          <Heading>{room.endReason === 'admission_expired' ? t`Your turn has passed` : t`Your held place ran out`}</Heading>
          <p>
            {room.endReason === 'admission_expired'
              ? t`It was your turn, but the place was not taken in time, so it went to the next athlete in line. You have not been charged.`
              : t`The time to complete your enrolment ran out, so the place held for you went to the next athlete in line. You have not been charged.`}
          </p>
          <JoinAgain room={room} />
        </>
      )
    case 'leaving':
      return (
        <>
          <Heading>{t`Leaving the waiting room`}</Heading>
          <Loading label={t`Leaving the waiting room…`} />
        </>
      )
    case 'left':
      return (
        <>
          <Heading>{t`You left the waiting room`}</Heading>
          <p>{t`Your place went to the next athlete in line.`}</p>
          <JoinAgain room={room} />
        </>
      )
    case 'soldOutFinal':
      return (
        <>
          <Heading>{t`Sold out`}</Heading>
          <p>{t`Every place in this race has been taken and paid for: none will come back to the line.`}</p>
          {waitList ? <WaitListWay raceId={raceId} /> : null}
          <Link href={paths.home}>{t`See other races`}</Link>
        </>
      )
    case 'closed':
      return (
        <>
          <Heading>{t`The waiting room is closed`}</Heading>
          <p>{t`Registration for this race is not open now, so its waiting room is closed.`}</p>
          <Link href={paths.race(raceId)}>{t`Back to the race`}</Link>
        </>
      )
    case 'refused':
      return room.refusal === 'already_enrolled' ? (
        <>
          <Heading>{t`You are already enrolled`}</Heading>
          <p>{t`Your place in this race is paid: there is no need to queue.`}</p>
          <Link href={paths.myRaces}>{t`Go to my races`}</Link>
        </>
      ) : (
        <>
          <Heading>{t`You cannot join the line`}</Heading>
          <p>{t`You do not meet this race's conditions: check your medical certificate and your profile.`}</p>
          <div className={styles.actions}>
            <Link href={paths.medicalCertificate}>{t`See my certificate`}</Link>
            <Link href={paths.me}>{t`See my profile`}</Link>
          </div>
        </>
      )
    case 'sessionExpired':
      return (
        <>
          <Heading>{t`Your session has ended`}</Heading>
          <p>{ticketHoldsPlace(ticket) ? t`Log in again to see your place: it is kept while you do.` : t`Log in again to enter the waiting room.`}</p>
        </>
      )
  }
}

/** Registration's opening, counted down while it is ahead. */
function RegistrationOpens({ room }: { room: WaitingRoom }) {
  const { t, i18n } = useLingui()
  const locale = activeLocale()
  if (room.now >= room.opensAt) return null
  const opens = registrationOpeningText(i18n, locale, new Date(room.opensAt).toISOString())
  const day = dayShown(locale, room.opensAt, 'race')
  return (
    <p>
      {t`${plural({ day }, { other: `Registration opens on ${opens}` })}`}{' '}
      <span className={styles.soon}>
        <Trans>
          in <Countdown until={room.opensAt} at={room.now} />
        </Trans>
      </span>
    </p>
  )
}

/** The place in line, the people ahead and the estimated wait, as the last answer said them. */
function Position({ room }: { room: WaitingRoom }) {
  const { t } = useLingui()
  const ticket = room.ticket
  if (!ticket || ticket.position === null) return null
  const position = ticket.position
  const ahead = ticket.ahead ?? position - 1
  const minutes = ticket.waitS === null ? null : Math.ceil(ticket.waitS / 60)
  return (
    <dl className={styles.figures}>
      <div className={statusCard.figure}>
        <dt>{t`Your place in line`}</dt>
        <dd className={statusCard.big}>{formatNumber(activeLocale(), position)}</dd>
      </div>
      <div className={statusCard.figure}>
        <dt>{t`Ahead of you`}</dt>
        <dd>
          {ahead === 0 ? t`Nobody: you are next` : <Plural value={ahead} one="# athlete" other="# athletes" />}
        </dd>
      </div>
      {minutes !== null ? (
        <div className={statusCard.figure}>
          <dt>{t`Estimated wait`}</dt>
          <dd>
            {minutes === 0 ? (
              t`A minute or less`
            ) : (
              <Trans>
                About <Plural value={minutes} one="# minute" other="# minutes" />
              </Trans>
            )}
          </dd>
        </div>
      ) : null}
    </dl>
  )
}

function HeldUntil({ room }: { room: WaitingRoom }) {
  const locale = activeLocale()
  const ends = room.ticket?.holdEndsAt
  if (ends == null) return null
  const until = formatRaceClock(locale, ends)
  return (
    <p className={room.view === 'holdEnding' ? styles.warning : undefined}>
      <Trans>
        Place held for you until <time dateTime={new Date(ends).toISOString()}>{until}</time>:{' '}
        <Countdown until={ends} at={room.now} /> left.
      </Trans>
    </p>
  )
}

function TicketLine({ id }: { id: string | undefined }) {
  if (!id) return null
  return (
    <p className={styles.ticket}>
      <Trans>
        Your ticket: <span className="tabular">{id}</span>
      </Trans>
    </p>
  )
}

function LeaveLine({ room }: { room: WaitingRoom }) {
  const { t } = useLingui()
  if (!room.can.leave) return null
  const holding = room.view === 'held' || room.view === 'holdEnding'
  return (
    <div className={styles.actions}>
      <Button variant="quiet" onClick={room.leave}>
        {holding ? t`Release my place to the next athlete` : t`Leave the waiting room`}
      </Button>
    </div>
  )
}

function JoinAgain({ room }: { room: WaitingRoom }) {
  const { t } = useLingui()
  if (!room.can.join) return null
  return (
    <div className={styles.actions}>
      <Button onClick={room.join}>{t`Join the line again`}</Button>
      <p className={styles.note}>{t`You join at the back of the line.`}</p>
    </div>
  )
}
