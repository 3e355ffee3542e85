import * as z from 'zod/mini'
import { MAX_GRANT_PASSWORD_LENGTH } from '../../../contracts/auth.contract'
import { MAX_EMAIL_LENGTH } from '../../../contracts/common'
import { emailField } from '../../lib/validation/email'
import { tooLong } from '../../ui/form-messages'

/**
 * The drawer's sign-in form: the e-mail is trimmed, the password is sent as typed. Each is held to
 * the token request's bounds, said before the server refuses: the e-mail to MAX_EMAIL_LENGTH, the
 * password to MAX_GRANT_PASSWORD_LENGTH, the grant's own bound, wider than the one a new password
 * is held to (MAX_PASSWORD_LENGTH) so that no password set under an older rule is turned away.
 */
export const loginSchema = z.object({
  email: emailField.check(tooLong(MAX_EMAIL_LENGTH)),
  password: z.string().check(z.minLength(1, 'required'), tooLong(MAX_GRANT_PASSWORD_LENGTH)),
})

export type LoginValues = z.infer<typeof loginSchema>
