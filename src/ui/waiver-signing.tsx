import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import * as Dialog from '@radix-ui/react-dialog'
import { useCallback, useId, type ReactNode, type RefObject } from 'react'
import type { Waiver } from '../../contracts/liberatoria.contract'
import { Button } from './button'
import dialog from './dialog.module.css'
import fieldStyles from './field.module.css'
import { RulesText } from './rules-text'
import { ErrorState, Loading } from './state'
import styles from './waiver-signing.module.css'

/** Why a typed signature was refused: the wizard's machine knows all five, the transfer's the first three. */
export type WaiverProblem = 'required' | 'incorrect' | 'outdated' | 'unsigned' | 'revised'

const PROBLEMS: Record<WaiverProblem, MessageDescriptor> = {
  required: msg`Type the sentence to sign the waiver.`,
  incorrect: msg`Incorrect: the text you typed does not match the sentence. Type it exactly as shown (capitals and spaces do not matter).`,
  outdated: msg`The organiser has changed the waiver since you opened it. Read the new text and type the sentence again.`,
  unsigned: msg`The organiser has changed the waiver since you signed it, so nothing was charged. Read the new text and sign it again to pay.`,
  revised: msg`The organiser has changed the waiver since you signed it. Read the new text and sign it again to pay for your place.`,
}

function waiverProblemMessage(problem: WaiverProblem): MessageDescriptor {
  return PROBLEMS[problem]
}

/** The class of the dialog panel that holds a `WaiverSigning`: wide, and a focused field scrolls into view above the actions. */
export const waiverDialogPanel = `${dialog.panel} ${dialog.wide} ${styles.dialog}`

/** The waiver as a query gives it: the text once read, or the failure to read it. */
export interface WaiverRead {
  data: Waiver | undefined
  isError: boolean
  refetch: () => Promise<unknown>
}

/**
 * The inside of a waiver dialog (spec section 2): the race's waiver, and the sentence the athlete
 * types to sign it. The sentence is in its own element, which the input names with
 * `aria-describedby`. Sign stays in view below the text, whatever the height left by a phone's
 * keyboard: the text and the field scroll above it. The dialog around it (its Root and Content,
 * where focus goes, what closing does) is its caller's, as is the failure of the signing call.
 */
export function WaiverSigning({
  read,
  value,
  problem,
  signing,
  failure,
  inputRef,
  onType,
  onSign,
}: {
  read: WaiverRead
  value: string
  problem: WaiverProblem | undefined
  signing: boolean
  failure: ReactNode
  inputRef: RefObject<HTMLInputElement | null>
  onType: (text: string) => void
  onSign: (waiver: Waiver) => void
}) {
  const { t, i18n } = useLingui()
  const phraseId = useId()
  const errorId = useId()
  const waiver = read.data
  const error = problem ? i18n._(waiverProblemMessage(problem)) : null
  // With little height left, a refusal below the field could be hidden behind the actions.
  const showError = useCallback((node: HTMLElement | null) => node?.scrollIntoView({ block: 'nearest' }), [])

  return (
    <>
      <Dialog.Title className={dialog.title}>{t`Waiver of liability`}</Dialog.Title>
      <Dialog.Description className={styles.note}>{t`Read the waiver, then sign it by typing the sentence below.`}</Dialog.Description>
      {read.isError ? (
        <ErrorState message={t`The waiver could not be loaded.`} onRetry={() => void read.refetch()} />
      ) : !waiver ? (
        <Loading />
      ) : (
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            onSign(waiver)
            // A refused text, now or once the server answers, is read out from the input.
            inputRef.current?.focus()
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
                ref={inputRef}
                className={fieldStyles.input}
                value={value}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={error ? true : undefined}
                aria-describedby={[phraseId, error ? errorId : null].filter(Boolean).join(' ')}
                onChange={(event) => onType(event.target.value)}
              />
              {error ? (
                <p key={problem} ref={showError} id={errorId} role="alert" className={fieldStyles.error}>
                  {error}
                </p>
              ) : null}
            </div>
            {/* A failed call shows above the actions, as a wrong sentence does, even with the keyboard up. */}
            {failure ? <div ref={showError}>{failure}</div> : null}
          </div>
          {/* The primary action first: Tab from the field reaches it at once, as in the other dialogs. */}
          <div className={styles.actions}>
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
    </>
  )
}
