import { drawOrder, ticketsFor } from '../contracts/lottery-draw'
import type { Lottery, MyApplication } from '../contracts/lottery.contract'
import { HOUR_MS } from '../contracts/time'
import { db, lookupBy, type LotteryApplicationRecord, type LotteryRecord, type PaymentRecord, type RaceRecord } from './db'
import { mailLanguageOf, mailLinks, sendMail } from './outbox'
import { publicName } from './public-names'
import { nextBib, nextId, raceTitle, randomToken } from './records'
import { simulatedEntrant } from './seed/entrants'
import { offerNext } from './wait-list'

// A race's lottery (issue 23, decision 038): applications numbered as they come, tickets by the
// race's rule, the seed committed to before the first application and revealed by the draw, whose
// order is contracts/lottery-draw.ts's (what scripts/lottery-verify.ts recomputes). The drawn get
// the organiser's payment link; the others go on the race's wait list in the draw's order.
// Simulated applicants (the seed's, without accounts) who are drawn take their place at once, as
// if they paid their link that day: the mock models paying, and letting a link lapse, for accounts.
// Every function that writes runs in the ledger's turn (provider.ts `withLedger`).
// A lapsed link's place goes to wait-list.ts's `offerNext` directly: place-events.ts's `placeFreed`
// (which calls it) imports this module, and a cycle between the two is what the lint forbids.

const athleteById = lookupBy('athletes', (athlete) => athlete.id)

export function lotteryOf(raceId: number): LotteryRecord | undefined {
  return db.lotteries.findFirst((q) => q.where({ race_id: raceId }))
}

/** The race's applications by number. */
function applicationsOf(raceId: number): LotteryApplicationRecord[] {
  return db.lotteryApplications.findMany((q) => q.where({ race_id: raceId })).sort((a, b) => a.numero - b.numero)
}

export function applicationOf(raceId: number, athleteId: number): LotteryApplicationRecord | undefined {
  return db.lotteryApplications.findFirst((q) => q.where({ race_id: raceId, athlete_id: athleteId }))
}

/** The payment link a drawn application was sent: its idempotency key names the race and the athlete. */
const linkKey = (raceId: number, athleteId: number) => `lottery-${String(raceId)}-${String(athleteId)}`

function linkOf(raceId: number, athleteId: number): PaymentRecord | undefined {
  return db.payments.findFirst((q) => q.where({ idempotency_key: linkKey(raceId, athleteId) }))
}

/** The lottery as anyone reads it (`lottery.get`); names only where the athlete allows it. */
export function lotteryView(race: RaceRecord, lottery: LotteryRecord, now: number): Lottery | undefined {
  const rule = race.lotteria
  if (!rule) return undefined
  const drawn = lottery.ordine !== null
  return {
    gara_id: race.id,
    stato: drawn ? 'estratta' : now < Date.parse(rule.chiude) ? 'aperta' : 'chiusa',
    chiude: rule.chiude,
    estrazione: rule.estrazione,
    posti: rule.posti,
    impegno: lottery.impegno,
    seme: drawn ? lottery.seme : null,
    estratta_at: lottery.estratta_at === null ? null : new Date(lottery.estratta_at).toISOString(),
    domande: applicationsOf(race.id).map(({ numero, biglietti, athlete_id }) => {
      const athlete = athleteById(athlete_id)
      const fullName = athlete ? [athlete.nome, athlete.cognome].filter(Boolean).join(' ') : ''
      return { numero, biglietti, nome: athlete ? publicName(fullName, athlete.visibilita, 'lottery') : null }
    }),
    ordine: lottery.ordine,
  }
}

/** The athlete's application as `lottery.mine` serves it: drawn, with the link and its deadline. */
export function applicationView(application: LotteryApplicationRecord): MyApplication {
  const { race_id, numero, biglietti, precedenti, esito } = application
  const view: MyApplication = { gara_id: race_id, numero, biglietti, precedenti, esito }
  const link = esito === 'estratto' ? linkOf(race_id, application.athlete_id) : undefined
  if (!link?.link_code || link.scade === null) return view
  return { ...view, link: link.link_code, pagamento_scade: new Date(link.scade).toISOString() }
}

/**
 * Earlier unsuccessful applications to the course: the athlete's applications to its earlier
 * editions (the same race name) that were not drawn.
 */
function previousUnsuccessful(athleteId: number, race: RaceRecord): number {
  const earlier = new Set(db.races.findMany((q) => q.where({ nome: race.nome })).filter((other) => other.edizione < race.edizione).map((other) => other.id))
  return db.lotteryApplications.findMany((q) => q.where({ athlete_id: athleteId })).filter((a) => earlier.has(a.race_id) && a.esito === 'non_estratto').length
}

/**
 * An application made (subscriptions.create): the next number and its tickets, once. Changing the
 * options of an application already made keeps its number, as it keeps its place in the list.
 */
export async function registerApplication(athleteId: number, race: RaceRecord, _now: number): Promise<void> {
  const lottery = lotteryOf(race.id)
  if (!race.lotteria || !lottery || lottery.ordine !== null || applicationOf(race.id, athleteId)) return
  const precedenti = previousUnsuccessful(athleteId, race)
  await db.lotteryApplications.create({
    race_id: race.id,
    numero: nextId(applicationsOf(race.id).map((application) => application.numero)),
    athlete_id: athleteId,
    precedenti,
    biglietti: ticketsFor(race.lotteria.regola, precedenti),
    esito: 'in_attesa',
  })
}

export interface DrawOutcome {
  estratti: number
  non_estratti: number
}

