import { Collection } from '@msw/data'
import * as z from 'zod/mini'
import { ProfileSchema, RefundOptionSchema, SubscriptionSchema } from '../contracts/athlete.contract'
import { ExperienceReportSchema } from '../contracts/experience.contract'
import { PaymentDeclineReasonSchema, PaymentStatusSchema } from '../contracts/payments.contract'
import { RaceDetailSchema, RankingRowSchema, SubscriberRowSchema } from '../contracts/races.contract'
import { LocaleSchema } from '../contracts/common'
import { ExtraFieldValueSchema } from '../contracts/subscriptions.contract'
import { TransactionSchema } from '../contracts/transactions.contract'
import { TicketEndReasonSchema } from '../contracts/queue.contract'
import { CreditSchema, RefundQuoteSchema } from '../contracts/places.contract'
import { WaitEntryStateSchema } from '../contracts/wait-list.contract'

// Every collection is built from the contract schema of what it serves, extended with the
// server-side facts the wire never shows (passwords, owners, expiry instants).

export const AthleteRecordSchema = z.extend(ProfileSchema, {
  password: z.string(),
  /** Account confirmed through the e-mail link. */
  confermato: z.boolean(),
})
export type AthleteRecord = z.infer<typeof AthleteRecordSchema>

export const SessionRecordSchema = z.object({
  token: z.string(),
  athlete_id: z.number(),
  /** Epoch milliseconds on the mock clock. */
  expires_at: z.number(),
})
export type SessionRecord = z.infer<typeof SessionRecordSchema>

/** Single-use tokens e-mailed to the athlete: account confirmation and password reset. */
export const MailTokenRecordSchema = z.object({
  token: z.string(),
  athlete_id: z.number(),
  kind: z.enum(['confirm', 'reset']),
  expires_at: z.number(),
  used: z.boolean(),
})
export type MailTokenRecord = z.infer<typeof MailTokenRecordSchema>

const MailBaseSchema = {
  id: z.string(),
  to: z.string(),
  /** The language it is written in: the recipient's language for communications (decision 030). */
  lingua: LocaleSchema,
  link: z.string(),
  /** Epoch milliseconds on the mock clock. */
  sent_at: z.number(),
}

/**
 * The e-mails the backend would have sent (it sends none): what the mailbox page lists. `link` is
 * portal-relative, so it opens in whichever origin the portal is served from. A payment-link e-mail
 * names what it asks for: the race (name and edition), the amount in EUR and the link's deadline.
 * A payment-link e-mail stored by an older mock, without them, no longer fits and is dropped at boot
 * (persistence.ts): the link itself is a payment record and stays.
 */
