import { emailField } from '../../lib/validation/email'
import * as z from 'zod/mini'
import type { NewUser } from '../../../contracts/account.contract'
import { LocaleSchema, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from '../../../contracts/common'
import type { Locale } from '../../../contracts/locale'
import { tooLong } from '../../ui/form-messages'
import { newPasswordField, passwordConfirmField, passwordsMatch } from './account-form'

/** Shorter names are typing slips rather than names (spec section 5: 'too short'). */
export const NAME_MIN_LENGTH = 2

const nameField = z
  .string()
  .check(z.trim(), z.minLength(1, 'required'), z.minLength(NAME_MIN_LENGTH, 'too_short'), tooLong(MAX_NAME_LENGTH))

/** What the registration form asks (issue 9): the rest of the profile is completed on /me. */
export const registerSchema = z
  .object({
    nome: nameField,
    cognome: nameField,
    mail: emailField.check(tooLong(MAX_EMAIL_LENGTH)),
    password: newPasswordField,
    passwordConfirm: passwordConfirmField,
    lingua: LocaleSchema,
    newsletter: z.boolean(),
    privacy_policy: z.boolean().check(z.refine((accepted) => accepted, 'privacy_required')),
  })
  .check(passwordsMatch)

export type RegisterValues = z.infer<typeof registerSchema>

/** An empty form; communications in the language the portal is shown in. */
export function emptyRegistration(locale: Locale): RegisterValues {
  return {
    nome: '',
    cognome: '',
    mail: '',
    password: '',
    passwordConfirm: '',
    lingua: locale,
    newsletter: false,
    privacy_policy: false,
  }
}

/** The registration call's body from the checked form: the confirmation stays here. */
export function toNewUser(values: RegisterValues): NewUser {
  return {
    nome: values.nome,
    cognome: values.cognome,
    mail: values.mail,
    password: values.password,
    privacy_policy: true,
    newsletter: values.newsletter,
    lingua: values.lingua,
  }
}
