/**
 * Model-based scenarios of the medical certificate (`machines/certificate/certificate.machine.ts`):
 * tests/scenarios/paths.ts walks the machine to every state and through every transition, and each
 * path is replayed against a live certificate whose server calls are held until the path answers
 * them, whose PUT the path drives, and whose 20 s review checks run on a simulated clock. After each
 * step the properties below, written from the spec, are checked on what the screen reads and on
 * what the fake server received, in order.
 */
import { describe, expect, it } from 'vitest'
import type { ApiError } from '../../contracts/api-error'
import {
  certificateMachine,
  unsavedChoice,
  type CertificateEvent,
  type CertificateSnapshot,
  type CertificateStep,
  type ChosenFile,
  type KeptChoice,
} from '../../machines/certificate/certificate.machine'
import type { CertificateState } from '../../machines/rules/certificate-status'
import { httpFailure, networkFailure } from '../../machines/session/test-harness'
import {
  SPEC_CERTIFICATE_TYPES,
  SPEC_REVIEW_CHECK_MS,
  specProblems,
  startScenarioCertificate,
  type LogEntry,
  type ScenarioCertificate,
} from './certificate.model'
import { writeCoverageAfterAll } from './coverage'
import { scenarioPaths } from './paths'

writeCoverageAfterAll(import.meta.filename)

const TODAY = '2026-03-02'
const ATHLETE_ID = 1042
const FIELD_ID = 10042
const SIGNED_URL = 'https://storage.pettorale.test/upload/cm-1?signature=mock'
/** Spec section 9: "Certificate custom field id 82", the definition the PATCH names. */
const SPEC_CERTIFICATE_DEFINITION_ID = '82'

const PDF: ChosenFile = { name: 'certificato.pdf', size: 120_000, sniffedType: 'pdf' }
const HUGE: ChosenFile = { name: 'scansione.pdf', size: 17 * 1024 * 1024, sniffedType: 'pdf' }
const WEBP: ChosenFile = { name: 'foto.webp', size: 80_000, sniffedType: 'webp' }

// ---------------------------------------------------------------------------------------------
// The model's events

const failureOf = (status: number, code: string, operation: string) => httpFailure(status, code, operation)

type ModelEvent =
  | Extract<CertificateEvent, { type: `certificate.${string}` }>
  | { type: 'server.signedUrl' }
  | { type: 'server.requestFailed'; error: ApiError; label: string }
  | { type: 'put.progress' }
  | { type: 'put.done' }
  | { type: 'put.failed'; error: ApiError; label: string }
  /** The PUT could not run at all (the upload actor failed). */
  | { type: 'put.crashed'; error: unknown; label: string }
  | { type: 'server.saved' }
  | { type: 'server.saveFailed'; error: ApiError; label: string }
  | { type: 'server.reloaded'; state: CertificateState }
  | { type: 'server.reloadFailed'; error: ApiError }
  | { type: 'time.reviewCheck' }
  | { type: 'server.checked'; state: CertificateState }
  | { type: 'server.checkFailed'; error: ApiError }

const MODEL_EVENTS: readonly ModelEvent[] = [
  { type: 'certificate.chooseFile', file: PDF },
  { type: 'certificate.chooseFile', file: HUGE },
  { type: 'certificate.chooseFile', file: WEBP },
  { type: 'certificate.chooseFile', file: null },
  { type: 'certificate.setExpiry', expiry: '2027-03-01' },
  { type: 'certificate.setExpiry', expiry: '2026-01-01' },
  { type: 'certificate.setExpiry', expiry: '' },
  { type: 'certificate.submit' },
  { type: 'certificate.cancel' },
  { type: 'certificate.retry' },
  { type: 'certificate.restart' },
  { type: 'server.signedUrl' },
  { type: 'server.requestFailed', error: failureOf(413, 'file_too_large', 'files.requestUpload'), label: '413 file_too_large' },
  { type: 'server.requestFailed', error: httpFailure(503, null, 'files.requestUpload'), label: '503' },
  { type: 'put.progress' },
  { type: 'put.done' },
  { type: 'put.failed', error: httpFailure(503, null, 'files.putSigned'), label: '503' },
  { type: 'put.failed', error: failureOf(400, 'size_mismatch', 'files.putSigned'), label: '400 size_mismatch' },
  { type: 'put.failed', error: failureOf(403, 'signature_invalid', 'files.putSigned'), label: '403 signature_invalid' },
  { type: 'put.crashed', error: new Error('uploadFile: no file chosen'), label: 'no file to send' },
  { type: 'put.crashed', error: failureOf(415, 'wrong_type', 'files.putSigned'), label: '415 wrong_type' },
  { type: 'server.saved' },
  { type: 'server.saveFailed', error: failureOf(422, 'in_past', 'certificate.save'), label: '422 in_past' },
  { type: 'server.saveFailed', error: networkFailure('certificate.save'), label: 'network' },
  { type: 'server.reloaded', state: 'in_revision' },
  { type: 'server.reloaded', state: 'valid' },
  { type: 'server.reloadFailed', error: networkFailure('athlete.me') },
  { type: 'time.reviewCheck' },
  { type: 'server.checked', state: 'in_revision' },
  { type: 'server.checked', state: 'valid' },
  { type: 'server.checked', state: 'not_valid' },
  { type: 'server.checkFailed', error: networkFailure('athlete.me') },
]

