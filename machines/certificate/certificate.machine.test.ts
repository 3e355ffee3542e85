import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate'
import { MAX_UPLOAD_BYTES } from '../../contracts/files.contract'
import type { CertificateState } from '../rules/certificate-status'
import { deferred, flushMicrotasks, httpFailure, networkFailure, type Deferred } from '../session/test-harness'
import {
  bigFileRequest,
  certificateMachine,
  certificatePatch,
  certificateProblems,
  refusalOf,
  REVIEW_CHECK_INTERVAL_MS,
  type BigFileRequest,
  type CertificateEmitted,
  type CertificateEvent,
  type CertificatePatch,
  type ChosenFile,
  type KeptChoice,
  type UploadInput,
  unsavedChoice,
} from './certificate.machine'

const TODAY = '2026-03-02'
const ATHLETE_ID = 1042
const FIELD_ID = 10042
const SIGNED_URL = 'https://storage.pettorale.test/upload/cm-1?signature=mock'

const pdf: ChosenFile = { name: 'certificato.pdf', size: 120_000, sniffedType: 'pdf' }

/**
 * A certificate actor whose network calls the test answers by hand: each call of
 * `requestUpload`, `saveCertificate`, `reloadProfile` and `checkReview` waits on a deferred the
 * test settles; the upload hands the test its `sendBack` and counts aborts. Its timers run on a
 * simulated clock that only `advance` moves.
 */
function start(kept?: KeptChoice) {
  const calls = {
    requestUpload: [] as BigFileRequest[],
    uploadFile: [] as UploadInput[],
    saveCertificate: [] as Array<{ certificateFieldId: number; patch: CertificatePatch }>,
    reloadProfile: 0,
    checkReview: 0,
    aborted: 0,
  }
  const pending: {
    requestUpload?: Deferred<{ signedUrl: string }>
    saveCertificate?: Deferred<void>
    reloadProfile?: Deferred<CertificateState>
    checkReview?: Deferred<CertificateState>
  } = {}
  let upload: ((event: CertificateEvent) => void) | null = null

  const machine = certificateMachine.provide({
    actors: {
      requestUpload: fromPromise<{ signedUrl: string }, BigFileRequest>(({ input }) => {
        calls.requestUpload.push(input)
        pending.requestUpload = deferred()
        return pending.requestUpload.promise
      }),
      uploadFile: fromCallback<CertificateEvent, UploadInput>(({ input, sendBack }) => {
        calls.uploadFile.push(input)
        upload = sendBack
        return () => {
          if (upload === sendBack) calls.aborted += 1
          upload = null
        }
      }),
      saveCertificate: fromPromise<void, { certificateFieldId: number; patch: CertificatePatch }>(({ input }) => {
        calls.saveCertificate.push(input)
        pending.saveCertificate = deferred()
        return pending.saveCertificate.promise
      }),
      reloadProfile: fromPromise<CertificateState>(() => {
        calls.reloadProfile += 1
        pending.reloadProfile = deferred()
        return pending.reloadProfile.promise
      }),
      checkReview: fromPromise<CertificateState>(() => {
        calls.checkReview += 1
        pending.checkReview = deferred()
        return pending.checkReview.promise
      }),
    },
  })
  const clock = new SimulatedClock()
  const actor = createActor(machine, { input: { athleteId: ATHLETE_ID, certificateFieldId: FIELD_ID, today: TODAY, kept }, clock })
  const emitted: CertificateEmitted[] = []
  actor.on('*', (event) => void emitted.push(event))
  actor.start()

  async function settle<K extends keyof typeof pending>(key: K, how: 'resolve' | 'reject', value?: unknown) {
    const call = pending[key]
    if (!call) throw new Error(`no ${key} call in flight`)
    delete pending[key]
    if (how === 'resolve') (call.resolve as (v: unknown) => void)(value)
    else call.reject(value)
    await flushMicrotasks()
  }

  return {
    actor,
    calls,
    emitted,
    send: (event: CertificateEvent) => actor.send(event),
    value: () => actor.getSnapshot().value,
    snapshot: () => actor.getSnapshot(),
    advance: (ms: number) => clock.increment(ms),
    isChecking: () => pending.checkReview !== undefined,
    context: () => actor.getSnapshot().context,
    /** What the upload in flight tells the machine. */
    fromUpload: (event: CertificateEvent) => {
      if (!upload) throw new Error('no upload in flight')
      upload(event)
    },
    isUploading: () => upload !== null,
    resolve: <K extends keyof typeof pending>(key: K, value?: unknown) => settle(key, 'resolve', value),
    reject: <K extends keyof typeof pending>(key: K, error: unknown) => settle(key, 'reject', error),
  }
}

