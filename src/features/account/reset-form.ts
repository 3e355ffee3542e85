import { emailField } from '../../lib/validation/email'
import * as z from 'zod/mini'
import { newPasswordField, passwordConfirmField, passwordsMatch } from './account-form'

/** Account recovery: the e-mail a reset link is sent to. */
export const recoverSchema = z.object({ mail: emailField })
export type RecoverValues = z.infer<typeof recoverSchema>

/** The new password, twice, with the registration's strength rules. */
export const newPasswordSchema = z
  .object({ password: newPasswordField, passwordConfirm: passwordConfirmField })
  .check(passwordsMatch)
export type NewPasswordValues = z.infer<typeof newPasswordSchema>
