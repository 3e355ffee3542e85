import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import type { ApiError } from '../../../contracts/api-error'
import type { Profile } from '../../../contracts/athlete.contract'
import { MAX_UPLOAD_BYTES } from '../../../contracts/files.contract'
import type { CertificateFailure, CertificateField } from '../../../machines/certificate/certificate.machine'
import { certificateStatus, renewalStatus, type CertificateStatus, type RenewalStatus } from '../../../machines/rules/certificate-status'
import { uploadEffect, type UploadEffect } from '../../../machines/rules/certificate-upload'
import { useAthlete } from '../../lib/athlete-queries'
import { now } from '../../lib/clock'
import { calendarDayInRome, dayShown, formatDate, formatNumber } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { NOTICES } from '../../lib/notices'
import { Button } from '../../ui/button'
import { Field, FormProblems } from '../../ui/field'
import { fieldErrorMessage } from '../../ui/form-messages'
import { Page } from '../../ui/page'
import { Loading } from '../../ui/state'
import styles from './certificate-page.module.css'
import { useCertificateUpload } from './use-certificate-upload'

/** The part's words, loaded with it (src/lib/i18n.ts `withCatalog`). */
export { default as catalog } from '../../lib/catalogs/certificate'

/** The blank form for the doctor, shipped in public/. */
const TEMPLATE_URL = '/certificato-medico-modello.pdf'
const ACCEPTED = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png'
const MAX_MB = MAX_UPLOAD_BYTES / (1024 * 1024)

/** The checks' problems and the server's refusals of the same kind, in the same words. */
const FIELD_PROBLEMS: Record<string, MessageDescriptor> = {
  file_too_large: msg`File too large: the maximum is ${MAX_MB} MB.`,
  wrong_type: msg`This file is not a PDF, JPEG or PNG. The type is read from the file's content, not from its name.`,
  size_mismatch: msg`The file changed while it was being sent. Choose it again, then upload.`,
  in_past: msg`The expiry date cannot be in the past.`,
}

const FAILED_STEP: Record<CertificateFailure['step'], MessageDescriptor> = {
  request_upload: msg`The upload could not start: the server did not give a place to send the file.`,
  upload: msg`The file could not be uploaded.`,
  save: msg`The file was uploaded, but the certificate could not be saved.`,
  reload: msg`The certificate is saved, but your profile could not be reloaded to show it.`,
}

function failureCause(error: ApiError): MessageDescriptor {
  if (error.kind === 'network') return msg`No response: check your connection and try again.`
  if (error.kind === 'unauthorized') return msg`Your session is no longer valid: log in again.`
  if (error.kind === 'fault') return NOTICES.page_fault.message
  return msg`The server could not handle the request. Try again in a moment.`
}

export default function CertificatePage() {
  const { t } = useLingui()
  const { profile } = useAthlete()
  const today = calendarDayInRome(now())

  return (
    <Page title={t`Medical certificate`} lead={t`A valid medical certificate for competitive sport is needed to run our races.`}>
      {profile ? (
        <>
          <StatusCard status={certificateStatus(profile, today)} renewal={renewalStatus(profile, today) ?? null} />
          <p className={styles.template}>
            <a href={TEMPLATE_URL} download>{t`Download the certificate form for your doctor (PDF)`}</a>
          </p>
          <UploadSection profile={profile} today={today} />
        </>
      ) : (
        <Loading />
      )}
    </Page>
  )
}

