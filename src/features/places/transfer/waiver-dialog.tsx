import * as Dialog from '@radix-ui/react-dialog'
import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import { useAddressedSex } from '../../../lib/athlete-queries'
import { activeLocale } from '../../../lib/i18n'
import { transferQueries } from '../../../lib/transfer-queries'
import dialog from '../../../ui/dialog.module.css'
import { SubmitFailure } from '../../../ui/submit-failure'
import { WaiverSigning, waiverDialogPanel } from '../../../ui/waiver-signing'
import type { TransferTake } from './use-transfer'

/**
 * The race's waiver for a place taken from a transfer, signed by typing its sentence, as in the
 * wizard. The text is the query cache's: when the organiser revised it, the machine has it read
 * again before asking for the new signature, and the dialog shows the new one.
 */
export function WaiverDialog({ take, raceId }: { take: TransferTake; raceId: number }) {
  const sex = useAddressedSex()
  const query = useQuery(transferQueries.waiver(raceId, activeLocale(), sex))
  const input = useRef<HTMLInputElement>(null)
  const signing = take.view.screen === 'offer' && take.view.busy
  const { problem, waiverProblem, disclaimerText } = take
  const waiver = query.data
  return (
    <Dialog.Root open onOpenChange={(open) => !open && take.can.closeWaiver && take.closeDisclaimer()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content
          className={waiverDialogPanel}
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            input.current?.focus()
          }}
        >
          <WaiverSigning
            read={query}
            value={disclaimerText}
            problem={waiverProblem ?? undefined}
            signing={signing}
            failure={
              problem?.step === 'sign' && 'error' in problem && waiver ? (
                <SubmitFailure error={problem.error} onRetry={() => take.signDisclaimer(waiver)} />
              ) : null
            }
            inputRef={input}
            onType={take.typeDisclaimer}
            onSign={take.signDisclaimer}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
