import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { newPasswordSchema, recoverSchema } from './reset-form'

function errorsOf(schema: z.ZodMiniType, values: unknown): Record<string, string> {
  const result = z.safeParse(schema, values)
  const errors: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message
  return errors
}

describe('account recovery form', () => {
  it('needs an e-mail, a valid one, trimmed', () => {
    expect(errorsOf(recoverSchema, { mail: '' })).toEqual({ mail: 'required' })
    expect(errorsOf(recoverSchema, { mail: 'giulia@' })).toEqual({ mail: 'invalid_email' })
    expect(z.parse(recoverSchema, { mail: ' giulia@example.com\t' })).toEqual({ mail: 'giulia@example.com' })
  })
})

describe('new password form', () => {
  it('needs both passwords', () => {
    expect(errorsOf(newPasswordSchema, { password: '', passwordConfirm: '' })).toEqual({
      password: 'required',
      passwordConfirm: 'required',
    })
  })

  it('applies the registration strength rules', () => {
    expect(errorsOf(newPasswordSchema, { password: 'montagne1', passwordConfirm: 'montagne1' })).toEqual({ password: 'password_weak' })
  })

  it('says when the two differ', () => {
    expect(errorsOf(newPasswordSchema, { password: 'Sentiero-2026', passwordConfirm: 'sentiero-2026' })).toEqual({
      passwordConfirm: 'passwords_differ',
    })
  })

  it('keeps the password as typed, spaces included', () => {
    expect(z.parse(newPasswordSchema, { password: ' Sentiero-2026 ', passwordConfirm: ' Sentiero-2026 ' })).toEqual({
      password: ' Sentiero-2026 ',
      passwordConfirm: ' Sentiero-2026 ',
    })
  })
})
