import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { MAX_GRANT_PASSWORD_LENGTH } from '../../../contracts/auth.contract'
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from '../../../contracts/common'
import { loginSchema } from './login-form'

/** The first code each field gets, as the form shows it. */
function errorsOf(values: unknown): Record<string, string> {
  const result = z.safeParse(loginSchema, values)
  const errors: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message
  return errors
}

describe('login form', () => {
  it('asks for both fields when empty', () => {
    expect(errorsOf({ email: ' ', password: '' })).toEqual({ email: 'required', password: 'required' })
  })

  it('rejects an e-mail without a domain', () => {
    expect(errorsOf({ email: 'marco@', password: 'x' })).toEqual({ email: 'invalid_email' })
  })

  it(`says an e-mail over MAX_EMAIL_LENGTH (${String(MAX_EMAIL_LENGTH)}) characters is too long`, () => {
    const mail = (length: number) => `${'a'.repeat(length - '@pettorale.test'.length)}@pettorale.test`
    expect(mail(MAX_EMAIL_LENGTH)).toHaveLength(MAX_EMAIL_LENGTH)
    expect(errorsOf({ email: mail(MAX_EMAIL_LENGTH), password: 'x' })).toEqual({})
    expect(errorsOf({ email: mail(MAX_EMAIL_LENGTH + 1), password: 'x' })).toEqual({ email: `too_long:${String(MAX_EMAIL_LENGTH)}` })
    // Counted once trimmed, as it is sent.
    expect(errorsOf({ email: `  ${mail(MAX_EMAIL_LENGTH)}  `, password: 'x' })).toEqual({})
  })

  it(`says a password over MAX_GRANT_PASSWORD_LENGTH (${String(MAX_GRANT_PASSWORD_LENGTH)}) characters is too long`, () => {
    expect(errorsOf({ email: 'completo@pettorale.test', password: 'p'.repeat(MAX_GRANT_PASSWORD_LENGTH) })).toEqual({})
    expect(errorsOf({ email: 'completo@pettorale.test', password: 'p'.repeat(MAX_GRANT_PASSWORD_LENGTH + 1) })).toEqual({
      password: `too_long:${String(MAX_GRANT_PASSWORD_LENGTH)}`,
    })
  })

  it('lets through a password longer than a new one may be (set under an older rule): the grant takes it', () => {
    expect(MAX_GRANT_PASSWORD_LENGTH).toBeGreaterThan(MAX_PASSWORD_LENGTH)
    expect(errorsOf({ email: 'completo@pettorale.test', password: 'p'.repeat(MAX_PASSWORD_LENGTH + 1) })).toEqual({})
  })

  it('accepts an e-mail with spaces around it, and sends it trimmed', () => {
    expect(z.parse(loginSchema, { email: ' completo@pettorale.test ', password: ' x ' })).toEqual({
      email: 'completo@pettorale.test',
      password: ' x ',
    })
  })
})
