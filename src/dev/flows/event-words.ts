import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AnyStateNode } from 'xstate'
import { isApiError } from '../../../contracts/api-error'
import { TransferRequestSchema } from '../../../contracts/places.contract'
import { MINUTE_MS, SECOND_MS } from '../../../contracts/time'
import { now } from '../../lib/clock'
import { formatTimeSpan } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { FLOW_MACHINES } from './flow-machines'
import { REDACTED } from './sanitize'

/**
 * What a machine's event means to a product owner, in words, for the Flows page: a sample it steps
 * a simulation with (simulations.ts), or a live event of the portal, sanitized (sanitize.ts). A
 * payload may hold secrets, and a live one has them redacted: the words only ever say which of a
 * few known values it holds (an option, a yes or no, an error's kind, how far the clock moves),
 * never the value itself.
 */

/** An event as the page has it: its type, and whatever else it carries. */
export type FlowEvent = { type: string } & Readonly<Record<string, unknown>>

type Words = MessageDescriptor | ((event: FlowEvent, i18n: I18n) => MessageDescriptor)

function durationWords(i18n: I18n, ms: number): string {
  return formatTimeSpan(activeLocale(i18n), ms)
}

const TIME_PASSES = msg`Time passes`

/** A tick of the portal's clock, by how far its `now` is from the current time. */
function tickWords(event: FlowEvent, i18n: I18n): MessageDescriptor {
  if (typeof event.now !== 'number') return TIME_PASSES
  const ahead = event.now - now()
  const wholeMinutes = Math.round(Math.abs(ahead) / MINUTE_MS)
  if (wholeMinutes === 0) return TIME_PASSES
  const duration = durationWords(i18n, wholeMinutes * MINUTE_MS)
  return ahead > 0 ? msg`The clock moves ${duration} on` : msg`The clock reads ${duration} earlier than now`
}

/** Why a call failed, by the kind of its `ApiError`: the server's own code is an enumeration of its contract. */
function causeOf(error: unknown, i18n: I18n): string {
  if (!isApiError(error)) return i18n._(msg`an error the page cannot name`)
  switch (error.kind) {
    case 'network':
      return i18n._(error.timedOut ? msg`the server took too long to answer` : msg`no connection`)
    case 'unauthorized':
      return i18n._(msg`the session was over`)
    case 'http': {
      const { status, code, retryAfterS } = error
      if (retryAfterS !== undefined) {
        const wait = durationWords(i18n, retryAfterS * SECOND_MS)
        return i18n._(msg`the server was busy and asked to wait ${wait}`)
      }
      return i18n._(code === null ? msg`the server answered with an error (${status})` : msg`the server refused it (${status} ${code})`)
    }
    case 'contract':
      return i18n._(msg`the answer did not match the contract`)
    case 'fault':
      return i18n._(msg`the page's own code failed`)
  }
}

/** The words a table has for an enumeration's value; none for one it does not know, or a redacted one. */
function wordsOf<W>(table: Readonly<Record<string, W>>, value: unknown): W | undefined {
  return typeof value === 'string' && Object.hasOwn(table, value) ? table[value] : undefined
}

const SIGN_IN_SOURCES: Readonly<Record<string, MessageDescriptor>> = {
  confirmation: msg`The athlete is signed in by the link confirming their account`,
  reset: msg`The athlete is signed in after resetting their password`,
  social: msg`The athlete is signed in through a social account`,
}

const ACCESS_DENIALS: Readonly<Record<string, MessageDescriptor>> = {
  login_required: msg`A page that needs a login turns the athlete away`,
  profile_incomplete: msg`A page that needs a complete profile turns the athlete away`,
}

const REFUND_OPTIONS: Readonly<Record<string, MessageDescriptor>> = {
  standard: msg`The athlete chooses the standard refund`,
  protetto: msg`The athlete chooses the protected refund`,
}

const DRAW_OUTCOMES: Readonly<Record<string, MessageDescriptor>> = {
  in_attesa: msg`The lottery application is read: waiting for the draw`,
  estratto: msg`The lottery application is read: drawn`,
  non_estratto: msg`The lottery application is read: not drawn`,
}