type Harness = ReturnType<typeof start>

function fillIn(h: Harness, file: ChosenFile | null = pdf, expiry = '2027-03-01') {
  h.send({ type: 'certificate.chooseFile', file })
  h.send({ type: 'certificate.setExpiry', expiry })
}

/** Submits a good file and date and lets every step before `until` succeed. */
async function runUntil(h: Harness, until: 'requestingUpload' | 'uploading' | 'saving' | 'reloading') {
  fillIn(h)
  h.send({ type: 'certificate.submit' })
  if (until === 'requestingUpload') return
  await h.resolve('requestUpload', { signedUrl: SIGNED_URL })
  if (until === 'uploading') return
  h.fromUpload({ type: 'upload.done' })
  if (until === 'saving') return
  await h.resolve('saveCertificate')
}

describe('certificate checks', () => {
  it('needs a file and an expiry date', () => {
    expect(certificateProblems(null, '', TODAY)).toEqual({ file: 'required', expiry: 'required' })
  })

  it('takes at most 16 MB', () => {
    expect(certificateProblems({ ...pdf, size: MAX_UPLOAD_BYTES }, '2027-01-01', TODAY)).toEqual({})
    expect(certificateProblems({ ...pdf, size: MAX_UPLOAD_BYTES + 1 }, '2027-01-01', TODAY)).toEqual({ file: 'file_too_large' })
  })

  it('takes PDF, JPEG and PNG by content, nothing else', () => {
    for (const sniffedType of ['pdf', 'jpeg', 'png']) {
      expect(certificateProblems({ ...pdf, sniffedType }, '2027-01-01', TODAY)).toEqual({})
    }
    for (const sniffedType of ['webp', null, 'toString']) {
      expect(certificateProblems({ ...pdf, sniffedType }, '2027-01-01', TODAY)).toEqual({ file: 'wrong_type' })
    }
  })

  it('takes an expiry from today on, not one in the past', () => {
    expect(certificateProblems(pdf, TODAY, TODAY)).toEqual({})
    expect(certificateProblems(pdf, '2026-03-01', TODAY)).toEqual({ expiry: 'in_past' })
  })
})

describe('the server’s refusals of the choice', () => {
  it('are the codes about the file or the date, each at the step that may answer it', () => {
    expect(refusalOf('request_upload', httpFailure(415, 'wrong_type', 'files.requestUpload'))).toEqual({ field: 'file', problem: 'wrong_type' })
    expect(refusalOf('upload', httpFailure(400, 'size_mismatch', 'files.putSigned'))).toEqual({ field: 'file', problem: 'size_mismatch' })
    expect(refusalOf('save', httpFailure(422, 'in_past', 'certificate.save'))).toEqual({ field: 'expiry', problem: 'in_past' })
  })

  it('are nothing else: a refused signature, a missing upload, a 5xx, no answer, a bug', () => {
    expect(refusalOf('upload', httpFailure(403, 'signature_invalid', 'files.putSigned'))).toBeNull()
    expect(refusalOf('save', httpFailure(404, 'no_uploaded_file', 'certificate.save'))).toBeNull()
    expect(refusalOf('save', httpFailure(422, 'wrong_type', 'certificate.save'))).toBeNull()
    expect(refusalOf('request_upload', httpFailure(500, null, 'files.requestUpload'))).toBeNull()
    expect(refusalOf('upload', networkFailure('files.putSigned'))).toBeNull()
    expect(refusalOf('reload', httpFailure(422, 'in_past', 'athlete.me'))).toBeNull()
    expect(refusalOf('save', new Error('bug'))).toBeNull()
  })
})

describe('certificate requests', () => {
  it('announces the file by its content type, with the CM tag on the athlete', () => {
    expect(bigFileRequest(ATHLETE_ID, { name: 'scan.JPEG', size: 2048, sniffedType: 'jpeg' })).toEqual({
      d: ATHLETE_ID,
      type: 'contact',
      tags: ['CM'],
      size: 2048,
      content_type: 'image/jpeg',
      extension: 'jpg',
      originalname: 'scan.JPEG',
    })
  })

  it('records the expiry on the custom field, definition 82', () => {
    expect(certificatePatch(FIELD_ID, '2027-03-01')).toEqual({
      data: {
        type: 'custom_fields',
        id: String(FIELD_ID),
        attributes: { value: '2027-03-01', number_value: null, boolean_value: null, my_dirty: true },
        relationships: { custom_field_definition: { data: { type: 'custom_field_definitions', id: '82' } } },
      },
    })
  })
})

