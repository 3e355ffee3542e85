import { Select, Trans, useLingui } from '@lingui/react/macro'
import { Link, useLocation } from 'wouter'
import type { RaceDetail } from '../../../contracts/races.contract'
import type { EntryMode, GateRefusal } from '../../../machines/enrolment/eligibility'
import type { LateRefusal } from '../../../machines/enrolment/enrolment.machine'
import { raceDay } from '../../../machines/rules/race-day'
import { useAddressedSex } from '../../lib/athlete-queries'
import { paths } from '../../lib/paths'
import { useSession } from '../../lib/session'
import { Button, buttonClass } from '../../ui/button'
import { RefusalWords } from '../../ui/gate-refusal'
import { RoomOpening } from '../../ui/room-opening'
import { useFocusOnMount } from '../../ui/use-focus-on-mount'
import styles from './enrolment.module.css'

/**
 * Why the athlete cannot enrol, every reason at once, each with its way forward. (A visitor is
 * asked to log in at once: the machine says so, and the drawer opens.)
 */
export default function GateRefusals({
  race,
  refusals,
  late,
  entry,
}: {
  race: RaceDetail
  refusals: readonly GateRefusal[]
  late: LateRefusal | null
  entry: EntryMode
}) {
  const { t } = useLingui()
  const [location] = useLocation()
  const { askToLogIn } = useSession()
  // A refusal found mid-way replaces the step the athlete was on; on opening, the page's h1 leads.
  const heading = useFocusOnMount<HTMLHeadingElement>(late !== null)
  // Nothing in the way but the race's waiting room: the way in, not a refusal.
  const onlyTheRoom = refusals.length > 0 && refusals.every((refusal) => refusal.code === 'waiting_room')

  return (
    <section aria-labelledby="refusals-title" className={styles.refusals}>
      <h2 id="refusals-title" ref={heading} tabIndex={-1} className={styles.stepHeading}>
        {late
          ? t`Your enrolment could not be completed`
          : onlyTheRoom
            ? t`Enrol through the waiting room`
            : entry === 'lottery'
              ? t`You cannot apply now`
              : t`You cannot enrol now`}
      </h2>
      {late ? (
        <div className={styles.refusal}>
          <LateRefusalText late={late} />
          <LateRefusalWayForward late={late} race={race} />
        </div>
      ) : null}
      <ul className={styles.refusalList}>
        {refusals.map((refusal) => (
          <li key={refusal.code}>
            <RefusalItem refusal={refusal} race={race} onLogIn={() => askToLogIn(location)} />
          </li>
        ))}
      </ul>
      <p>
        <Link href={paths.race(race.id)}>{t`Back to the race`}</Link>
      </p>
    </section>
  )
}

function LateRefusalText({ late }: { late: LateRefusal }) {
  const sex = useAddressedSex()
  switch (late.code) {
    case 'sold_out':
      return (
        <p role="alert">
          <Trans>
            While you were enrolling, the last place was taken: the race is now sold out. You have not been charged. Other
            races in the calendar may still have places.
          </Trans>
        </p>
      )
    case 'already_enrolled':
      return (
        <p role="alert">
          <Select
            value={sex}
            _F="You are already enrolled in this race: your place is in My races. You have not been charged again."
            _M="You are already enrolled in this race: your place is in My races. You have not been charged again."
            other="You are already enrolled in this race: your place is in My races. You have not been charged again."
          />
        </p>
      )
    case 'registration_closed':
      return (
        <p role="alert">
          <Trans>Registration closed while you were enrolling. You have not been charged.</Trans>
        </p>
      )
    case 'payment_link_open':
      return (
        <p role="alert">
          <Trans>A payment link from the organiser is open for this place: pay it there. You have not been charged.</Trans>
        </p>
      )
    case 'lottery_application':
      return (
        <p role="alert">
          <Trans>
            This enrolment is a lottery application: you pay only if you are drawn, through a link we send you by e-mail.
            You have not been charged.
          </Trans>
        </p>
      )
    case 'not_eligible':
      return (
        <p role="alert">
          <Trans>
            The organiser cannot accept this enrolment: check your medical certificate and your birth date in your profile.
            You have not been charged.
          </Trans>
        </p>
      )
    case 'queue_required':
      return (
        <p role="alert">
          <Trans>
            This race takes enrolments only through its waiting room: you need a place held for you there to enrol. You have
            not been charged.
          </Trans>
        </p>
      )
    case 'hold_expired':
      return (
        <p role="alert">
          <Trans>
            The time to complete your enrolment ran out, so the place held for you went to the next athlete in line. You have
            not been charged.
          </Trans>
        </p>
      )
    case 'offer_expired':
      return (
        <p role="alert">
          <Trans>
            The deadline of the place offered to you from the wait list has passed, so it went to the next athlete in line.
            You have not been charged.
          </Trans>
        </p>
      )
  }
}