const invokeIdOf = (stateId: string) => certificateMachine.getStateNodeById(stateId).invoke[0]!.id
const REQUEST = invokeIdOf('certificate.requestingUpload')
const UPLOAD = invokeIdOf('certificate.uploading')
const SAVE = invokeIdOf('certificate.saving')
const RELOAD = invokeIdOf('certificate.reloading')
const CHECK = invokeIdOf('certificate.done.checkingReview')
const REVIEW_CHECK_DUE = certificateMachine.getStateNodeById('certificate.done.awaitingReview').after[0]!.eventType

/** The model event as the machine walked as a function gets it. */
function machineEventOf(event: ModelEvent): CertificateEvent {
  const internal = (() => {
    switch (event.type) {
      case 'server.signedUrl':
        return { type: `xstate.done.actor.${REQUEST}`, output: { signedUrl: SIGNED_URL } }
      case 'server.requestFailed':
        return { type: `xstate.error.actor.${REQUEST}`, error: event.error }
      case 'put.progress':
        return { type: 'upload.progress', sent: 60_000, total: 120_000 }
      case 'put.done':
        return { type: 'upload.done' }
      case 'put.failed':
        return { type: 'upload.failed', error: event.error }
      case 'put.crashed':
        return { type: `xstate.error.actor.${UPLOAD}`, error: event.error }
      case 'server.saved':
        return { type: `xstate.done.actor.${SAVE}`, output: undefined }
      case 'server.saveFailed':
        return { type: `xstate.error.actor.${SAVE}`, error: event.error }
      case 'server.reloaded':
        return { type: `xstate.done.actor.${RELOAD}`, output: event.state }
      case 'server.reloadFailed':
        return { type: `xstate.error.actor.${RELOAD}`, error: event.error }
      case 'time.reviewCheck':
        return { type: REVIEW_CHECK_DUE }
      case 'server.checked':
        return { type: `xstate.done.actor.${CHECK}`, output: event.state }
      case 'server.checkFailed':
        return { type: `xstate.error.actor.${CHECK}`, error: event.error }
      default:
        return event
    }
  })()
  // The graph functions are typed with the machine's own events; these internal ones it handles all the same.
  return internal as CertificateEvent
}

const MACHINE_EVENTS = MODEL_EVENTS.map(machineEventOf)
const modelEventOf = new Map(MACHINE_EVENTS.map((event, index) => [event, MODEL_EVENTS[index]!]))

function nameOf(event: ModelEvent): string {
  switch (event.type) {
    case 'certificate.chooseFile':
      return `choose ${event.file ? `${event.file.name} (${String(event.file.size)} B)` : 'no file'}`
    case 'certificate.setExpiry':
      return `expiry '${event.expiry}'`
    case 'server.requestFailed':
    case 'put.failed':
    case 'put.crashed':
    case 'server.saveFailed':
      return `${event.type} (${event.label})`
    case 'server.reloaded':
    case 'server.checked':
      return `${event.type} (${event.state})`
    default:
      return event.type.replace(/^certificate\./, '')
  }
}

