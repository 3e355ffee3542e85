import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { NewUserSchema } from '../../../contracts/account.contract'
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH } from '../../../contracts/common'
import { activateLocale, i18n } from '../../lib/i18n'
import { accountFieldMessage } from './account-form'
import { emptyRegistration, registerSchema, toNewUser, type RegisterValues } from './register-form'
import { recoverSchema } from './reset-form'

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

  it('says a field is too long, with its maximum, where the backend would refuse it', () => {
    const longest = {
      ...valid,
      nome: 'N'.repeat(MAX_NAME_LENGTH),
      cognome: 'Ç'.repeat(MAX_NAME_LENGTH),
      mail: `${'m'.repeat(MAX_EMAIL_LENGTH - 12)}@example.com`,
      password: `Aa1!${'p'.repeat(MAX_PASSWORD_LENGTH - 4)}`,
      passwordConfirm: `Aa1!${'p'.repeat(MAX_PASSWORD_LENGTH - 4)}`,
    }
    expect(errorsOf(longest)).toEqual({})
    expect(z.safeParse(NewUserSchema, toNewUser(longest)).success).toBe(true)

    const tooLong = {
      ...longest,
      nome: `${longest.nome}N`,
      cognome: `${longest.cognome}Ç`,
      mail: `m${longest.mail}`,
      password: `${longest.password}p`,
      passwordConfirm: `${longest.password}p`,
    }
    expect(errorsOf(tooLong)).toEqual({
      nome: `too_long:${String(MAX_NAME_LENGTH)}`,
      cognome: `too_long:${String(MAX_NAME_LENGTH)}`,
      mail: `too_long:${String(MAX_EMAIL_LENGTH)}`,
      password: `too_long:${String(MAX_PASSWORD_LENGTH)}`,
    })
    for (const field of ['nome', 'cognome', 'mail', 'password'] as const) {
      expect(z.safeParse(NewUserSchema, { ...toNewUser(longest), [field]: tooLong[field] }).success, field).toBe(false)
    }
    // Spaces around a name are not counted: they are not sent.
    expect(errorsOf({ ...longest, nome: `  ${longest.nome}  ` })).toEqual({})
    expect(z.safeParse(recoverSchema, { mail: tooLong.mail }).error?.issues[0]?.message).toBe(`too_long:${String(MAX_EMAIL_LENGTH)}`)
  })

  it('words "too long" with the maximum', async () => {
    await activateLocale('en')
    expect(accountFieldMessage(i18n, `too_long:${String(MAX_NAME_LENGTH)}`)).toBe(`This is too long: use at most ${String(MAX_NAME_LENGTH)} characters.`)
  })
})
