import { db, type PaymentRecord } from './db'
import { nextId } from './records'

/**
 * The simulated payment provider: its hosted checkout records what the card did, and the outcome
 * reaches the backend a little later, as a provider's webhook would. Every handler settles what is
 * due before it answers (handler.ts), so the athlete coming back first sees the payment pending.
 */

/** How long after checkout the provider tells the backend. */
export const SETTLE_DELAY_MS = 3_000

/** What the checkout decided about a payment. */
export type CheckoutOutcome = 'authorised' | 'declined' | 'cancelled'

/**
 * Sentinel cards (any future expiry, any CVC): the one that succeeds, the one declined (it ends in
 * 0002) and the one whose bank asks for a 3-D Secure confirmation. Other valid numbers succeed.
 */
export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  threeDSecure: '4000 0000 0000 3220',
} as const

/** What a card number asks of the checkout: pay, be declined, or confirm with the bank first. */
export function cardBehaviour(cardNumber: string): 'pay' | 'decline' | 'confirm' {
  const digits = cardNumber.replace(/\D/g, '')
  if (digits.endsWith('0002')) return 'decline'
  if (digits === TEST_CARDS.threeDSecure.replace(/\D/g, '')) return 'confirm'
  return 'pay'
}

export function createProvider(now: () => number, onChanged: () => void) {
  return {
    /** What the checkout page shows: the payment and the race it is for, `null` for an unknown id. */
    payment(pagamento_id: string) {
      const payment = db.payments.findFirst((q) => q.where({ pagamento_id }))
      if (!payment) return null
      const race = db.races.findFirst((q) => q.where({ id: payment.project_id }))
      return { pagamento_id, totale: payment.totale, stato: payment.stato, gara: race ? `${race.nome} ${String(race.edizione)}` : '' }
    },
    /** Records the checkout's outcome; the backend hears of it SETTLE_DELAY_MS later. */
    async decide(pagamento_id: string, esito: CheckoutOutcome): Promise<void> {
      try {
        await db.payments.update((q) => q.where({ pagamento_id, stato: 'pending' }), {
          data(record) {
            record.esito = esito
            record.settle_at = now() + SETTLE_DELAY_MS
          },
        })
      } finally {
        onChanged()
      }
    },
  }
}

export type Provider = ReturnType<typeof createProvider>

/** Applies every checkout outcome whose time has come. */
export async function settleDuePayments(now: number): Promise<void> {
  const due = db.payments.findMany((q) =>
    q.where({ stato: 'pending', settle_at: (at) => typeof at === 'number' && at <= now }),
  )
  for (const payment of due) await settle(payment, now)
}

async function settle(payment: PaymentRecord, now: number): Promise<void> {
  const at = new Date(now).toISOString()
  const paid = payment.esito === 'authorised'
  await db.payments.update((q) => q.where({ pagamento_id: payment.pagamento_id }), {
    data(record) {
      record.stato = paid ? 'success' : 'failed'
      record.aggiornato = at
      record.settle_at = null
    },
  })
  const race = db.races.findFirst((q) => q.where({ id: payment.project_id }))
  const athlete = db.athletes.findFirst((q) => q.where({ id: payment.athlete_id }))
  if (!race || !athlete) return
  // A cancelled checkout charged nothing: no line on the athlete's transactions.
  if (payment.esito === 'cancelled') return
  await db.transactions.create({
    id: `TX-${payment.pagamento_id}`,
    athlete_id: athlete.id,
    data: at,
    descrizione: `Iscrizione ${race.nome} ${String(race.edizione)}`,
    gara_id: race.id,
    importo: payment.totale,
    valuta: 'EUR',
    metodo: 'card',
    stato: paid ? 'paid' : 'failed',
    opzione_rimborso: payment.opzione_rimborso ?? null,
    noleggio_gps: payment.noleggio_gps ?? false,
    rimborso: null,
  })
  if (!paid) return

  const subscription = db.subscriptions.findFirst((q) => q.where({ athlete_id: athlete.id, project_id: race.id }))
  const bib = nextId(db.entrants.findMany((q) => q.where({ race_id: race.id })).map((e) => e.pettorale))
  // The athlete is now one of the race's entrants: the subscribers list and the places left agree.
  await db.entrants.create({
    race_id: race.id,
    pettorale: bib,
    nome: [athlete.nome, athlete.cognome].filter(Boolean).join(' '),
    nazionalita: countryCode(athlete.nazionalita),
    paese: countryCode(athlete.paese),
    regione: athlete.provincia,
    categoria: subscription?.categoria ?? 'SM',
    team: athlete.team ?? null,
  })
  await db.races.update((q) => q.where({ id: race.id }), { data: (record) => void (record.iscritti += 1) })
  await db.subscriptions.update((q) => q.where({ athlete_id: athlete.id, project_id: race.id }), {
    data(record) {
      record.pagato = true
      record.pettorale = bib
      if (payment.opzione_rimborso) record.opzione_rimborso = payment.opzione_rimborso
      if (payment.noleggio_gps !== undefined) record.noleggio_gps = payment.noleggio_gps
      record.totale = payment.totale
    },
  })
}

/** Entrant rows carry ISO country codes; a profile may hold anything the athlete typed. */
function countryCode(value: string | null | undefined): string {
  return value && /^[A-Z]{2}$/.test(value) ? value : 'IT'
}
