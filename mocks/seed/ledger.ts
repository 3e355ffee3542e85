import type { RefundOption } from '../../contracts/athlete.contract'
import type { PaymentState } from '../../contracts/payments.contract'
import type { Transaction } from '../../contracts/transactions.contract'
import type { ExperienceRecord, MailRecord, PaymentRecord, RaceRecord, SubscriptionRecord, TransactionRecord } from '../db'
import { categoryFor } from './categories'
import { athleteById, ATHLETE_IDS } from './personas'
import { mailLanguageOf, mailLinks } from '../outbox'
import { enrolmentTotal, entryTitle, raceTitle } from '../records'
import { FIRST_WAIVER_VERSION, raceById } from './races'
import { rome } from './time'
import { SEED_TOKENS } from './tokens'

const { completo, revisione, scaduto, pax, social } = ATHLETE_IDS

interface Options {
  opzione_rimborso: RefundOption
  noleggio_gps: boolean
}

/** A persona's place in a race: the options chosen (null while none is) and whether it is paid. */
interface Enrolment {
  athleteId: number
  raceId: number
  bib: number | null
  /** Rome wall-clock time the waiver was signed; the portal asks for it before payment. */
  signed: string | null
  options: Options | null
  paid: boolean
  /**
   * The answers to the race's questions (extraFieldsOf) the place was made with: every place with
   * its options chosen was made through the wizard, so it has them; none while nothing is chosen.
   */
  answers?: Record<string, string | boolean>
}

const STANDARD: Options = { opzione_rimborso: 'standard', noleggio_gps: false }

export const ENROLMENTS: readonly Enrolment[] = [
  { athleteId: completo, raceId: 202, bib: 57, signed: '2026-02-20T19:58', options: STANDARD, paid: true, answers: { team: 'ASD Gran Paradiso Trail', navetta: 'Cogne', pasta_party: true } },
  // A place the organiser holds with nothing chosen yet (no options, no answers): the wizard starts from its first step.
  { athleteId: completo, raceId: 203, bib: null, signed: null, options: null, paid: false },
  { athleteId: pax, raceId: 102, bib: 88, signed: '2025-02-10T21:24', options: { opzione_rimborso: 'standard', noleggio_gps: true }, paid: true, answers: { navetta: 'Courmayeur' } },
  { athleteId: pax, raceId: 103, bib: 41, signed: '2025-03-05T18:33', options: { opzione_rimborso: 'protetto', noleggio_gps: false }, paid: true, answers: { navetta: 'Aosta', pasta_party: true } },
  { athleteId: revisione, raceId: 105, bib: 12, signed: '2025-04-14T12:08', options: STANDARD, paid: true, answers: { navetta: 'none' } },
  { athleteId: scaduto, raceId: 106, bib: 73, signed: '2025-01-08T19:45', options: STANDARD, paid: true, answers: { navetta: 'Aosta' } },
  { athleteId: social, raceId: 204, bib: 121, signed: '2026-02-23T18:20', options: STANDARD, paid: true, answers: { navetta: 'none' } },
  // The flagship's direct entry for a PAX holder: signed, the payment link sent, not paid yet; its
  // answers include the ITRA id the flagship asks for, so resuming it goes straight to the payment.
  { athleteId: pax, raceId: 201, bib: null, signed: '2026-02-27T10:52', options: STANDARD, paid: false, answers: { team: 'Valdigne Skyrunning', navetta: 'Courmayeur', itra_id: '2704183' } },
]

/** The category an athlete runs in, by the age reached in the race's year. */
export function categoryAt(athleteId: number, race: RaceRecord): string {
  const athlete = athleteById(athleteId)
  if (!athlete.sesso || !athlete.data_nascita) throw new Error(`athlete ${String(athleteId)} has no sex or birth date`)
  return categoryFor(athlete.sesso, race.edizione - Number(athlete.data_nascita.slice(0, 4)))
}


export function subscriptions(): SubscriptionRecord[] {
  return ENROLMENTS.map(({ athleteId, raceId, bib, signed, options, paid, answers }) => {
    const race = raceById(raceId)
    return {
      athlete_id: athleteId,
      project_id: raceId,
      liberatoria: signed !== null,
      liberatoria_signed: signed === null ? null : rome(signed),
      liberatoria_versione: signed === null ? null : FIRST_WAIVER_VERSION,
      pettorale: bib,
      categoria: categoryAt(athleteId, race),
      pagato: paid,
      opzione_rimborso: options?.opzione_rimborso ?? null,
      noleggio_gps: options?.noleggio_gps ?? false,
      totale: options === null ? null : enrolmentTotal(race, options),
      ...(answers ? { campi: { ...answers } } : {}),
    }
  })
}

