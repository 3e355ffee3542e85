import * as z from 'zod/mini'
import { emailField } from '../../lib/validation/email'

/** The drawer's sign-in form: the e-mail is trimmed, the password is sent as typed. */
export const loginSchema = z.object({
  email: emailField,
  password: z.string().check(z.minLength(1, 'required')),
})

export type LoginValues = z.infer<typeof loginSchema>
