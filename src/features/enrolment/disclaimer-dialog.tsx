import { useLingui } from '@lingui/react/macro'
import * as Dialog from '@radix-ui/react-dialog'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useId, useRef } from 'react'
import type { RaceDetail } from '../../../contracts/races.contract'
import { useAddressedSex } from '../../lib/athlete-queries'
import { activeLocale } from '../../lib/i18n'
import { Button } from '../../ui/button'
import dialog from '../../ui/dialog.module.css'
import fieldStyles from '../../ui/field.module.css'
import { RulesText } from '../../ui/rules-text'
import { Loading } from '../../ui/state'
import styles from './enrolment.module.css'
import { enrolmentQueries } from './enrolment-queries'
import type { EnrolmentWizard } from './use-enrolment-wizard'
import { failureMessage } from './wizard-text'

/**
 * The disclaimer popup (spec section 2): the race's waiver, and the sentence the athlete types to
 * sign it. The sentence is in its own element, which the input names with `aria-describedby`.
 * Sign stays in view below the text, whatever the height left by a phone's keyboard: the text and
 * the field scroll above it.
 */
export default function DisclaimerDialog({ wizard, race, signing }: { wizard: EnrolmentWizard; race: RaceDetail; signing: boolean }) {
  const { t, i18n } = useLingui()
  const locale = activeLocale()
  const query = useQuery(enrolmentQueries.waiver(race.id, locale, useAddressedSex()))
  const { problems, failure, disclaimerText } = wizard
  const input = useRef<HTMLInputElement>(null)
  const phraseId = useId()
  const errorId = useId()
  const waiver = query.data
  // With little height left, a refusal below the field could be hidden behind the actions.
  const showError = useCallback((node: HTMLElement | null) => node?.scrollIntoView({ block: 'nearest' }), [])

  const error =
    problems.disclaimer === 'required'
      ? t`Type the sentence to sign the waiver.`
      : problems.disclaimer === 'incorrect'
        ? t`Incorrect: the text you typed does not match the sentence. Type it exactly as shown (capitals and spaces do not matter).`
        : problems.disclaimer === 'outdated'
          ? t`The organiser has changed the waiver since you opened it. Read the new text and type the sentence again.`
          : problems.disclaimer === 'unsigned'
            ? t`The organiser has changed the waiver since you signed it, so nothing was charged. Read the new text and sign it again to pay.`
            : problems.disclaimer === 'revised'
              ? t`The organiser has changed the waiver since you signed it. Read the new text and sign it again to pay for your place.`
              : null

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !signing && wizard.closeDisclaimer()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content
          className={`${dialog.panel} ${dialog.wide} ${styles.waiverDialog}`}
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            input.current?.focus()
          }}
          onCloseAutoFocus={(event) => {
            // The button that opened it was disabled while the enrolment was saved, so focus has
            // nowhere to return to: it goes to the heading of the step the athlete is now on.
            event.preventDefault()
            document.querySelector<HTMLElement>('main h2')?.focus()
          }}
        >
          <Dialog.Title className={dialog.title}>{t`Waiver of liability`}</Dialog.Title>
          <Dialog.Description className={styles.note}>{t`Read the waiver, then sign it by typing the sentence below.`}</Dialog.Description>
          {query.isError ? (
            <div role="alert" className={styles.alert}>
              <p>{t`The waiver could not be loaded.`}</p>
              <Button variant="secondary" onClick={() => void query.refetch()}>
                {t`Try again`}
              </Button>
            </div>
          ) : !waiver ? (
            <Loading />
          ) : (
            <form
              className={styles.signForm}
              noValidate
              onSubmit={(event) => {
                event.preventDefault()
                wizard.signDisclaimer(waiver)
                // A refused text, now or once the server answers, is read out from the input.
                input.current?.focus()
              }}
            >
              <div className={styles.fields}>
                <div className={styles.waiver} tabIndex={0} role="region" aria-label={t`Waiver text`}>
                  <RulesText text={waiver.testo} />
                </div>
                <p>{t`To sign, type this sentence:`}</p>
                <p id={phraseId} className={styles.phrase} lang={waiver.lingua}>
                  {waiver.frase}
                </p>
                <div className={fieldStyles.field}>
                  <label htmlFor={`${phraseId}-input`} className={fieldStyles.label}>
                    {t`Your signature: the sentence above`}
                  </label>
                  <input
                    id={`${phraseId}-input`}
                    ref={input}
                    className={fieldStyles.input}
                    value={disclaimerText}
                    autoComplete="off"
                    spellCheck={false}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={[phraseId, error ? errorId : null].filter(Boolean).join(' ')}
                    onChange={(event) => wizard.typeDisclaimer(event.target.value)}
                  />
                  {error ? (
                    <p key={problems.disclaimer} ref={showError} id={errorId} role="alert" className={fieldStyles.error}>
                      {error}
                    </p>
                  ) : null}
                </div>
                {failure?.action === 'sign' ? (
                  <p role="alert" className={styles.alert}>
                    {i18n._(failureMessage(failure.error))}
                  </p>
                ) : null}
              </div>
              {/* The primary action first: Tab from the field reaches it at once, as in the other dialogs. */}
              <div className={styles.signActions}>
                <Button type="submit" disabled={signing}>
                  {signing ? t`Signing…` : t`Sign`}
                </Button>
                <Dialog.Close asChild>
                  <Button variant="secondary" disabled={signing}>
                    {t`Cancel`}
                  </Button>
                </Dialog.Close>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
