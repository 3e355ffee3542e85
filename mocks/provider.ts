import { advancePlaces, onPlacePaid } from './place-events'
import type { PaymentDeclineReason, PaymentState } from '../contracts/payments.contract'
import { hexOf } from '../contracts/hex'
import { db, type PaymentRecord } from './db'
import { mailLanguageOf, mailLinks, sendMail } from './outbox'
import { SETTLE_DELAY_MS } from './provider-cards'
import { providerPages } from './provider-pages'
import { placeAtSettlement } from './place-rule'
import { advanceRooms, convertHold, markPaying } from './queue'
import { entryTitle, isActivePlace, nextBib, raceTitle } from './records'

// The sentinel cards and the settlement's delay live apart (the checkout page and the e2e tests
// read them without the database); said here too, as the provider's own, for the ledger's tests.
export { cardBehaviour, declineReasonOf, SETTLE_DELAY_MS, TEST_CARDS } from './provider-cards'

/**
 * The simulated payment provider: its hosted checkout records what the card did, and the outcome
 * reaches the backend a little later, as a provider's webhook would. Every handler settles what is
 * due before it answers (handler.ts), so the athlete coming back first sees the payment pending.
 *
 * The ledger's rules (issue 19, rows 1 and 2), which a real backend must keep too (docs/security.md):
 * - one live payment per place, whatever its channel: a card payment is not started while the
 *   organiser's link for the place is open, nor while another payment of the place is authorised
 *   and awaiting confirmation (handlers/payments.ts);
 * - an authorised payment is never dropped: only an undecided checkout is superseded by a new one,
 *   and a second decision on a payment is ignored;
 * - settling never pays a place already paid: a second payment that would succeed is voided (or
 *   refunded) with a visible line, never a second place or bib.
 * An organiser's link is paid on the provider's page of the link (decision 026): a card declined
 * there does not close it (the athlete may try another card until it lapses), and leaving that page
 * without paying decides nothing.
 * Starting, deciding and settling run one at a time (`withLedger`), so two requests at once cannot
 * both see a place unpaid, nor both settle the same payment.
 */

/** What the checkout decided about a payment. */
export type CheckoutOutcome = 'authorised' | 'declined' | 'cancelled'

/** How long a payment link the organiser sends at run time stays payable (`sendLink`). */
export const PAYMENT_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000

/** A payment reference: `PAY-` and 24 hex digits, 96 bits from a cryptographic random source. */
export function newPaymentId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return `PAY-${hexOf(bytes).toUpperCase()}`
}

/** A payment link's code: unguessable, like the seed's (`lnk-` and 128 random bits). */
function newLinkCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return `lnk-${hexOf(bytes)}`
}

let ledgerQueue: Promise<unknown> = Promise.resolve()

/**
 * Runs a change to the payments ledger after every change already under way: a check and the
 * write it decides (is the place paid? then take it) are never split by another request's.
 */
export function withLedger<T>(work: () => T | Promise<T>): Promise<T> {
  const run = ledgerQueue.then(work)
  ledgerQueue = run.catch(() => undefined)
  return run
}

/**
 * The organiser's link is pending, not authorised and not past its expiry: it is the place's live
 * payment. A card declined on it (while the provider's answer is on its way, too) leaves it open.
 */
export function isOpenLink(payment: PaymentRecord, now: number): boolean {
  return payment.stato === 'pending' && payment.link_code !== null && payment.esito !== 'authorised' && !hasLapsed(payment, now)
}

/** The organiser's link is open and nothing is under way at its checkout: the athlete may pay it now. */
export function isPayableLink(payment: PaymentRecord, now: number): boolean {
  return isOpenLink(payment, now) && !payment.esito
}

/**
 * A pending link past its expiry, with no authorisation on its way (one the checkout took in time
 * settles as decided): it can no longer be paid, and `payments.byLink` answers 410.
 */
export function hasLapsed(payment: PaymentRecord, now: number): boolean {
  return payment.stato === 'pending' && payment.link_code !== null && payment.scade !== null && payment.scade <= now && payment.esito !== 'authorised'
}

