import type { AcceptTransferErrorSchema, DeclineTransferErrorSchema, Transfer, TransferError } from '../contracts/places.contract'
import { DAY_MS } from '../contracts/time'
import { db, type AthleteRecord, type RaceRecord, type SubscriptionRecord, type TransferRecord } from './db'
import { mailLanguageOf, mailLinks, sendMail } from './outbox'
import { enrolmentTotal, findAthleteByMail, isActivePlace, placeLine, randomToken, raceTitle, takenAgain } from './records'
import { categoryFor } from './seed/categories'
import type * as z from 'zod/mini'

// A place passed from one athlete to another (issue 23, decision 038). The giver's place stays
// theirs, counted in `iscritti`, until the recipient has paid: the settlement counts the recipient
// once more and `transferPaid` takes the giver's row and count back, so the race never looks freer
// or fuller than it is. An offer lapses at `scade`, the earlier of the race's transfer deadline and
// OFFER_DAYS after it was made: a place is not held out of the race's reach for weeks by a recipient
// who never answers. Every function runs in the ledger's turn (provider.ts `withLedger`).

/** How long a recipient has to take and pay a place offered, at most. */
export const OFFER_DAYS = 7

type AcceptError = z.infer<typeof AcceptTransferErrorSchema>

const fullName = (athlete: Pick<AthleteRecord, 'nome' | 'cognome'>) => [athlete.nome, athlete.cognome].filter(Boolean).join(' ')
const cents = (euros: number) => Math.round(euros * 100)

function subscriptionOf(athleteId: number, raceId: number): SubscriptionRecord | undefined {
  return db.subscriptions.findFirst((q) => q.where({ athlete_id: athleteId, project_id: raceId }))
}

const live = (transfer: TransferRecord) => transfer.stato === 'offerta' || transfer.stato === 'accettata'

/** The giver's transfer still on offer or being paid, if any (one at a time). */
function liveTransferOf(giverId: number, raceId: number): TransferRecord | undefined {
  return db.transfers.findMany((q) => q.where({ giver_id: giverId, race_id: raceId })).find(live)
}

/** A card authorised for the recipient's place and not settled yet: the transfer does not lapse meanwhile. */
function paying(transfer: TransferRecord): boolean {
  return db.payments
    .findMany((q) => q.where({ athlete_id: transfer.recipient_id, project_id: transfer.race_id, stato: 'pending' }))
    .some((payment) => payment.esito === 'authorised')
}

export function transferView(transfer: TransferRecord): Transfer {
  const giver = db.athletes.findFirst((q) => q.where({ id: transfer.giver_id }))
  return {
    codice: transfer.codice,
    gara_id: transfer.race_id,
    da: giver ? fullName(giver) : '',
    a: transfer.mail,
    stato: transfer.stato,
    scade: new Date(transfer.scade).toISOString(),
    prezzo: transfer.prezzo,
    tassa: transfer.tassa,
  }
}

async function setState(transfer: TransferRecord, stato: TransferRecord['stato']): Promise<TransferRecord> {
  const updated = await db.transfers.update((q) => q.where({ codice: transfer.codice }), { data: (draft) => void (draft.stato = stato) })
  // The giver's subscription shows the transfer while it is live, and nothing once it is not.
  const pending = live(updated!)
  await db.subscriptions.update((q) => q.where({ athlete_id: transfer.giver_id, project_id: transfer.race_id }), {
    data(draft) {
      draft.cessione = pending ? { codice: transfer.codice, a: transfer.mail, scade: new Date(transfer.scade).toISOString() } : null
    },
  })
  return updated!
}

export type OfferOutcome = { ok: true; transfer: TransferRecord } | { ok: false; code: TransferError }

