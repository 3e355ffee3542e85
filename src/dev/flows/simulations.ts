import type { ApiError } from '../../../contracts/api-error'
import type { Profile } from '../../../contracts/athlete.contract'
import type { RefundQuote, Transfer } from '../../../contracts/places.contract'
import type { WaitEntry } from '../../../contracts/wait-list.contract'
import { HOUR_MS, MINUTE_MS } from '../../../contracts/time'
import type { CertificateEvent, CertificateInput } from '../../../machines/certificate/certificate.machine'
import type { EnrolmentEvent, EnrolmentInput, GateOutcome, ShownWaiver } from '../../../machines/enrolment/enrolment.machine'
import type { PricedRace } from '../../../machines/enrolment/price'
import type { PaymentWaitEvent } from '../../../machines/enrolment/payment-wait.machine'
import type { QueueTicket } from '../../../contracts/queue.contract'
import type { TicketAnswer, WaitingRoomEvent, WaitingRoomInput } from '../../../machines/opening/waiting-room.machine'
import type { LotteryEvent, LotteryInput } from '../../../machines/places/lottery.machine'
import type { ChangeAnswer, PlaceChangeEvent, PlaceChangeInput } from '../../../machines/places/place-change.machine'
import type { TransferGiveEvent, TransferTakeEvent } from '../../../machines/places/transfer.machine'
import type { EntryAnswer, WaitListEvent, WaitListInput } from '../../../machines/places/wait-list.machine'
import type { LoginDrawerEvent } from '../../../machines/session/login-drawer.machine'
import type { SessionEvent, SessionInput } from '../../../machines/session/session.machine'
import { now } from '../../lib/clock'

/**
 * What a product owner steps a machine with on the Flows page, without the portal: its input, the
 * events a screen would send (one sample of each shape), and the answers each of its actors may
 * give (the backend's, faked: the page lets the owner pick one). Made-up data only. A test holds
 * them to the machines (simulations.test.ts): an event type or actor added to a machine needs its
 * sample here, or a line saying why it has none, so no button goes missing unnoticed.
 */

/** An answer an actor may give: its output, or the error it fails with. */
export type Answer = { label: string; output: unknown } | { label: string; error: ApiError }

export interface Simulation {
  input: () => unknown
  events: ReadonlyArray<{ type: string }>
  /** By the actor's name in the machine (`src`), those it invokes included. */
  answers: Readonly<Record<string, readonly Answer[]>>
  /** The actors that never answer on the page, by name, and why: their events are sent by hand. */
  idle: Readonly<Record<string, string>>
  /** The event types the machine accepts that have no sample, and why. */
  unsampled?: Readonly<Record<string, string>>
}

const network: Answer = { label: 'network error', error: { kind: 'network', operation: 'simulated' } }
const unauthorized: Answer = { label: '401 session over', error: { kind: 'unauthorized', operation: 'simulated' } }
const http = (status: number, code: string, body: object = {}): Answer => ({
  label: `${String(status)} ${code}`,
  error: { kind: 'http', operation: 'simulated', status, code, body: { code, ...body } },
})
const retryAfter = (seconds: number): Answer => ({
  label: `503 Retry-After ${String(seconds)}`,
  error: { kind: 'http', operation: 'simulated', status: 503, code: null, body: null, retryAfterS: seconds },
})

/** The instant `ms` from now, as the backend writes it. */
const at = (ms: number) => new Date(now() + ms).toISOString()

const PROFILE: Profile = {
  id: 1,
  nome: 'Sim',
  cognome: 'Ulated',
  mail: 'sim@example.org',
  sesso: 'F',
  data_nascita: '1990-01-01',
  nazione_nascita: 'IT',
  provincia_nascita: 'AO',
  citta_nascita: 'Aosta',
  cod_fiscale: 'LTDSMI90A41A326X',
  paese: 'IT',
  provincia: 'AO',
  citta: 'Aosta',
  via: 'Via Roma',
  civico: '1',
  cap: '11100',
  telefono: '+39 333 0000000',
  contatto_emergenza: 'Someone',
  telefono_emergenze: '+39 333 0000001',
  taglia_maglietta: 'M',
  privacy_policy: true,
  torexperience: [],
}

