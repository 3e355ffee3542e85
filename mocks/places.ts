import type { Subscription } from '../contracts/athlete.contract'
import type { Credit, DeferError, RefundQuote, WithdrawError } from '../contracts/places.contract'
import type { Transaction } from '../contracts/transactions.contract'
import { calendarDayInRome } from '../contracts/time'
import { db, type AthleteRecord, type CreditRecord, type RaceRecord, type SubscriptionRecord } from './db'
import { mailLanguageOf, mailLinks, sendMail } from './outbox'
import { placeFreed } from './place-events'
import { describedIn, isActivePlace, placeLine, randomToken, raceTitle, sameAmount, toSubscription } from './records'

// Withdrawals and deferrals of paid places (issue 23, decision 038). The backend works the refund
// out itself, as a real one would, from the same published rule the portal reads
// (machines/rules/refund.ts: Rome calendar days, the option's share of the fee rounded down to the
// cent, an uncollected GPS rental whole, the protection surcharge never); the mock may not import
// the portal's machines (DESIGN.md section 2), and places.test.ts checks the two agree.
// Every function runs in the ledger's turn (provider.ts `withLedger`).

const cents = (euros: number) => Math.round(euros * 100)

/** Whole Rome calendar days from `now` to race day, 0 on race day and after. */
function daysBefore(race: Pick<RaceRecord, 'data_evento'>, now: number): number {
  const today = Temporal.PlainDate.from(calendarDayInRome(now))
  return Math.max(0, today.until(calendarDayInRome(race.data_evento), { largestUnit: 'days' }).days)
}

/** What a withdrawal of `place` at `now` refunds, by the race's schedule. */
export function quoteOf(race: Pick<RaceRecord, 'data_evento' | 'prezzo' | 'noleggio_gps' | 'rimborsi'>, place: Pick<SubscriptionRecord, 'opzione_rimborso' | 'noleggio_gps'>, now: number): RefundQuote {
  const days = daysBefore(race, now)
  const option = place.opzione_rimborso ?? 'standard'
  const rule = [...race.rimborsi].sort((a, b) => b.giorni_prima - a.giorni_prima).find((r) => days >= r.giorni_prima)
  const percent = rule ? (option === 'protetto' ? rule.protetto_percento : rule.standard_percento) : 0
  const share = Math.floor((cents(race.prezzo) * percent) / 100)
  const gps = place.noleggio_gps ? cents(race.noleggio_gps) : 0
  return { giorni_prima: days, opzione_rimborso: option, quota_percento: percent, quota: share / 100, gps: gps / 100, totale: (share + gps) / 100 }
}

const started = (race: RaceRecord, now: number) => now >= Date.parse(race.data_evento)

type Refusal<C extends string> = { ok: false; code: C; rimborso?: RefundQuote }

/** The athlete's paid, active place in the race, or why it is not one. */
function placeOf(athleteId: number, raceId: number) {
  const subscription = db.subscriptions.findFirst((q) => q.where({ athlete_id: athleteId, project_id: raceId }))
  const race = db.races.findFirst((q) => q.where({ id: raceId }))
  if (!subscription || !race) return { ok: false as const, code: 'not_enrolled' as const }
  if (!subscription.pagato) return { ok: false as const, code: 'not_paid' as const }
  // A place with a transfer on offer is promised to someone: the athlete cancels the offer first.
  if (!isActivePlace(subscription) || subscription.cessione) return { ok: false as const, code: 'place_changed' as const }
  return { ok: true as const, subscription, race }
}

/** The place leaves the race: its state, its row on the subscribers list, its count. */
async function release(subscription: SubscriptionRecord, race: RaceRecord, stato: 'ritirata' | 'rinviata', now: number) {
  const where = { athlete_id: subscription.athlete_id, project_id: race.id }
  const updated = await db.subscriptions.update((q) => q.where(where), { data: (record) => void (record.stato = stato) })
  db.entrants.deleteMany((q) => q.where({ race_id: race.id, athlete_id: subscription.athlete_id }))
  await db.races.update((q) => q.where({ id: race.id }), { data: (record) => void (record.iscritti = Math.max(0, record.iscritti - 1)) })
  await placeFreed(race, now)
  return toSubscription(updated ?? subscription)
}

export type WithdrawOutcome =
  | { ok: true; answer: { iscrizione: Subscription; rimborso: RefundQuote; transazione: Transaction } }
  | Refusal<WithdrawError>

/**
 * Withdraws the athlete's place: refused when the refund shown is not today's (`refund_changed`
 * with today's), or nothing is due or the race started (`withdrawal_closed`). The refund goes on
 * the payment's transaction (partly, when the schedule gives part of it back).
 */
