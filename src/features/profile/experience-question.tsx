import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import * as Dialog from '@radix-ui/react-dialog'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { Profile } from '../../../contracts/athlete.contract'
import { noticeForApiError } from '../../lib/api-error-notice'
import { now } from '../../lib/clock'
import { calendarDayInRome } from '../../lib/format'
import { useSchemaForm } from '../../lib/forms'
import { NOTICES } from '../../lib/notices'
import { Button, buttonClass } from '../../ui/button'
import dialog from '../../ui/dialog.module.css'
import { Field, FormProblems } from '../../ui/field'
import { fieldErrorMessage } from '../../ui/form-messages'
import {
  EARLIEST_EXPERIENCE_YEAR,
  experienceMutations,
  experiencePayload,
  experienceSchema,
  NO_EXPERIENCE,
  type ExperienceAnswer,
} from './experience-answer'
import styles from './experience-dialog.module.css'

/** The question itself, with its form and dialog: loaded only for an athlete who has it to answer. */
export default function ExperienceQuestion({ profile, onLater }: { profile: Profile; onLater: () => void }) {
  const { t, i18n } = useLingui()
  const [saying, setSaying] = useState<'yes' | null>(null)
  const yes = useRef<HTMLButtonElement>(null)
  const backFromYes = useRef(false)
  const save = useMutation(experienceMutations.save())
  const currentYear = Number(calendarDayInRome(now()).slice(0, 4))
  const schema = useMemo(() => experienceSchema(currentYear), [currentYear])
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitted },
  } = useSchemaForm(schema, { defaultValues: { gara: '', anno: '' } })

  // Back from the race's details, focus returns to the choice it came from.
  useEffect(() => {
    if (saying !== null || !backFromYes.current) return
    backFromYes.current = false
    yes.current?.focus()
  }, [saying])

  const answer = (given: ExperienceAnswer) => {
    // The dialog closes when the profile read again says the question is answered.
    save.mutate(experiencePayload(profile, given))
  }
  const submitYes = handleSubmit(({ gara, anno }) => answer({ esperienza_gara: true, gara, anno: Number(anno) }))

  const failure = save.error
    ? i18n._(NOTICES[noticeForApiError(save.error)].message)
    : null
  const yearErrors = {
    year_invalid: msg`Enter a year between ${EARLIEST_EXPERIENCE_YEAR} and ${currentYear}, like ${currentYear - 1}.`,
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !save.isPending && onLater()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content
          className={dialog.panel}
          onCloseAutoFocus={(event) => {
            // Opened by itself, not from a button: focus goes back to the top of the screen.
            event.preventDefault()
            document.querySelector<HTMLElement>('main h1')?.focus()
          }}
        >
          <Dialog.Title className={dialog.title}>{t`Have you run an experience race?`}</Dialog.Title>
          <Dialog.Description className={styles.description}>
            {t`The organiser asks every athlete once. If you have, tell us which race and in which year.`}
          </Dialog.Description>

          {failure ? (
            <p role="alert" className={styles.alert}>
              {t`Your answer was not saved: ${failure}`}
            </p>
          ) : null}

          {saying === 'yes' ? (
            <form className={styles.form} noValidate onSubmit={(event) => void submitYes(event)}>
              <FormProblems count={isSubmitted ? Object.keys(errors).length : 0} />
              <Field
                label={t`Which race?`}
                autoComplete="off"
                hint={t`Its official name, like Tor des Géants.`}
                error={fieldErrorMessage(i18n, errors.gara?.message)}
                autoFocus
                {...register('gara')}
              />
              <Field
                label={t`Year`}
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                error={fieldErrorMessage(i18n, errors.anno?.message, yearErrors)}
                {...register('anno')}
              />
              <div className={styles.actions}>
                <Button type="submit" aria-busy={save.isPending} disabled={save.isPending}>
                  {save.isPending ? t`Saving…` : t`Save answer`}
                </Button>
                <Button
                  variant="secondary"
                  disabled={save.isPending}
                  onClick={() => {
                    backFromYes.current = true
                    setSaying(null)
                  }}
                >
                  {t`Back`}
                </Button>
              </div>
            </form>
          ) : (
            <div className={styles.actions}>
              <button ref={yes} type="button" className={buttonClass()} disabled={save.isPending} onClick={() => setSaying('yes')}>
                {t`Yes`}
              </button>
              <Button disabled={save.isPending} aria-busy={save.isPending} onClick={() => answer(NO_EXPERIENCE)}>
                {t`No`}
              </Button>
            </div>
          )}

          <p className={styles.later}>
            <Button variant="quiet" disabled={save.isPending} onClick={onLater}>
              {t`Later`}
            </Button>
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