const LINK_STATES: Readonly<Record<string, MessageDescriptor>> = {
  pending: msg`The payment link is read: not paid yet`,
  success: msg`The payment link is read: paid`,
  failed: msg`The payment link is read: the payment failed`,
  expired: msg`The payment link is read: expired`,
}

/** What the giver typed, judged as the machine judges it, without saying it: it is another athlete's address. */
function recipientMailWords({ value }: FlowEvent): MessageDescriptor {
  if (typeof value !== 'string' || value === REDACTED) return msg`The athlete types the recipient's e-mail address`
  if (value.trim() === '') return msg`The athlete clears the recipient's e-mail address`
  return TransferRequestSchema.shape.mail.safeParse(value.trim()).success
    ? msg`The athlete types a valid e-mail address for the recipient`
    : msg`The athlete types something that is not an e-mail address`
}

/** The events of any machine, where they mean the same in each. */
const COMMON: Readonly<Record<string, Words>> = {
  'xstate.init': msg`The machine starts`,
  'clock.tick': tickWords,
  'connection.back': msg`The connection comes back`,
}

const TRIES_AGAIN = msg`The athlete tries again`

/** By machine id, then event type. */
const BY_MACHINE: Readonly<Record<string, Readonly<Record<string, Words>>>> = {
  session: {
    'session.login': msg`The athlete logs in with their e-mail and password`,
    'session.signIn': ({ source }) => wordsOf(SIGN_IN_SOURCES, source) ?? msg`The athlete is signed in with a token from elsewhere`,
    'session.logout': msg`The athlete logs out`,
    'session.tick': tickWords,
    'session.unauthorized': msg`The server no longer accepts the session`,
    'session.storageCleared': msg`The athlete logs out in another tab`,
    'session.accessDenied': ({ reason }) => wordsOf(ACCESS_DENIALS, reason) ?? msg`A page turns the athlete away`,
    'session.loginRequested': msg`A page open to visitors asks the athlete to log in and come back`,
    'session.retryProfile': msg`The athlete asks to load their profile again`,
  },
  loginDrawer: {
    'drawer.open': ({ delayed }) => (delayed === true ? msg`The login drawer opens once the page has settled` : msg`The login drawer opens`),
    'drawer.close': msg`The login drawer closes`,
  },
  enrolment: {
    'wizard.next': msg`The athlete goes on to the next step`,
    'wizard.back': msg`The athlete goes back a step`,
    'wizard.retry': TRIES_AGAIN,
    'data.confirm': ({ confirmed }) =>
      confirmed === false ? msg`The athlete takes back the confirmation of their personal data` : msg`The athlete confirms their personal data`,
    'extra.answer': msg`The athlete answers one of the race's questions`,
    'rules.accept': ({ accepted }) =>
      accepted === false ? msg`The athlete takes back their acceptance of the race rules` : msg`The athlete accepts the race rules`,
    'refund.choose': ({ option }) => wordsOf(REFUND_OPTIONS, option) ?? msg`The athlete chooses a refund option`,
    'gps.choose': ({ rent }) => (rent === false ? msg`The athlete chooses not to rent a GPS tracker` : msg`The athlete rents a GPS tracker`),
    'summary.confirm': msg`The athlete confirms the summary`,
    'disclaimer.type': msg`The athlete types the waiver's sentence`,
    'disclaimer.submit': msg`The athlete signs the waiver`,
    'disclaimer.close': msg`The athlete closes the waiver without signing it`,
    'payment.pay': msg`The athlete goes on to pay`,
    'payment.abandon': msg`The athlete stops waiting for the payment to be confirmed`,
    'payment.redirectRefused': msg`The portal refuses the payment provider's address: the athlete stays`,
  },
  paymentWait: {
    'wait.retry': msg`The athlete asks again whether the payment went through`,
    'wait.abandon': msg`The athlete stops waiting for the payment provider`,
  },
  certificate: {
    'certificate.chooseFile': ({ file }) => (file === null ? msg`The athlete removes the chosen file` : msg`The athlete chooses a file`),
    'certificate.setExpiry': msg`The athlete enters the certificate's expiry date`,
    'certificate.submit': msg`The athlete sends the certificate`,
    'certificate.cancel': msg`The athlete goes back to the form`,
    'certificate.retry': TRIES_AGAIN,
    'certificate.restart': msg`The athlete starts a new upload`,
    'upload.progress': msg`Part of the file is sent`,
    'upload.done': msg`The whole file is sent`,
    'upload.failed': ({ error }, i18n) => {
      const cause = causeOf(error, i18n)
      return msg`Sending the file failed: ${cause}`
    },
  },
  waitingRoom: {
    'queue.join': msg`The athlete joins the queue`,
    'queue.leave': msg`The athlete leaves the queue`,
    'queue.retry': TRIES_AGAIN,
  },
  lottery: {
    'application.read': ({ application }) =>
      (typeof application === 'object' && application !== null ? wordsOf(DRAW_OUTCOMES, (application as { esito?: unknown }).esito) : undefined) ??
      msg`The lottery application is read`,
    'application.failed': ({ error }, i18n) => {
      const cause = causeOf(error, i18n)
      return msg`Reading the lottery application failed: ${cause}`
    },
    'link.read': ({ stato }) => wordsOf(LINK_STATES, stato) ?? msg`The payment link is read`,
    'link.failed': ({ error }, i18n) => {
      const cause = causeOf(error, i18n)
      return msg`Reading the payment link failed: ${cause}`
    },
    'entry.read': ({ position }) =>
      position === null
        ? msg`The wait-list entry is read: the athlete is not on the wait list`
        : msg`The wait-list entry is read: the athlete is on the wait list`,
    'lottery.retry': TRIES_AGAIN,
  },
  waitList: {
    'waitList.join': msg`The athlete joins the wait list`,
    'waitList.leave': msg`The athlete leaves the wait list`,
    'waitList.enrol': msg`The athlete takes the place offered`,
    'waitList.retry': TRIES_AGAIN,
  },
  placeChange: {
    'change.start': msg`The athlete asks to withdraw or defer their place`,
    'change.cancel': msg`The athlete changes their mind`,
    'change.confirm': msg`The athlete confirms the withdrawal or deferral`,
    'change.retry': TRIES_AGAIN,
  },
  transferGive: {
    'mail.change': recipientMailWords,
    'offer.submit': msg`The athlete offers their place to the recipient`,
    'offer.retry': msg`The athlete tries sending the offer again`,
    'offer.cancel': msg`The athlete withdraws the offer`,
  },
  transferTake: {
    'offer.retry': msg`The recipient tries reading the offer again`,
    'gps.choose': ({ rent }) => (rent === false ? msg`The recipient chooses not to rent a GPS tracker` : msg`The recipient rents a GPS tracker`),
    'offer.accept': msg`The recipient accepts the offer`,
    'disclaimer.type': msg`The recipient types the waiver's sentence`,
    'disclaimer.submit': msg`The recipient signs the waiver`,
    'disclaimer.close': msg`The recipient closes the waiver without signing it`,
    'payment.retry': msg`The recipient tries the payment again`,
    'decline.start': msg`The recipient asks to decline the offer`,
    'decline.cancel': msg`The recipient changes their mind`,
    'decline.confirm': msg`The recipient declines the offer`,
  },
}