// ---------------------------------------------------------------------------------------------
// Paths

interface Start {
  name: string
  kept?: KeptChoice
}

const STARTS: Start[] = [
  { name: 'an empty form', kept: undefined },
  // Decision 019: a choice left unsaved when the session ended is given back.
  { name: 'the choice kept from an ended session', kept: { file: PDF, expiry: '2027-03-01' } },
]

/** What decides a transition: the state, whether the choice may be sent, the failure and its URL. */
const serializeState = (snapshot: CertificateSnapshot) => {
  const { context } = snapshot
  return JSON.stringify({
    value: snapshot.value,
    problems: Object.keys({ ...context.refused, ...specProblems(context.file, context.expiry, context.today) }).sort(),
    failure: context.failure && [context.failure.step, context.failure.error.kind === 'http' ? context.failure.error.code : null],
    signedUrl: context.signedUrl !== null,
  })
}

const SCENARIOS = STARTS.map((start) => ({
  start,
  paths: scenarioPaths(certificateMachine, {
    input: { athleteId: ATHLETE_ID, certificateFieldId: FIELD_ID, today: TODAY, kept: start.kept },
    events: MACHINE_EVENTS,
    serializeState,
  }).map((events) => events.map((event) => modelEventOf.get(event)!)),
}))

// ---------------------------------------------------------------------------------------------
// The oracle: what the spec says, from what the athlete chose and the fake server answered

/**
 * A server's answer that refuses the athlete's choice, to mend in the form rather than retry
 * (contracts: 413 file_too_large and 415 wrong_type of the upload request and of the PUT, 400
 * size_mismatch of the PUT, 422 in_past of the save); anything else is a failure to retry.
 */
function specRefusal(error: unknown): { field: 'file' | 'expiry'; problem: string } | null {
  const code = typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : null
  if (code === 'file_too_large' || code === 'wrong_type' || code === 'size_mismatch') return { field: 'file', problem: code }
  if (code === 'in_past') return { field: 'expiry', problem: code }
  return null
}

/** What the test knows of the path so far, from the events it delivered. */
interface Spec {
  choice: KeptChoice
  /** What the server refused of the choice as it stands, per field. */
  refused: { file?: string; expiry?: string }
  /** The server acknowledged the save (since the athlete last started over). */
  saved: boolean
  /** Since the save, the athlete went back to the form (a failed reload cancelled). */
  backToForm: boolean
  /** The server's last word on the certificate's review: the reload's, then each check's. */
  lastReview: CertificateState | null
  /** How many times "certificate saved" should have been said (section 8, 'operation_saved'). */
  savedNotices: number
  /** The step the last failure (not a refusal) happened at, and whether the signed URL was refused. */
  failure: { step: CertificateStep; signatureRefused: boolean } | null
  signedUrl: string | null
}

interface Step {
  event: ModelEvent
  name: string
  before: CertificateSnapshot
  after: CertificateSnapshot
  newEntries: LogEntry[]
  refusedEmitted: string[]
}

/**
 * Decision 019 ("the certificate's chosen file and expiry date survive"): nothing but starting over
 * takes the athlete's choice away; a failure, a refusal or a cancel keep the file and the date for
 * the retry.
 */
function keepsTheChoice(c: ScenarioCertificate, spec: Spec, name: string) {
  const { context } = c.snapshot()
  expect({ file: context.file, expiry: context.expiry }, name).toEqual(spec.choice)
}

/**
 * Spec section 5 ("Certificate upload needs a file and the expiry value", "maximum 16 MB") and
 * section 7 (POST big_file with "d, type=contact, tags [CM], file metadata (size, type, extension,
 * originalname)"): nothing is announced for a choice the checks refuse, and what is announced is the
 * chosen file.
 */
function announcesOnlyAGoodChoice(spec: Spec, step: Step) {
  for (const entry of step.newEntries) {
    if (entry.name !== 'requestUpload') continue
    expect(specProblems(spec.choice.file, spec.choice.expiry, TODAY), `${step.name}: a choice the checks refuse was sent`).toEqual({})
    const file = spec.choice.file!
    expect(entry.body, step.name).toMatchObject({
      d: ATHLETE_ID,
      type: 'contact',
      tags: ['CM'],
      size: file.size,
      content_type: SPEC_CERTIFICATE_TYPES[file.sniffedType as keyof typeof SPEC_CERTIFICATE_TYPES],
      originalname: file.name,
    })
  }
}