/** What the provider's checkout shows of a payment, and where it sends the athlete back. */
export interface CheckoutView {
  pagamento_id: string
  totale: number
  stato: PaymentState
  /** What the checkout decided, while the backend has not heard of it yet. */
  esito: CheckoutOutcome | null
  /** The race, `<name> <edition>`. */
  gara: string
  /** The organiser's link this payment is for; `null` for a card payment the portal started. */
  link: string | null
  /** A link's deadline (epoch ms, mock clock); `null` when it has none. */
  scade: number | null
  /** Whether the checkout may take a card now: pending, undecided and, for a link, not lapsed. */
  open: boolean
  /** Whether the link is past its deadline (never for a card payment). */
  lapsed: boolean
  /** Where the checkout sends the athlete back, relative to the portal. */
  returnTo: string
}

/**
 * What the provider's hosted checkout (src/dev/checkout-page.tsx) asks of the provider: the
 * in-page one (`createProvider`) answers a view at once, a shared server's over HTTP
 * (provider-http-client.ts) later, so a view may come as a promise.
 */
export interface CheckoutProvider {
  payment(pagamento_id: string): CheckoutView | null | Promise<CheckoutView | null>
  linkPayment(code: string): CheckoutView | null | Promise<CheckoutView | null>
  decide(pagamento_id: string, esito: CheckoutOutcome, reason?: PaymentDeclineReason): Promise<void>
  payLink(code: string, esito?: CheckoutOutcome, reason?: PaymentDeclineReason): Promise<string | null>
}

function checkoutView(payment: PaymentRecord, now: number): CheckoutView {
  const race = db.races.findFirst((q) => q.where({ id: payment.project_id }))
  const link = payment.link_code
  const lapsed = hasLapsed(payment, now) || (link !== null && payment.stato === 'expired')
  return {
    pagamento_id: payment.pagamento_id,
    totale: payment.totale,
    stato: payment.stato,
    esito: payment.esito ?? null,
    gara: race ? raceTitle(race) : '',
    link,
    scade: link === null ? null : payment.scade,
    open: payment.stato === 'pending' && !payment.esito && !lapsed,
    lapsed,
    returnTo: link === null ? providerPages.cardReturn(payment.pagamento_id) : providerPages.linkReturn(link),
  }
}

/** The payments of one athlete's place in a race (every channel). */
export function paymentsOfPlace(athleteId: number, raceId: number): PaymentRecord[] {
  return db.payments.findMany((q) => q.where({ athlete_id: athleteId, project_id: raceId }))
}

