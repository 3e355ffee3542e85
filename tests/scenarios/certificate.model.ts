/**
 * The certificate's side of the scenario tests: a live certificate machine whose server calls are
 * held until the path answers them and whose PUT the path drives (progress, done, failure), every
 * call logged in order; and what the spec says a choice must be before anything is sent.
 */
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate'
import {
  certificateMachine,
  type BigFileRequest,
  type CertificateEmitted,
  type CertificateEvent,
  type CertificatePatch,
  type ChosenFile,
  type KeptChoice,
  type UploadInput,
} from '../../machines/certificate/certificate.machine'
import type { CertificateState } from '../../machines/rules/certificate-status'
import { deferred, flushMicrotasks, type Deferred } from '../../machines/session/test-harness'
import { recordCoverage } from './coverage'

/** Spec section 9: "Upload maximum 16 MB" (as the contract counts it, 16 MiB). */
export const SPEC_MAX_UPLOAD_BYTES = 16 * 1024 * 1024
/** Decision 019: PDF, JPEG or PNG, by content. */
export const SPEC_CERTIFICATE_TYPES = { pdf: 'application/pdf', jpeg: 'image/jpeg', png: 'image/png' } as const
/** Decision 019: "reads the profile again every REVIEW_CHECK_INTERVAL_MS (20 s)". */
export const SPEC_REVIEW_CHECK_MS = 20_000

/**
 * Spec section 5 ("Certificate upload needs a file and the expiry value"; "Upload: file required;
 * maximum 16 MB ('file too large')") and decision 019 (PDF/JPEG/PNG by content, expiry not past):
 * what is wrong with a choice before anything is sent, per field.
 */
export function specProblems(file: ChosenFile | null, expiry: string, today: string) {
  const problems: { file?: string; expiry?: string } = {}
  if (file === null) problems.file = 'required'
  else if (file.size > SPEC_MAX_UPLOAD_BYTES) problems.file = 'file_too_large'
  else if (file.sniffedType === null || !Object.hasOwn(SPEC_CERTIFICATE_TYPES, file.sniffedType)) problems.file = 'wrong_type'
  if (expiry === '') problems.expiry = 'required'
  else if (expiry < today) problems.expiry = 'in_past'
  return problems
}

type HeldName = 'requestUpload' | 'saveCertificate' | 'reloadProfile' | 'checkReview'
type AnswerOf = { requestUpload: { signedUrl: string }; saveCertificate: undefined; reloadProfile: CertificateState; checkReview: CertificateState }

/** One thing the fake server saw, in order: a call with what it carried, or the PUT's end. */
export type LogEntry =
  | { name: 'requestUpload'; body: BigFileRequest }
  | { name: 'uploadFile'; input: UploadInput }
  | { name: 'uploadDone' }
  | { name: 'saveCertificate'; input: { certificateFieldId: number; patch: CertificatePatch } }
  | { name: 'reloadProfile' }
  | { name: 'checkReview' }

/** Sent to the running PUT to make it fail as it starts would (production's throws when no file is there). */
const CRASH = 'test.crash'

export function startScenarioCertificate(input: { athleteId: number; certificateFieldId: number; today: string; kept?: KeptChoice }) {
  const clock = new SimulatedClock()
  const log: LogEntry[] = []
  const emitted: CertificateEmitted[] = []
  const pending: { [Name in HeldName]?: Deferred<AnswerOf[Name]> } = {}
  let upload: ((event: CertificateEvent) => void) | null = null
  let aborted = 0

  function held<Name extends HeldName>(name: Name, entry: LogEntry, signal: AbortSignal): Promise<AnswerOf[Name]> {
    log.push(entry)
    const call = deferred<AnswerOf[Name]>()
    const slots = pending as Record<HeldName, Deferred<unknown> | undefined>
    slots[name] = call as Deferred<unknown>
    signal.addEventListener('abort', () => {
      if (slots[name] === call) delete slots[name]
    })
    return call.promise
  }

  const machine = certificateMachine.provide({
    actors: {
      requestUpload: fromPromise<{ signedUrl: string }, BigFileRequest>(({ input: body, signal }) =>
        held('requestUpload', { name: 'requestUpload', body }, signal),
      ),
      uploadFile: fromCallback<CertificateEvent, UploadInput>(({ input, sendBack, receive }) => {
        log.push({ name: 'uploadFile', input })
        upload = sendBack
        receive((event) => {
          if (event.type === (CRASH as string)) throw (event as unknown as { error: unknown }).error
        })
        // Stopping the PUT while it runs aborts it.
        return () => {
          if (upload === sendBack) aborted += 1
          upload = null
        }
      }),
      saveCertificate: fromPromise<void, { certificateFieldId: number; patch: CertificatePatch }>(({ input: saved, signal }) =>
        held('saveCertificate', { name: 'saveCertificate', input: saved }, signal),
      ),
      reloadProfile: fromPromise<CertificateState>(({ signal }) => held('reloadProfile', { name: 'reloadProfile' }, signal)),
      checkReview: fromPromise<CertificateState>(({ signal }) => held('checkReview', { name: 'checkReview' }, signal)),
    },
  })
  const actor = createActor(machine, { input, clock, inspect: recordCoverage })
  actor.on('*', (event) => void emitted.push(event))
  actor.start()

  async function settle<Name extends HeldName>(name: Name, how: (call: Deferred<AnswerOf[Name]>) => void) {
    const call = pending[name]
    if (!call) throw new Error(`no ${name} call is in flight`)
    delete pending[name]
    how(call)
    await flushMicrotasks()
  }

  function uploadInFlight() {
    if (!upload) throw new Error('no upload is in flight')
    return upload
  }

  return {
    actor,
    clock,
    log,
    emitted,
    get aborted() {
      return aborted
    },
    uploading: () => upload !== null,
    send: (event: CertificateEvent) => actor.send(event),
    snapshot: () => actor.getSnapshot(),
    answer: <Name extends HeldName>(name: Name, answer: AnswerOf[Name]) => settle(name, (call) => call.resolve(answer)),
    fail: (name: HeldName, error: unknown) => settle(name, (call) => call.reject(error)),
    /** What the PUT in flight tells the machine. */
    fromUpload: (event: CertificateEvent) => {
      const sendBack = uploadInFlight()
      if (event.type === 'upload.done') log.push({ name: 'uploadDone' })
      sendBack(event)
    },
    /** The PUT in flight fails as an actor (it could not run at all). */
    crashUpload: async (error: unknown) => {
      uploadInFlight()
      // A failing PUT is not an aborted one.
      upload = null
      const running = Object.values(actor.getSnapshot().children).find((child) => child?.src === 'uploadFile')
      running!.send({ type: CRASH, error } as never)
      await flushMicrotasks()
    },
  }
}

export type ScenarioCertificate = ReturnType<typeof startScenarioCertificate>
