import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { Button } from '../../ui/button'
import { Field } from '../../ui/field'

interface PasswordInput {
  label: string
  field: UseFormRegisterReturn
  error: string | null
}

/** A new password and its confirmation, with the rules as a hint and one toggle showing both. */
export function NewPasswordFields({ password, confirm }: { password: PasswordInput; confirm: PasswordInput }) {
  const { t } = useLingui()
  const [shown, setShown] = useState(false)
  const type = shown ? 'text' : 'password'
  return (
    <>
      <Field
        label={password.label}
        type={type}
        autoComplete="new-password"
        hint={t`At least 8 characters, with digits and special characters like ! ? # or -.`}
        error={password.error}
        addon={
          <Button variant="secondary" aria-pressed={shown} onClick={() => setShown((before) => !before)}>
            {t`Show passwords`}
          </Button>
        }
        {...password.field}
      />
      <Field label={confirm.label} type={type} autoComplete="new-password" error={confirm.error} {...confirm.field} />
    </>
  )
}