export async function withdrawPlace(
  athlete: AthleteRecord,
  raceId: number,
  request: { rimborso_atteso: number; chiave: string },
  now: number,
): Promise<WithdrawOutcome> {
  const replay = withdrawalMadeWith(athlete, raceId, request.chiave)
  if (replay) return replay
  const place = placeOf(athlete.id, raceId)
  if (!place.ok) return place
  const { subscription, race } = place
  const quote = quoteOf(race, subscription, now)
  if (started(race, now) || cents(quote.totale) === 0) return { ok: false, code: 'withdrawal_closed' }
  if (!sameAmount(quote.totale, request.rimborso_atteso)) return { ok: false, code: 'refund_changed', rimborso: quote }
  const line = placeLine(athlete.id, race.id)
  if (!line) return { ok: false, code: 'not_paid' }

  const refunded = await db.transactions.update((q) => q.where({ id: line.id }), {
    data(record) {
      record.stato = 'refunded'
      record.rimborso = { importo: quote.totale, data: new Date(now).toISOString() }
    },
  })
  await db.subscriptions.update((q) => q.where({ athlete_id: athlete.id, project_id: race.id }), {
    data: (record) => void (record.ritiro = { chiave: request.chiave, rimborso: quote }),
  })
  const iscrizione = await release(subscription, race, 'ritirata', now)
  if (athlete.mail) {
    await sendMail({
      kind: 'refund',
      to: athlete.mail,
      lingua: mailLanguageOf(athlete),
      link: mailLinks.myRaces(),
      sent_at: now,
      gara: raceTitle(race),
      importo: quote.totale,
    })
  }
  return { ok: true, answer: { iscrizione, rimborso: quote, transazione: describedIn(refunded ?? line, mailLanguageOf(athlete)) } }
}

/** The withdrawal this key made, answered again as it was (the key is kept with the place). */
function withdrawalMadeWith(athlete: AthleteRecord, raceId: number, key: string): WithdrawOutcome | undefined {
  const subscription = db.subscriptions.findFirst((q) => q.where({ athlete_id: athlete.id, project_id: raceId }))
  if (subscription?.ritiro?.chiave !== key) return undefined
  const line = db.transactions.findFirst((q) => q.where({ athlete_id: athlete.id, gara_id: raceId, stato: 'refunded' }))
  if (!line) return undefined
  const answer = { iscrizione: toSubscription(subscription), rimborso: subscription.ritiro.rimborso, transazione: describedIn(line, mailLanguageOf(athlete)) }
  return { ok: true, answer }
}

export type DeferOutcome = { ok: true; answer: { iscrizione: Subscription; credito: Credit } } | Refusal<DeferError>

const creditView = ({ athlete_id: _owner, chiave: _key, ...credit }: CreditRecord): Credit => credit

/**
 * Defers the athlete's place to the course's next edition, where the race allows it and until its
 * deadline: the fee paid less the deferral fee (never below nothing) becomes a credit.
 */
export async function deferPlace(athlete: AthleteRecord, raceId: number, key: string, now: number): Promise<DeferOutcome> {
  // The same request again answers the credit it made (the key is kept with the credit).
  const made = db.credits.findFirst((q) => q.where({ athlete_id: athlete.id, da_gara_id: raceId, chiave: key }))
  const deferred = made && db.subscriptions.findFirst((q) => q.where({ athlete_id: athlete.id, project_id: raceId }))
  if (made && deferred) return { ok: true, answer: { iscrizione: toSubscription(deferred), credito: creditView(made) } }
  const place = placeOf(athlete.id, raceId)
  if (!place.ok) return place
  const { subscription, race } = place
  const rule = race.cambi?.rinvio
  if (!rule || now >= Date.parse(rule.chiude) || started(race, now)) return { ok: false, code: 'defer_closed' }

  const credit = await db.credits.create({
    id: randomToken('CR'),
    athlete_id: athlete.id,
    da_gara_id: race.id,
    gara: race.nome,
    edizione: race.edizione + 1,
    importo: Math.max(0, cents(race.prezzo) - cents(rule.tassa)) / 100,
    creato: new Date(now).toISOString(),
    stato: 'disponibile',
    chiave: key,
  })
  const iscrizione = await release(subscription, race, 'rinviata', now)
  if (athlete.mail) {
    await sendMail({
      kind: 'credit',
      to: athlete.mail,
      lingua: mailLanguageOf(athlete),
      link: mailLinks.myRaces(),
      sent_at: now,
      gara: raceTitle(race),
      edizione: credit.edizione,
      importo: credit.importo,
    })
  }
  return { ok: true, answer: { iscrizione, credito: creditView(credit) } }
}

/** The athlete's credits, newest first. */
export function creditsOf(athleteId: number): Credit[] {
  return db.credits
    .findMany((q) => q.where({ athlete_id: athleteId }))
    .sort((a, b) => Date.parse(b.creato) - Date.parse(a.creato))
    .map(creditView)
}
