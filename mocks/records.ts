import type { Profile, RefundOption } from '../contracts/athlete.contract'
import type { Locale } from '../contracts/locale'
import { HOUR_MS, SECOND_MS } from '../contracts/time'
import { db, type AthleteRecord, type PaymentRecord, type RaceRecord, type SubscriptionRecord, type TransactionRecord } from './db'
import { servedLanguage, textIn } from './languages'
import { CROWD_SIZE, SEED_RACE_IDS } from './seed/races'

/** Lifetime of a password-grant token, as `expires_in` says. */
export const PASSWORD_GRANT_TTL_S = (8 * HOUR_MS) / SECOND_MS
export const MAIL_SESSION_TTL_MS = 24 * HOUR_MS
export const SOCIAL_SESSION_TTL_MS = HOUR_MS
export const RESET_TOKEN_TTL_MS = HOUR_MS
export const CONFIRM_TOKEN_TTL_MS = 24 * HOUR_MS

/** A race as payments and e-mails name it: `<name> <edition>` (`Tor des Pettorale 330 2026`). */
export function raceTitle(race: Pick<RaceRecord, 'nome' | 'edizione'>): string {
  return `${race.nome} ${String(race.edizione)}`
}

/**
 * The description of the payment line of a place in a race, written in every portal language: the
 * backend writes its own texts, so the athlete reads them in theirs whatever language they pick.
 * A refund goes on the same line, so the line keeps its title (decision 069).
 */
export function entryTitle(race: Pick<RaceRecord, 'nome' | 'edizione'>): Record<Locale, string> {
  const title = raceTitle(race)
  return {
    it: `Iscrizione ${title}`,
    en: `Race entry: ${title}`,
    es: `Inscripción en la carrera: ${title}`,
    fr: `Inscription à la course : ${title}`,
    zh: `比赛报名：${title}`,
    ja: `レースエントリー：${title}`,
    ko: `대회 참가 신청: ${title}`,
  }
}

export function randomToken(prefix: string): string {
  return `${prefix}-${crypto.randomUUID().replaceAll('-', '')}`
}

export async function openSession(athleteId: number, expiresAt: number, token = randomToken('tok')) {
  await db.sessions.create({ token, athlete_id: athleteId, expires_at: expiresAt })
  return token
}

export function findAthleteByMail(mail: string): AthleteRecord | undefined {
  const wanted = mail.trim().toLowerCase()
  return db.athletes.findFirst((q) => q.where({ mail: (m) => m?.toLowerCase() === wanted }))
}

export function toProfile(record: AthleteRecord): Profile {
  const { password: _password, confermato: _confermato, ...profile } = record
  return structuredClone(profile)
}

/** The checkout authorised it; the provider's confirmation has not reached the backend yet. */
export function isAwaitingConfirmation(payment: PaymentRecord): boolean {
  return payment.stato === 'pending' && payment.esito === 'authorised'
}

export function toSubscription(record: SubscriptionRecord) {
  const { athlete_id: _owner, campi: _campi, liberatoria_lingua: _lingua, liberatoria_sha256: _sha, ritiro: _withdrawal, ...subscription } = record
  const link = record.pagato
    ? undefined
    : db.payments.findFirst((q) =>
        q.where({ athlete_id: record.athlete_id, project_id: record.project_id, stato: 'pending', link_code: (code) => code !== null }),
      )
  const confirming = record.pagato
    ? undefined
    : db.payments.findMany((q) => q.where({ athlete_id: record.athlete_id, project_id: record.project_id })).find(isAwaitingConfirmation)
  return {
    ...subscription,
    scadenza_pagamento: link?.scade == null ? null : new Date(link.scade).toISOString(),
    codice_link: link?.link_code ?? null,
    pagamento_in_corso: confirming?.pagamento_id ?? null,
    // The answers the subscription was made with come back with it, so a place resumed keeps them.
    campi: structuredClone(record.campi ?? {}),
  }
}

/** The next free integer id of a collection's numeric `id`. */
export function nextId(ids: number[]): number {
  return ids.reduce((max, id) => Math.max(max, id), 0) + 1
}

/**
 * The bib the race's next entrant gets: after every bib it has given, the festival race's generated
 * crowd included, which is never written to the database (seed/entrants.ts crowdEntrants).
 */
export function nextBib(race: Pick<RaceRecord, 'id'>): number {
  const given = db.entrants.findMany((q) => q.where({ race_id: race.id })).map((entrant) => entrant.pettorale)
  return nextId(race.id === SEED_RACE_IDS.crowd ? [...given, CROWD_SIZE] : given)
}

const cents = (euros: number) => Math.round(euros * 100)

/**
 * What an enrolment costs: the fee plus the options chosen, summed in cents, in euros; for the
 * athlete's place taken from a transfer they accepted (issue 23), the transfer fee on top.
 */
export function enrolmentTotal(race: RaceRecord, options: { opzione_rimborso: RefundOption; noleggio_gps: boolean }, athleteId?: number): number {
  const transfer =
    athleteId === undefined ? undefined : db.transfers.findFirst((q) => q.where({ recipient_id: athleteId, race_id: race.id, stato: 'accettata' }))
  const total =
    cents(race.prezzo) +
    (options.opzione_rimborso === 'protetto' ? cents(race.supplemento_rimborso) : 0) +
    (options.noleggio_gps ? cents(race.noleggio_gps) : 0) +
    (transfer ? cents(transfer.tassa) : 0)
  return total / 100
}

/** Two amounts in euros are the same to the cent. */
export function sameAmount(a: number, b: number): boolean {
  return cents(a) === cents(b)
}

/** A transaction line as served: its description in the language asked, else English, else Italian, named. */
export function describedIn({ athlete_id: _owner, descrizione, ...row }: TransactionRecord, asked: Locale) {
  const written = typeof descrizione === 'string' ? { it: descrizione } : descrizione
  const lingua = servedLanguage(asked, [written])
  return { ...row, lingua, descrizione: textIn(written, lingua) }
}

/** Paid and neither withdrawn, passed on nor deferred: the place is the athlete's. */
export function isActivePlace(subscription: Pick<SubscriptionRecord, 'pagato' | 'stato'> | undefined): boolean {
  return subscription?.pagato === true && (subscription.stato ?? 'attiva') === 'attiva'
}

/**
 * A place the athlete once had and left (withdrawn, passed on, deferred) taken again, by an
 * enrolment or an accepted transfer: a new place to sign for and pay, nothing of the old one kept
 * but its answers. An unpaid place being changed keeps what it had.
 */
export function takenAgain(subscription: SubscriptionRecord | undefined): Partial<SubscriptionRecord> {
  if (!subscription || (subscription.stato ?? 'attiva') === 'attiva') return {}
  return {
    stato: 'attiva',
    pagato: false,
    pettorale: null,
    liberatoria: false,
    liberatoria_signed: null,
    liberatoria_versione: null,
    liberatoria_lingua: null,
    liberatoria_sha256: null,
    cessione: null,
    ritiro: undefined,
  }
}

/**
 * The payment line of the athlete's current place in the race: their newest line paid. An earlier
 * place they left (passed on, deferred) keeps its own line, which a refund of this one must not touch.
 */
export function placeLine(athleteId: number, raceId: number): TransactionRecord | undefined {
  return db.transactions
    .findMany((q) => q.where({ athlete_id: athleteId, gara_id: raceId, stato: 'paid' }))
    // Newest created first among lines of the same instant.
    .reverse()
    .sort((a, b) => Date.parse(b.data) - Date.parse(a.data))[0]
}