/**
 * Draws the race's lottery now (the QA panel's "draw now", or the clock passing `estrazione`):
 * once; a second call answers what the first drew. `undefined` when the race has no lottery.
 */
export async function drawLottery(race: RaceRecord, now: number): Promise<DrawOutcome | undefined> {
  const lottery = lotteryOf(race.id)
  const rule = race.lotteria
  if (!lottery || !rule) return undefined
  const applications = applicationsOf(race.id)
  if (lottery.ordine !== null) {
    const estratti = applications.filter((application) => application.esito === 'estratto').length
    return { estratti, non_estratti: applications.length - estratti }
  }
  const ordine = await drawOrder(lottery.seme, applications)
  await db.lotteries.update((q) => q.where({ race_id: race.id }), {
    data(record) {
      record.ordine = ordine
      record.estratta_at = now
    },
  })
  const byNumber = new Map(applications.map((application) => [application.numero, application]))
  let bib = nextBib(race)
  let taken = 0
  for (const [index, numero] of ordine.entries()) {
    const application = byNumber.get(numero)!
    const drawn = index < rule.posti
    await db.lotteryApplications.update((q) => q.where({ race_id: race.id, numero }), {
      data: (record) => void (record.esito = drawn ? 'estratto' : 'non_estratto'),
    })
    const athlete = athleteById(application.athlete_id)
    if (drawn && athlete) await sendPaymentLink(race, application.athlete_id, now + rule.pagamento_ore * HOUR_MS, now)
    else if (drawn) {
      await db.entrants.create({ race_id: race.id, pettorale: bib++, ...simulatedEntrant(race, application.athlete_id) })
      taken += 1
    } else {
      await db.waitEntries.create({
        race_id: race.id,
        athlete_id: application.athlete_id,
        stato: 'in_attesa',
        origine: 'lotteria',
        ordine: index + 1,
        entrato: now,
        offerta_at: null,
        offerta_scade: null,
      })
      if (athlete?.mail) {
        await sendMail({
          kind: 'lottery_not_drawn',
          to: athlete.mail,
          lingua: mailLanguageOf(athlete),
          link: mailLinks.lottery(race.id),
          sent_at: now,
          gara: raceTitle(race),
          posizione: index + 1 - rule.posti,
        })
      }
    }
  }
  await db.races.update((q) => q.where({ id: race.id }), { data: (record) => void (record.iscritti += taken) })
  const estratti = Math.min(rule.posti, ordine.length)
  return { estratti, non_estratti: ordine.length - estratti }
}

/**
 * The organiser's link for a drawn place, until `scade`, e-mailed (decision 026). The place is not
 * counted until it is paid (the settlement counts it): a link that lapses has nothing to give back
 * but the place itself. The application is no longer waiting for the draw, so the link can be paid.
 */
async function sendPaymentLink(race: RaceRecord, athleteId: number, scade: number, now: number): Promise<void> {
  const athlete = athleteById(athleteId)
  const subscription = db.subscriptions.findFirst((q) => q.where({ athlete_id: athleteId, project_id: race.id }))
  if (!athlete || !subscription) return
  await db.subscriptions.update((q) => q.where({ athlete_id: athleteId, project_id: race.id }), {
    data: (record) => void (record.domanda_lotteria = false),
  })
  const code = randomToken('lnk')
  const totale = subscription.totale ?? race.prezzo
  await db.payments.create({
    pagamento_id: randomToken('PAY').toUpperCase(),
    stato: 'pending',
    project_id: race.id,
    totale,
    aggiornato: new Date(now).toISOString(),
    athlete_id: athleteId,
    idempotency_key: linkKey(race.id, athleteId),
    link_code: code,
    scade,
    opzione_rimborso: subscription.opzione_rimborso ?? 'standard',
    noleggio_gps: subscription.noleggio_gps ?? false,
    esito: null,
    settle_at: null,
  })
  if (athlete.mail) {
    await sendMail({
      kind: 'lottery_drawn',
      to: athlete.mail,
      lingua: mailLanguageOf(athlete),
      link: mailLinks.paymentLink(code),
      sent_at: now,
      gara: raceTitle(race),
      totale,
      scade,
    })
  }
}

/**
 * Moves every lottery to `now`: one whose draw time has passed is drawn; a drawn place's link that
 * lapsed unpaid (no card authorised on it in time) ends, and its place is offered from the wait list.
 */
export async function advanceLotteries(now: number): Promise<void> {
  for (const lottery of db.lotteries.all().filter((candidate) => candidate.ordine === null)) {
    const race = db.races.findFirst((q) => q.where({ id: lottery.race_id }))
    // Drawn at its announced time, however late the clock's jump noticed it: the links' deadlines count from then.
    const at = race?.lotteria ? Date.parse(race.lotteria.estrazione) : Infinity
    if (race && at <= now) await drawLottery(race, at)
  }
  // A plain filter, as settleDue's (provider.ts): every request runs this scan too.
  const lapsed = db.payments
    .all()
    .filter((payment) => payment.stato === 'pending' && payment.scade !== null && payment.scade <= now && payment.idempotency_key.startsWith('lottery-'))
  for (const payment of lapsed.filter((candidate) => candidate.esito !== 'authorised')) {
    await db.payments.update((q) => q.where({ pagamento_id: payment.pagamento_id }), {
      data(record) {
        record.stato = 'expired'
        record.aggiornato = new Date(now).toISOString()
      },
    })
    const race = db.races.findFirst((q) => q.where({ id: payment.project_id }))
    if (race) await offerNext(race, now)
  }
}