const TARIFF: PricedRace = { prezzo: 60, supplemento_rimborso: 10, noleggio_gps: 15 }
const GATE_PASSED: GateOutcome = {
  refusals: [],
  entry: 'direct',
  open: null,
  questions: [{ name: 'tshirt', kind: 'text', required: true }],
  tariff: TARIFF,
}
const SENTENCE = 'I have read and accept'
const WAIVER: ShownWaiver = { versione: 'v1', lingua: 'en', testo: 'The waiver.', frase: SENTENCE }

const sessionEvents = (): SessionEvent[] => [
  { type: 'session.login', username: 'sim@example.org', password: 'simulated' },
  { type: 'session.signIn', token: 'simulated', source: 'confirmation', now: now() },
  { type: 'session.logout' },
  { type: 'session.tick', now: now() },
  { type: 'session.tick', now: now() + 48 * HOUR_MS },
  { type: 'session.unauthorized' },
  { type: 'session.storageCleared' },
  { type: 'session.accessDenied', path: '/me/races', reason: 'login_required' },
  { type: 'session.accessDenied', path: '/me/races', reason: 'profile_incomplete' },
  { type: 'session.loginRequested', path: '/race/1/subscribe' },
  { type: 'session.retryProfile' },
]

const drawerEvents: LoginDrawerEvent[] = [
  { type: 'drawer.open', delayed: false },
  { type: 'drawer.open', delayed: true },
  { type: 'drawer.close' },
]

const enrolmentEvents: EnrolmentEvent[] = [
  { type: 'wizard.next' },
  { type: 'wizard.back' },
  { type: 'wizard.retry' },
  { type: 'data.confirm', confirmed: true },
  { type: 'extra.answer', name: 'tshirt', value: 'M' },
  { type: 'rules.accept', accepted: true },
  { type: 'refund.choose', option: 'standard' },
  { type: 'refund.choose', option: 'protetto' },
  { type: 'gps.choose', rent: false },
  { type: 'gps.choose', rent: true },
  { type: 'summary.confirm' },
  { type: 'disclaimer.type', text: SENTENCE },
  { type: 'disclaimer.submit', waiver: WAIVER },
  { type: 'disclaimer.close' },
  { type: 'payment.pay' },
  { type: 'payment.abandon' },
  { type: 'payment.redirectRefused' },
  { type: 'clock.tick', now: now() },
  { type: 'clock.tick', now: now() + 48 * HOUR_MS },
]

const waitEvents: PaymentWaitEvent[] = [{ type: 'wait.retry' }, { type: 'wait.abandon' }]

const certificateEvents: CertificateEvent[] = [
  { type: 'certificate.chooseFile', file: { name: 'certificate.pdf', size: 120_000, sniffedType: 'pdf' } },
  { type: 'certificate.setExpiry', expiry: '2099-12-31' },
  { type: 'certificate.submit' },
  { type: 'certificate.cancel' },
  { type: 'certificate.retry' },
  { type: 'certificate.restart' },
  { type: 'upload.progress', sent: 60_000, total: 120_000 },
  { type: 'upload.done' },
  { type: 'upload.failed', error: { kind: 'network', operation: 'simulated' } },
]

const roomEvents = (): WaitingRoomEvent[] => [
  { type: 'clock.tick', now: now() },
  { type: 'clock.tick', now: now() + 10 * MINUTE_MS },
  { type: 'connection.back' },
  { type: 'queue.join' },
  { type: 'queue.leave' },
  { type: 'queue.retry' },
]

/** A ticket of the waiting room in `stato`, answered now (its deadlines a few minutes on). */
function ticketAnswer(stato: QueueTicket['stato'], extra: Partial<QueueTicket> = {}): TicketAnswer {
  const ticket: QueueTicket = {
    biglietto: 'Q-1-1',
    gara_id: 1,
    stato,
    entrato: at(-MINUTE_MS),
    sorteggiato: true,
    riprova_tra_s: 15,
    ...(stato === 'in_coda' ? { posizione: 12, davanti: 11, attesa_stimata_s: 180 } : {}),
    ...(stato === 'ammesso' ? { ammissione: { token: 'simulated', scade: at(5 * MINUTE_MS) } } : {}),
    ...(stato === 'posto' ? { posto: { scade: at(3 * MINUTE_MS), in_pagamento: false } } : {}),
    ...extra,
  }
  return { ticket, receivedAt: now() }
}

const ticketAnswers = (...statos: Array<QueueTicket['stato']>): Answer[] =>
  statos.map((stato) => ({ label: stato, output: ticketAnswer(stato) }))

const readings = (...states: string[]): Answer[] => states.map((state) => ({ label: state, output: state }))

