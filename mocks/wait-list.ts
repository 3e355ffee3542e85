import { HOUR_MS } from '../contracts/time'
import type { JoinWaitListError, WaitEntry } from '../contracts/wait-list.contract'
import { db, type AthleteRecord, type RaceRecord, type WaitEntryRecord } from './db'
import { mailLanguageOf, mailLinks, sendMail } from './outbox'
import { raceTitle } from './records'

// A race's wait list (issue 23, decision 038). The place offered to the first in line stays counted
// in the race's `iscritti` while the offer is open: the race looks full to everyone else (the race
// page, the waiting room, the sold-out checks) without any of them knowing about offers. The offer
// taken and paid, the settlement counts the place once more and `waitListPaid` takes that back; the
// offer declined or lapsed, the place comes back and goes to the next in line, or back on sale.
// Every function runs in the ledger's turn (provider.ts `withLedger`).

/** The athlete's entry on the race's list, whatever its state (one per athlete and race). */
export function entryOf(raceId: number, athleteId: number): WaitEntryRecord | undefined {
  return db.waitEntries.findFirst((q) => q.where({ race_id: raceId, athlete_id: athleteId }))
}

/** The line: the entries waiting, in order. */
function lineOf(raceId: number): WaitEntryRecord[] {
  return db.waitEntries.findMany((q) => q.where({ race_id: raceId, stato: 'in_attesa' })).sort((a, b) => a.ordine - b.ordine)
}

/** The entry as the contract serves it: its place in line worked out now. */
export function entryView(entry: WaitEntryRecord): WaitEntry {
  const view: WaitEntry = { gara_id: entry.race_id, stato: entry.stato, entrato: new Date(entry.entrato).toISOString(), origine: entry.origine }
  if (entry.stato === 'in_attesa') {
    const ahead = lineOf(entry.race_id).findIndex((other) => other.athlete_id === entry.athlete_id)
    return { ...view, posizione: ahead + 1, davanti: ahead }
  }
  if (entry.stato === 'offerta' && entry.offerta_scade !== null) return { ...view, offerta_scade: new Date(entry.offerta_scade).toISOString() }
  return view
}

/** Every race's entry of the athlete, newest first (`waitList.mine`). */
export function entriesOf(athleteId: number): WaitEntryRecord[] {
  return db.waitEntries.findMany((q) => q.where({ athlete_id: athleteId })).sort((a, b) => b.entrato - a.entrato)
}

function raceOf(raceId: number): RaceRecord | undefined {
  return db.races.findFirst((q) => q.where({ id: raceId }))
}

/**
 * Every place taken or kept for someone (offers included, see above): what the waiting room calls
 * sold out for good (queue.ts `ticketView`), so its athletes may join here too.
 */
function soldOut(race: RaceRecord): boolean {
  return race.iscritti >= race.posti
}

export type JoinOutcome = { ok: true; entry: WaitEntryRecord } | { ok: false; code: JoinWaitListError; entry?: WaitEntryRecord }

/** Joins the end of the line; an athlete who left or let an offer lapse joins again at the end. */
export async function joinWaitList(athlete: AthleteRecord, race: RaceRecord, now: number): Promise<JoinOutcome> {
  if (!race.lista_attesa || now >= Date.parse(race.chiusura_iscrizioni)) return { ok: false, code: 'wait_list_closed' }
  const existing = entryOf(race.id, athlete.id)
  if (existing && (existing.stato === 'in_attesa' || existing.stato === 'offerta')) return { ok: false, code: 'already_listed', entry: existing }
  const subscription = db.subscriptions.findFirst((q) => q.where({ athlete_id: athlete.id, project_id: race.id }))
  if (subscription?.pagato) return { ok: false, code: 'already_enrolled' }
  if (!soldOut(race)) return { ok: false, code: 'places_left' }

  const ordine = Math.max(0, ...db.waitEntries.findMany((q) => q.where({ race_id: race.id })).map((entry) => entry.ordine)) + 1
  const fresh = { stato: 'in_attesa' as const, origine: 'lista' as const, ordine, entrato: now, offerta_at: null, offerta_scade: null }
  const entry = existing
    ? await db.waitEntries.update((q) => q.where({ race_id: race.id, athlete_id: athlete.id }), { data: (draft) => void Object.assign(draft, fresh) })
    : await db.waitEntries.create({ race_id: race.id, athlete_id: athlete.id, ...fresh })
  return { ok: true, entry: entry! }
}

/** Leaves the line; an offer held is declined, and its place goes to the next in line. */
export async function leaveWaitList(athleteId: number, race: RaceRecord, now: number): Promise<WaitEntryRecord | undefined> {
  const entry = entryOf(race.id, athleteId)
  if (!entry) return undefined
  if (entry.stato !== 'in_attesa' && entry.stato !== 'offerta') return entry
  const offered = entry.stato === 'offerta'
  const left = await setState(entry, 'uscito')
  if (offered) await placeBack(race.id, now)
  return left
}