/** The machines' actors, by their name in the machine (`src`). */
const CALLS: Readonly<Record<string, MessageDescriptor>> = {
  requestToken: msg`The login request`,
  loadProfile: msg`The profile request`,
  revokeToken: msg`The logout request`,
  watchClock: msg`The clock watcher`,
  loginDrawer: msg`The login drawer`,
  checkEligibility: msg`The eligibility check`,
  enrol: msg`The enrolment request`,
  signWaiver: msg`The waiver signature`,
  startPayment: msg`The payment request`,
  readTariff: msg`The request for the race's prices`,
  paymentWait: msg`The wait for the payment provider`,
  readStatus: msg`The payment status request`,
  requestUpload: msg`The request for an upload address`,
  uploadFile: msg`The file upload`,
  saveCertificate: msg`The request to save the certificate`,
  reloadProfile: msg`The profile reload`,
  checkReview: msg`The review check`,
  readTicket: msg`The queue ticket request`,
  joinQueue: msg`The request to join the queue`,
  holdPlace: msg`The request to hold the place`,
  leaveQueue: msg`The request to leave the queue`,
  watchApplication: msg`The application watcher`,
  readEntry: msg`The wait-list entry request`,
  joinList: msg`The request to join the wait list`,
  leaveList: msg`The request to leave the wait list`,
  submitChange: msg`The withdrawal or deferral request`,
  offer: msg`The request to offer the place`,
  cancel: msg`The request to withdraw the offer`,
  readOffer: msg`The request for the offer`,
  accept: msg`The request to accept the offer`,
  readConditions: msg`The request for the race's conditions`,
  readWaiver: msg`The waiver request`,
  openCheckout: msg`The move to the checkout`,
  decline: msg`The request to decline the offer`,
}

