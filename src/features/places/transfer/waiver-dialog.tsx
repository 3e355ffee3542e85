import { useLingui } from '@lingui/react/macro'
import * as Dialog from '@radix-ui/react-dialog'
import { useQuery } from '@tanstack/react-query'
import { useId, useRef } from 'react'
import * as liberatoria from '../../../../contracts/liberatoria.contract'
import { apiQuery } from '../../../lib/api-query'
import { useAddressedSex } from '../../../lib/athlete-queries'
import { activeLocale } from '../../../lib/i18n'
import { Button } from '../../../ui/button'
import dialog from '../../../ui/dialog.module.css'
import fieldStyles from '../../../ui/field.module.css'
import { RulesText } from '../../../ui/rules-text'
import { ErrorState, Loading } from '../../../ui/state'
import { SubmitFailure } from '../../../ui/submit-failure'
import styles from './transfer.module.css'
import type { TransferTake } from './use-transfer'

/**
 * The race's waiver for a place taken from a transfer, signed by typing its sentence, as the
 * wizard's dialog does (src/features/enrolment/disclaimer-dialog.tsx, which the feature boundary
 * keeps out of reach: the words and the checks are the same).
 */
export function WaiverDialog({ take, raceId }: { take: TransferTake; raceId: number }) {
  const { t } = useLingui()
  const sex = useAddressedSex()
  const lingua = activeLocale()
  const query = useQuery(apiQuery(liberatoria.get, { params: { id: raceId }, query: sex === 'other' ? { lingua } : { lingua, forma: sex } }))
  const input = useRef<HTMLInputElement>(null)
  const phraseId = useId()
  const errorId = useId()
  const signing = take.state === 'signing'
  const { problems, failure, disclaimerText } = take.context
  const error =
    problems.disclaimer === 'required'
      ? t`Type the sentence to sign the waiver.`
      : problems.disclaimer === 'incorrect'
        ? t`Incorrect: the text you typed does not match the sentence. Type it exactly as shown (capitals and spaces do not matter).`
        : problems.disclaimer === 'outdated'
          ? t`The organiser has changed the waiver since you opened it. Read the new text and type the sentence again.`
          : null
  const waiver = query.data
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !signing && take.closeDisclaimer()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content
          className={`${dialog.panel} ${dialog.wide} ${styles.waiverDialog}`}
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            input.current?.focus()
          }}
        >
          <Dialog.Title className={dialog.title}>{t`Waiver of liability`}</Dialog.Title>
          <Dialog.Description>{t`Read the waiver, then sign it by typing the sentence below.`}</Dialog.Description>
          {query.isError ? (
            <ErrorState message={t`The waiver could not be loaded.`} onRetry={() => void query.refetch()} />
          ) : !waiver ? (
            <Loading />
          ) : (
            <form
              className={styles.form}
              noValidate
              onSubmit={(event) => {
                event.preventDefault()
                take.signDisclaimer(waiver)
                input.current?.focus()
              }}
            >
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
                  onChange={(event) => take.typeDisclaimer(event.target.value)}
                />
                {error ? (
                  <p id={errorId} role="alert" className={fieldStyles.error}>
                    {error}
                  </p>
                ) : null}
              </div>
              {failure?.action === 'sign' ? <SubmitFailure error={failure.error} onRetry={() => take.signDisclaimer(waiver)} /> : null}
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