/** The giver offers their place to the account with `mail`; the same key again answers the same offer. */
export async function offerTransfer(giver: AthleteRecord, race: RaceRecord, mail: string, chiave: string, now: number): Promise<OfferOutcome> {
  const replay = db.transfers.findFirst((q) => q.where({ giver_id: giver.id, race_id: race.id, chiave }))
  if (replay) return { ok: true, transfer: replay }
  const subscription = subscriptionOf(giver.id, race.id)
  if (!subscription) return { ok: false, code: 'not_enrolled' }
  if (!subscription.pagato) return { ok: false, code: 'not_paid' }
  if (!isActivePlace(subscription)) return { ok: false, code: 'place_changed' }
  const rule = race.cambi?.cessione
  if (!rule || now >= Date.parse(rule.chiude) || now >= Date.parse(race.data_evento)) return { ok: false, code: 'transfer_closed' }
  if (liveTransferOf(giver.id, race.id)) return { ok: false, code: 'transfer_pending' }
  const recipient = findAthleteByMail(mail)
  if (!recipient) return { ok: false, code: 'recipient_unknown' }
  if (recipient.id === giver.id) return { ok: false, code: 'recipient_is_self' }
  if (isActivePlace(subscriptionOf(recipient.id, race.id))) return { ok: false, code: 'recipient_enrolled' }

  const created = await db.transfers.create({
    codice: randomToken('T'),
    race_id: race.id,
    giver_id: giver.id,
    recipient_id: recipient.id,
    mail: recipient.mail ?? mail,
    chiave,
    stato: 'offerta',
    creato: now,
    scade: Math.min(Date.parse(rule.chiude), now + OFFER_DAYS * DAY_MS),
    prezzo: race.prezzo,
    tassa: rule.tassa,
    rimborso_percento: rule.rimborso_percento,
  })
  const transfer = await setState(created, 'offerta')
  await sendMail({
    kind: 'transfer_offer',
    to: transfer.mail,
    lingua: mailLanguageOf(recipient),
    link: mailLinks.transfer(transfer.codice),
    sent_at: now,
    gara: raceTitle(race),
    da: fullName(giver),
    scade: transfer.scade,
  })
  return { ok: true, transfer }
}

/** The giver takes back an offer nobody has taken yet; the place stays theirs. */
export async function cancelTransfer(giverId: number, raceId: number): Promise<SubscriptionRecord | 'not_enrolled' | 'no_transfer'> {
  if (!subscriptionOf(giverId, raceId)) return 'not_enrolled'
  const transfer = liveTransferOf(giverId, raceId)
  if (transfer?.stato !== 'offerta') return 'no_transfer'
  await setState(transfer, 'annullata')
  return subscriptionOf(giverId, raceId)!
}

/** The transfer with this code offered to this athlete (nobody else learns it exists). */
export function transferFor(recipientId: number, codice: string): TransferRecord | undefined {
  return db.transfers.findFirst((q) => q.where({ codice, recipient_id: recipientId }))
}

export type AcceptOutcome = { ok: true; transfer: TransferRecord; subscription: SubscriptionRecord } | { ok: false; code: AcceptError }

/**
 * The recipient takes the place: an unpaid subscription of their own (standard refund option, their
 * GPS choice, the transfer fee on top) to sign the waiver of and pay. Asked again it answers the
 * same, with the GPS choice of the latest ask while unpaid.
 */
export async function acceptTransfer(
  recipient: AthleteRecord,
  codice: string,
  noleggio_gps: boolean,
  eligible: (athlete: AthleteRecord, race: RaceRecord) => boolean,
  now: number,
): Promise<AcceptOutcome> {
  const transfer = transferFor(recipient.id, codice)
  const race = transfer && db.races.findFirst((q) => q.where({ id: transfer.race_id }))
  if (!transfer || !race) return { ok: false, code: 'transfer_not_found' }
  const own = subscriptionOf(recipient.id, race.id)
  if (transfer.stato === 'completata' && own) return { ok: true, transfer, subscription: own }
  if (!live(transfer) || now >= transfer.scade || !isActivePlace(subscriptionOf(transfer.giver_id, race.id))) {
    return { ok: false, code: 'transfer_closed' }
  }
  if (!eligible(recipient, race)) return { ok: false, code: 'not_eligible' }
  // The same rule as the offer's `recipient_enrolled`: a place the recipient once had and left
  // (withdrawn, passed on, even passed to the giver who now passes it back) does not stop them.
  if (isActivePlace(own)) return { ok: false, code: 'already_enrolled' }

  const accepted = transfer.stato === 'accettata' ? transfer : await setState(transfer, 'accettata')
  const choice = {
    ...takenAgain(own),
    opzione_rimborso: 'standard' as const,
    noleggio_gps,
    totale: enrolmentTotal(race, { opzione_rimborso: 'standard', noleggio_gps }, recipient.id),
    domanda_lotteria: false,
  }
  const subscription = own
    ? await db.subscriptions.update((q) => q.where({ athlete_id: recipient.id, project_id: race.id }), { data: (draft) => void Object.assign(draft, choice) })
    : await db.subscriptions.create({
        athlete_id: recipient.id,
        project_id: race.id,
        liberatoria: false,
        liberatoria_signed: null,
        liberatoria_versione: null,
        pettorale: null,
        categoria:
          recipient.sesso && recipient.data_nascita ? categoryFor(recipient.sesso, race.edizione - Number(recipient.data_nascita.slice(0, 4))) : null,
        pagato: false,
        campi: {},
        ...choice,
      })
  return { ok: true, transfer: accepted, subscription: subscription! }
}