describe('certificate machine', () => {
  it('starts on the empty form', () => {
    const h = start()
    expect(h.value()).toBe('editing')
    expect(h.context()).toMatchObject({ file: null, expiry: '', problems: {}, failure: null, progress: { sent: 0, total: 0 } })
  })

  it('keeps what the athlete chooses and types, without judging it before a submit', () => {
    const h = start()
    fillIn(h, { ...pdf, size: MAX_UPLOAD_BYTES + 1 }, '2020-01-01')
    expect(h.value()).toBe('editing')
    expect(h.context()).toMatchObject({ file: { size: MAX_UPLOAD_BYTES + 1 }, expiry: '2020-01-01', problems: {} })
  })

  it('a submit with problems stays on the form and names each one, and calls nothing', () => {
    const h = start()
    h.send({ type: 'certificate.submit' })
    expect(h.value()).toBe('editing')
    expect(h.context().problems).toEqual({ file: 'required', expiry: 'required' })
    expect(h.calls.requestUpload).toEqual([])
  })

  it('after a failed submit, each change is checked again at once', () => {
    const h = start()
    h.send({ type: 'certificate.submit' })
    h.send({ type: 'certificate.chooseFile', file: { ...pdf, sniffedType: 'webp' } })
    expect(h.context().problems).toEqual({ file: 'wrong_type', expiry: 'required' })
    h.send({ type: 'certificate.setExpiry', expiry: '2026-03-01' })
    expect(h.context().problems).toEqual({ file: 'wrong_type', expiry: 'in_past' })
    fillIn(h)
    expect(h.context().problems).toEqual({})
  })

  it('a good submit asks for a signed URL announcing the file', async () => {
    const h = start()
    await runUntil(h, 'requestingUpload')
    expect(h.value()).toBe('requestingUpload')
    expect(h.calls.requestUpload).toEqual([bigFileRequest(ATHLETE_ID, pdf)])
  })

  it('uploads to the signed URL with the content type, tracking the bytes sent', async () => {
    const h = start()
    await runUntil(h, 'uploading')
    expect(h.value()).toBe('uploading')
    expect(h.calls.uploadFile).toEqual([{ signedUrl: SIGNED_URL, contentType: 'application/pdf' }])
    h.fromUpload({ type: 'upload.progress', sent: 40_000, total: pdf.size })
    expect(h.context().progress).toEqual({ sent: 40_000, total: pdf.size })
    h.fromUpload({ type: 'upload.progress', sent: pdf.size, total: pdf.size })
    expect(h.context().progress).toEqual({ sent: pdf.size, total: pdf.size })
  })

  it('cancel during the upload aborts it and goes back to the form with the file and date', async () => {
    const h = start()
    await runUntil(h, 'uploading')
    h.fromUpload({ type: 'upload.progress', sent: 40_000, total: pdf.size })
    h.send({ type: 'certificate.cancel' })
    expect(h.value()).toBe('editing')
    expect(h.calls.aborted).toBe(1)
    expect(h.context()).toMatchObject({ file: pdf, expiry: '2027-03-01', signedUrl: null, progress: { sent: 0, total: 0 } })
    // Submitting again starts over with a fresh signed URL.
    h.send({ type: 'certificate.submit' })
    expect(h.value()).toBe('requestingUpload')
    expect(h.calls.requestUpload).toHaveLength(2)
  })

  it('cancel while the signed URL is asked for goes back to the form', async () => {
    const h = start()
    await runUntil(h, 'requestingUpload')
    h.send({ type: 'certificate.cancel' })
    expect(h.value()).toBe('editing')
    expect(h.context()).toMatchObject({ file: pdf, expiry: '2027-03-01' })
  })

  it('after the upload, records the certificate on the custom field with its expiry', async () => {
    const h = start()
    await runUntil(h, 'saving')
    expect(h.value()).toBe('saving')
    expect(h.calls.saveCertificate).toEqual([{ certificateFieldId: FIELD_ID, patch: certificatePatch(FIELD_ID, '2027-03-01') }])
  })

  it('then reloads the profile, and says the certificate is saved', async () => {
    const h = start()
    await runUntil(h, 'reloading')
    expect(h.value()).toBe('reloading')
    expect(h.calls.reloadProfile).toBe(1)
    expect(h.emitted).toEqual([])
    await h.resolve('reloadProfile', 'in_revision')
    expect(h.value()).toEqual({ done: 'awaitingReview' })
    expect(h.emitted).toEqual([{ type: 'notice', code: 'operation_saved' }])
  })

  it('from done, the athlete may start over with an empty form', async () => {
    const h = start()
    await runUntil(h, 'reloading')
    await h.resolve('reloadProfile', 'in_revision')
    h.send({ type: 'certificate.restart' })
    expect(h.value()).toBe('editing')
    expect(h.context()).toMatchObject({ file: null, expiry: '', problems: {}, signedUrl: null, failure: null })
  })

  describe('once saved, it awaits the review', () => {
    /** Saves a certificate the reload finds in revision. */
    async function saved() {
      const h = start()
      await runUntil(h, 'reloading')
      await h.resolve('reloadProfile', 'in_revision')
      return h
    }

    it('checks again once per interval while the certificate is in revision, keeping no profile data', async () => {
      const h = await saved()
      const context = h.context()
      h.advance(REVIEW_CHECK_INTERVAL_MS - 1)
      expect(h.calls.checkReview).toBe(0)
      h.advance(1)
      expect(h.calls.checkReview).toBe(1)
      expect(h.value()).toEqual({ done: 'checkingReview' })
      await h.resolve('checkReview', 'in_revision')
      expect(h.value()).toEqual({ done: 'awaitingReview' })
      h.advance(REVIEW_CHECK_INTERVAL_MS - 1)
      expect(h.calls.checkReview).toBe(1)
      h.advance(1)
      expect(h.calls.checkReview).toBe(2)
      await h.resolve('checkReview', 'in_revision')
      expect(h.context()).toEqual(context)
      expect(h.emitted).toEqual([{ type: 'notice', code: 'operation_saved' }])
    })

    it('does not wait for a certificate the reload finds already reviewed', async () => {
      const h = start()
      await runUntil(h, 'reloading')
      await h.resolve('reloadProfile', 'not_valid')
      expect(h.value()).toEqual({ done: 'reviewed' })
      h.advance(10 * REVIEW_CHECK_INTERVAL_MS)
      expect(h.calls.checkReview).toBe(0)
      expect(h.emitted).toEqual([{ type: 'notice', code: 'operation_saved' }])
    })

    for (const state of ['valid', 'not_valid', 'expired', 'none'] as const) {
      it(`stops checking once the certificate is ${state}, and the athlete may still start over`, async () => {
        const h = await saved()
        h.advance(REVIEW_CHECK_INTERVAL_MS)
        await h.resolve('checkReview', state)
        expect(h.value()).toEqual({ done: 'reviewed' })
        h.advance(10 * REVIEW_CHECK_INTERVAL_MS)
        expect(h.calls.checkReview).toBe(1)
        h.send({ type: 'certificate.restart' })
        expect(h.value()).toBe('editing')
      })
    }

    it('a failed check shows nothing and tries again at the next interval', async () => {
      const h = await saved()
      h.advance(REVIEW_CHECK_INTERVAL_MS)
      await h.reject('checkReview', networkFailure('athlete.me'))
      expect(h.value()).toEqual({ done: 'awaitingReview' })
      expect(h.context().failure).toBeNull()
      h.advance(REVIEW_CHECK_INTERVAL_MS - 1)
      expect(h.calls.checkReview).toBe(1)
      h.advance(1)
      expect(h.calls.checkReview).toBe(2)
      await h.resolve('checkReview', 'valid')
      expect(h.value()).toEqual({ done: 'reviewed' })
    })

    it('starting over while waiting stops the checks', async () => {
      const h = await saved()
      h.advance(REVIEW_CHECK_INTERVAL_MS - 1)
      h.send({ type: 'certificate.restart' })
      expect(h.value()).toBe('editing')
      h.advance(10 * REVIEW_CHECK_INTERVAL_MS)
      expect(h.calls.checkReview).toBe(0)
    })

    it('starting over during a check drops its answer and checks no more', async () => {
      const h = await saved()
      h.advance(REVIEW_CHECK_INTERVAL_MS)
      expect(h.isChecking()).toBe(true)
      h.send({ type: 'certificate.restart' })
      await h.resolve('checkReview', 'in_revision')
      expect(h.value()).toBe('editing')
      h.advance(10 * REVIEW_CHECK_INTERVAL_MS)
      expect(h.calls.checkReview).toBe(1)
    })

    it('waits on a named delay the portal may change', async () => {
      const checks: number[] = []
      const clock = new SimulatedClock()
      const actor = createActor(
        certificateMachine.provide({
          actors: {
            requestUpload: fromPromise(async () => ({ signedUrl: SIGNED_URL })),
            uploadFile: fromCallback<CertificateEvent, UploadInput>(({ sendBack }) => sendBack({ type: 'upload.done' })),
            saveCertificate: fromPromise<void, { certificateFieldId: number; patch: CertificatePatch }>(async () => {}),
            reloadProfile: fromPromise(async (): Promise<CertificateState> => 'in_revision'),
            checkReview: fromPromise(async (): Promise<CertificateState> => {
              checks.push(clock.now())
              return 'in_revision'
            }),
          },
          delays: { reviewCheckInterval: 5_000 },
        }),
        { input: { athleteId: ATHLETE_ID, certificateFieldId: FIELD_ID, today: TODAY }, clock },
      ).start()
      actor.send({ type: 'certificate.chooseFile', file: pdf })
      actor.send({ type: 'certificate.setExpiry', expiry: '2027-03-01' })
      actor.send({ type: 'certificate.submit' })
      await flushMicrotasks()
      expect(actor.getSnapshot().matches({ done: 'awaitingReview' })).toBe(true)
      for (let i = 0; i < 3; i += 1) {
        clock.increment(5_000)
        await flushMicrotasks()
      }
      expect(checks).toEqual([5_000, 10_000, 15_000])
    })
  })

  describe('failures name their step, keep the file and date, and retry from there', () => {
    it('the signed URL request', async () => {
      const h = start()
      await runUntil(h, 'requestingUpload')
      await h.reject('requestUpload', networkFailure('files.requestUpload'))
      expect(h.value()).toBe('failed')
      expect(h.context()).toMatchObject({
        failure: { step: 'request_upload', error: { kind: 'network', operation: 'files.requestUpload' } },
        file: pdf,
        expiry: '2027-03-01',
      })
      h.send({ type: 'certificate.retry' })
      expect(h.value()).toBe('requestingUpload')
      expect(h.context().failure).toBeNull()
      expect(h.calls.requestUpload).toHaveLength(2)
    })

    it('the upload, told by the upload itself: retried to the same signed URL', async () => {
      const h = start()
      await runUntil(h, 'uploading')
      h.fromUpload({ type: 'upload.failed', error: networkFailure('files.putSigned') })
      expect(h.value()).toBe('failed')
      expect(h.context().failure).toMatchObject({ step: 'upload', error: { kind: 'network' } })
      expect(h.context()).toMatchObject({ file: pdf, expiry: '2027-03-01' })
      h.send({ type: 'certificate.retry' })
      expect(h.value()).toBe('uploading')
      expect(h.calls.requestUpload).toHaveLength(1)
      expect(h.calls.uploadFile).toEqual([
        { signedUrl: SIGNED_URL, contentType: 'application/pdf' },
        { signedUrl: SIGNED_URL, contentType: 'application/pdf' },
      ])
    })

    it('the upload refused by the storage: the retry asks for a fresh signed URL', async () => {
      const h = start()
      await runUntil(h, 'uploading')
      h.fromUpload({ type: 'upload.failed', error: httpFailure(403, 'signature_invalid', 'files.putSigned') })
      h.send({ type: 'certificate.retry' })
      expect(h.value()).toBe('requestingUpload')
      expect(h.calls.requestUpload).toHaveLength(2)
    })

    it('the upload actor crashing counts as an upload failure', async () => {
      const h = start()
      const machine = certificateMachine.provide({
        actors: {
          requestUpload: fromPromise(async () => ({ signedUrl: SIGNED_URL })),
          uploadFile: fromCallback<CertificateEvent, UploadInput>(() => {
            throw networkFailure('files.putSigned')
          }),
        },
      })
      h.actor.stop()
      const actor = createActor(machine, { input: { athleteId: ATHLETE_ID, certificateFieldId: FIELD_ID, today: TODAY } }).start()
      actor.send({ type: 'certificate.chooseFile', file: pdf })
      actor.send({ type: 'certificate.setExpiry', expiry: '2027-03-01' })
      actor.send({ type: 'certificate.submit' })
      await flushMicrotasks()
      expect(actor.getSnapshot().value).toBe('failed')
      expect(actor.getSnapshot().context.failure).toMatchObject({ step: 'upload', error: { kind: 'network' } })
    })

    it('the save', async () => {
      const h = start()
      await runUntil(h, 'saving')
      await h.reject('saveCertificate', httpFailure(500, null, 'certificate.save'))
      expect(h.value()).toBe('failed')
      expect(h.context().failure).toMatchObject({ step: 'save', error: { kind: 'http', status: 500 } })
      expect(h.context()).toMatchObject({ file: pdf, expiry: '2027-03-01' })
      h.send({ type: 'certificate.retry' })
      expect(h.value()).toBe('saving')
      expect(h.calls.uploadFile).toHaveLength(1)
      expect(h.calls.saveCertificate).toHaveLength(2)
      await h.resolve('saveCertificate')
      await h.resolve('reloadProfile', 'in_revision')
      expect(h.snapshot().matches('done')).toBe(true)
    })

    it('the profile reload', async () => {
      const h = start()
      await runUntil(h, 'reloading')
      await h.reject('reloadProfile', networkFailure('athlete.me'))
      expect(h.value()).toBe('failed')
      expect(h.context().failure).toMatchObject({ step: 'reload' })
      h.send({ type: 'certificate.retry' })
      expect(h.value()).toBe('reloading')
      expect(h.calls.saveCertificate).toHaveLength(1)
      expect(h.calls.reloadProfile).toBe(2)
    })

    it('an error that is not the API client’s is a fault in the page, to retry', async () => {
      const h = start()
      await runUntil(h, 'saving')
      await h.reject('saveCertificate', new Error('bug'))
      expect(h.context().failure).toEqual({ step: 'save', error: { kind: 'fault', operation: 'unknown', detail: 'bug' } })
      expect(h.value()).toBe('failed')
    })

    it('cancel from a failure goes back to the form with the file and date', async () => {
      const h = start()
      await runUntil(h, 'saving')
      await h.reject('saveCertificate', httpFailure(500, null, 'certificate.save'))
      h.send({ type: 'certificate.cancel' })
      expect(h.value()).toBe('editing')
      expect(h.context()).toMatchObject({ file: pdf, expiry: '2027-03-01', failure: null, signedUrl: null })
    })
  })

  describe('a refusal of what the athlete chose goes back to the form, the problem on its field', () => {
    /** Each refusal at its step: the status and code the contract names there, and the field it is about. */
    const refusals = [
      { step: 'request_upload', status: 413, code: 'file_too_large', field: 'file' },
      { step: 'request_upload', status: 415, code: 'wrong_type', field: 'file' },
      { step: 'upload', status: 413, code: 'file_too_large', field: 'file' },
      { step: 'upload', status: 415, code: 'wrong_type', field: 'file' },
      { step: 'upload', status: 400, code: 'size_mismatch', field: 'file' },
      { step: 'save', status: 422, code: 'in_past', field: 'expiry' },
    ] as const
    const OPERATION = { request_upload: 'files.requestUpload', upload: 'files.putSigned', save: 'certificate.save' } as const

    /** Submits a good choice and has the server refuse it at `step` with `status` and `code`. */
    async function refusedAt(step: (typeof refusals)[number]['step'], status: number, code: string) {
      const h = start()
      const error = httpFailure(status, code, OPERATION[step])
      if (step === 'request_upload') {
        await runUntil(h, 'requestingUpload')
        await h.reject('requestUpload', error)
      } else if (step === 'upload') {
        await runUntil(h, 'uploading')
        h.fromUpload({ type: 'upload.progress', sent: 40_000, total: pdf.size })
        h.fromUpload({ type: 'upload.failed', error })
      } else {
        await runUntil(h, 'saving')
        await h.reject('saveCertificate', error)
      }
      return h
    }

    for (const { step, status, code, field } of refusals) {
      it(`${String(status)} ${code} at ${step}: the ${field} field says ${code}, the file and date are kept, the signed URL forgotten`, async () => {
        const h = await refusedAt(step, status, code)
        expect(h.value()).toBe('editing')
        expect(h.context()).toMatchObject({
          file: pdf,
          expiry: '2027-03-01',
          problems: { [field]: code },
          checked: true,
          signedUrl: null,
          progress: { sent: 0, total: 0 },
          failure: null,
        })
        expect(Object.keys(h.context().problems)).toEqual([field])
        expect(h.emitted).toEqual([{ type: 'refused', field }])
        // Nothing is retried behind the athlete's back: the form waits for them.
        expect(h.calls.requestUpload).toHaveLength(1)
        expect(h.isUploading()).toBe(false)
      })
    }

    it('an upload actor that crashes with a refusal is refused the same way', async () => {
      const h = start()
      h.actor.stop()
      const emitted: CertificateEmitted[] = []
      const actor = createActor(
        certificateMachine.provide({
          actors: {
            requestUpload: fromPromise(async () => ({ signedUrl: SIGNED_URL })),
            uploadFile: fromCallback<CertificateEvent, UploadInput>(() => {
              throw httpFailure(400, 'size_mismatch', 'files.putSigned')
            }),
          },
        }),
        { input: { athleteId: ATHLETE_ID, certificateFieldId: FIELD_ID, today: TODAY } },
      )
      actor.on('*', (event) => void emitted.push(event))
      actor.start()
      actor.send({ type: 'certificate.chooseFile', file: pdf })
      actor.send({ type: 'certificate.setExpiry', expiry: '2027-03-01' })
      actor.send({ type: 'certificate.submit' })
      await flushMicrotasks()
      expect(actor.getSnapshot().value).toBe('editing')
      expect(actor.getSnapshot().context).toMatchObject({ problems: { file: 'size_mismatch' }, signedUrl: null, file: pdf })
      expect(emitted).toEqual([{ type: 'refused', field: 'file' }])
    })

    it('the refused file holds until another is chosen: a submit of the same choice calls nothing', async () => {
      const h = await refusedAt('upload', 400, 'size_mismatch')
      h.send({ type: 'certificate.submit' })
      expect(h.value()).toBe('editing')
      expect(h.context().problems).toEqual({ file: 'size_mismatch' })
      expect(h.calls.requestUpload).toHaveLength(1)
      // Another date is not another file.
      h.send({ type: 'certificate.setExpiry', expiry: '2027-04-01' })
      expect(h.context().problems).toEqual({ file: 'size_mismatch' })
    })

    it('choosing the file again clears the refusal, and a submit asks for a fresh signed URL and uploads', async () => {
      const h = await refusedAt('upload', 400, 'size_mismatch')
      h.send({ type: 'certificate.chooseFile', file: pdf })
      expect(h.context()).toMatchObject({ problems: {}, refused: {} })
      h.send({ type: 'certificate.submit' })
      expect(h.value()).toBe('requestingUpload')
      expect(h.calls.requestUpload).toEqual([bigFileRequest(ATHLETE_ID, pdf), bigFileRequest(ATHLETE_ID, pdf)])
      await h.resolve('requestUpload', { signedUrl: `${SIGNED_URL}-2` })
      expect(h.calls.uploadFile.at(-1)).toEqual({ signedUrl: `${SIGNED_URL}-2`, contentType: 'application/pdf' })
      h.fromUpload({ type: 'upload.done' })
      await h.resolve('saveCertificate')
      await h.resolve('reloadProfile', 'in_revision')
      expect(h.value()).toEqual({ done: 'awaitingReview' })
    })

    it('a file chosen again is still checked here: a refusal gives way to the check that sees a problem', async () => {
      const h = await refusedAt('request_upload', 415, 'wrong_type')
      h.send({ type: 'certificate.chooseFile', file: null })
      expect(h.context().problems).toEqual({ file: 'required' })
      h.send({ type: 'certificate.chooseFile', file: { ...pdf, size: MAX_UPLOAD_BYTES + 1 } })
      expect(h.context().problems).toEqual({ file: 'file_too_large' })
      h.send({ type: 'certificate.chooseFile', file: pdf })
      expect(h.context().problems).toEqual({})
    })

    it('an expiry in the past by the server’s today holds until another date is given, not another file', async () => {
      const h = await refusedAt('save', 422, 'in_past')
      h.send({ type: 'certificate.chooseFile', file: { ...pdf, name: 'other.pdf' } })
      expect(h.context().problems).toEqual({ expiry: 'in_past' })
      h.send({ type: 'certificate.submit' })
      expect(h.value()).toBe('editing')
      expect(h.calls.requestUpload).toHaveLength(1)
      h.send({ type: 'certificate.setExpiry', expiry: '2027-04-01' })
      expect(h.context().problems).toEqual({})
      h.send({ type: 'certificate.submit' })
      expect(h.value()).toBe('requestingUpload')
      expect(h.calls.requestUpload).toHaveLength(2)
    })

    it('starting over after a save forgets an earlier refusal', async () => {
      const h = await refusedAt('save', 422, 'in_past')
      h.send({ type: 'certificate.setExpiry', expiry: '2027-04-01' })
      h.send({ type: 'certificate.submit' })
      await h.resolve('requestUpload', { signedUrl: SIGNED_URL })
      h.fromUpload({ type: 'upload.done' })
      await h.resolve('saveCertificate')
      await h.resolve('reloadProfile', 'in_revision')
      h.send({ type: 'certificate.restart' })
      expect(h.context()).toMatchObject({ problems: {}, refused: {}, checked: false })
    })

    /** Not about the choice: a failure, retried from its step. */
    const failures = [
      { step: 'request_upload', error: httpFailure(500, null, 'files.requestUpload'), retriedTo: 'requestingUpload' },
      { step: 'request_upload', error: networkFailure('files.requestUpload'), retriedTo: 'requestingUpload' },
      { step: 'upload', error: httpFailure(500, null, 'files.putSigned'), retriedTo: 'uploading' },
      { step: 'upload', error: networkFailure('files.putSigned'), retriedTo: 'uploading' },
      { step: 'save', error: httpFailure(500, null, 'certificate.save'), retriedTo: 'saving' },
      { step: 'save', error: networkFailure('certificate.save'), retriedTo: 'saving' },
      { step: 'save', error: httpFailure(404, 'no_uploaded_file', 'certificate.save'), retriedTo: 'saving' },
    ] as const
    for (const { step, error, retriedTo } of failures) {
      const what = error.kind === 'http' ? `${String(error.status)} ${error.code ?? ''}` : error.kind
      it(`${what} at ${step} is still a failure, retried from ${retriedTo}`, async () => {
        const h = start()
        if (step === 'request_upload') {
          await runUntil(h, 'requestingUpload')
          await h.reject('requestUpload', error)
        } else if (step === 'upload') {
          await runUntil(h, 'uploading')
          h.fromUpload({ type: 'upload.failed', error })
        } else {
          await runUntil(h, 'saving')
          await h.reject('saveCertificate', error)
        }
        expect(h.value()).toBe('failed')
        expect(h.context()).toMatchObject({ failure: { step, error }, problems: {}, refused: {} })
        expect(h.emitted).toEqual([])
        h.send({ type: 'certificate.retry' })
        expect(h.value()).toBe(retriedTo)
      })
    }
  })

  it('its context stays serialisable (no Blob, no function)', async () => {
    const h = start()
    await runUntil(h, 'uploading')
    h.fromUpload({ type: 'upload.progress', sent: 1, total: 2 })
    expect(JSON.parse(JSON.stringify(h.context()))).toEqual(h.context())
  })

  describe('a choice kept when the form goes away (the session ended) comes back', () => {
    it('starts on the form with the kept file and date, unjudged, and uploads them', async () => {
      const h = start({ file: pdf, expiry: '2027-03-01' })
      expect(h.value()).toBe('editing')
      expect(h.context()).toMatchObject({ file: pdf, expiry: '2027-03-01', problems: {}, checked: false })
      h.send({ type: 'certificate.submit' })
      expect(h.calls.requestUpload).toEqual([bigFileRequest(ATHLETE_ID, pdf)])
    })

    it('nothing is kept from an empty form', () => {
      expect(unsavedChoice(start().snapshot())).toBeNull()
    })

    it('a half-filled form, an upload under way and a failure before the save landed keep the choice', async () => {
      const h = start()
      h.send({ type: 'certificate.setExpiry', expiry: '2027-03-01' })
      expect(unsavedChoice(h.snapshot())).toEqual({ file: null, expiry: '2027-03-01' })
      h.send({ type: 'certificate.chooseFile', file: pdf })
      h.send({ type: 'certificate.submit' })
      await h.resolve('requestUpload', { signedUrl: SIGNED_URL })
      expect(unsavedChoice(h.snapshot())).toEqual({ file: pdf, expiry: '2027-03-01' })
      h.fromUpload({ type: 'upload.done' })
      // The save may or may not land: keeping costs a second upload at most, losing costs the choice.
      expect(unsavedChoice(h.snapshot())).toEqual({ file: pdf, expiry: '2027-03-01' })
      await h.reject('saveCertificate', { kind: 'unauthorized', operation: 'certificate.save' })
      expect(h.value()).toBe('failed')
      expect(unsavedChoice(h.snapshot())).toEqual({ file: pdf, expiry: '2027-03-01' })
    })

    it('once saved, nothing is kept: reloading, a failed reload, awaiting the review, reviewed', async () => {
      const h = start()
      await runUntil(h, 'reloading')
      expect(unsavedChoice(h.snapshot())).toBeNull()
      await h.reject('reloadProfile', networkFailure('athlete.me'))
      expect(unsavedChoice(h.snapshot())).toBeNull()
      h.send({ type: 'certificate.retry' })
      await h.resolve('reloadProfile', 'in_revision')
      expect(h.value()).toEqual({ done: 'awaitingReview' })
      expect(unsavedChoice(h.snapshot())).toBeNull()
      h.advance(REVIEW_CHECK_INTERVAL_MS)
      await h.resolve('checkReview', 'valid')
      expect(h.value()).toEqual({ done: 'reviewed' })
      expect(unsavedChoice(h.snapshot())).toBeNull()
    })
  })
})