export function createProvider(now: () => number, onChanged: () => void) {
  /**
   * Records the checkout's outcome; the backend hears of it SETTLE_DELAY_MS later. A declined card
   * carries the provider's reason (`card_declined` when none is given).
   */
  async function decide(pagamento_id: string, esito: CheckoutOutcome, reason: PaymentDeclineReason = 'card_declined'): Promise<void> {
    try {
      await withLedger(async () => {
        const at = now()
        // A held place, an offer or a transfer that ran out by now is gone before the card is
        // decided (decision 037, issue 40): a card authorised after its deadline cannot keep it.
        await advanceRooms(at)
        await advancePlaces(at)
        const payment = db.payments.findFirst((q) => q.where({ pagamento_id }))
        // Only an open payment is decided, once: a second decision (another tab's checkout, a
        // cancel after the card went through) never replaces an authorisation.
        if (!payment || payment.stato !== 'pending' || payment.esito) return
        // A lapsed link can no longer be paid.
        if (hasLapsed(payment, at)) return
        // Leaving a link's page without paying decides nothing: the link stays open as it was.
        if (payment.link_code !== null && esito === 'cancelled') return
        await db.payments.update((q) => q.where({ pagamento_id }), {
          data(record) {
            record.esito = esito
            record.esito_motivo = esito === 'declined' ? reason : null
            record.settle_at = at + SETTLE_DELAY_MS
          },
        })
        // Authorised within a held place: the place waits for the provider's confirmation.
        if (esito === 'authorised') await markPaying(payment.athlete_id, payment.project_id, at)
      })
    } finally {
      onChanged()
    }
  }

  return {
    /**
     * What the checkout page shows of a payment, by its id: the race, the amount, whether it can be
     * paid, where to go back; `null` for an unknown id.
     */
    payment(pagamento_id: string): CheckoutView | null {
      const payment = db.payments.findFirst((q) => q.where({ pagamento_id }))
      return payment ? checkoutView(payment, now()) : null
    },
    /** The same, for the provider's page of an organiser's link (`/checkout?link=<code>`); `null` for an unknown code. */
    linkPayment(code: string): CheckoutView | null {
      const payment = db.payments.findFirst((q) => q.where({ link_code: code }))
      return payment ? checkoutView(payment, now()) : null
    },
    decide,
    /**
     * QA settles a payment from the panel: the provider decides it (unless the checkout already
     * did: a decision is never replaced) and tells the backend now rather than SETTLE_DELAY_MS
     * later. What else is due settles first, in the order it was decided.
     */
    async settleNow(pagamento_id: string, esito: CheckoutOutcome, reason?: PaymentDeclineReason): Promise<void> {
      await decide(pagamento_id, esito, reason)
      try {
        await withLedger(async () => {
          const at = now()
          await db.payments.update((q) => q.where({ pagamento_id, stato: 'pending', settle_at: (due) => typeof due === 'number' }), {
            data: (record) => void (record.settle_at = Math.min(record.settle_at ?? at, at)),
          })
          await settleDue(at)
        })
      } finally {
        onChanged()
      }
    },
    /**
     * The athlete pays the organiser's link on the provider's page of the link (the checkout page
     * calls it; so can QA and tests): the same decision as the checkout's, for the link's payment.
     * `'cancelled'` decides nothing: the link stays open.
     */
    async payLink(code: string, esito: CheckoutOutcome = 'authorised', reason?: PaymentDeclineReason): Promise<string | null> {
      const payment = db.payments.findFirst((q) => q.where({ link_code: code }))
      if (!payment) return null
      await decide(payment.pagamento_id, esito, reason)
      return payment.pagamento_id
    },
    /**
     * The organiser's back office asks the provider for a payment link for an athlete's place and
     * e-mails it (after a lottery draw, say). The link pays the place's current options. It stands
     * for a link sent while a card payment of the place was already under way: row 1's "card then
     * link" order, which the portal alone cannot reach.
     */
    async sendLink(athleteId: number, raceId: number): Promise<string> {
      try {
        return await withLedger(async () => {
          const subscription = db.subscriptions.findFirst((q) => q.where({ athlete_id: athleteId, project_id: raceId }))
          const athlete = db.athletes.findFirst((q) => q.where({ id: athleteId }))
          if (!subscription || !athlete) throw new Error(`pettoraleMock.provider.sendLink: athlete ${String(athleteId)} has no place in race ${String(raceId)}`)
          if (subscription.pagato) throw new Error(`pettoraleMock.provider.sendLink: the place in race ${String(raceId)} is paid already`)
          if (subscription.totale === null || subscription.totale === undefined) {
            throw new Error(`pettoraleMock.provider.sendLink: the place in race ${String(raceId)} has no total yet`)
          }
          const at = now()
          const code = newLinkCode()
          await db.payments.create({
            pagamento_id: newPaymentId(),
            stato: 'pending',
            project_id: raceId,
            totale: subscription.totale,
            aggiornato: new Date(at).toISOString(),
            athlete_id: athleteId,
            idempotency_key: `link-${code}`,
            link_code: code,
            scade: at + PAYMENT_LINK_TTL_MS,
            opzione_rimborso: subscription.opzione_rimborso ?? 'standard',
            noleggio_gps: subscription.noleggio_gps ?? false,
            esito: null,
            settle_at: null,
          })
          const race = db.races.findFirst((q) => q.where({ id: raceId }))
          if (athlete.mail && race) {
            await sendMail({
              kind: 'payment_link',
              to: athlete.mail,
              lingua: mailLanguageOf(athlete),
              link: mailLinks.paymentLink(code),
              sent_at: at,
              gara: raceTitle(race),
              totale: subscription.totale,
              scade: at + PAYMENT_LINK_TTL_MS,
            })
          }
          return code
        })
      } finally {
        onChanged()
      }
    },
  }
}