interface Charge {
  pagamento_id: string
  athleteId: number
  raceId: number
  /** Rome wall-clock time of the last change. */
  at: string
  options: Options
  stato: PaymentState
  /** Set when the organiser sent a payment link: its code, when it was e-mailed and its expiry (Rome time). */
  link?: { code: string; sent: string; scade: string }
  /** The line on the athlete's transaction list (an unused link never makes one); a refund, Rome time. */
  transaction?: { id: string; stato: Transaction['stato']; refunded?: string }
}

const CHARGES: readonly Charge[] = [
  { pagamento_id: 'PAY-3C81F0A22A6098AF210CA0AD', athleteId: scaduto, raceId: 106, at: '2025-01-08T19:48', options: STANDARD, stato: 'success', transaction: { id: 'TX-2025-0001', stato: 'paid' } },
  { pagamento_id: 'PAY-7E0D44B97714FF83EC7E6562', athleteId: pax, raceId: 102, at: '2025-02-10T21:27', options: { opzione_rimborso: 'standard', noleggio_gps: true }, stato: 'success', transaction: { id: 'TX-2025-0002', stato: 'paid' } },
  // Withdrew injured with the protected option: the charge went through and the fee was refunded.
  { pagamento_id: 'PAY-A91B5C061CC663CB0921A107', athleteId: completo, raceId: 104, at: '2025-02-11T13:02', options: { opzione_rimborso: 'protetto', noleggio_gps: false }, stato: 'success', transaction: { id: 'TX-2025-0003', stato: 'refunded', refunded: '2025-06-20T10:30' } },
  { pagamento_id: 'PAY-5F62E8D397CC447D410FD4D3', athleteId: pax, raceId: 103, at: '2025-03-05T18:36', options: { opzione_rimborso: 'protetto', noleggio_gps: false }, stato: 'success', transaction: { id: 'TX-2025-0004', stato: 'paid' } },
  { pagamento_id: 'PAY-D04A7713B576A9353D900586', athleteId: revisione, raceId: 105, at: '2025-04-14T12:11', options: STANDARD, stato: 'success', transaction: { id: 'TX-2025-0005', stato: 'paid' } },
  { pagamento_id: 'PAY-61E93BC81248E46835A0E665', athleteId: pax, raceId: 107, at: '2025-06-20T10:00', options: STANDARD, stato: 'expired', link: { code: SEED_TOKENS.paymentLinkExpired, sent: '2025-06-20T10:00', scade: '2025-06-30T23:59' } },
  // The card was declined, the second attempt minutes later went through.
  { pagamento_id: 'PAY-0B7FA2E5738C9D5FC03A7B7E', athleteId: completo, raceId: 202, at: '2026-02-20T20:02', options: STANDARD, stato: 'failed', transaction: { id: 'TX-2026-0001', stato: 'failed' } },
  { pagamento_id: 'PAY-C2586D1FED5B4EE30CDFBA3F', athleteId: completo, raceId: 202, at: '2026-02-20T20:04', options: STANDARD, stato: 'success', transaction: { id: 'TX-2026-0002', stato: 'paid' } },
  { pagamento_id: 'PAY-E8394A607BFF40EC4F1767F9', athleteId: social, raceId: 204, at: '2026-02-24T09:10', options: STANDARD, stato: 'success', link: { code: SEED_TOKENS.paymentLinkSuccess, sent: '2026-02-23T18:30', scade: '2026-03-03T23:59' }, transaction: { id: 'TX-2026-0003', stato: 'paid' } },
  // PAX holders enter the flagship directly: the organiser sent the link, the athlete has not paid yet.
  { pagamento_id: 'PAY-4D17B9C2DC9A23698864CA56', athleteId: pax, raceId: 201, at: '2026-02-27T11:00', options: STANDARD, stato: 'pending', link: { code: SEED_TOKENS.paymentLinkPending, sent: '2026-02-27T11:00', scade: '2026-03-09T23:59' }, transaction: { id: 'TX-2026-0004', stato: 'pending' } },
]

export function payments(): PaymentRecord[] {
  return CHARGES.map(({ pagamento_id, athleteId, raceId, at, options, stato, link }) => ({
    pagamento_id,
    stato,
    project_id: raceId,
    totale: enrolmentTotal(raceById(raceId), options),
    aggiornato: rome(at),
    athlete_id: athleteId,
    idempotency_key: `seed-${pagamento_id}`,
    link_code: link?.code ?? null,
    scade: link ? Date.parse(rome(link.scade)) : null,
    opzione_rimborso: options.opzione_rimborso,
    noleggio_gps: options.noleggio_gps,
  }))
}