export type DeclineOutcome = { ok: true; transfer: TransferRecord } | { ok: false; code: z.infer<typeof DeclineTransferErrorSchema> }

/**
 * The recipient turns the offer down, taken or not, while no card of theirs is being settled for
 * it: the offer ends, the place stays the giver's (who may offer it again) and the giver is told.
 * Asked again it answers the same.
 */
export async function declineTransfer(recipient: AthleteRecord, codice: string, now: number): Promise<DeclineOutcome> {
  const transfer = transferFor(recipient.id, codice)
  if (!transfer) return { ok: false, code: 'transfer_not_found' }
  if (transfer.stato === 'rifiutata') return { ok: true, transfer }
  if (!live(transfer) || paying(transfer)) return { ok: false, code: 'transfer_closed' }
  const declined = await setState(transfer, 'rifiutata')
  const giver = db.athletes.findFirst((q) => q.where({ id: transfer.giver_id }))
  const race = db.races.findFirst((q) => q.where({ id: transfer.race_id }))
  if (giver?.mail && race) {
    await sendMail({ kind: 'transfer_declined', to: giver.mail, lingua: mailLanguageOf(giver), link: mailLinks.myRaces(), sent_at: now, gara: raceTitle(race), a: transfer.mail })
  }
  return { ok: true, transfer: declined }
}

/** The accepted transfer this athlete is taking up, if the giver's place is still theirs to pass on. */
function acceptedBy(athleteId: number, raceId: number): TransferRecord | undefined {
  return db.transfers
    .findMany((q) => q.where({ recipient_id: athleteId, race_id: raceId, stato: 'accettata' }))
    .find((transfer) => isActivePlace(subscriptionOf(transfer.giver_id, raceId)))
}

/** The athlete accepted a transfer of this race's place and it has not lapsed: theirs to pay, however full the race. */
export function transferReserved(athleteId: number, race: RaceRecord, now: number): boolean {
  const transfer = acceptedBy(athleteId, race.id)
  return transfer !== undefined && (now < transfer.scade || paying(transfer))
}

/**
 * The recipient's place was paid (the settlement added their row and count): the transfer is done,
 * the giver's place passed on (their row and count taken back) and refunded the rule's share of
 * their fee plus an uncollected GPS rental, on their paid transaction.
 */
export async function transferPaid(athleteId: number, race: RaceRecord, now: number): Promise<void> {
  // Whatever the hour: a card authorised before `scade` settles after it, and the lapse waits for it
  // (`advanceTransfers` runs after the settlements of the same turn).
  const transfer = acceptedBy(athleteId, race.id)
  if (!transfer) return
  await setState(transfer, 'completata')
  const giverPlace = subscriptionOf(transfer.giver_id, race.id)!
  await db.subscriptions.update((q) => q.where({ athlete_id: transfer.giver_id, project_id: race.id }), { data: (draft) => void (draft.stato = 'ceduta') })
  await db.entrants.deleteMany((q) => q.where({ race_id: race.id, athlete_id: transfer.giver_id }))
  await db.races.update((q) => q.where({ id: race.id }), { data: (record) => void (record.iscritti -= 1) })

  const refund = (Math.floor((cents(transfer.prezzo) * transfer.rimborso_percento) / 100) + (giverPlace.noleggio_gps ? cents(race.noleggio_gps) : 0)) / 100
  const paid = placeLine(transfer.giver_id, race.id)
  if (paid) {
    await db.transactions.update((q) => q.where({ id: paid.id }), {
      data: (record) => void (record.rimborso = { importo: refund, data: new Date(now).toISOString() }),
    })
  }
  const giver = db.athletes.findFirst((q) => q.where({ id: transfer.giver_id }))
  if (giver?.mail) {
    await sendMail({
      kind: 'transfer_completed',
      to: giver.mail,
      lingua: mailLanguageOf(giver),
      link: mailLinks.myRaces(),
      sent_at: now,
      gara: raceTitle(race),
      a: transfer.mail,
      importo: refund,
    })
  }
}

/**
 * Transfers past `scade` lapse (unless the recipient's card is being settled), and those whose
 * giver's place changed meanwhile (withdrawn, deferred) are closed: the giver's subscription no
 * longer shows them.
 */
export async function advanceTransfers(now: number): Promise<void> {
  for (const transfer of db.transfers.findMany((q) => q.where({ stato: (stato) => stato === 'offerta' || stato === 'accettata' }))) {
    if (!isActivePlace(subscriptionOf(transfer.giver_id, transfer.race_id))) await setState(transfer, 'annullata')
    else if (transfer.scade <= now && !paying(transfer)) await setState(transfer, 'scaduta')
  }
}