function LateRefusalWayForward({ late, race }: { late: LateRefusal; race: RaceDetail }) {
  const { t } = useLingui()
  const raceId = race.id
  switch (late.code) {
    case 'already_enrolled':
    case 'lottery_application':
      return <Link href={paths.myRaces}>{t`Go to my races`}</Link>
    case 'payment_link_open':
      return late.link ? (
        <Link href={paths.paymentLink(late.link)} className={buttonClass('primary')}>
          {t`Pay with the organiser's link`}
        </Link>
      ) : (
        <Link href={paths.myRaces}>{t`Go to my races`}</Link>
      )
    case 'not_eligible':
      return (
        <div className={styles.refusalActions}>
          <Link href={paths.medicalCertificate}>{t`See my certificate`}</Link>
          <Link href={paths.me}>{t`See my profile`}</Link>
        </div>
      )
    case 'sold_out':
    case 'registration_closed':
      return <Link href={paths.home}>{t`See other races`}</Link>
    case 'queue_required':
      return <BackToTheRoom raceId={raceId} />
    // The room, where the line can be joined again, and the race's wait list when it keeps one.
    case 'hold_expired':
      return race.lista_attesa ? (
        <div className={styles.refusalActions}>
          <BackToTheRoom raceId={raceId} />
          <Link href={paths.waitList(raceId)}>{t`See the wait list`}</Link>
        </div>
      ) : (
        <BackToTheRoom raceId={raceId} />
      )
    case 'offer_expired':
      return <Link href={paths.waitList(raceId)}>{t`See the wait list`}</Link>
  }
}

/** The way back to a race's waiting room, where a place that ran out can be queued for again. */
function BackToTheRoom({ raceId }: { raceId: number }) {
  const { t } = useLingui()
  return (
    <Link href={paths.queue(raceId)} className={buttonClass('primary')}>
      {t`Back to the waiting room`}
    </Link>
  )
}

function RefusalItem({ refusal, race, onLogIn }: { refusal: GateRefusal; race: RaceDetail; onLogIn: () => void }) {
  const { t } = useLingui()
  if (refusal.code === 'waiting_room') {
    return (
      <div className={styles.refusal}>
        <p>{t`This race opens through its waiting room: you enrol once it is your turn and a place is held for you.`}</p>
        <RoomOpening raceId={race.id} roomOpensAt={refusal.roomOpensAt} opensAt={refusal.opensAt} />
      </div>
    )
  }
  if (refusal.code === 'login_required') {
    return (
      <div className={styles.refusal}>
        <p>{t`You must log in to enrol in a race.`}</p>
        <div className={styles.refusalActions}>
          <Button onClick={onLogIn}>{t`Log in`}</Button>
          <Link href={paths.register} className={buttonClass('secondary')}>
            {t`Create an account`}
          </Link>
        </div>
      </div>
    )
  }
  if (refusal.code === 'sold_out' && race.lista_attesa) {
    // A race that keeps a wait list offers the places that come back (decision 038).
    return (
      <div className={styles.refusal}>
        <p>{t`This race is sold out: every place is taken. Join its wait list: a place that comes back is offered to the next in line.`}</p>
        <div className={styles.refusalActions}>
          <Link href={paths.waitList(race.id)} className={buttonClass('primary')}>
            {t`Join the wait list`}
          </Link>
          <Link href={paths.home}>{t`See other races`}</Link>
        </div>
      </div>
    )
  }
  return (
    <div className={styles.refusal}>
      <RefusalWords refusal={refusal} raceId={race.id} raceDay={raceDay(race)} />
    </div>
  )
}
