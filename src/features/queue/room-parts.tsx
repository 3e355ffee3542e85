import { useLingui } from '@lingui/react/macro'
import { Link } from 'wouter'
import { paths } from '../../lib/paths'
import { Button, buttonClass } from '../../ui/button'
import styles from './queue.module.css'
import type { TicketState } from '../../../contracts/queue.contract'
import type { TicketReading, WaitingRoomView } from '../../../machines/opening/waiting-room.machine'
import type { Announcement, WaitingRoom } from './use-waiting-room'

/**
 * The views where the athlete has a place in the room or the line that the server keeps for them.
 * Before they join (counting down, the room open but not entered, the ticket still being read) and
 * once it is over, saying a place is kept would mislead.
 */
const PLACE_KEPT: ReadonlySet<WaitingRoomView> = new Set(['inRoom', 'queued', 'soldOut', 'admitted', 'held', 'holdEnding', 'paying', 'leaving'])

export function holdsPlace(view: WaitingRoomView): boolean {
  return PLACE_KEPT.has(view)
}

/**
 * The same, where the view no longer tells (the session ended): the ticket as last read is in the
 * room or the line, admitted, held or paid. No ticket is an athlete who had not joined yet.
 */
const TICKET_KEPT: ReadonlySet<TicketState> = new Set(['in_sala', 'in_coda', 'esaurito', 'ammesso', 'posto', 'pagato'])

export function ticketHoldsPlace(ticket: Pick<TicketReading, 'state'> | null): boolean {
  return ticket !== null && TICKET_KEPT.has(ticket.state)
}

/**
 * What a screen reader is told, only at the moments the machine names (decision 037): a new place
 * in line at most once a minute, the turn coming, the held place's last two minutes and last one,
 * its end, a sell-out. The countdowns on screen are timers, never read out second by second.
 */
export function Announcer({ announcement }: { announcement: Announcement | null }) {
  const urgent = announcement?.code === 'holdLastMinute' || announcement?.code === 'holdExpired'
  return (
    <p className="visually-hidden" aria-live={urgent ? 'assertive' : 'polite'} aria-atomic="true">
      {announcement ? <AnnouncementText key={announcement.count} announcement={announcement} /> : null}
    </p>
  )
}

function AnnouncementText({ announcement }: { announcement: Announcement }) {
  const { t } = useLingui()
  const { position } = announcement
  switch (announcement.code) {
    case 'position':
      // Worded as the screen labels it ("Your place in line"): one position, one name.
      return position === null ? null : <span>{t`Your place in line: ${position}.`}</span>
    case 'admitted':
      return <span>{t`It is your turn: a place is held for you.`}</span>
    case 'holdEnding':
      return <span>{t`Two minutes left to complete your enrolment.`}</span>
    case 'holdLastMinute':
      return <span>{t`One minute left to complete your enrolment.`}</span>
    case 'holdExpired':
      return <span>{t`The place held for you has run out.`}</span>
    case 'admissionExpired':
      return <span>{t`Your turn passed before the place was taken.`}</span>
    case 'soldOut':
      return <span>{t`The race is sold out for now.`}</span>
  }
}

/** A call being retried: why, that the place is safe, and a way to try now where the server allows it. */
export function FailureNote({ room }: { room: WaitingRoom }) {
  const { t } = useLingui()
  if (room.failure === null) return null
  const text = holdsPlace(room.view)
    ? {
        offline: t`You seem to be offline. Your place is kept: we check again as soon as the connection is back.`,
        busy: t`Many athletes are asking at once: we check again in a moment, as the server asked. Your place is kept.`,
        trouble: t`We could not check your place just now. Your place is kept: we try again shortly.`,
      }[room.failure]
    : {
        offline: t`You seem to be offline: we check again as soon as the connection is back.`,
        busy: t`Many athletes are asking at once: we check again in a moment, as the server asked.`,
        trouble: t`We could not reach the waiting room just now: we try again shortly.`,
      }[room.failure]
  return (
    <div role="status" className={styles.failure}>
      <p>{text}</p>
      {room.can.retry ? (
        <Button variant="secondary" onClick={room.retry}>
          {t`Try now`}
        </Button>
      ) : null}
    </div>
  )
}

/**
 * Sold out for good: a race that keeps a wait list (issue 23) offers it, the athlete's next chance
 * when a place comes back; its page says how it works before they join.
 */
export function WaitListWay({ raceId }: { raceId: number }) {
  const { t } = useLingui()
  return (
    <div className={styles.actions}>
      <Link href={paths.waitList(raceId)} className={buttonClass('primary')}>
        {t`Join the wait list`}
      </Link>
      <p className={styles.note}>{t`If a place comes back, the first on the list is offered it, by e-mail.`}</p>
    </div>
  )
}