export function StatusCard({ status, renewal }: { status: CertificateStatus; renewal: RenewalStatus | null }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const date = status.expiresOn ? formatDate(locale, status.expiresOn) : ''
  // The day a date shows, so Italian can elide its article ("l'8 ott"): decision 032.
  const day = status.expiresOn ? dayShown(locale, status.expiresOn, 'date') : 0
  const [tone, title, next] = ((): [string, string, string | null] => {
    switch (status.state) {
      case 'none':
        return ['neutral', t`No certificate uploaded yet.`, t`Have the form filled in by a sports doctor, then upload it below with its expiry date.`]
      case 'in_revision':
        return [
          'warning',
          t`In review: the organiser is checking your certificate.`,
          t`Nothing to do for now: the outcome will show here. You can still upload a different file if needed.`,
        ]
      case 'valid':
        return ['positive', t`${plural(day, { other: `Valid until ${date}.` })}`, renewal ? null : t`You can enrol in races. Upload a renewed certificate before it expires.`]
      case 'not_valid':
        return [
          'negative',
          t`Not valid: the organiser could not accept your certificate.`,
          t`Upload a new certificate: make sure it is complete, legible, signed and stamped by the doctor.`,
        ]
      case 'expired':
        // A renewal in review says what comes next (decision 029).
        return ['negative', t`${plural(day, { other: `Expired on ${date}.` })}`, renewal?.state === 'in_revision' ? null : t`Upload a renewed certificate to enrol in races.`]
    }
  })()
  const renewalDate = renewal ? formatDate(locale, renewal.expiresOn) : ''
  const renewalDay = renewal ? dayShown(locale, renewal.expiresOn, 'date') : 0
  return (
    <section className={`${styles.card} ${styles[tone] ?? ''}`} aria-labelledby="certificate-status">
      <h2 id="certificate-status">{t`Your certificate`}</h2>
      <p className={styles.state}>{title}</p>
      {status.expiresOn && status.state === 'in_revision' ? <p>{t`Expiry date given: ${date}.`}</p> : null}
      {next ? <p>{next}</p> : null}
      {renewal ? (
        <p className={styles.renewal} data-renewal={renewal.state}>
          {renewal.state === 'in_revision'
            ? t`${plural({ day: renewalDay }, {
                other: `Renewal in review: the certificate you uploaded, valid until ${renewalDate}, replaces this one once staff accept it. Until then this one counts.`,
              })}`
            : t`${plural({ day: renewalDay }, {
                other: `Your renewal, valid until ${renewalDate}, was not accepted: upload another. This certificate counts until it expires.`,
              })}`}
        </p>
      ) : null}
    </section>
  )
}

/**
 * What the upload does to the valid certificate, said before the athlete uploads (decision 029):
 * beside it as a renewal, or in its place, with a later day to upload on and stay covered.
 */
export function UploadEffectNote({ effect }: { effect: UploadEffect }) {
  const { t } = useLingui()
  const locale = activeLocale()
  if (effect.kind === 'first') return null
  const validUntil = formatDate(locale, effect.validUntil)
  const validUntilDay = dayShown(locale, effect.validUntil, 'date')
  if (effect.kind === 'renewal') {
    return (
      <p role="note" className={styles.note} data-effect="renewal">
        {t`${plural({ day: validUntilDay }, {
          other: `Your current certificate stays valid until ${validUntil}. The new one will be reviewed by staff and replaces it once accepted.`,
        })}`}
      </p>
    )
  }
  const waitUntil = effect.waitUntil ? formatDate(locale, effect.waitUntil) : null
  const waitUntilDay = effect.waitUntil ? dayShown(locale, effect.waitUntil, 'date') : 0
  return (
    <div role="note" className={styles.note} data-effect="replaces">
      <p>
        {t`${plural({ day: validUntilDay }, {
          other: `Uploading replaces your current certificate, valid until ${validUntil}: the new one stays in review until staff decide, and you cannot enrol in races meanwhile.`,
        })}`}
      </p>
      {waitUntil ? (
        <p>
          {t`${plural({ day: waitUntilDay }, {
            other: `To stay covered, wait until nearer ${waitUntil} to upload it: until then your current certificate still counts.`,
          })}`}
        </p>
      ) : null}
    </div>
  )
}

function UploadSection({ profile, today }: { profile: Profile; today: string }) {
  const { t } = useLingui()
  const fieldId = profile.certificato_medico_id
  // The restart after a saved upload gives an empty form: a fresh file input holds no file.
  const [round, setRound] = useState(0)
  if (fieldId === null || fieldId === undefined) {
    return <p role="alert">{t`Certificates cannot be uploaded for this account yet: please contact the organiser.`}</p>
  }
  return (
    <UploadForm
      key={round}
      input={{ athleteId: profile.id, certificateFieldId: fieldId, today }}
      effect={uploadEffect(profile, today)}
      onRestart={() => setRound((n) => n + 1)}
    />
  )
}