/**
 * Section 7's order (big_file, PUT to the signed URL, PATCH custom_fields): the certificate is
 * recorded only once the PUT of the file has finished, never after an upload that was cancelled,
 * failed or started again; the PATCH records the chosen expiry on definition 82.
 */
function savesOnlyAfterTheUpload(c: ScenarioCertificate, spec: Spec, step: Step) {
  c.log.forEach((entry, index) => {
    if (entry.name !== 'saveCertificate') return
    const lastUploadStep = c.log.slice(0, index).findLast((e) => e.name === 'requestUpload' || e.name === 'uploadFile' || e.name === 'uploadDone')
    expect(lastUploadStep?.name, `${step.name}: save #${String(index)} follows a finished PUT`).toBe('uploadDone')
  })
  for (const entry of step.newEntries) {
    if (entry.name !== 'saveCertificate') continue
    expect(entry.input.patch.data.attributes.value, step.name).toBe(spec.choice.expiry)
    expect(entry.input.patch.data.relationships.custom_field_definition.data.id, step.name).toBe(SPEC_CERTIFICATE_DEFINITION_ID)
  }
}

/** The PUT runs only while the screen shows the upload; a cancel stops (aborts) it. */
function putRunsOnlyWhileUploading(c: ScenarioCertificate, step: Step) {
  expect(c.uploading(), `${step.name}: a PUT runs exactly while uploading`).toBe(step.after.matches('uploading'))
}

/**
 * Decision 019 ("the profile's fields are the only place the verdict shows"): the certificate is
 * shown reviewed only once the server said it is no longer in revision, and "certificate saved"
 * (section 8, 'operation_saved') is said once per save, once the profile shows it.
 */
function verdictOnlyFromTheServer(c: ScenarioCertificate, spec: Spec, name: string) {
  const snapshot = c.snapshot()
  if (snapshot.matches({ done: 'reviewed' })) expect(spec.lastReview, `${name}: reviewed on the server's word`).not.toBe('in_revision')
  if (snapshot.matches('done') && spec.lastReview === 'in_revision') expect(snapshot.matches({ done: 'reviewed' }), name).toBe(false)
  expect(c.emitted.filter((e) => e.type === 'notice'), name).toHaveLength(spec.savedNotices)
}

/**
 * Decision 019: the form keeps the choice for an athlete who comes back (the session ended) until
 * the certificate is saved; "a save still under way keeps them".
 */
function keptUntilSaved(c: ScenarioCertificate, spec: Spec, name: string) {
  // After a failed reload the athlete may go back to the form of a certificate already saved:
  // whether that form keeps its choice the spec does not say (see tests/scenarios/README.md).
  if (spec.backToForm) return
  const nothingChosen = spec.choice.file === null && spec.choice.expiry === ''
  expect(unsavedChoice(c.snapshot()), name).toEqual(spec.saved || nothingChosen ? null : spec.choice)
}

/** Section 5: a submit sends a good choice, and names each problem of a bad one on its field. */
function submitChecksTheChoice(spec: Spec, step: Step) {
  if (!step.before.matches('editing')) return
  const problems = { ...spec.refused, ...specProblems(spec.choice.file, spec.choice.expiry, TODAY) }
  if (Object.keys(problems).length > 0) {
    expect(step.after.matches('editing'), step.name).toBe(true)
    expect(step.after.context.problems, `${step.name}: each problem on its field`).toEqual(problems)
    expect(step.newEntries, `${step.name}: nothing sent`).toEqual([])
  } else {
    expect(step.newEntries.map((e) => e.name), step.name).toEqual(['requestUpload'])
  }
}

/** A refusal names why, on the field to mend, and gives the form back with the choice (issue 21; decision 019). */
function refusalNamesWhy(step: Step, refusal: { field: 'file' | 'expiry'; problem: string }) {
  expect(step.after.matches('editing'), `${step.name}: back to the form`).toBe(true)
  expect(step.after.context.problems[refusal.field], step.name).toBe(refusal.problem)
  expect(step.refusedEmitted, `${step.name}: the screen is told which field`).toEqual([refusal.field])
}