export const MailRecordSchema = z.discriminatedUnion('kind', [
  z.object({ ...MailBaseSchema, kind: z.enum(['confirm', 'reset']) }),
  z.object({
    ...MailBaseSchema,
    kind: z.literal('payment_link'),
    /** The race the link pays for, as the e-mail names it: `<name> <edition>`. */
    gara: z.string(),
    /** The amount, EUR. */
    totale: z.number(),
    /** Epoch milliseconds (mock clock) after which the link can no longer be paid. */
    scade: z.number(),
  }),
  /** Sent when a payment settles paid: the race (`<name> <edition>`), the bib if one is given, the amount. */
  z.object({
    ...MailBaseSchema,
    kind: z.literal('enrolment_confirmed'),
    gara: z.string(),
    /** The bib number; `null` when the organiser gives bibs later. */
    pettorale: z.nullable(z.number()),
    /** The amount paid, EUR. */
    totale: z.number(),
  }),
  /** Sent when a withdrawal is refunded (issue 23): the race and the amount going back, EUR. */
  z.object({ ...MailBaseSchema, kind: z.literal('refund'), gara: z.string(), importo: z.number() }),
  /** Sent when a place is deferred: the race deferred from, the edition the credit is for, the credit, EUR. */
  z.object({ ...MailBaseSchema, kind: z.literal('credit'), gara: z.string(), edizione: z.number(), importo: z.number() }),
  /** Sent to a transfer's recipient: the race, the giver's name, the deadline (epoch ms); links to the offer. */
  z.object({ ...MailBaseSchema, kind: z.literal('transfer_offer'), gara: z.string(), da: z.string(), scade: z.number() }),
  /** Sent to a transfer's giver when its recipient paid: the race, the recipient's e-mail (the giver typed it), the refund, EUR. */
  z.object({ ...MailBaseSchema, kind: z.literal('transfer_completed'), gara: z.string(), a: z.string(), importo: z.number() }),
  /** Sent to a transfer's giver when its recipient declined it: the race and the recipient's e-mail. */
  z.object({ ...MailBaseSchema, kind: z.literal('transfer_declined'), gara: z.string(), a: z.string() }),
  /** Sent to the first in line when a place comes back: the race and the offer's deadline (epoch ms). */
  z.object({ ...MailBaseSchema, kind: z.literal('wait_list_offer'), gara: z.string(), scade: z.number() }),
  /** Sent after a draw to an application not drawn: the race and the place on the wait list. */
  z.object({ ...MailBaseSchema, kind: z.literal('lottery_not_drawn'), gara: z.string(), posizione: z.number() }),
  /** Sent by a draw to an applicant drawn: their payment link, as a payment-link e-mail names it (amount, deadline). */
  z.object({ ...MailBaseSchema, kind: z.literal('lottery_drawn'), gara: z.string(), totale: z.number(), scade: z.number() }),
])
export type MailRecord = z.infer<typeof MailRecordSchema>
/** A record of one kind of e-mail: `MailOf<'payment_link'>` has the race, amount and deadline. */
export type MailOf<K extends MailRecord['kind']> = Extract<MailRecord, { kind: K }>
export type MailKind = MailRecord['kind']

/**
 * A text the organiser (or the backend) writes in the portal's languages: Italian always, the others
 * where written. What is served is one language of it, named (languages.ts, decision 030).
 */
export const WrittenTextSchema = z.object({
  it: z.string(),
  en: z.optional(z.string()),
  es: z.optional(z.string()),
  fr: z.optional(z.string()),
  zh: z.optional(z.string()),
  ja: z.optional(z.string()),
  ko: z.optional(z.string()),
})
export type WrittenText = z.infer<typeof WrittenTextSchema>

/**
 * Other editions are found by the course's name when a race is asked for. The waiver's version is
 * the race's; its text is made from it (seed/waiver.ts). Description and rules are kept in every
 * language written; a read serves one.
 */
export const RaceRecordSchema = z.extend(z.omit(RaceDetailSchema, { edizioni: true, lingua: true, descrizione: true, regolamento: true }), {
  descrizione: WrittenTextSchema,
  regolamento: WrittenTextSchema,
  liberatoria_versione: z.string(),
})
export type RaceRecord = z.infer<typeof RaceRecordSchema>

export const SubscriptionRecordSchema = z.extend(SubscriptionSchema, {
  athlete_id: z.number(),
  /** The answers to the race's extra fields. */
  campi: z.optional(z.record(z.string(), ExtraFieldValueSchema)),
  /** Evidence of the waiver signed, beside its version: the language shown and the text's SHA-256. */
  liberatoria_lingua: z.optional(z.nullable(LocaleSchema)),
  liberatoria_sha256: z.optional(z.nullable(z.string())),
  /**
   * A withdrawal (issue 23): the idempotency key that made it and the refund it gave, so the same
   * request again (a retry after a lost answer, a reload) answers what the first did.
   */
  ritiro: z.optional(z.object({ chiave: z.string(), rimborso: RefundQuoteSchema })),
})
export type SubscriptionRecord = z.infer<typeof SubscriptionRecordSchema>

/**
 * `nome` is the entrant's full name as entered; the list serves it as the athlete chose to appear
 * (`visibilita`, issue 23), found through `athlete_id` where the entrant has an account.
 */