function setState(entry: WaitEntryRecord, stato: 'offerta' | 'iscritto' | 'scaduta' | 'uscito', offer?: { at: number; until: number }) {
  return db.waitEntries.update((q) => q.where({ race_id: entry.race_id, athlete_id: entry.athlete_id }), {
    data(draft) {
      draft.stato = stato
      if (offer) {
        draft.offerta_at = offer.at
        draft.offerta_scade = offer.until
      }
    },
  })
}

async function countPlace(raceId: number, delta: 1 | -1): Promise<void> {
  await db.races.update((q) => q.where({ id: raceId }), { data: (record) => void (record.iscritti += delta) })
}

/** A place kept for an offer is free again (declined or lapsed): uncounted, then offered on. */
async function placeBack(raceId: number, now: number): Promise<void> {
  await countPlace(raceId, -1)
  const race = raceOf(raceId)
  if (race) await offerNext(race, now)
}

/**
 * A place came back to the race (its `iscritti` already lowered): the first in line is offered it
 * until now + `offerta_ore` hours, and the place is counted again, kept for them. The list outlives
 * the registration (a lottery's closes before its draw fills it): an offered place is enrolled in
 * after the close, up to the start. Nobody waiting, or the race started: the place is simply free.
 */
export async function offerNext(race: RaceRecord, now: number): Promise<void> {
  const current = raceOf(race.id)
  const start = current && Date.parse(current.data_evento)
  if (!current?.lista_attesa || start === undefined || now >= start) return
  const first = lineOf(current.id)[0]
  if (!first) return
  const until = Math.min(now + current.lista_attesa.offerta_ore * HOUR_MS, start)
  await setState(first, 'offerta', { at: now, until })
  await countPlace(current.id, 1)
  const athlete = db.athletes.findFirst((q) => q.where({ id: first.athlete_id }))
  if (athlete?.mail) {
    await sendMail({
      kind: 'wait_list_offer',
      to: athlete.mail,
      lingua: mailLanguageOf(athlete),
      link: mailLinks.waitList(current.id),
      sent_at: now,
      gara: raceTitle(current),
      scade: until,
    })
  }
}

/** A card authorised for the place and not settled yet: the offer is being taken, it does not lapse meanwhile. */
function paying(entry: WaitEntryRecord): boolean {
  return db.payments
    .findMany((q) => q.where({ athlete_id: entry.athlete_id, project_id: entry.race_id, stato: 'pending' }))
    .some((payment) => payment.esito === 'authorised')
}

/** Offers past their deadline lapse (unless being paid), and their places go to the next in line. */
export async function advanceWaitLists(now: number): Promise<void> {
  const due = db.waitEntries.findMany((q) => q.where({ stato: 'offerta' })).filter((entry) => (entry.offerta_scade ?? 0) <= now && !paying(entry))
  // In the order they ran out: an earlier lapse's place is offered before a later one's.
  due.sort((a, b) => (a.offerta_scade ?? 0) - (b.offerta_scade ?? 0))
  for (const entry of due) {
    await setState(entry, 'scaduta')
    await placeBack(entry.race_id, now)
  }
}

/** The offer this athlete holds on the race is open (or being paid): its place is theirs to enrol in and pay. */
export function offerReserved(athleteId: number, race: RaceRecord, now: number): boolean {
  const entry = entryOf(race.id, athleteId)
  return entry?.stato === 'offerta' && ((entry.offerta_scade ?? 0) > now || paying(entry))
}

/** The athlete's offer lapsed (and went to the next in line): what the wizard refuses with. */
export function offerLapsed(athleteId: number, race: RaceRecord): boolean {
  return entryOf(race.id, athleteId)?.stato === 'scaduta'
}

/**
 * The athlete paid a place of the race (provider.ts, after counting it): an offer held is taken, and
 * the place it kept was counted already. An athlete still in line enrolled otherwise, and is no
 * longer waiting.
 */
export async function waitListPaid(athleteId: number, race: RaceRecord, _now: number): Promise<void> {
  const entry = entryOf(race.id, athleteId)
  if (entry?.stato === 'offerta') {
    await setState(entry, 'iscritto')
    await countPlace(race.id, -1)
  } else if (entry?.stato === 'in_attesa') {
    await setState(entry, 'uscito')
  }
}

/**
 * QA: one of the race's entrants without an account withdraws, so its place comes back (QA panel):
 * its row leaves the subscribers list, the count drops, and the wait list is offered the place.
 * (`place-events.ts` `placeFreed` is this `offerNext`, called directly: that module imports this one.)
 */
export async function freeOnePlace(race: RaceRecord, now: number): Promise<void> {
  const rows = db.entrants.findMany((q) => q.where({ race_id: race.id })).filter((row) => row.athlete_id === undefined)
  const last = rows.sort((a, b) => b.pettorale - a.pettorale)[0]
  if (!last) return
  await db.entrants.delete((q) => q.where({ race_id: race.id, pettorale: last.pettorale }))
  await countPlace(race.id, -1)
  await offerNext(race, now)
}
