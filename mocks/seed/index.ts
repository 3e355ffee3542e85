import type { DbSnapshot } from '../db'
import { fieldOf } from './entrants'
import { experienceReports, paymentLinkMails, payments, subscriptions, transactions } from './ledger'
import { lotteries, lotteryApplications } from './lottery'
import { ATHLETES } from './personas'
import { RACES } from './races'
import { rushRooms } from './rush'
import { MAIL_TOKENS } from './tokens'

export { PERSONAS, type Persona } from './personas'
export { SEED_RACE_IDS } from './races'
export { SEED_NOW_ISO, SEED_NOW_MS } from './time'
export { SEED_TOKENS } from './tokens'

function build(): DbSnapshot {
  const fields = RACES.map(fieldOf)
  return {
    athletes: [...ATHLETES],
    sessions: [],
    mailTokens: [...MAIL_TOKENS],
    // Confirmation and reset tokens (SEED_TOKENS) are for opening by hand; the payment links are
    // e-mails the athletes received, so the mailbox shows them.
    outbox: paymentLinkMails(),
    races: [...RACES],
    subscriptions: subscriptions(),
    entrants: fields.flatMap((field) => field.entrants),
    rankings: fields.flatMap((field) => field.ranking),
    transactions: transactions(),
    payments: payments(),
    experience: experienceReports(),
    files: [],
    queueRooms: rushRooms(),
    queueTickets: [],
    credits: [],
    transfers: [],
    waitEntries: [],
    lotteries: lotteries(),
    lotteryApplications: lotteryApplications(),
  }
}

let built: DbSnapshot | undefined

/**
 * The simulated backend's data at SEED_NOW: the same on every call. Each call returns its own copy,
 * since the database mutates the records it is loaded with; generating thousands of entrants once
 * keeps the reset before every test cheap.
 */
export function createSeed(): DbSnapshot {
  built ??= build()
  return structuredClone(built)
}