export const EntrantRecordSchema = z.extend(SubscriberRowSchema, {
  race_id: z.number(),
  nome: z.string(),
  // Every entrant has a bib; the list withholds it as the athlete chose (mocks/public-names.ts).
  pettorale: z.number(),
  athlete_id: z.optional(z.number()),
})
export type EntrantRecord = z.infer<typeof EntrantRecordSchema>

export const RankingRecordSchema = z.extend(RankingRowSchema, {
  race_id: z.number(),
  nome: z.string(),
  athlete_id: z.optional(z.number()),
})
export type RankingRecord = z.infer<typeof RankingRecordSchema>

/**
 * The description in every language written; a plain string is Italian only (what the payment
 * provider's lines and a browser database stored by an older mock hold).
 */
export const TransactionRecordSchema = z.extend(z.omit(TransactionSchema, { lingua: true, descrizione: true }), {
  athlete_id: z.number(),
  descrizione: z.union([z.string(), WrittenTextSchema]),
})
export type TransactionRecord = z.infer<typeof TransactionRecordSchema>

export const PaymentRecordSchema = z.extend(PaymentStatusSchema, {
  athlete_id: z.number(),
  idempotency_key: z.string(),
  /** What the request that made the payment asked for: a retry with its key must ask the same. */
  request_fingerprint: z.optional(z.string()),
  /** Code of the organiser's payment link, when the payment was made by link. */
  link_code: z.nullable(z.string()),
  /** Epoch milliseconds after which a pending link payment counts as expired. */
  scade: z.nullable(z.number()),
  /** Refund option and GPS rental the payment is for, applied to the subscription when it settles. */
  opzione_rimborso: z.optional(RefundOptionSchema),
  noleggio_gps: z.optional(z.boolean()),
  /** What the simulated provider decided at checkout, applied once `settle_at` (mock clock) passes. */
  esito: z.optional(z.nullable(z.enum(['authorised', 'declined', 'cancelled']))),
  /** Why the checkout declined the card (with `esito: 'declined'`), told to the backend as it settles. */
  esito_motivo: z.optional(z.nullable(PaymentDeclineReasonSchema)),
  settle_at: z.optional(z.nullable(z.number())),
  /**
   * Epoch milliseconds the provider last declined a card on this organiser's link, once the backend
   * heard of it: the link stays open and may be paid with another card until it lapses.
   */
  rifiutato_at: z.optional(z.nullable(z.number())),
  /**
   * Started for a place a wait-list offer kept for the athlete. Settling checks the offer is still
   * theirs: the entry alone cannot say it once they join the line again or leave it.
   */
  per_offerta: z.optional(z.boolean()),
  /** Started for a place a transfer passes to the athlete: settling checks the transfer is still live. */
  per_cessione: z.optional(z.boolean()),
})
export type PaymentRecord = z.infer<typeof PaymentRecordSchema>

export const ExperienceRecordSchema = z.extend(ExperienceReportSchema, { athlete_id: z.number() })
export type ExperienceRecord = z.infer<typeof ExperienceRecordSchema>

export const StoredFileRecordSchema = z.object({
  key: z.string(),
  athlete_id: z.number(),
  originalname: z.string(),
  content_type: z.string(),
  size: z.number(),
  uploaded: z.boolean(),
})
export type StoredFileRecord = z.infer<typeof StoredFileRecordSchema>

/**
 * One athlete's ticket for one race's waiting room (mocks/queue.ts). A ticket waiting is stored
 * `in_attesa`: whether it is answered `in_sala`, `in_coda` or `esaurito` depends on the clock and on
 * the places, so it is worked out at each answer rather than written. Instants are epoch ms (mock
 * clock). Simulated others (the seeded rush's) have athlete ids but no account, and a plan.
 */
