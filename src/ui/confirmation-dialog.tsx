import * as Dialog from '@radix-ui/react-dialog'
import { useRef, type ReactNode } from 'react'
import dialog from './dialog.module.css'

/**
 * A confirmation its page's machine opens and closes (not a Radix trigger): while `busy` it cannot
 * be dismissed, and once closed the focus goes back to the button the athlete pressed to open it.
 * `children` is what follows the title: the description, a failure, the actions.
 */
export function ConfirmationDialog({ open, busy, onDismiss, title, children }: { open: boolean; busy: boolean; onDismiss: () => void; title: string; children: ReactNode }) {
  const opener = useRef<HTMLElement | null>(null)
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onDismiss()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content
          className={dialog.panel}
          aria-busy={busy}
          onOpenAutoFocus={() => void (opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null)}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            opener.current?.focus()
          }}
        >
          <Dialog.Title className={dialog.title}>{title}</Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
