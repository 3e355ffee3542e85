import { assertEvent, assign, emit, enqueueActions, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { errorCodeOf, toApiError, type ApiError } from '../../contracts/api-error'
import type * as certificate from '../../contracts/certificate.contract'
import { CERTIFICATE_FIELD_DEFINITION_ID, type CustomFieldPatchSchema } from '../../contracts/certificate.contract'
import { MAX_UPLOAD_BYTES, type BigFileRequestSchema } from '../../contracts/files.contract'
import type * as files from '../../contracts/files.contract'
import { SECOND_MS } from '../../contracts/time'
import type * as z from 'zod/mini'
import type { CertificateState } from '../rules/certificate-status'

/**
 * The client side of the medical certificate (spec section 7): choose a file and its expiry,
 * check them, ask for a signed URL, PUT the file there with progress (cancellable), record it on the
 * certificate's custom field, reload the profile, then await the review. The review is the
 * server's: the profile's fields say where it stands (machines/rules/certificate-status.ts), so
 * while the certificate is in revision the profile is read again every `REVIEW_CHECK_INTERVAL_MS`.
 */

/**
 * Staff review certificates by hand, in minutes or days: a check this often shows the verdict to an
 * athlete who stays on the page soon enough, at three profile reads a minute (decision 019).
 */
export const REVIEW_CHECK_INTERVAL_MS = 20 * SECOND_MS

/** The file types a certificate may be, read from the content (magic bytes), not the name. */
export const CERTIFICATE_TYPES = {
  pdf: { mime: 'application/pdf', extension: 'pdf' },
  jpeg: { mime: 'image/jpeg', extension: 'jpg' },
  png: { mime: 'image/png', extension: 'png' },
} as const
export type CertificateType = keyof typeof CERTIFICATE_TYPES

/**
 * What the machine knows of the chosen file. The content itself (a Blob) stays with the screen's
 * binding, which hands it to the upload actor: context stays serialisable.
 */
export interface ChosenFile {
  name: string
  size: number
  /** The type its first bytes say it is (`pdf`, `png`, `webp`...), `null` when none is known. */
  sniffedType: string | null
}

/**
 * What the server refuses of the file it was sent: too large or not a certificate type (it reads
 * the content too), or `size_mismatch`, the bytes sent were not the size announced (the file
 * changed on disk while it was being sent: only choosing it again reads it afresh).
 */
export type RefusedFileProblem = 'file_too_large' | 'wrong_type' | 'size_mismatch'
/** What the server refuses of the expiry date: before today in Rome (its today, not the page's). */
export type RefusedExpiryProblem = 'in_past'
export type FileProblem = 'required' | RefusedFileProblem
export type ExpiryProblem = 'required' | RefusedExpiryProblem
export interface CertificateProblems {
  file?: FileProblem
  expiry?: ExpiryProblem
}
/** The server's refusals of the choice as it stands: each holds until the athlete changes its field. */
export interface RefusedProblems {
  file?: RefusedFileProblem
  expiry?: RefusedExpiryProblem
}
export type CertificateField = keyof CertificateProblems

/** The step a failure happened at: retry resumes there. */
export type CertificateStep = 'request_upload' | 'upload' | 'save' | 'reload'

export interface CertificateFailure {
  step: CertificateStep
  error: ApiError
}

/** A server's refusal of what the athlete chose, as the problem of one field of the form. */
export type CertificateRefusal = { field: 'file'; problem: RefusedFileProblem } | { field: 'expiry'; problem: RefusedExpiryProblem }

/**
 * Whether a failure at `step` is the server refusing the athlete's choice (a problem to mend in the
 * form, not a failure to retry: the same request would be refused the same way), and which.
 * Anything else (no answer, a 5xx, a refused signature) is `null`: a failure, retried from its step.
 */
export function refusalOf(step: CertificateStep, error: unknown): CertificateRefusal | null {
  const apiError = toApiError(error)
  switch (step) {
    case 'request_upload': {
      const code = errorCodeOf<typeof files.requestUpload>(apiError)
      return code === 'file_too_large' || code === 'wrong_type' ? { field: 'file', problem: code } : null
    }
    case 'upload': {
      const code = errorCodeOf<typeof files.putSigned>(apiError)
      return code === 'file_too_large' || code === 'wrong_type' || code === 'size_mismatch' ? { field: 'file', problem: code } : null
    }
    case 'save':
      return errorCodeOf<typeof certificate.save>(apiError) === 'in_past' ? { field: 'expiry', problem: 'in_past' } : null
    case 'reload':
      return null
  }
}

export interface CertificateContext {
  athleteId: number
  certificateFieldId: number
  /** Today in Europe/Rome (`YYYY-MM-DD`): the expiry may not be before it. */
  today: string
  file: ChosenFile | null
  /** `YYYY-MM-DD`, or '' while none is given. */
  expiry: string
  /** Once a submit found problems, each change checks again (as the portal's other forms do). */
  checked: boolean
  problems: CertificateProblems
  /**
   * What the server refused of the choice as it stands, which the checks here cannot see (a file
   * that changed while it was sent): kept until the athlete chooses another file or date.
   */
  refused: RefusedProblems
  signedUrl: string | null
  progress: { sent: number; total: number }
  failure: CertificateFailure | null
}

export interface CertificateInput {
  athleteId: number
  certificateFieldId: number
  today: string
  /** The file and date a form left before saving them (the session ended), given back. */
  kept?: KeptChoice
}

/** The athlete's choice, worth bringing back while it is not saved. */
export interface KeptChoice {
  file: ChosenFile | null
  expiry: string
}

export type CertificateEvent =
  | { type: 'certificate.chooseFile'; file: ChosenFile | null }
  | { type: 'certificate.setExpiry'; expiry: string }
  | { type: 'certificate.submit' }
  | { type: 'certificate.cancel' }
  | { type: 'certificate.retry' }
  | { type: 'certificate.restart' }
  | { type: 'upload.progress'; sent: number; total: number }
  | { type: 'upload.done' }
  | { type: 'upload.failed'; error: ApiError }

export type CertificateEmitted =
  | { type: 'notice'; code: 'operation_saved' }
  /** The server refused the choice: the form is back, with a problem on this field. */
  | { type: 'refused'; field: CertificateField }

export type BigFileRequest = z.infer<typeof BigFileRequestSchema>
export type CertificatePatch = z.infer<typeof CustomFieldPatchSchema>
export interface UploadInput {
  signedUrl: string
  /** The content type by content, sent with the PUT. */
  contentType: string
}

/** The problems of what the athlete gave; none means the upload may start. */
export function certificateProblems(file: ChosenFile | null, expiry: string, today: string): CertificateProblems {
  const problems: CertificateProblems = {}
  if (!file) problems.file = 'required'
  else if (file.size > MAX_UPLOAD_BYTES) problems.file = 'file_too_large'
  else if (!isCertificateType(file.sniffedType)) problems.file = 'wrong_type'
  if (!expiry) problems.expiry = 'required'
  else if (expiry < today) problems.expiry = 'in_past'
  return problems
}

/** The problems of the choice as it stands: the checks here first, then what the server refused of it. */
function problemsNow(context: Pick<CertificateContext, 'file' | 'expiry' | 'today' | 'refused'>): CertificateProblems {
  return { ...context.refused, ...certificateProblems(context.file, context.expiry, context.today) }
}

function isCertificateType(type: string | null): type is CertificateType {
  return type !== null && Object.hasOwn(CERTIFICATE_TYPES, type)
}

function typeOf(file: ChosenFile) {
  if (!isCertificateType(file.sniffedType)) throw new Error(`not a certificate type: ${String(file.sniffedType)}`)
  return CERTIFICATE_TYPES[file.sniffedType]
}

/** The `big_file` request announcing the certificate (tag CM on the athlete's contact). */
export function bigFileRequest(athleteId: number, file: ChosenFile): BigFileRequest {
  const { mime, extension } = typeOf(file)
  return {
    d: athleteId,
    type: 'contact',
    tags: ['CM'],
    size: file.size,
    content_type: mime,
    extension,
    originalname: file.name,
  }
}

/** The custom-field PATCH that records the uploaded certificate with its expiry (definition 82). */
export function certificatePatch(certificateFieldId: number, expiry: string): CertificatePatch {
  return {
    data: {
      type: 'custom_fields',
      id: String(certificateFieldId),
      attributes: { value: expiry, number_value: null, boolean_value: null, my_dirty: true },
      relationships: {
        custom_field_definition: { data: { type: 'custom_field_definitions', id: CERTIFICATE_FIELD_DEFINITION_ID } },
      },
    },
  }
}

const NO_PROGRESS = { sent: 0, total: 0 }

export type CertificateSnapshot = SnapshotFrom<typeof certificateMachine>

/**
 * What a form leaving `snapshot` should keep for when the athlete is back: the file and date, unless
 * there are none or the certificate is already saved. An unfinished save may have landed, but
 * losing the choice costs the athlete more than uploading the same file twice.
 */
export function unsavedChoice(snapshot: CertificateSnapshot): KeptChoice | null {
  const { context } = snapshot
  const saved =
    snapshot.matches('reloading') || snapshot.matches('done') || (snapshot.matches('failed') && context.failure?.step === 'reload')
  if (saved || (context.file === null && context.expiry === '')) return null
  return { file: context.file, expiry: context.expiry }
}

export const certificateMachine = setup({
  types: {
    context: {} as CertificateContext,
    events: {} as CertificateEvent,
    emitted: {} as CertificateEmitted,
    input: {} as CertificateInput,
  },
  actors: {
    // Implementations come from src/ through `provide`; these stand-ins only carry the types.
    requestUpload: fromPromise<{ signedUrl: string }, BigFileRequest>(async () => {
      throw new Error('requestUpload not provided')
    }),
    /**
     * PUTs the chosen file: sends `upload.progress` as bytes leave, then `upload.done` or
     * `upload.failed`; stopping it (cancel) aborts the request.
     */
    uploadFile: fromCallback<CertificateEvent, UploadInput>(() => {
      throw new Error('uploadFile not provided')
    }),
    saveCertificate: fromPromise<void, { certificateFieldId: number; patch: CertificatePatch }>(async () => {
      throw new Error('saveCertificate not provided')
    }),
    /**
     * Reloads the athlete's profile, whose fields now show the certificate, and says where it stands
     * (a review may already have happened on save).
     */
    reloadProfile: fromPromise<CertificateState>(async () => {
      throw new Error('reloadProfile not provided')
    }),
    /** Reads the athlete's profile again and says where the certificate stands, nothing else. */
    checkReview: fromPromise<CertificateState>(async () => {
      throw new Error('checkReview not provided')
    }),
  },
  delays: {
    reviewCheckInterval: REVIEW_CHECK_INTERVAL_MS,
  },
  guards: {
    hasNoProblems: ({ context }) => Object.keys(problemsNow(context)).length === 0,
    /** The server refused what the athlete chose: back to the form, not to a retry. */
    isRefusedChoice: (_, params: { step: CertificateStep; error: unknown }) => refusalOf(params.step, params.error) !== null,
    failedAtRequest: ({ context }) => context.failure?.step === 'request_upload',
    /** A refused signature will not work again: the retry asks for a fresh signed URL. */
    failedAtUploadWithUsableUrl: ({ context }) =>
      context.failure?.step === 'upload' &&
      context.signedUrl !== null &&
      errorCodeOf<typeof files.putSigned>(context.failure.error) !== 'signature_invalid',
    failedAtUpload: ({ context }) => context.failure?.step === 'upload',
    failedAtSave: ({ context }) => context.failure?.step === 'save',
    isInRevision: (_, params: { state: CertificateState }) => params.state === 'in_revision',
  },
  actions: {
    // A new file or date is one the server has not refused: its refusal goes with the old one.
    chooseFile: assign(({ context, event }) => {
      assertEvent(event, 'certificate.chooseFile')
      return withChecks({ ...context, file: event.file, refused: context.refused.expiry ? { expiry: context.refused.expiry } : {} })
    }),
    setExpiry: assign(({ context, event }) => {
      assertEvent(event, 'certificate.setExpiry')
      return withChecks({ ...context, expiry: event.expiry, refused: context.refused.file ? { file: context.refused.file } : {} })
    }),
    showProblems: assign(({ context }) => ({
      checked: true,
      problems: problemsNow(context),
    })),
    /**
     * The server refused the choice: the form is back with the file and date, the problem on its
     * field, checked again on each change; the signed URL is not used again (a new submit asks for
     * one that fits the new choice).
     */
    refuse: enqueueActions(({ context, enqueue }, params: { step: CertificateStep; error: unknown }) => {
      const refusal = refusalOf(params.step, params.error)
      if (!refusal) return
      const refused: RefusedProblems = { ...context.refused, [refusal.field]: refusal.problem }
      enqueue.assign({
        checked: true,
        refused,
        problems: problemsNow({ ...context, refused }),
        signedUrl: null,
        progress: NO_PROGRESS,
      })
      enqueue.emit({ type: 'refused', field: refusal.field })
    }),
    clearProblems: assign({ problems: {} }),
    forgetSignedUrl: assign({ signedUrl: null }),
    resetProgress: assign({ progress: NO_PROGRESS }),
    trackProgress: assign({
      progress: ({ event }) => {
        assertEvent(event, 'upload.progress')
        return { sent: event.sent, total: event.total }
      },
    }),
    clearFailure: assign({ failure: null }),
    /** Error events of invoked actors are not in the event union: their `error` is read as is. */
    recordFailure: assign({
      failure: ({ event }, step: CertificateStep) => ({
        step,
        error: toApiError((event as { error?: unknown }).error),
      }),
    }),
    notifySaved: emit({ type: 'notice', code: 'operation_saved' } as const),
    startOver: assign({
      file: null,
      expiry: '',
      checked: false,
      problems: {},
      refused: {},
      signedUrl: null,
      progress: NO_PROGRESS,
      failure: null,
    }),
  },
}).createMachine({
  id: 'certificate',
  context: ({ input: { kept, ...input } }) => ({
    ...input,
    file: kept?.file ?? null,
    expiry: kept?.expiry ?? '',
    checked: false,
    problems: {},
    refused: {},
    signedUrl: null,
    progress: NO_PROGRESS,
    failure: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'certificate.chooseFile': { actions: 'chooseFile' },
        'certificate.setExpiry': { actions: 'setExpiry' },
        'certificate.submit': 'validating',
      },
    },
    validating: {
      always: [
        { guard: 'hasNoProblems', target: 'requestingUpload', actions: 'clearProblems' },
        { target: 'editing', actions: 'showProblems' },
      ],
    },
    requestingUpload: {
      invoke: {
        src: 'requestUpload',
        input: ({ context }) => bigFileRequest(context.athleteId, context.file!),
        onDone: { target: 'uploading', actions: assign({ signedUrl: ({ event }) => event.output.signedUrl }) },
        onError: [
          {
            guard: { type: 'isRefusedChoice', params: ({ event }) => ({ step: 'request_upload', error: event.error }) },
            target: 'editing',
            actions: { type: 'refuse', params: ({ event }) => ({ step: 'request_upload', error: event.error }) },
          },
          { target: 'failed', actions: { type: 'recordFailure', params: 'request_upload' } },
        ],
      },
      on: { 'certificate.cancel': 'editing' },
    },
    uploading: {
      entry: 'resetProgress',
      invoke: {
        src: 'uploadFile',
        input: ({ context }) => ({ signedUrl: context.signedUrl!, contentType: typeOf(context.file!).mime }),
        onError: [
          {
            guard: { type: 'isRefusedChoice', params: ({ event }) => ({ step: 'upload', error: event.error }) },
            target: 'editing',
            actions: { type: 'refuse', params: ({ event }) => ({ step: 'upload', error: event.error }) },
          },
          { target: 'failed', actions: { type: 'recordFailure', params: 'upload' } },
        ],
      },
      on: {
        'upload.progress': { actions: 'trackProgress' },
        'upload.done': 'saving',
        'upload.failed': [
          {
            guard: { type: 'isRefusedChoice', params: ({ event }) => ({ step: 'upload', error: event.error }) },
            target: 'editing',
            actions: { type: 'refuse', params: ({ event }) => ({ step: 'upload', error: event.error }) },
          },
          { target: 'failed', actions: { type: 'recordFailure', params: 'upload' } },
        ],
        // Leaving the state stops the upload actor, which aborts the PUT.
        'certificate.cancel': { target: 'editing', actions: ['forgetSignedUrl', 'resetProgress'] },
      },
    },
    saving: {
      invoke: {
        src: 'saveCertificate',
        input: ({ context }) => ({
          certificateFieldId: context.certificateFieldId,
          patch: certificatePatch(context.certificateFieldId, context.expiry),
        }),
        onDone: 'reloading',
        onError: [
          {
            guard: { type: 'isRefusedChoice', params: ({ event }) => ({ step: 'save', error: event.error }) },
            target: 'editing',
            actions: { type: 'refuse', params: ({ event }) => ({ step: 'save', error: event.error }) },
          },
          { target: 'failed', actions: { type: 'recordFailure', params: 'save' } },
        ],
      },
    },
    reloading: {
      invoke: {
        src: 'reloadProfile',
        onDone: [
          {
            guard: { type: 'isInRevision', params: ({ event }) => ({ state: event.output }) },
            target: 'done.awaitingReview',
            actions: 'notifySaved',
          },
          { target: 'done.reviewed', actions: 'notifySaved' },
        ],
        onError: { target: 'failed', actions: { type: 'recordFailure', params: 'reload' } },
      },
    },
    failed: {
      exit: 'clearFailure',
      on: {
        'certificate.retry': [
          { guard: 'failedAtRequest', target: 'requestingUpload' },
          { guard: 'failedAtUploadWithUsableUrl', target: 'uploading' },
          { guard: 'failedAtUpload', target: 'requestingUpload' },
          { guard: 'failedAtSave', target: 'saving' },
          { target: 'reloading' },
        ],
        // Back to the form, the file and the date still there, to change them or leave.
        'certificate.cancel': { target: 'editing', actions: ['forgetSignedUrl', 'resetProgress'] },
      },
    },
    // Saved: the screen is done with the upload and shows the certificate's state from the profile,
    // which each check refreshes.
    done: {
      on: { 'certificate.restart': { target: 'editing', actions: 'startOver' } },
      initial: 'awaitingReview',
      states: {
        awaitingReview: {
          after: { reviewCheckInterval: 'checkingReview' },
        },
        checkingReview: {
          invoke: {
            src: 'checkReview',
            onDone: [
              { guard: { type: 'isInRevision', params: ({ event }) => ({ state: event.output }) }, target: 'awaitingReview' },
              // Valid or not valid: reviewed. Expired by now, or gone: no review left to wait for.
              { target: 'reviewed' },
            ],
            // The saved certificate is not in question: the next check may get through.
            onError: 'awaitingReview',
          },
        },
        reviewed: { type: 'final' },
      },
    },
  },
})

/** After a submit found problems, every change is checked again at once. */
function withChecks(context: CertificateContext): Partial<CertificateContext> {
  return {
    file: context.file,
    expiry: context.expiry,
    refused: context.refused,
    problems: context.checked ? problemsNow(context) : context.problems,
  }
}