function UploadForm({
  input,
  effect,
  onRestart,
}: {
  input: { athleteId: number; certificateFieldId: number; today: string }
  effect: UploadEffect
  onRestart: () => void
}) {
  const { t, i18n } = useLingui()
  // The server refused the choice: focus goes to the field with the problem once the form is back.
  const [refusal, setRefusal] = useState<{ field: CertificateField } | null>(null)
  const focusedRefusal = useRef<{ field: CertificateField } | null>(null)
  const onRefused = useCallback((field: CertificateField) => setRefusal({ field }), [])
  const upload = useCertificateUpload(input, onRefused)
  const fileInput = useRef<HTMLInputElement>(null)
  const dateInput = useRef<HTMLInputElement>(null)
  const [submitted, setSubmitted] = useState(false)
  const locale = activeLocale()
  const { problems, progress, failure } = upload
  const problemCount = Object.keys(problems).length
  const { restored } = upload
  const busy = !upload.can.edit

  // Disabled while the upload ran, the inputs take focus once the form is back (once per refusal).
  useEffect(() => {
    if (!refusal || busy || focusedRefusal.current === refusal) return
    focusedRefusal.current = refusal
    ;(refusal.field === 'file' ? fileInput : dateInput).current?.focus()
  }, [refusal, busy])

  // A kept file goes back into the input, so the form shows what the machine already has.
  useEffect(() => {
    if (!restored?.content || !fileInput.current) return
    const transfer = new DataTransfer()
    transfer.items.add(restored.content)
    fileInput.current.files = transfer.files
  }, [restored])

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    const found = await upload.submit()
    if (found.file) fileInput.current?.focus()
    else if (found.expiry) dateInput.current?.focus()
  }

  if (upload.step === 'done') {
    return (
      <section className={styles.card} aria-labelledby="certificate-upload">
        <h2 id="certificate-upload">{t`Upload a certificate`}</h2>
        <p role="status">{t`Certificate saved. The organiser will review it: its status is shown above.`}</p>
        <Button variant="secondary" onClick={onRestart}>{t`Upload another certificate`}</Button>
      </section>
    )
  }

  const kb = (bytes: number) => formatNumber(locale, Math.ceil(bytes / 1024))

  return (
    <section className={styles.card} aria-labelledby="certificate-upload">
      <h2 id="certificate-upload">{t`Upload a certificate`}</h2>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className={styles.form} aria-labelledby="certificate-upload">
        {submitted ? <FormProblems count={problemCount} /> : null}
        {upload.step === 'editing' ? <UploadEffectNote effect={effect} /> : null}
        {restored && !submitted ? (
          <p role="status">{t`Your earlier choice has been restored: check the file and the expiry date, then upload.`}</p>
        ) : null}
        <Field
          ref={fileInput}
          label={t`Certificate file`}
          type="file"
          name="certificate"
          accept={ACCEPTED}
          disabled={busy}
          hint={t`PDF, JPEG or PNG, at most ${MAX_MB} MB.`}
          error={fieldErrorMessage(i18n, problems.file, FIELD_PROBLEMS)}
          onChange={(event) => upload.chooseFile(event.currentTarget.files?.[0] ?? null)}
        />
        <Field
          ref={dateInput}
          label={t`Expiry date`}
          type="date"
          name="expiry"
          min={input.today}
          defaultValue={restored?.expiry}
          disabled={busy}
          hint={t`As written on the certificate.`}
          error={fieldErrorMessage(i18n, problems.expiry, FIELD_PROBLEMS)}
          onChange={(event) => upload.setExpiry(event.currentTarget.value)}
        />
        {upload.step === 'editing' ? (
          <div>
            <Button type="submit">{t`Upload certificate`}</Button>
          </div>
        ) : null}
      </form>

      {upload.step === 'requestingUpload' || upload.step === 'uploading' ? (
        <div className={styles.progress}>
          <label htmlFor="certificate-progress">{t`Upload progress`}</label>
          <progress id="certificate-progress" value={progress.sent} max={progress.total || 1} />
          <p aria-live="polite">
            {progress.total > 0 ? t`${kb(progress.sent)} of ${kb(progress.total)} KB sent` : t`Preparing the upload…`}
          </p>
          <Button variant="secondary" onClick={() => upload.send({ type: 'certificate.cancel' })}>{t`Cancel upload`}</Button>
        </div>
      ) : null}

      {upload.step === 'saving' || upload.step === 'reloading' ? <Loading label={t`Saving the certificate…`} /> : null}

      {upload.step === 'failed' && failure ? (
        <div className={styles.failure} role="alert">
          <p className={styles.state}>{i18n._(FAILED_STEP[failure.step])}</p>
          <p>{i18n._(failureCause(failure.error))}</p>
          <div className={styles.actions}>
            <Button onClick={() => upload.send({ type: 'certificate.retry' })}>{t`Retry`}</Button>
            <Button variant="secondary" onClick={() => upload.send({ type: 'certificate.cancel' })}>
              {t`Back to the form`}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  )
}
