import * as Dialog from '@radix-ui/react-dialog'
import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import * as liberatoria from '../../../../contracts/liberatoria.contract'
import { apiQuery } from '../../../lib/api-query'
import { useAddressedSex } from '../../../lib/athlete-queries'
import { activeLocale } from '../../../lib/i18n'
import dialog from '../../../ui/dialog.module.css'
import { SubmitFailure } from '../../../ui/submit-failure'
import { WaiverSigning, waiverDialogPanel } from '../../../ui/waiver-signing'
import type { TransferTake } from './use-transfer'

/** The race's waiver for a place taken from a transfer, signed by typing its sentence, as in the wizard. */
export function WaiverDialog({ take, raceId }: { take: TransferTake; raceId: number }) {
  const sex = useAddressedSex()
  const lingua = activeLocale()
  const query = useQuery(apiQuery(liberatoria.get, { params: { id: raceId }, query: sex === 'other' ? { lingua } : { lingua, forma: sex } }))
  const input = useRef<HTMLInputElement>(null)
  const signing = take.state === 'signing'
  const { problems, failure, disclaimerText } = take.context
  const waiver = query.data
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !signing && take.closeDisclaimer()}>
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
            problem={problems.disclaimer}
            signing={signing}
            failure={
              failure?.action === 'sign' && waiver ? (
                <SubmitFailure error={failure.error} onRetry={() => take.signDisclaimer(waiver)} />
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
