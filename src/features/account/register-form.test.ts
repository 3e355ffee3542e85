import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { NewUserSchema } from '../../../contracts/account.contract'
import { emptyRegistration, registerSchema, toNewUser, type RegisterValues } from './register-form'

const valid: RegisterValues = {
  nome: 'Giulia',
  cognome: 'Jaccod',
  mail: 'giulia@example.com',
  password: 'Sentiero-2026',
  passwordConfirm: 'Sentiero-2026',
  lingua: 'fr',
  newsletter: true,
  privacy_policy: true,
}

/** The first code each field gets, as the form shows it. */
function errorsOf(values: RegisterValues): Record<string, string> {
  const result = z.safeParse(registerSchema, values)
  const errors: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message
  return errors
}

describe('registration form', () => {
  it('starts empty, with communications in the language shown', () => {
    expect(emptyRegistration('ja')).toMatchObject({ mail: '', lingua: 'ja', newsletter: false, privacy_policy: false })
  })

  it('asks for every required field of an empty form, and for the privacy policy', () => {
    expect(errorsOf(emptyRegistration('it'))).toEqual({
      nome: 'required',
      cognome: 'required',
      mail: 'required',
      password: 'required',
      passwordConfirm: 'required',
      privacy_policy: 'privacy_required',
    })
  })

  it('takes names of blanks only as missing, and a single letter as too short', () => {
    expect(errorsOf({ ...valid, nome: '   ', cognome: ' J ' })).toEqual({ nome: 'required', cognome: 'too_short' })
  })

  it('refuses an e-mail that is not one', () => {
    expect(errorsOf({ ...valid, mail: 'giulia@example' })).toEqual({ mail: 'invalid_email' })
    expect(errorsOf({ ...valid, mail: 'giulia.example.com' })).toEqual({ mail: 'invalid_email' })
  })

  it('calls a password without digits or special characters weak', () => {
    expect(errorsOf({ ...valid, password: 'sentieri', passwordConfirm: 'sentieri' })).toEqual({ password: 'password_weak' })
    expect(errorsOf({ ...valid, password: 'a1!', passwordConfirm: 'a1!' })).toEqual({ password: 'password_weak' })
  })

  it('says the passwords differ on the confirmation, whatever else is wrong', () => {
    expect(errorsOf({ ...valid, passwordConfirm: 'Sentiero-2025' })).toEqual({ passwordConfirm: 'passwords_differ' })
    expect(errorsOf({ ...valid, mail: '', passwordConfirm: 'x' })).toEqual({ mail: 'required', passwordConfirm: 'passwords_differ' })
  })

  it('accepts a complete form and trims what was typed around names and e-mail', () => {
    const parsed = z.parse(registerSchema, { ...valid, nome: ' Giulia ', mail: ' giulia@example.com ' })
    expect(parsed).toMatchObject({ nome: 'Giulia', mail: 'giulia@example.com' })
  })

  it('sends what the contract asks, without the confirmation', () => {
    const body = toNewUser(valid)
    expect(body).toEqual({
      nome: 'Giulia',
      cognome: 'Jaccod',
      mail: 'giulia@example.com',
      password: 'Sentiero-2026',
      privacy_policy: true,
      newsletter: true,
      lingua: 'fr',
    })
    expect(z.safeParse(NewUserSchema, body).success).toBe(true)
  })
})