function invokesOf(node: AnyStateNode): Array<[string, string]> {
  const own = node.invoke.flatMap((invoke): Array<[string, string]> => (typeof invoke.src === 'string' ? [[invoke.id, invoke.src]] : []))
  return [...own, ...Object.values(node.states).flatMap(invokesOf)]
}

/** Every invoke's id to its actor's name: XState numbers those the machine leaves unnamed (`0.enrolment.checking`). */
const ACTOR_NAMES: ReadonlyMap<string, string> = new Map(FLOW_MACHINES.flatMap(({ machine }) => invokesOf(machine.root)))

/** An actor in words, by its invoke id; the id itself for one the page does not know. */
function callOf(actorId: string, i18n: I18n): string {
  const words = wordsOf(CALLS, ACTOR_NAMES.get(actorId) ?? actorId)
  return words ? i18n._(words) : actorId
}

/** The machines' named delays: what their running out means. */
const DELAYS: Readonly<Record<string, MessageDescriptor>> = {
  loginRetryDelay: msg`The wait after too many login attempts is over`,
  profileRetryDelay: msg`It is time to load the profile again`,
  focusDelay: msg`The page has settled`,
  reviewCheckInterval: msg`It is time to check the certificate's review again`,
  pollDelay: msg`It is time to ask the payment provider again`,
  offerLapses: msg`The offer's time runs out`,
}

const ACTOR_DONE = 'xstate.done.actor.'
const ACTOR_ERROR = 'xstate.error.actor.'
const AFTER = 'xstate.after.'

/** XState's own events: an actor's answer, or a delay (`xstate.after.<delay>.<state id>`) running out. */
function xstateWords(event: FlowEvent, i18n: I18n): MessageDescriptor | undefined {
  const { type } = event
  if (type.startsWith(ACTOR_DONE)) {
    const call = callOf(type.slice(ACTOR_DONE.length), i18n)
    return msg`${call} answered`
  }
  if (type.startsWith(ACTOR_ERROR)) {
    const call = callOf(type.slice(ACTOR_ERROR.length), i18n)
    const cause = causeOf(event.error, i18n)
    return msg`${call} failed: ${cause}`
  }
  if (type.startsWith(AFTER)) {
    const delay = type.slice(AFTER.length).split('.')[0] ?? ''
    const named = wordsOf(DELAYS, delay)
    if (named) return named
    const ms = Number(delay)
    if (delay === '' || !Number.isFinite(ms)) return msg`A wait is over`
    const duration = durationWords(i18n, ms)
    return msg`A wait of ${duration} is over`
  }
  return undefined
}

/**
 * The event `event` of the machine `machineId` in words, in `i18n`'s locale. Never throws: an event
 * it has no words for is named by its type.
 */
export function eventWords(i18n: I18n, machineId: string, event: FlowEvent): string {
  const { type } = event
  const machineWords = wordsOf(BY_MACHINE, machineId)
  const words = (machineWords && wordsOf(machineWords, type)) ?? wordsOf(COMMON, type) ?? xstateWords(event, i18n)
  if (!words) return i18n._(msg`The machine receives the event ${type}`)
  return i18n._(typeof words === 'function' ? words(event, i18n) : words)
}