/** A failure is shown as one, to retry from where it happened. */
function failureIsRetryable(step: Step) {
  expect(step.after.matches('failed'), step.name).toBe(true)
  expect(step.after.can({ type: 'certificate.retry' }), `${step.name}: retry offered`).toBe(true)
}

/**
 * DESIGN.md section 5 ("upload with progress, save, await review, retry") and decision 019: a retry
 * resumes where the failure happened: the upload request again, the PUT again to the same signed
 * URL (a fresh one when the storage refused its signature), the save again, or the profile read again.
 */
function retryResumesWhereItFailed(spec: Spec, step: Step, failure: NonNullable<Spec['failure']>) {
  const first = step.newEntries[0]
  switch (failure.step) {
    case 'request_upload':
      return expect(first?.name, step.name).toBe('requestUpload')
    case 'upload':
      if (failure.signatureRefused) return expect(first?.name, `${step.name}: a fresh signed URL`).toBe('requestUpload')
      expect(first, `${step.name}: the PUT again, to the same URL`).toMatchObject({ name: 'uploadFile', input: { signedUrl: spec.signedUrl } })
      return
    case 'save':
      return expect(first?.name, step.name).toBe('saveCertificate')
    case 'reload':
      return expect(first?.name, step.name).toBe('reloadProfile')
  }
}

/** Decision 019: the profile is read again every 20 s while the review is awaited, not a millisecond sooner. */
function checksTheReviewEvery20s(c: ScenarioCertificate, name: string) {
  const checks = () => c.log.filter((e) => e.name === 'checkReview').length
  const before = checks()
  c.clock.increment(SPEC_REVIEW_CHECK_MS - 1)
  expect(checks(), `${name}: no check before 20 s`).toBe(before)
  c.clock.increment(1)
  expect(checks(), `${name}: one check at 20 s`).toBe(before + 1)
}

/** Decision 019: the checks stop "at the verdict [...] when the athlete starts over". */
function checksNoMore(c: ScenarioCertificate, name: string) {
  const before = c.log.length
  c.clock.increment(60 * 60 * 1000)
  expect(c.log.slice(before), `${name}: nothing asked in the hour after`).toEqual([])
}

// ---------------------------------------------------------------------------------------------
// Replaying a path

async function deliver(c: ScenarioCertificate, spec: Spec, event: ModelEvent, name: string) {
  switch (event.type) {
    case 'server.signedUrl':
      spec.signedUrl = SIGNED_URL
      return c.answer('requestUpload', { signedUrl: SIGNED_URL })
    case 'server.requestFailed':
      return c.fail('requestUpload', event.error)
    case 'put.progress':
      return c.fromUpload(machineEventOf(event))
    case 'put.done':
      return c.fromUpload(machineEventOf(event))
    case 'put.failed':
      return c.fromUpload(machineEventOf(event))
    case 'put.crashed':
      return c.crashUpload(event.error)
    case 'server.saved':
      return c.answer('saveCertificate', undefined)
    case 'server.saveFailed':
      return c.fail('saveCertificate', event.error)
    case 'server.reloaded':
      return c.answer('reloadProfile', event.state)
    case 'server.reloadFailed':
      return c.fail('reloadProfile', event.error)
    case 'time.reviewCheck':
      return checksTheReviewEvery20s(c, name)
    case 'server.checked':
      return c.answer('checkReview', event.state)
    case 'server.checkFailed':
      return c.fail('checkReview', event.error)
    default:
      return c.send(event)
  }
}