/**
 * The organiser's e-mails that carried the payment links: the mailbox shows what each athlete
 * received, with the race, the amount and the deadline, and its button opens the provider's page.
 */
export function paymentLinkMails(): MailRecord[] {
  return CHARGES.flatMap(({ pagamento_id, athleteId, raceId, options, link }) => {
    if (!link) return []
    const athlete = athleteById(athleteId)
    const { mail } = athlete
    if (!mail) throw new Error(`athlete ${String(athleteId)} has no e-mail`)
    const race = raceById(raceId)
    return [
      {
        id: `mail-seed-${pagamento_id}`,
        to: mail,
        lingua: mailLanguageOf(athlete),
        kind: 'payment_link' as const,
        link: mailLinks.paymentLink(link.code),
        sent_at: Date.parse(rome(link.sent)),
        gara: raceTitle(race),
        totale: enrolmentTotal(race, options),
        scade: Date.parse(rome(link.scade)),
      },
    ]
  })
}

export function transactions(): TransactionRecord[] {
  return CHARGES.flatMap(({ athleteId, raceId, at, options, link, transaction }) => {
    if (!transaction) return []
    const race = raceById(raceId)
    return [
      {
        id: transaction.id,
        athlete_id: athleteId,
        data: rome(at),
        descrizione: entryTitle(race),
        gara_id: raceId,
        importo: enrolmentTotal(race, options),
        valuta: 'EUR' as const,
        metodo: link ? ('link' as const) : ('card' as const),
        stato: transaction.stato,
        opzione_rimborso: options.opzione_rimborso,
        noleggio_gps: options.noleggio_gps,
        // Withdrew with the protected option more than 30 days before the race: the whole fee went
        // back (the protection itself is not refunded).
        rimborso: transaction.refunded ? { importo: race.prezzo, data: rome(transaction.refunded) } : null,
      },
    ]
  })
}

/** Rome wall-clock time a report was sent, and the rest of it; `hms` is the finish time. */
type SeedReport = Omit<ExperienceRecord, 'inviata' | 'tempo_secondi'> & { inviata: string; hms: string }

const seconds = (hms: string) => hms.split(':').reduce((total, part) => total * 60 + Number(part), 0)

const REPORTS: readonly SeedReport[] = [
  { id: 1, athlete_id: pax, gara: 'Sentiero dei Larici 25K 2025', data: '2025-06-15', gara_id: 102, qualificante: true, hms: '2:58:41', link_risultati: null, stato: 'accettata', motivo: null, inviata: '2025-06-17T20:12' },
  { id: 2, athlete_id: pax, gara: 'Alte Vie di Cogne 52K 2025', data: '2025-07-12', gara_id: 103, qualificante: true, hms: '7:41:09', link_risultati: null, stato: 'accettata', motivo: null, inviata: '2025-07-14T09:40' },
  { id: 3, athlete_id: pax, gara: 'Traversata delle Langhe 60K', data: '2025-10-12', gara_id: null, qualificante: false, hms: '8:12:30', link_risultati: 'https://results.example.org/langhe-2025', stato: 'in_verifica', motivo: null, inviata: '2026-02-25T21:05' },
  // One qualifying race of the two the PAX needs: reporting and having one more accepted earns it.
  { id: 4, athlete_id: completo, gara: 'Ultra dei Laghi Blu 100K 2025', data: '2025-07-26', gara_id: 107, qualificante: true, hms: '19:02:55', link_risultati: null, stato: 'accettata', motivo: null, inviata: '2025-07-29T18:44' },
  { id: 5, athlete_id: completo, gara: 'Trail delle Cinque Vette 35K', data: '2025-09-21', gara_id: null, qualificante: false, hms: '4:47:12', link_risultati: 'https://results.example.org/cinque-vette-2025', stato: 'in_verifica', motivo: null, inviata: '2026-02-28T17:30' },
  { id: 6, athlete_id: completo, gara: 'Gran Trail del Monte Rosa 40K', data: '2025-08-30', gara_id: null, qualificante: false, hms: '6:05:00', link_risultati: null, stato: 'respinta', motivo: 'risultati_non_trovati', inviata: '2025-09-02T12:15' },
]

export function experienceReports(): ExperienceRecord[] {
  return REPORTS.map(({ inviata, hms, ...report }) => ({ ...report, tempo_secondi: seconds(hms), inviata: rome(inviata) }))
}