const PAY_WITHIN_MS = 240 * HOUR_MS
const payBy = () => new Date(now() + 5 * MINUTE_MS + PAY_WITHIN_MS).toISOString()
const lotteryEvents = (): LotteryEvent[] => [
  { type: 'clock.tick', now: now() },
  { type: 'clock.tick', now: now() + HOUR_MS },
  { type: 'clock.tick', now: now() + PAY_WITHIN_MS + HOUR_MS },
  { type: 'application.read', application: { esito: 'in_attesa' } },
  { type: 'application.read', application: { esito: 'estratto', pagamento_scade: payBy() } },
  { type: 'application.read', application: { esito: 'non_estratto' } },
  { type: 'application.failed', error: { kind: 'http', operation: 'simulated', status: 404, code: 'no_application', body: { code: 'no_application' } } },
  { type: 'application.failed', error: { kind: 'unauthorized', operation: 'simulated' } },
  { type: 'application.failed', error: { kind: 'network', operation: 'simulated' } },
  { type: 'link.read', stato: 'pending', receivedAt: now() },
  { type: 'link.read', stato: 'success', receivedAt: now() },
  { type: 'link.failed', error: { kind: 'http', operation: 'simulated', status: 410, code: 'request_expired', body: { code: 'request_expired' } } },
  { type: 'entry.read', position: 12 },
  { type: 'connection.back' },
  { type: 'lottery.retry' },
]

const OFFER_MS = 48 * HOUR_MS
const waitListEvents = (): WaitListEvent[] => [
  { type: 'clock.tick', now: now() },
  { type: 'clock.tick', now: now() + 2 * MINUTE_MS },
  { type: 'clock.tick', now: now() + OFFER_MS - HOUR_MS },
  { type: 'clock.tick', now: now() + OFFER_MS + MINUTE_MS },
  { type: 'connection.back' },
  { type: 'waitList.join' },
  { type: 'waitList.leave' },
  { type: 'waitList.enrol' },
  { type: 'waitList.retry' },
]

/** The athlete's entry on the wait list in `stato`, answered now (an offer open for 48 hours). */
function entry(stato: WaitEntry['stato'], extra: Partial<WaitEntry> = {}): WaitEntry {
  return {
    gara_id: 206,
    stato,
    entrato: at(-HOUR_MS),
    origine: 'lista',
    ...(stato === 'in_attesa' ? { posizione: 3, davanti: 2 } : {}),
    ...(stato === 'offerta' ? { offerta_scade: at(OFFER_MS) } : {}),
    ...extra,
  }
}
const entryAnswers = (...statos: Array<WaitEntry['stato']>): Answer[] =>
  statos.map((stato): Answer => ({ label: stato, output: { entry: entry(stato), receivedAt: now() } satisfies EntryAnswer }))

/** Today's refund when it is no longer the one shown (the schedule moved on a step). */
const CHANGED_QUOTE: RefundQuote = { giorni_prima: 60, opzione_rimborso: 'standard', quota_percento: 25, quota: 11.25, gps: 0, totale: 11.25 }

const placeChangeEvents: PlaceChangeEvent[] = [
  { type: 'change.start' },
  { type: 'change.cancel' },
  { type: 'change.confirm', key: 'simulated' },
  { type: 'change.retry' },
]

const transferGiveEvents: TransferGiveEvent[] = [
  { type: 'mail.change', value: 'friend@example.org' },
  { type: 'mail.change', value: 'not an address' },
  { type: 'offer.submit', key: 'simulated' },
  { type: 'offer.retry' },
  { type: 'offer.cancel' },
]

const transferTakeEvents: TransferTakeEvent[] = [
  { type: 'offer.retry' },
  { type: 'gps.choose', rent: false },
  { type: 'gps.choose', rent: true },
  { type: 'offer.accept', key: 'simulated' },
  { type: 'disclaimer.type', text: SENTENCE },
  { type: 'disclaimer.submit', waiver: WAIVER },
  { type: 'disclaimer.close' },
  { type: 'payment.retry', key: 'simulated-2' },
  { type: 'decline.start' },
  { type: 'decline.cancel' },
  { type: 'decline.confirm' },
]

