import { emailField } from '../../lib/validation/email'
import * as z from 'zod/mini'
import { MAX_EMAIL_LENGTH } from '../../../contracts/common'
import { tooLong } from '../../ui/form-messages'
import { newPasswordField, passwordConfirmField, passwordsMatch } from './account-form'

/** Account recovery: the e-mail a reset link is sent to. */
export const recoverSchema = z.object({ mail: emailField.check(tooLong(MAX_EMAIL_LENGTH)) })
export type RecoverValues = z.infer<typeof recoverSchema>

/** The new password, twice, with the registration's strength rules. */
export const newPasswordSchema = z
  .object({ password: newPasswordField, passwordConfirm: passwordConfirmField })
  .check(passwordsMatch)
export type NewPasswordValues = z.infer<typeof newPasswordSchema>
