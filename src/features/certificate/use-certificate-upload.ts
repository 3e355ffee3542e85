import { useQueryClient } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { fromCallback, type NonReducibleUnknown } from 'xstate'
import * as certificate from '../../../contracts/certificate.contract'
import * as files from '../../../contracts/files.contract'
import {
  certificateMachine,
  type BigFileRequest,
  type CertificateField,
  type CertificateEvent,
  type CertificatePatch,
  type CertificateSnapshot,
  type UploadInput,
  unsavedChoice,
} from '../../../machines/certificate/certificate.machine'
import type { CertificateState } from '../../../machines/rules/certificate-status'
import { awaitedState } from '../../../machines/rules/certificate-upload'
import { fromApiCall } from '../../lib/api-actor'
import { callApi, expectOk } from '../../lib/api-client'
import { athleteQueries } from '../../lib/athlete-queries'
import { now } from '../../lib/clock'
import { calendarDayInRome } from '../../lib/format'
import { useBoundActor } from '../../lib/use-bound-actor'
import { sniffFileType } from '../../lib/validation/file-type'
import { notify } from '../../ui/notifications'
import { certificateDraftFor, keepCertificateDraft } from './certificate-draft'

export type CertificateUploadStep = 'editing' | 'requestingUpload' | 'uploading' | 'saving' | 'reloading' | 'failed' | 'done'

/**
 * The certificate machine bound to the API client, for the certificate screen. The chosen file's
 * content stays here (the machine holds its name, size and sniffed type) and goes to the upload.
 * A choice the form leaves unsaved (the session ended mid-flow) is kept in memory and given back
 * when the athlete returns (`certificate-draft.ts`). `onRefused` hears of the server refusing the
 * choice (the machine has put the form back with the problem on that field), to move focus there.
 */
export function useCertificateUpload(
  input: { athleteId: number; certificateFieldId: number; today: string },
  onRefused: (field: CertificateField) => void,
) {
  const queryClient = useQueryClient()
  const [restored] = useState(() => certificateDraftFor(input.athleteId))
  const [chosen] = useState(() => chosenFileHolder(restored?.content ?? null))

  /**
   * Reads the profile afresh into the query cache, so the page's status card shows it, and gives the
   * machine the certificate's state only: the profile stays in the cache. A renewal in review is
   * awaited as a certificate in revision (decision 029).
   */
  const readCertificateState = async (): Promise<CertificateState> => {
    const me = await queryClient.fetchQuery({ ...athleteQueries.me(), staleTime: 0 })
    return awaitedState(me.profilo[0] ?? {}, calendarDayInRome(now()))
  }

  const actor = useBoundActor(
    () =>
      certificateMachine.provide({
        actors: {
          requestUpload: fromApiCall<{ signedUrl: string }, BigFileRequest>(async ({ input: body, signal }) => {
            const { signedurl } = await expectOk(callApi(files.requestUpload, { body, signal }))
            return { signedUrl: signedurl }
          }),
          uploadFile: fromCallback<CertificateEvent, UploadInput>(({ input: { signedUrl, contentType }, sendBack }) => {
            const file = chosen.file()
            if (!file) throw new Error('uploadFile: no file chosen')
            const cancel = new AbortController()
            // The type read from the content, not the one the browser guessed from the name.
            const body = new Blob([file], { type: contentType })
            callApi(files.putSigned, {
              params: { signedurl: signedUrl },
              body,
              signal: cancel.signal,
              onUploadProgress: (sent, total) => sendBack({ type: 'upload.progress', sent, total }),
            }).then(
              (result) => sendBack(result.ok ? { type: 'upload.done' } : { type: 'upload.failed', error: result.error }),
              () => {
                // Only a cancel rejects: the machine has already left the upload.
              },
            )
            return () => cancel.abort()
          }),
          saveCertificate: fromApiCall<void, { certificateFieldId: number; patch: CertificatePatch }>(
            async ({ input: { certificateFieldId, patch }, signal }) => {
              await expectOk(callApi(certificate.save, { params: { id: certificateFieldId }, body: patch, signal }))
            },
          ),
          reloadProfile: fromApiCall<CertificateState, NonReducibleUnknown>(readCertificateState),
          checkReview: fromApiCall<CertificateState, NonReducibleUnknown>(readCertificateState),
        },
      }),
    { ...input, kept: restored ? { file: restored.file, expiry: restored.expiry } : undefined },
  )

  const { athleteId } = input
  useEffect(
    () => () => {
      const choice = unsavedChoice(actor.getSnapshot())
      keepCertificateDraft(athleteId, choice && { ...choice, content: chosen.file() })
    },
    [actor, athleteId, chosen],
  )

  useEffect(() => {
    const subscription = actor.on('notice', ({ code }) => notify(code))
    return () => subscription.unsubscribe()
  }, [actor])

  useEffect(() => {
    const subscription = actor.on('refused', ({ field }) => onRefused(field))
    return () => subscription.unsubscribe()
  }, [actor, onRefused])

  const step = useSelector(actor, stepOf)
  const problems = useSelector(actor, (snapshot) => snapshot.context.problems)
  const progress = useSelector(actor, (snapshot) => snapshot.context.progress)
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure)

  return {
    step,
    /** The file and date given back from before, as the form's inputs should show them. */
    restored,
    problems,
    progress,
    failure,
    can: {
      edit: step === 'editing',
      cancel: step === 'requestingUpload' || step === 'uploading' || step === 'failed',
      retry: step === 'failed',
    },
    chooseFile(file: File | null) {
      chosen.choose(file, async () => {
        const sniffedType = file ? await sniffFileType(file) : null
        // A later choice has replaced this one while its bytes were read.
        if (chosen.file() !== file) return
        actor.send({ type: 'certificate.chooseFile', file: file && { name: file.name, size: file.size, sniffedType } })
      })
    },
    setExpiry: (expiry: string) => actor.send({ type: 'certificate.setExpiry', expiry }),
    /** Submits once the chosen file's type is known; resolves to the problems found, if any. */
    async submit() {
      await chosen.read()
      actor.send({ type: 'certificate.submit' })
      return actor.getSnapshot().context.problems
    },
    send: (event: Extract<CertificateEvent, { type: 'certificate.cancel' | 'certificate.retry' | 'certificate.restart' }>) =>
      actor.send(event),
  }
}

/** Awaiting the review or not, the form is done: the page's status card follows the profile. */
function stepOf(snapshot: CertificateSnapshot): CertificateUploadStep {
  return snapshot.matches('done') ? 'done' : (snapshot.value as CertificateUploadStep)
}

/**
 * The chosen file's content, out of the machine's context, and the reading of its first bytes
 * (its type) that a submit waits for.
 */
function chosenFileHolder(initial: File | null) {
  let file = initial
  let reading: Promise<void> = Promise.resolve()
  return {
    file: () => file,
    choose(next: File | null, readType: () => Promise<void>) {
      file = next
      reading = readType()
    },
    read: () => reading,
  }
}