export const QueueTicketRecordSchema = z.object({
  race_id: z.number(),
  athlete_id: z.number(),
  /** `Q-<race>-<arrival>`: a ticket joined again at the back has a new one. */
  biglietto: z.string(),
  stato: z.enum(['in_attesa', 'ammesso', 'posto', 'pagato', 'scaduto', 'uscito']),
  entrato: z.number(),
  /** Joined before registration opened: placed by the draw, not by arrival. */
  sorteggiato: z.boolean(),
  /** The race's arrival counter when it joined (last join): the order after the drawn tickets. */
  arrivo: z.number(),
  /** The race's admission counter when it was last admitted: the order admissions were given in. */
  ammissione_n: z.nullable(z.number()),
  ammesso_at: z.nullable(z.number()),
  /** The last admission, kept after it is used, so the same admission again finds its hold. */
  ammissione_token: z.nullable(z.string()),
  ammissione_scade: z.nullable(z.number()),
  posto_at: z.nullable(z.number()),
  posto_scade: z.nullable(z.number()),
  /** A card payment of the held place was authorised in time: the hold no longer runs out. */
  in_pagamento: z.boolean(),
  motivo: z.nullable(TicketEndReasonSchema),
})
export type QueueTicketRecord = z.infer<typeof QueueTicketRecordSchema>

/** What a simulated other athlete does once admitted (the seeded rush): seconds after each step. */
export const SimulatedPlanSchema = z.object({
  athlete_id: z.number(),
  /** When it joins, epoch ms. */
  arriva: z.number(),
  /** Seconds from its admission to taking the held place. */
  presa_s: z.number(),
  /** Seconds from the held place to paying it; `null`: it lets the hold run out. */
  paga_s: z.nullable(z.number()),
})
export type SimulatedPlan = z.infer<typeof SimulatedPlanSchema>

/** The server side of a race's waiting room: its draw seed and the simulated others, if any. */
export const QueueRoomRecordSchema = z.object({
  race_id: z.number(),
  /** The draw seed: a keyed hash of it and the athlete orders the tickets taken before the opening. */
  seme: z.string(),
  /** How many have joined (the next ticket's arrival number) and been admitted (the rate's count). */
  arrivi: z.number(),
  ammissioni: z.number(),
  simulati: z.array(SimulatedPlanSchema),
})
export type QueueRoomRecord = z.infer<typeof QueueRoomRecordSchema>

/** A credit from a deferred place (issue 23), as `places.credits` serves it, and whose it is. */
export const CreditRecordSchema = z.extend(CreditSchema, {
  athlete_id: z.number(),
  /** The deferral's idempotency key: the same request again answers this credit. */
  chiave: z.string(),
})
export type CreditRecord = z.infer<typeof CreditRecordSchema>

/**
 * A transfer offered (issue 23): the giver's place (`race_id`, `giver_id`), the recipient found by
 * e-mail (`recipient_id`), the idempotency key that made it. Instants are epoch ms (mock clock).
 */
export const TransferRecordSchema = z.object({
  codice: z.string(),
  race_id: z.number(),
  giver_id: z.number(),
  recipient_id: z.number(),
  mail: z.string(),
  chiave: z.string(),
  stato: z.enum(['offerta', 'accettata', 'completata', 'annullata', 'rifiutata', 'scaduta']),
  creato: z.number(),
  scade: z.number(),
  prezzo: z.number(),
  tassa: z.number(),
  rimborso_percento: z.number(),
})
export type TransferRecord = z.infer<typeof TransferRecordSchema>

/**
 * One athlete on one race's wait list (issue 23). `ordine` sorts the line (arrival, or the draw's
 * order for the lottery's); the position is worked out at each answer. Instants epoch ms.
 */
export const WaitEntryRecordSchema = z.object({
  race_id: z.number(),
  athlete_id: z.number(),
  stato: WaitEntryStateSchema,
  origine: z.enum(['lista', 'lotteria']),
  ordine: z.number(),
  entrato: z.number(),
  offerta_at: z.nullable(z.number()),
  offerta_scade: z.nullable(z.number()),
})
export type WaitEntryRecord = z.infer<typeof WaitEntryRecordSchema>