export type Provider = ReturnType<typeof createProvider>

/**
 * Applies every checkout outcome whose time has come, then moves the waiting rooms, the wait lists,
 * the transfers and the lotteries to `now` (queue.ts, place-events.ts): in one turn of the ledger, so a place is checked and taken in one step.
 */
export function settleDuePayments(now: number): Promise<void> {
  return withLedger(async () => {
    await settleDue(now)
    await advanceRooms(now)
    await advancePlaces(now)
  })
}

/** The same, inside the ledger's turn. */
async function settleDue(now: number): Promise<void> {
  // Every request runs this scan, so it is a plain filter: @msw/data's query compiles an object
  // condition again for every record (a tenth of the server's time under the bench's opening rush).
  const due = db.payments.all().filter((payment) => payment.stato === 'pending' && typeof payment.settle_at === 'number' && payment.settle_at <= now)
  // In the order the provider decided them, as its webhooks would arrive.
  due.sort((a, b) => (a.settle_at ?? 0) - (b.settle_at ?? 0))
  for (const payment of due) await settle(payment.pagamento_id, now)
}

/**
 * Ends a link payment that will not be paid (superseded, lapsed, the place paid otherwise): its
 * pending line on the athlete's transactions, if the organiser's system made one, becomes failed.
 */
export async function expirePayment(payment: PaymentRecord, now: number): Promise<void> {
  const at = new Date(now).toISOString()
  await db.payments.update((q) => q.where({ pagamento_id: payment.pagamento_id }), {
    data(record) {
      // Decided meanwhile: the settlement decides, not this.
      if (record.stato !== 'pending' || record.esito) return
      record.stato = 'expired'
      record.aggiornato = at
    },
  })
  const line = pendingLineOf(payment)
  if (line) await db.transactions.update((q) => q.where({ id: line.id }), { data: (record) => void (record.stato = 'failed') })
}

/**
 * The athlete's transaction line that a payment fills: the organiser's pending line of a link, when
 * there is one (the seed's), else its own `TX-<payment id>`.
 */
function pendingLineOf(payment: PaymentRecord) {
  if (payment.link_code === null) return undefined
  return db.transactions.findFirst((q) =>
    q.where({ athlete_id: payment.athlete_id, gara_id: payment.project_id, metodo: 'link', stato: 'pending' }),
  )
}