/** A place offered to friend@example.org, in `stato`. */
const transfer = (stato: Transfer['stato']): Transfer => ({
  codice: 'T-demo',
  gara_id: 202,
  da: 'Sim Ulated',
  a: 'friend@example.org',
  stato,
  scade: at(OFFER_MS),
  prezzo: 45,
  tassa: 10,
})
const transferAnswers = (...statos: Array<Transfer['stato']>): Answer[] => statos.map((stato) => ({ label: stato, output: transfer(stato) }))
/** The same offer as the recipient's machine reads it (the figures and facts it decides on). */
const offerReadings = (...statos: Array<Transfer['stato']>): Answer[] =>
  statos.map((stato) => ({
    label: stato,
    output: { state: stato, raceId: 202, lapsesAt: now() + OFFER_MS, readAt: now(), prices: { fee: 45, transferFee: 10, gpsRental: 15 }, own: null },
  }))

/** By machine id. */
export const SIMULATIONS: Readonly<Record<string, Simulation>> = {
  session: {
    input: (): SessionInput => ({ stored: null, now: now() }),
    events: sessionEvents(),
    answers: {
      requestToken: [
        { label: 'token granted', output: { accessToken: 'simulated', expiresIn: 7_200, receivedAt: now() } },
        http(400, 'invalid_grant'),
        http(429, 'too_many_attempts'),
        network,
      ],
      loadProfile: [{ label: 'profile', output: PROFILE }, network],
      revokeToken: [{ label: 'revoked', output: undefined }, network],
    },
    idle: { watchClock: 'the clock: its session.tick is among the events' },
  },
  loginDrawer: { input: () => undefined, events: drawerEvents, answers: {}, idle: {} },
  enrolment: {
    input: (): EnrolmentInput => ({ raceId: 1, athleteId: 1, phase: 'open', keySeed: 'simulated' }),
    events: enrolmentEvents,
    answers: {
      checkEligibility: [
        { label: 'gate passed', output: GATE_PASSED },
        { label: 'certificate missing', output: { ...GATE_PASSED, refusals: [{ code: 'certificate_missing' }] } },
        network,
      ],
      enrol: [{ label: 'enrolled', output: undefined }, http(409, 'sold_out'), http(400, 'missing_field'), network],
      signWaiver: [{ label: 'signed', output: undefined }, http(409, 'waiver_outdated'), network],
      startPayment: [
        { label: 'checkout ready', output: { paymentId: 'simulated', redirectUrl: 'https://checkout.example/simulated', total: TARIFF.prezzo } },
        http(409, 'total_mismatch'),
        network,
      ],
      readTariff: [{ label: 'prices', output: TARIFF }, network],
      readStatus: [...readings('pending', 'success', 'failed'), http(404, 'payment_not_found'), network],
    },
    idle: {},
  },
  paymentWait: {
    input: () => ({ paymentId: 'simulated' }),
    events: waitEvents,
    answers: { readStatus: [...readings('pending', 'success', 'failed'), http(404, 'payment_not_found'), network] },
    idle: {},
  },
  certificate: {
    input: (): CertificateInput => ({ athleteId: 1, certificateFieldId: 1, today: '2026-01-01' }),
    events: certificateEvents,
    answers: {
      requestUpload: [{ label: 'signed URL', output: { signedUrl: 'https://files.example/simulated' } }, http(400, 'wrong_type'), network],
      saveCertificate: [{ label: 'saved', output: undefined }, http(400, 'in_past'), network],
      reloadProfile: [...readings('in_revision', 'valid'), network],
      checkReview: [...readings('in_revision', 'valid', 'not_valid'), network],
    },
    idle: { uploadFile: 'the upload: its upload.progress, upload.done and upload.failed are among the events' },
  },
  waitingRoom: {
    input: (): WaitingRoomInput => ({
      raceId: 1,
      now: now(),
      roomOpensAt: now() + MINUTE_MS,
      opensAt: now() + 5 * MINUTE_MS,
      jitterSeed: 1,
    }),
    events: roomEvents(),
    answers: {
      readTicket: [
        ...ticketAnswers('in_sala', 'in_coda', 'ammesso', 'posto', 'pagato', 'scaduto'),
        { label: 'esaurito', output: ticketAnswer('esaurito', { definitivo: false, riprova_tra_s: 60 }) },
        http(404, 'not_in_queue'),
        retryAfter(20),
        network,
      ],
      joinQueue: [
        ...ticketAnswers('in_sala', 'in_coda'),
        { label: '409 already_in_queue', error: { kind: 'http', operation: 'simulated', status: 409, code: 'already_in_queue', body: { code: 'already_in_queue', biglietto: ticketAnswer('in_coda').ticket } } },
        http(409, 'sold_out'),
        http(422, 'queue_closed'),
        http(422, 'not_eligible'),
        network,
      ],
      holdPlace: [...ticketAnswers('posto'), http(410, 'admission_expired'), network],
      leaveQueue: [...ticketAnswers('uscito'), network],
    },
    idle: {},
  },
  lottery: {
    input: (): LotteryInput => ({ raceId: 201, drawAt: now() + 5 * MINUTE_MS, now: now(), jitterSeed: 1 }),
    events: lotteryEvents(),
    answers: {},
    idle: { watchApplication: 'the query cache: its application.*, link.* and entry.read are among the events' },
  },
  waitList: {
    input: (): WaitListInput => ({ raceId: 206, now: now(), jitterSeed: 1 }),
    events: waitListEvents(),
    answers: {
      readEntry: [
        ...entryAnswers('in_attesa', 'offerta'),
        { label: 'offerta, an hour left', output: { entry: entry('offerta', { offerta_scade: at(HOUR_MS) }), receivedAt: now() } satisfies EntryAnswer },
        ...entryAnswers('iscritto', 'scaduta', 'uscito'),
        http(404, 'not_listed'),
        unauthorized,
        retryAfter(30),
        network,
      ],
      joinList: [
        ...entryAnswers('in_attesa'),
        { ...http(409, 'already_listed', { voce: entry('offerta') }), label: '409 already_listed, with the entry' },
        http(409, 'already_listed'),
        http(422, 'wait_list_closed'),
        http(409, 'places_left'),
        http(409, 'already_enrolled'),
        unauthorized,
        network,
      ],
      leaveList: [...entryAnswers('uscito'), http(404, 'not_listed'), unauthorized, network],
    },
    idle: {},
  },
  placeChange: {
    input: (): PlaceChangeInput => ({ kind: 'withdraw', raceId: 202, expected: 22.5 }),
    events: placeChangeEvents,
    answers: {
      submitChange: [
        { label: 'refunded', output: { transactionId: 'simulated' } satisfies ChangeAnswer },
        { label: 'deferred', output: { transactionId: null } satisfies ChangeAnswer },
        http(409, 'refund_changed', { rimborso: CHANGED_QUOTE }),
        http(404, 'not_enrolled'),
        http(409, 'not_paid'),
        http(409, 'place_changed'),
        http(422, 'withdrawal_closed'),
        http(422, 'defer_closed'),
        unauthorized,
        retryAfter(30),
        network,
      ],
    },
    idle: {},
  },
  transferGive: {
    input: () => ({ pending: false }),
    events: transferGiveEvents,
    answers: {
      offer: [
        ...transferAnswers('offerta'),
        http(422, 'recipient_unknown'),
        http(422, 'recipient_is_self'),
        http(409, 'recipient_enrolled'),
        http(409, 'transfer_pending'),
        http(422, 'transfer_closed'),
        http(409, 'place_changed'),
        http(409, 'not_paid'),
        http(404, 'not_enrolled'),
        network,
      ],
      cancel: [{ label: 'cancelled', output: undefined }, http(409, 'no_transfer'), http(404, 'not_enrolled'), network],
    },
    idle: {},
  },
  transferTake: {
    input: () => ({ code: 'T-demo' }),
    events: transferTakeEvents,
    answers: {
      readOffer: [...offerReadings('offerta', 'accettata', 'completata', 'annullata', 'rifiutata', 'scaduta'), http(404, 'transfer_not_found'), network],
      accept: [
        { label: 'accepted', output: undefined },
        http(422, 'not_eligible'),
        http(409, 'transfer_closed'),
        http(409, 'already_enrolled'),
        http(404, 'transfer_not_found'),
        network,
      ],
      readConditions: [network],
      signWaiver: [{ label: 'signed', output: undefined }, http(409, 'waiver_outdated'), http(422, 'hash_mismatch'), network],
      readWaiver: [{ label: 'waiver read', output: undefined }, network],
      startPayment: [
        { label: 'checkout ready', output: { redirectUrl: 'https://checkout.example/simulated' } },
        http(422, 'waiver_not_signed'),
        http(409, 'total_mismatch'),
        http(409, 'offer_expired'),
        network,
      ],
      openCheckout: [{ label: 'left for the checkout', output: true }, { label: 'address refused', output: false }],
      decline: [{ label: 'declined', output: undefined }, http(409, 'transfer_closed'), http(404, 'transfer_not_found'), network],
    },
    idle: {},
  },
}
