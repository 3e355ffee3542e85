import { plural } from '@lingui/core/macro'
import { Plural, SelectOrdinal, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import type { Race, WaitingRoom } from '../../../contracts/races.contract'
import { SECOND_MS } from '../../../contracts/time'
import type { RaceStanding } from '../../../machines/enrolment/standing'
import { holdOf, isHoldLive, isOfferLive, offerEndsAt } from '../../../machines/rules/held-place'
import { deferredEdition } from '../../../machines/rules/place'
import { hasEnded, raceDay } from '../../../machines/rules/race-day'
import type { RegistrationDisplay } from '../../../machines/rules/registration-display'
import { isEntryLive, READ_EVERY_S } from '../../../machines/rules/wait-list-reading'
import { dayShown, formatRaceTime } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { queueQueries } from '../../lib/queue-queries'
import { useSession } from '../../lib/session'
import { waitListQueries } from '../../lib/wait-list-queries'
import { Button, buttonClass } from '../../ui/button'
import { RefusalWords } from '../../ui/gate-refusal'
import { registrationOpeningText } from '../../ui/registration-opening'
import { RoomOpening } from '../../ui/room-opening'
import { Bone, Skeleton } from '../../ui/skeleton'
import styles from './race-page.module.css'

type EnrolRace = Pick<
  Race,
  | 'id'
  | 'edizione'
  | 'data_evento'
  | 'tempo_limite_ore'
  | 'apertura_iscrizioni'
  | 'chiusura_iscrizioni'
  | 'posti'
  | 'iscritti'
  | 'ammissione'
  | 'sala_attesa'
  | 'lista_attesa'
>

/**
 * What the athlete can do about entering the race, said before they click: their standing with it
 * (`raceStanding`: the wizard gate's rules on the athlete's profile, certificate and subscription),
 * or, signed out or with registration not open, what its registration display offers anyone. The
 * caller passes `useNow()`, so it changes as the clock moves; `null` while the athlete's data loads.
 */
export function EnrolAction({ race, now, standing }: { race: EnrolRace; now: number; standing: RaceStanding | null }) {
  const { t } = useLingui()
  if (standing === null) {
    return (
      <Skeleton label={t`Checking your enrolment…`}>
        <div className={styles.enrol}>
          <Bone height="2.75rem" />
          <Bone width="80%" />
        </div>
      </Skeleton>
    )
  }
  switch (standing.kind) {
    case 'enrolled':
      return <Enrolled raceId={race.id} bib={standing.bib} />
    case 'placeLeft':
      return <PlaceLeft race={race} standing={standing} />
    case 'lotteryApplied':
      return <LotteryApplied draw={standing.draw} />
    case 'placeToPay':
      return <PlaceToPay race={race} standing={standing} />
    case 'blocked':
      return (
        <div className={styles.enrol}>
          <p className={styles.standing}>{standing.entry === 'lottery' ? t`You cannot apply now` : t`You cannot enrol now`}</p>
          <ul className={styles.refusals}>
            {standing.refusals.map((refusal) => (
              <li key={refusal.code} className={styles.refusal}>
                <RefusalWords refusal={refusal} raceId={race.id} raceDay={raceDay(race)} />
              </li>
            ))}
          </ul>
        </div>
      )
    case 'mayEnrol':
      return <MayEnrol race={race} lottery={standing.entry === 'lottery'} />
    case 'registration':
      return <Registration race={race} now={now} display={standing.display} lottery={standing.entry === 'lottery'} />
  }
}

function Enrolled({ raceId, bib }: { raceId: number; bib: number | null }) {
  const { t } = useLingui()
  return (
    <div className={styles.enrol}>
      <p className={styles.standing}>{bib === null ? t`You are enrolled: your bib number will be assigned later.` : t`You are enrolled: bib ${bib}`}</p>
      <Link href={paths.subscribed(raceId)} className={`${buttonClass('secondary')} ${styles.enrolButton}`}>
        {t`See my enrolment`}
      </Link>
    </div>
  )
}

/**
 * A paid place the athlete left: how (withdrawn, passed on, deferred to which edition), no bib, and
 * where the refund or the credit is shown. Where the gate would let them in, a new place may be taken.
 */
function PlaceLeft({ race, standing }: { race: EnrolRace; standing: Extract<RaceStanding, { kind: 'placeLeft' }> }) {
  const { t } = useLingui()
  const edition = String(deferredEdition(race))
  const what = {
    withdrawn: t`You withdrew from this race: you no longer have a place in it.`,
    passedOn: t`You passed your place on to another athlete: you no longer have a place in this race.`,
    deferred: t`You deferred your place to the ${edition} edition: you have no place in this one.`,
  }[standing.left]
  return (
    <div className={styles.enrol}>
      <p className={styles.standing}>{what}</p>
      <p className={styles.enrolNote}>
        {standing.left === 'deferred' ? t`My races shows your credit for that edition.` : t`My races shows what was refunded to you.`}
      </p>
      <Link href={paths.myRaces} className={`${buttonClass('secondary')} ${styles.enrolButton}`}>
        {t`Go to my races`}
      </Link>
      {standing.again ? <MayEnrol race={race} lottery={standing.entry === 'lottery'} /> : null}
    </div>
  )
}

/**
 * A lottery application, which is no entry: the draw still to come (when), or its time passed, the
 * outcome My races reads from the lottery. Paid only if drawn.
 */
function LotteryApplied({ draw }: { draw: Extract<RaceStanding, { kind: 'lotteryApplied' }>['draw'] }) {
  const { t } = useLingui()
  const when = draw ? formatRaceTime(activeLocale(), draw.at) : ''
  return (
    <div className={styles.enrol}>
      <p className={styles.standing}>{t`You have applied to the lottery draw: you are not enrolled yet.`}</p>
      {draw === null ? null : draw.done ? (
        <p className={styles.enrolDeadline}>
          <Trans>
            The draw was held on <time dateTime={draw.at}>{when}</time>: My races says whether you were drawn.
          </Trans>
        </p>
      ) : (
        <p className={styles.enrolDeadline}>
          <Trans>
            The draw is on <time dateTime={draw.at}>{when}</time>.
          </Trans>
        </p>
      )}
      {draw?.done ? null : <p className={styles.enrolNote}>{t`You pay only if you are drawn, through a link we send you by e-mail.`}</p>}
      <Link href={paths.myRaces} className={`${buttonClass('secondary')} ${styles.enrolButton}`}>
        {t`Go to my races`}
      </Link>
    </div>
  )
}

/**
 * A place taken and not paid: its deadline and the way to complete it. The wizard resumes it where
 * it stopped; with the organiser's payment link open, the wizard's payment leads to that link (the
 * portal learns the link's code only from the payment's refusal, `payment_link_open`). A place in a
 * lottery race that is not an application was entered directly, with a PAX.
 */
function PlaceToPay({ race, standing }: { race: EnrolRace; standing: Extract<RaceStanding, { kind: 'placeToPay' }> }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const deadline = formatRaceTime(locale, standing.deadline)
  const action = {
    choices: t`Continue the enrolment`,
    disclaimer: t`Sign the waiver`,
    payment: t`Pay for your place`,
  }[standing.step]
  return (
    <div className={styles.enrol}>
      <p className={styles.standing}>{t`Your place is waiting for payment`}</p>
      <p className={styles.enrolDeadline}>
        <Trans>
          Pay by <time dateTime={standing.deadline}>{deadline}</time>, or the place goes to someone else.
        </Trans>
      </p>
      {race.ammissione === 'lotteria' || standing.byLink ? (
        <p className={styles.enrolNote}>
          {race.ammissione === 'lotteria' ? t`Your PAX gives you direct entry: no lottery draw for you.` : null}
          {race.ammissione === 'lotteria' && standing.byLink ? ' ' : null}
          {standing.byLink ? t`The organiser has sent you a payment link for it by e-mail.` : null}
        </p>
      ) : null}
      <Link href={paths.subscribe(race.id)} className={`${buttonClass('primary')} ${styles.enrolButton}`}>
        {action}
      </Link>
    </div>
  )
}

/** Registration open and nothing in the way: enrol, directly (with a PAX on a lottery race) or by the lottery. */
function MayEnrol({ race, lottery }: { race: EnrolRace; lottery: boolean }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const closes = formatRaceTime(locale, race.chiusura_iscrizioni)
  const day = dayShown(locale, race.chiusura_iscrizioni, 'race')
  const placesLeft = Math.max(0, race.posti - race.iscritti)
  const withPax = !lottery && race.ammissione === 'lotteria'
  return (
    <div className={styles.enrol}>
      <Link href={paths.subscribe(race.id)} className={`${buttonClass('primary')} ${styles.enrolButton}`}>
        {lottery ? t`Apply for the lottery` : withPax ? t`Enrol (direct entry with your PAX)` : t`Enrol`}
      </Link>
      <p className={styles.enrolNote}>
        {lottery ? (
          <Trans>Places are drawn by lottery among the applicants; PAX holders enrol directly through the same form.</Trans>
        ) : withPax ? (
          t`Your PAX gives you direct entry: no lottery draw for you.`
        ) : (
          <Plural value={placesLeft} one="# place left." other="# places left." />
        )}{' '}
        <Plural value={day} other={`Registration closes on ${closes}.`} />
      </p>
    </div>
  )
}

/**
 * What the registration display offers anyone: wait for the opening (a disabled button saying
 * when), enrol or apply for the lottery (the form asks a visitor to log in), or nothing, with the
 * reason in words. `lottery`: this visitor or athlete would apply to the race's lottery.
 */
function Registration({ race, now, display, lottery }: { race: EnrolRace; now: number; display: RegistrationDisplay; lottery: boolean }) {
  const { t, i18n } = useLingui()
  const locale = activeLocale()
  // The race's schedule, in the race's zone; the opening also in the athlete's (decision 025).
  const opens = registrationOpeningText(i18n, locale, race.apertura_iscrizioni)
  const closes = formatRaceTime(locale, race.chiusura_iscrizioni)
  // The days those dates show, so Italian can elide its article ("l'8 ott"): decision 032.
  const opensDay = dayShown(locale, race.apertura_iscrizioni, 'race')
  const closesDay = dayShown(locale, race.chiusura_iscrizioni, 'race')

  // A race that opens through its waiting room is entered from the room (decision 037).
  if (race.sala_attesa && (display.kind === 'opening' || display.kind === 'open' || display.kind === 'closing')) {
    return <WaitingRoomAction race={race} room={race.sala_attesa} now={now} />
  }
  switch (display.kind) {
    case 'opening':
      return (
        <div className={styles.enrol}>
          <Button disabled className={styles.enrolButton}>
            {lottery
              ? t`${plural({ day: opensDay }, { other: `Lottery applications open on ${opens}` })}`
              : t`${plural({ day: opensDay }, { other: `Registration opens on ${opens}` })}`}
          </Button>
        </div>
      )
    case 'open':
    case 'closing':
      return <MayEnrol race={race} lottery={lottery} />
    case 'full':
      return race.lista_attesa ? (
        <WaitListAction raceId={race.id} now={now} />
      ) : (
        <p className={styles.enrolReason}>
          <Trans>Sold out: all the places are taken, so you cannot enrol.</Trans>
        </p>
      )
    case 'live':
      return (
        <p className={styles.enrolReason}>
          <Trans>The race is under way: registration is closed.</Trans>
        </p>
      )
    case 'closed': {
      const ended = hasEnded(race, now)
      return (
        <p className={styles.enrolReason}>
          {ended ? (
            <Trans>This edition has already taken place: registration is closed.</Trans>
          ) : (
            <Plural value={{ day: closesDay }} other={`Registration closed on ${closes}: you can no longer enrol.`} />
          )}
        </p>
      )
    }
  }
}

/**
 * A race with a waiting room, registration not closed: the athlete's ticket says where they stand
 * (a place held: back to the wizard; in line: back to the room); without one, the room's opening,
 * counted down, and the way in. A visitor is asked to log in by the room's address.
 */
function WaitingRoomAction({ race, room, now }: { race: EnrolRace; room: WaitingRoom; now: number }) {
  const { t } = useLingui()
  const { status } = useSession()
  const ticket = useQuery({ ...queueQueries.status(race.id), enabled: status === 'loggedIn', retry: false }).data
  const locale = activeLocale()
  const hold = ticket ? holdOf(ticket) : null
  // A hold that ran out is no way back to the wizard, whatever the ticket last read said.
  if (ticket?.posto && hold && isHoldLive(hold, now)) {
    const until = formatRaceTime(locale, ticket.posto.scade)
    return (
      <div className={styles.enrol}>
        <Link href={paths.subscribe(race.id)} className={`${buttonClass('primary')} ${styles.enrolButton}`}>
          {t`Continue your enrolment`}
        </Link>
        <p className={styles.enrolDeadline}>
          <Trans>
            Place held for you until <time dateTime={ticket.posto.scade}>{until}</time>.
          </Trans>
        </p>
      </div>
    )
  }
  if (ticket && (ticket.stato === 'in_sala' || ticket.stato === 'in_coda' || ticket.stato === 'ammesso' || ticket.stato === 'esaurito')) {
    return (
      <div className={styles.enrol}>
        <p className={styles.standing}>{t`You are in the waiting room.`}</p>
        <Link href={paths.queue(race.id)} className={`${buttonClass('primary')} ${styles.enrolButton}`}>
          {t`Back to the waiting room`}
        </Link>
      </div>
    )
  }
  return (
    <div className={styles.enrol}>
      <RoomOpening raceId={race.id} roomOpensAt={room.apre} opensAt={race.apertura_iscrizioni} />
    </div>
  )
}

/**
 * A sold-out race that keeps a wait list (issue 23): the athlete's entry says where they stand (a
 * place offered: to the wizard, with the deadline; in line: the place in it); otherwise the way to
 * the list, whose page says how it works before the athlete joins. Only such a race asks.
 */
function WaitListAction({ raceId, now }: { raceId: number; now: number }) {
  const { t } = useLingui()
  const { status } = useSession()
  const entry = useQuery({
    ...waitListQueries.status(raceId),
    enabled: status === 'loggedIn',
    retry: false,
    // A place comes back on the server, not here: read the entry again while it may still change,
    // so "On the wait list" turns into the offer without a reload.
    refetchInterval: (query) => (query.state.data && isEntryLive(query.state.data.stato) ? READ_EVERY_S * SECOND_MS : false),
  }).data
  const offerEnds = entry ? offerEndsAt(entry) : null
  // An offer past its deadline is no longer the athlete's to take.
  if (entry?.offerta_scade && offerEnds !== null && isOfferLive(offerEnds, now)) {
    const until = formatRaceTime(activeLocale(), entry.offerta_scade)
    return (
      <div className={styles.enrol}>
        <Link href={paths.subscribe(raceId)} className={`${buttonClass('primary')} ${styles.enrolButton}`}>
          {t`Enrol now`}
        </Link>
        <p className={styles.enrolDeadline}>
          <Trans>
            Place offered to you until <time dateTime={entry.offerta_scade}>{until}</time>.
          </Trans>
        </p>
      </div>
    )
  }
  if (entry?.stato === 'in_attesa' && entry.posizione !== undefined) {
    return (
      <div className={styles.enrol}>
        <p className={styles.standing}>
          <Trans>
            On the wait list: <SelectOrdinal value={entry.posizione} one="#st" two="#nd" few="#rd" other="#th" />
          </Trans>
        </p>
        <Link href={paths.waitList(raceId)} className={`${buttonClass('secondary')} ${styles.enrolButton}`}>
          {t`See the wait list`}
        </Link>
      </div>
    )
  }
  return (
    <div className={styles.enrol}>
      <p className={styles.standing}>{t`Sold out`}</p>
      <Link href={paths.waitList(raceId)} className={`${buttonClass('primary')} ${styles.enrolButton}`}>
        {t`Join the wait list`}
      </Link>
      <p className={styles.enrolNote}>{t`If a place comes back, the first on the list is offered it.`}</p>
    </div>
  )
}