/** The spec's side of one step: what the athlete's event and the server's answer change. */
function learn(spec: Spec, step: Step) {
  const { event } = step
  const failureAt = (step: CertificateStep, error: unknown) => {
    if (specRefusal(error)) {
      const { field, problem } = specRefusal(error)!
      spec.refused = { ...spec.refused, [field]: problem }
      spec.signedUrl = null
    } else {
      spec.failure = { step, signatureRefused: (error as { code?: unknown }).code === 'signature_invalid' }
    }
  }
  switch (event.type) {
    case 'certificate.chooseFile':
      spec.choice = { ...spec.choice, file: event.file }
      spec.refused = spec.refused.expiry ? { expiry: spec.refused.expiry } : {}
      return
    case 'certificate.setExpiry':
      spec.choice = { ...spec.choice, expiry: event.expiry }
      spec.refused = spec.refused.file ? { file: spec.refused.file } : {}
      return
    case 'certificate.restart':
      Object.assign(spec, { choice: { file: null, expiry: '' }, refused: {}, saved: false, backToForm: false, lastReview: null, failure: null })
      return
    case 'certificate.cancel':
      if (spec.saved) spec.backToForm = true
      spec.failure = null
      return
    case 'certificate.retry':
      spec.failure = null
      return
    case 'server.requestFailed':
      return failureAt('request_upload', event.error)
    case 'put.failed':
    case 'put.crashed':
      return failureAt('upload', event.error)
    case 'server.saveFailed':
      return failureAt('save', event.error)
    case 'server.reloadFailed':
      return failureAt('reload', event.error)
    case 'server.saved':
      spec.saved = true
      return
    case 'server.reloaded':
      spec.savedNotices += 1
      spec.lastReview = event.state
      return
    case 'server.checked':
      spec.lastReview = event.state
      return
    default:
      return
  }
}

/** The event-specific properties of one step. */
function check(spec: Spec, step: Step, failureBefore: Spec['failure']) {
  const { event } = step
  switch (event.type) {
    case 'certificate.submit':
      return submitChecksTheChoice(spec, step)
    case 'certificate.retry':
      if (failureBefore) retryResumesWhereItFailed(spec, step, failureBefore)
      return
    case 'server.requestFailed':
    case 'put.failed':
    case 'put.crashed':
    case 'server.saveFailed':
    case 'server.reloadFailed': {
      const refusal = specRefusal(event.error)
      if (refusal) refusalNamesWhy(step, refusal)
      else failureIsRetryable(step)
      return
    }
    default:
      return
  }
}

async function replay(start: Start, events: readonly ModelEvent[], title: string) {
  const c = startScenarioCertificate({ athleteId: ATHLETE_ID, certificateFieldId: FIELD_ID, today: TODAY, kept: start.kept })
  const spec: Spec = {
    choice: start.kept ?? { file: null, expiry: '' },
    refused: {},
    saved: false,
    backToForm: false,
    lastReview: null,
    savedNotices: 0,
    failure: null,
    signedUrl: null,
  }
  keepsTheChoice(c, spec, `${title}, at the start`)

  for (const [index, event] of events.entries()) {
    const name = `${title}, step ${String(index + 1)} (${nameOf(event)})`
    const before = c.snapshot()
    const entries = c.log.length
    const emitted = c.emitted.length
    const failureBefore = spec.failure
    await deliver(c, spec, event, name)
    const step: Step = {
      event,
      name,
      before,
      after: c.snapshot(),
      newEntries: c.log.slice(entries),
      refusedEmitted: c.emitted.slice(emitted).flatMap((e) => (e.type === 'refused' ? [e.field] : [])),
    }
    learn(spec, step)
    check(spec, step, failureBefore)
    keepsTheChoice(c, spec, name)
    announcesOnlyAGoodChoice(spec, step)
    savesOnlyAfterTheUpload(c, spec, step)
    putRunsOnlyWhileUploading(c, step)
    verdictOnlyFromTheServer(c, spec, name)
    keptUntilSaved(c, spec, name)
  }
  const end = `${title}, at the end`
  if (c.snapshot().matches({ done: 'reviewed' }) || c.snapshot().matches('editing')) checksNoMore(c, end)
  if (c.snapshot().matches('failed')) {
    // The way forward a failure names: retry resumes it.
    const entries = c.log.length
    const failure = spec.failure!
    c.send({ type: 'certificate.retry' })
    retryResumesWhereItFailed(spec, { ...({} as Step), name: end, newEntries: c.log.slice(entries) }, failure)
  }
  c.actor.stop()
}

describe.each(SCENARIOS)('certificate scenarios, starting with $start.name', ({ start, paths }) => {
  it.each(paths.map((events) => [['start', ...events.map(nameOf)].join(' → '), events] as const))('%s', async (title, events) => {
    await replay(start, events, title)
  })
})