async function settle(pagamento_id: string, now: number): Promise<void> {
  // Read again: an earlier settlement of this round may have changed it.
  const payment = db.payments.findFirst((q) => q.where({ pagamento_id }))
  if (!payment || payment.stato !== 'pending' || typeof payment.settle_at !== 'number' || payment.settle_at > now) return
  const at = new Date(now).toISOString()
  const race = db.races.findFirst((q) => q.where({ id: payment.project_id }))
  const athlete = db.athletes.findFirst((q) => q.where({ id: payment.athlete_id }))
  const subscription = db.subscriptions.findFirst((q) => q.where({ athlete_id: payment.athlete_id, project_id: payment.project_id }))
  const authorised = payment.esito === 'authorised'
  // Settling never pays a place twice, nor takes one that is not there (place-rule.ts): the place
  // is paid (another tab's card, the organiser's link), its hold, offer or transfer lapsed, or the
  // race's last place went to another payment first, so this authorisation is voided, visibly.
  const claim = race && authorised ? placeAtSettlement(payment, race, now) : null
  const placePaid = isActivePlace(subscription)

  // A card declined on the organiser's link does not close it: the link is open again for another
  // card, saying when the last one was declined. Nothing was charged, so no line is added (the
  // link's own pending line, if any, stays pending). A place paid meanwhile ends the link instead.
  if (payment.link_code !== null && payment.esito === 'declined') {
    await db.payments.update((q) => q.where({ pagamento_id }), {
      data(record) {
        record.esito = null
        record.settle_at = null
        record.rifiutato_at = now
        record.motivo_rifiuto = record.esito_motivo ?? 'card_declined'
        record.esito_motivo = null
        record.aggiornato = at
      },
    })
    if (placePaid) await expirePayment(payment, now)
    return
  }
  const voided = claim?.ok === false ? claim.motivo : null
  const paid = authorised && voided === null

  await db.payments.update((q) => q.where({ pagamento_id }), {
    data(record) {
      record.stato = paid ? 'success' : 'failed'
      record.aggiornato = at
      record.settle_at = null
      if (voided) record.motivo = voided
      // The provider's reason for a declined card, as its webhook tells it.
      if (record.esito === 'declined') record.motivo_rifiuto = record.esito_motivo ?? 'card_declined'
      else record.motivo_rifiuto = undefined
      record.esito_motivo = null
    },
  })
  if (!race || !athlete) return

  const line = pendingLineOf(payment)
  // A cancelled checkout charged nothing: no line on the athlete's transactions (the link's own
  // pending line, if any, is closed as failed).
  if (payment.esito === 'cancelled') {
    if (line) await db.transactions.update((q) => q.where({ id: line.id }), { data: (record) => void (record.stato = 'failed') })
    return
  }
  const entry = {
    data: at,
    importo: payment.totale,
    stato: paid ? ('paid' as const) : voided ? ('refunded' as const) : ('failed' as const),
    metodo: payment.link_code === null ? ('card' as const) : ('link' as const),
    opzione_rimborso: payment.opzione_rimborso ?? null,
    noleggio_gps: payment.noleggio_gps ?? false,
    // Voided: the whole amount goes back (a provider releases the authorisation; no money moved).
    rimborso: voided ? { importo: payment.totale, data: at } : null,
  }
  if (line) {
    await db.transactions.update((q) => q.where({ id: line.id }), { data: (record) => void Object.assign(record, entry) })
  } else {
    await db.transactions.create({
      id: `TX-${payment.pagamento_id}`,
      athlete_id: athlete.id,
      descrizione: entryTitle(race),
      gara_id: race.id,
      valuta: 'EUR',
      ...entry,
    })
  }
  if (!paid) return

  const bib = nextBib(race)
  // The athlete is now one of the race's entrants: the subscribers list and the places left agree.
  await db.entrants.create({
    race_id: race.id,
    athlete_id: athlete.id,
    pettorale: bib,
    nome: [athlete.nome, athlete.cognome].filter(Boolean).join(' '),
    nazionalita: countryCode(athlete.nazionalita),
    paese: countryCode(athlete.paese),
    regione: athlete.provincia,
    categoria: subscription?.categoria ?? 'SM',
    team: athlete.team ?? null,
  })
  await db.races.update((q) => q.where({ id: race.id }), { data: (record) => void (record.iscritti += 1) })
  await convertHold(athlete.id, race.id)
  await db.subscriptions.update((q) => q.where({ athlete_id: athlete.id, project_id: race.id }), {
    data(record) {
      record.pagato = true
      record.pettorale = bib
      if (payment.opzione_rimborso) record.opzione_rimborso = payment.opzione_rimborso
      if (payment.noleggio_gps !== undefined) record.noleggio_gps = payment.noleggio_gps
      record.totale = payment.totale
    },
  })
  // A place taken from a transfer or a wait-list offer completes it (issue 23).
  await onPlacePaid(athlete.id, race, now)
  // The backend confirms the enrolment by e-mail: the race, the bib, the amount.
  if (athlete.mail) {
    await sendMail({
      kind: 'enrolment_confirmed',
      to: athlete.mail,
      lingua: mailLanguageOf(athlete),
      link: mailLinks.enrolment(race.id),
      sent_at: now,
      gara: raceTitle(race),
      pettorale: bib,
      totale: payment.totale,
    })
  }
  // The place is paid: every other open payment of it (a checkout left open, the organiser's link)
  // can no longer charge. One authorised meanwhile is voided when it settles.
  for (const other of paymentsOfPlace(athlete.id, race.id)) {
    if (other.pagamento_id !== pagamento_id && other.stato === 'pending' && !other.esito) await expirePayment(other, now)
  }
}

/** Entrant rows carry ISO country codes; a profile may hold anything the athlete typed. */
function countryCode(value: string | null | undefined): string {
  return value && /^[A-Z]{2}$/.test(value) ? value : 'IT'
}
