import type { Race } from '../../contracts/races.contract'
import { isApplication, lotteryOutcome } from '../rules/lottery'
import { isLinkOpen } from '../rules/payment-link'
import { isActivePlace, placeLeft, type PlaceLeft } from '../rules/place'
import { registrationDisplay, type RegistrationDisplay } from '../rules/registration-display'
import { enrolmentGate, placeDeadline, type EntryMode, type GateInput, type GateRefusal, type GateResult, type OpenEnrolment } from './eligibility'

/** A refusal that is the athlete's to resolve (a certificate, the profile, their age), not the race's. */
export type AthleteRefusal = Extract<
  GateRefusal,
  {
    code:
      | 'profile_incomplete'
      | 'certificate_missing'
      | 'certificate_in_review'
      | 'certificate_not_valid'
      | 'certificate_expires_before_race'
      | 'under_minimum_age'
  }
>

/** What is left to do on a place taken and not paid: the wizard's choices, the waiver, or the payment. */
export type PlaceStep = 'choices' | OpenEnrolment['step']

/**
 * Where the athlete stands with one race, as its page and its card say it before any click. Each
 * carries the race's registration display (the badge beside it) and how this athlete would enter.
 * - `registration`: nothing of the athlete's changes what the registration display offers: not
 *   signed in, or registration not open (yet, any more, sold out) and no place of theirs in it.
 * - `enrolled`: a paid place, whatever registration does now (a closed race still shows it).
 * - `placeLeft`: a paid place the athlete withdrew from, passed on or deferred (`left`): no entry, no
 *   bib. `again`: the gate would let them take a new place now (decision 058: a place once left does
 *   not stop a new one).
 * - `lotteryApplied`: an application to the lottery, not an entry: the race's draw (`draw`, when
 *   the race publishes its lottery) is still to come, or its time has passed (`done`) and the
 *   outcome is the lottery's to say.
 * - `placeToPay`: a place taken and not paid, to complete by `deadline` (registration's closing,
 *   or the organiser's payment link's expiry when that comes first); `byLink`: that link is open.
 * - `blocked`: registration is open and the gate would refuse the athlete, for these reasons.
 * - `mayEnrol`: registration is open and the gate lets the athlete in, directly or to the lottery.
 */
export type RaceStanding = { display: RegistrationDisplay; entry: EntryMode } & (
  | { kind: 'registration' }
  | { kind: 'enrolled'; bib: number | null; category: string | null }
  | { kind: 'placeLeft'; left: PlaceLeft; again: boolean }
  | { kind: 'lotteryApplied'; draw: { at: string; done: boolean } | null }
  | { kind: 'placeToPay'; step: PlaceStep; deadline: string; byLink: boolean }
  | { kind: 'blocked'; refusals: AthleteRefusal[] }
  | { kind: 'mayEnrol' }
)

export type RaceStandingKind = RaceStanding['kind']

const ATHLETE_REFUSALS: ReadonlySet<GateRefusal['code']> = new Set<AthleteRefusal['code']>([
  'profile_incomplete',
  'certificate_missing',
  'certificate_in_review',
  'certificate_not_valid',
  'certificate_expires_before_race',
  'under_minimum_age',
])

/** The gate's refusals that are the athlete's own (profile, certificate, age), not the race's. */
export function isAthleteRefusal(refusal: GateRefusal): refusal is AthleteRefusal {
  return ATHLETE_REFUSALS.has(refusal.code)
}

/**
 * The gate's refusals that come from the race's registration, not from the athlete. A race's waiting
 * room is one: the room says where the athlete stands in it (their ticket, read apart).
 */
const REGISTRATION_REFUSALS: ReadonlySet<GateRefusal['code']> = new Set(['registration_not_open', 'registration_closed', 'sold_out', 'waiting_room'])

/** What the standing reads: the gate's input, and the race's lottery (its draw) where it has one. */
export type StandingInput = GateInput & { race: GateInput['race'] & Pick<Race, 'lotteria'> }

/**
 * The athlete's standing with a race at `now`, from the same input and the same rules as the
 * enrolment wizard's gate (`enrolmentGate`): the race page offers what the wizard would do.
 * The PAX is the profile's, as the gate reads it. A subscription says of itself whether it is a
 * lottery application (`isApplication`, the lottery's rule), whatever the PAX says now, and what
 * became of a place (`placeLeft`, the place's rule).
 */
export function raceStanding(input: StandingInput): RaceStanding {
  const { race, athlete, now } = input
  const gate = enrolmentGate(input)
  const base = { display: registrationDisplay(race, now), entry: gate.entry }
  if (!athlete) return { ...base, kind: 'registration' }

  const { subscription } = athlete
  if (isActivePlace(subscription)) return { ...base, kind: 'enrolled', bib: subscription.pettorale, category: subscription.categoria }
  const left = placeLeft(subscription)
  if (left) return { ...base, kind: 'placeLeft', left, again: gate.refusals.length === 0 }
  if (subscription && isApplication(subscription)) return { ...base, kind: 'lotteryApplied', draw: drawOf(race, now) }
  // The wizard would stop at registration first: nothing to enrol in, nor a place to complete.
  if (gate.refusals.some((refusal) => REGISTRATION_REFUSALS.has(refusal.code))) return { ...base, kind: 'registration' }

  const refusals = gate.refusals.filter(isAthleteRefusal)
  // A place to pay resumes in the wizard, whose gate asks for the same things first.
  if (refusals.length > 0) return { ...base, kind: 'blocked', refusals }
  if (subscription) return { ...base, kind: 'placeToPay', ...placeToPay(gate, subscription, race, now) }
  return { ...base, kind: 'mayEnrol' }
}

/**
 * The race's draw for an application the race page reads from the subscription alone: as far as it
 * knows the application waits (`in_attesa`), and the lottery's rule says whether the draw's time has
 * come. `null` when the race publishes no lottery.
 */
function drawOf(race: Pick<Race, 'lotteria'>, now: number): { at: string; done: boolean } | null {
  if (!race.lotteria) return null
  const at = race.lotteria.estrazione
  const facts = { esito: 'in_attesa', deadline: null, payment: null, paymentReadAt: null, position: null } as const
  const outcome = lotteryOutcome(facts, { drawAt: Temporal.Instant.from(at).epochMilliseconds, now })
  return { at, done: outcome.kind !== 'applied' }
}

/**
 * A place's next step, where the gate resumes it (a place nothing was chosen for starts afresh), and
 * its deadline (`placeDeadline`: an open link's expiry or registration's closing, the earlier).
 */
function placeToPay(
  gate: GateResult,
  subscription: Parameters<typeof placeDeadline>[0],
  race: NonNullable<Parameters<typeof placeDeadline>[1]>,
  now: number,
) {
  const step: PlaceStep = gate.open?.step ?? 'choices'
  const link = subscription.scadenza_pagamento ?? null
  const byLink = link !== null && isLinkOpen(link, now)
  // With the race known there is always a deadline: registration's closing at the latest.
  return { step, deadline: placeDeadline(subscription, race, now) ?? race.chiusura_iscrizioni, byLink }
}
