import type { I18n, MessageDescriptor } from '@lingui/core'
import * as z from 'zod/mini'
import { MAX_PASSWORD_LENGTH } from '../../../contracts/common'
import { passwordLacks } from '../../lib/validation/password'
import { fieldErrorMessage, passwordWeakMessage, tooLong } from '../../ui/form-messages'

/**
 * A new password (spec section 5): 'required', 'too_long' over MAX_PASSWORD_LENGTH, else
 * 'password_weak' while `passwordLacks` names something.
 */
export const newPasswordField = z
  .string()
  .check(
    z.minLength(1, 'required'),
    tooLong(MAX_PASSWORD_LENGTH),
    z.refine((password) => passwordLacks(password).length === 0, 'password_weak'),
  )

export const passwordConfirmField = z.string().check(z.minLength(1, 'required'))

/**
 * 'passwords_differ' on the confirmation, once it has been typed (an empty one is 'required').
 * Checked on the whole form, so it holds whatever the other fields say.
 */
export const passwordsMatch = z.refine<{ password: string; passwordConfirm: string }>(
  (values) => values.passwordConfirm === '' || values.password === values.passwordConfirm,
  { error: 'passwords_differ', path: ['passwordConfirm'] },
)

/**
 * The words for a field's error code; 'password_weak' says what the typed password still lacks,
 * so it is worded from the password itself.
 */
export function accountFieldMessage(
  i18n: I18n,
  code: string | undefined,
  options: { password?: string; extra?: Readonly<Record<string, MessageDescriptor>> } = {},
): string | null {
  if (code === 'password_weak') return passwordWeakMessage(i18n, passwordLacks(options.password ?? ''))
  return fieldErrorMessage(i18n, code, options.extra)
}
