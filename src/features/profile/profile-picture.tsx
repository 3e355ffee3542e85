import { useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react'
import { errorCodeOf, toApiError } from '../../../contracts/api-error'
import { MAX_PICTURE_BYTES } from '../../../contracts/files.contract'
import type * as files from '../../../contracts/files.contract'
import { noticeForApiError } from '../../lib/api-error-notice'
import { useAthlete } from '../../lib/athlete-queries'
import { formatNumber } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { NOTICES } from '../../lib/notices'
import { Button } from '../../ui/button'
import { notify } from '../../ui/notifications'
import { checkPicture, pictureFromAnswer, pictureMutations, type PictureProblem } from './profile-picture-upload'
import styles from './profile-picture.module.css'

const MIB = 1024 * 1024

/** What stopped the picture: a check before sending, or the call. */
type Failure = { kind: 'check'; problem: PictureProblem } | { kind: 'call'; error: unknown } | { kind: 'unusable_answer' }

interface Chosen {
  file: File
  /** The picture as a `data:` address (the security policy admits those, not `blob:`). */
  preview: string
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('file not readable'))
    reader.readAsDataURL(file)
  })
}

/**
 * The athlete's picture (or their initials) and a way to change it: the chosen file is checked
 * (an image by its content, not too heavy), shown, then sent when the athlete confirms.
 */
export function ProfilePicture() {
  const { t, i18n } = useLingui()
  const { profile } = useAthlete()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [failure, setFailure] = useState<Failure | null>(null)
  // A picture address that would not load (the simulated bucket serves none): show the initials.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null)
  const upload = useMutation(pictureMutations.upload())
  // After a save or a cancel, focus goes back to "Change picture", once it is enabled again.
  const refocus = useRef(false)
  useEffect(() => {
    if (!refocus.current || upload.isPending) return
    refocus.current = false
    input.current?.focus()
  }, [chosen, upload.isPending])

  if (!profile) return null
  const initials = [profile.nome, profile.cognome]
    .map((part) => part?.trim().charAt(0).toUpperCase() ?? '')
    .join('') || (profile.mail?.charAt(0).toUpperCase() ?? '?')
  const current = profile.file_url && profile.file_url !== brokenUrl ? profile.file_url : null

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // The same file chosen again, after a cancel, must count as a choice.
    event.target.value = ''
    if (!file) return
    setFailure(null)
    setChosen(null)
    const problem = await checkPicture(file)
    if (problem) {
      setFailure({ kind: 'check', problem })
      return
    }
    setChosen({ file, preview: await readAsDataUrl(file) })
  }

  const save = async () => {
    if (!chosen) return
    setFailure(null)
    try {
      const answer = await upload.mutateAsync({ athleteId: profile.id, file: chosen.file })
      if (!pictureFromAnswer(answer)) {
        setFailure({ kind: 'unusable_answer' })
        return
      }
      refocus.current = true
      setChosen(null)
      notify('file_uploaded')
    } catch (error) {
      setFailure({ kind: 'call', error })
    }
  }

  const cancel = () => {
    refocus.current = true
    setChosen(null)
    setFailure(null)
  }

  const limit = formatNumber(activeLocale(), MAX_PICTURE_BYTES / MIB)
  const problemText = (problem: PictureProblem) =>
    problem === 'too_large'
      ? t`This picture is too large: choose one no larger than ${limit} MB.`
      : t`This file is not a picture: choose a PNG, JPEG or WebP image.`
  const failureText = (shown: Failure): string => {
    if (shown.kind === 'check') return problemText(shown.problem)
    if (shown.kind === 'unusable_answer') return t`The server's answer could not be used: your picture may not have changed. Try again.`
    const code = errorCodeOf<typeof files.uploadPicture>(toApiError(shown.error))
    if (code === 'file_too_large') return problemText('too_large')
    if (code === 'not_an_image') return problemText('not_an_image')
    if (code === 'forbidden') return t`You can change only your own picture.`
    return i18n._(NOTICES[noticeForApiError(shown.error)].message)
  }

  return (
    <div className={styles.picture}>
      <div className={styles.frame}>
        {chosen ? (
          <img className={styles.image} src={chosen.preview} alt={t`Preview of your new picture`} />
        ) : current ? (
          <img className={styles.image} src={current} alt={t`Your profile picture`} onError={() => setBrokenUrl(current)} />
        ) : (
          <span className={styles.initials} role="img" aria-label={t`No profile picture yet`}>
            <span aria-hidden="true">{initials}</span>
          </span>
        )}
      </div>
      <div className={styles.controls}>
        {chosen ? (
          <>
            <p className={styles.note}>{t`This is how your new picture looks.`}</p>
            <div className={styles.buttons}>
              <Button onClick={() => void save()} aria-busy={upload.isPending} disabled={upload.isPending}>
                {upload.isPending ? t`Saving picture…` : t`Save picture`}
              </Button>
              <Button variant="secondary" onClick={cancel} disabled={upload.isPending}>
                {t`Cancel`}
              </Button>
            </div>
          </>
        ) : null}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className={`visually-hidden ${styles.input}`}
          aria-describedby={`${inputId}-hint${failure ? ` ${inputId}-error` : ''}`}
          disabled={upload.isPending}
          onChange={(event) => void choose(event)}
        />
        <label htmlFor={inputId} className={styles.change}>
          {current || chosen ? t`Change picture` : t`Add a picture`}
        </label>
        <p id={`${inputId}-hint`} className={styles.note}>
          {t`PNG, JPEG or WebP, at most ${limit} MB.`}
        </p>
        <p id={`${inputId}-error`} role="alert" className={styles.error}>
          {failure ? failureText(failure) : null}
        </p>
      </div>
    </div>
  )
}
