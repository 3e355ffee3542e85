import { useLingui } from '@lingui/react/macro'
import * as Dialog from '@radix-ui/react-dialog'
import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import type { RaceDetail } from '../../../contracts/races.contract'
import { useAddressedSex } from '../../lib/athlete-queries'
import { activeLocale } from '../../lib/i18n'
import dialog from '../../ui/dialog.module.css'
import { WaiverSigning, waiverDialogPanel } from '../../ui/waiver-signing'
import styles from './enrolment.module.css'
import { enrolmentQueries } from './enrolment-queries'
import type { EnrolmentWizard } from './use-enrolment-wizard'
import { failureMessage } from './wizard-text'

/**
 * The disclaimer popup (spec section 2): the race's waiver signed by typing its sentence, as the
 * wizard's machine takes it.
 */
export default function DisclaimerDialog({ wizard, race, signing }: { wizard: EnrolmentWizard; race: RaceDetail; signing: boolean }) {
  const { i18n } = useLingui()
  const query = useQuery(enrolmentQueries.waiver(race.id, activeLocale(), useAddressedSex()))
  const { problems, failure, disclaimerText } = wizard
  const input = useRef<HTMLInputElement>(null)

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !signing && wizard.closeDisclaimer()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content
          className={waiverDialogPanel}
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
          <WaiverSigning
            read={query}
            value={disclaimerText}
            problem={problems.disclaimer}
            signing={signing}
            failure={
              failure?.action === 'sign' ? (
                <p role="alert" className={styles.alert}>
                  {i18n._(failureMessage(failure.error))}
                </p>
              ) : null
            }
            inputRef={input}
            onType={wizard.typeDisclaimer}
            onSign={wizard.signDisclaimer}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
