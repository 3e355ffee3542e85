import type { Locale } from '../contracts/locale'
import { db, type MailKind, type MailRecord } from './db'
import { providerPages } from './provider-pages'
import { randomToken } from './records'

/** How each kind of mail is named in the console line that stands in for delivery. */
const CONSOLE_NAMES: Record<MailKind, string> = {
  confirm: 'confirmation',
  reset: 'password-reset',
  payment_link: 'payment-link',
  enrolment_confirmed: 'enrolment-confirmation',
  refund: 'refund',
  credit: 'deferral-credit',
  transfer_offer: 'transfer-offer',
  transfer_completed: 'transfer-completed',
  transfer_declined: 'transfer-declined',
  wait_list_offer: 'wait-list-offer',
  lottery_not_drawn: 'lottery-not-drawn',
  lottery_drawn: 'lottery-drawn',
}

/** The pages the e-mails link to, relative to the portal. */
export const mailLinks = {
  confirm: (contactId: number, token: string) => `/confirm-account?contact_id=${String(contactId)}&token=${token}`,
  reset: (token: string) => `/reset-email/${token}`,
  /**
   * The provider's page of the organiser's link (in mock mode the simulated checkout), which sends
   * the athlete back to `/payment/by-link?code=<code>` with the outcome (decision 026).
   */
  paymentLink: (code: string) => providerPages.linkCheckout(code),
  /** The athlete's enrolment in the race (bib, options, total), as the confirmation e-mail links it. */
  enrolment: (raceId: number) => `/race/${String(raceId)}/subscribed`,
  /** The athlete's races, where a withdrawal's refund and a deferral's credit are shown. */
  myRaces: () => '/me/races',
  /** A transfer offered to the recipient (issue 23). */
  transfer: (code: string) => `/transfer/${code}`,
  /** The race's wait list, where an offer is taken (issue 23). */
  waitList: (raceId: number) => `/race/${String(raceId)}/wait-list`,
  /** The race's lottery page (issue 23). */
  lottery: (raceId: number) => `/race/${String(raceId)}/lottery`,
}

/**
 * The language an athlete's e-mails are written in: the one they chose for communications (at
 * registration or in their profile), else the organiser's, Italian.
 */
export function mailLanguageOf(athlete: { lingua?: Locale | null }): Locale {
  return athlete.lingua ?? 'it'
}

/** An e-mail of one kind, without its id: `Omit` of each member of the union, so each keeps its own fields. */
export type OutgoingMail = MailRecord extends infer M ? (M extends MailRecord ? Omit<M, 'id'> : never) : never

/** Records an e-mail the backend would have sent (the mailbox lists it) and prints its link. */
export async function sendMail(mail: OutgoingMail): Promise<MailRecord> {
  const record = await db.outbox.create({ id: randomToken('mail'), ...mail })
  console.info(`[pettorale mock] ${CONSOLE_NAMES[mail.kind]} e-mail to ${mail.to}: ${mail.link}`)
  return record
}

/** The e-mails sent, newest first; of two sent in the same millisecond, the later one first. */
export function sentMail(): MailRecord[] {
  // all() is the collection's own array: reversed in a copy.
  return [...db.outbox.all()]
    .reverse()
    .sort((a, b) => b.sent_at - a.sent_at)
    .map((record) => ({ ...record }))
}

/**
 * Calls `listener` after each change to the outbox: a mail sent here or in another tab, a reset.
 * The collection's hooks run before the change lands, so the listener is called a task later.
 */
export function watchOutbox(listener: () => void): () => void {
  const controller = new AbortController()
  const { signal } = controller
  const later = () => void setTimeout(() => signal.aborted || listener())
  db.outbox.hooks.on('create', later, { signal })
  db.outbox.hooks.on('update', later, { signal })
  db.outbox.hooks.on('delete', later, { signal })
  return () => controller.abort()
}