/** A race's lottery (issue 23): its secret seed until the draw, the published commitment, the order drawn. */
export const LotteryRecordSchema = z.object({
  race_id: z.number(),
  seme: z.string(),
  impegno: z.string(),
  estratta_at: z.nullable(z.number()),
  ordine: z.nullable(z.array(z.number())),
})
export type LotteryRecord = z.infer<typeof LotteryRecordSchema>

/**
 * One application to a race's lottery: its number, tickets and earlier unsuccessful applications.
 * Simulated applicants (the seed's) have athlete ids without accounts; their names are never shown.
 */
export const LotteryApplicationRecordSchema = z.object({
  race_id: z.number(),
  numero: z.number(),
  athlete_id: z.number(),
  precedenti: z.number(),
  biglietti: z.number(),
  esito: z.enum(['in_attesa', 'estratto', 'non_estratto']),
})
export type LotteryApplicationRecord = z.infer<typeof LotteryApplicationRecordSchema>

/** The schema of every collection's records, by collection name. */
export const RECORD_SCHEMAS = {
  athletes: AthleteRecordSchema,
  sessions: SessionRecordSchema,
  mailTokens: MailTokenRecordSchema,
  outbox: MailRecordSchema,
  races: RaceRecordSchema,
  subscriptions: SubscriptionRecordSchema,
  entrants: EntrantRecordSchema,
  rankings: RankingRecordSchema,
  transactions: TransactionRecordSchema,
  payments: PaymentRecordSchema,
  experience: ExperienceRecordSchema,
  files: StoredFileRecordSchema,
  queueRooms: QueueRoomRecordSchema,
  queueTickets: QueueTicketRecordSchema,
  credits: CreditRecordSchema,
  transfers: TransferRecordSchema,
  waitEntries: WaitEntryRecordSchema,
  lotteries: LotteryRecordSchema,
  lotteryApplications: LotteryApplicationRecordSchema,
}

type Collections<S extends Record<string, z.ZodMiniType>> = { [K in keyof S]: Collection<S[K]> }

function collections<S extends Record<string, z.ZodMiniType>>(schemas: S): Collections<S> {
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [name, new Collection({ schema })]),
  ) as Collections<S>
}

export const db = collections(RECORD_SCHEMAS)

export type Db = typeof db
export type DbName = keyof Db
/** The plain records of every collection: what the seed produces and what the browser persists. */
export type DbSnapshot = { [K in DbName]: Array<Parameters<Db[K]['create']>[0]> }

type RecordIn<K extends DbName> = ReturnType<Db[K]['all']>[number]

/**
 * A lookup of a collection's records by a unique key in O(1) (the collection's own queries scan
 * every record: with the bench's 10,000 athletes and sessions, milliseconds a request). It is
 * dropped on any change to the collection and rebuilt on the next lookup; dropped again a task
 * later, since a change lands in the collection only after its hooks have run.
 */
export function lookupBy<K extends DbName>(name: K, key: (record: RecordIn<K>) => string | number) {
  let index: Map<string | number, RecordIn<K>> | null = null
  let later = false
  const drop = () => {
    index = null
    if (later) return
    later = true
    setTimeout(() => {
      later = false
      index = null
    })
  }
  const { hooks } = db[name] as unknown as Db['sessions']
  for (const event of ['create', 'update', 'delete'] as const) hooks.on(event, drop)
  return (value: string | number): RecordIn<K> | undefined => {
    index ??= new Map((db[name].all() as Array<RecordIn<K>>).map((record) => [key(record), record]))
    return index.get(value)
  }
}

export async function loadDb(snapshot: DbSnapshot): Promise<void> {
  for (const name of Object.keys(db) as DbName[]) {
    const collection = db[name] as unknown as Collection<z.ZodMiniType>
    collection.clear()
    for (const record of snapshot[name]) await collection.create(record)
  }
}

export function dumpDb(): DbSnapshot {
  const snapshot = {} as Record<DbName, unknown[]>
  for (const name of Object.keys(db) as DbName[]) {
    snapshot[name] = db[name].all().map((record) => structuredClone({ ...record }))
  }
  return snapshot as DbSnapshot
}
