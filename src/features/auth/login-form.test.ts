import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
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

  it('accepts an e-mail with spaces around it, and sends it trimmed', () => {
    expect(z.parse(loginSchema, { email: ' completo@pettorale.test ', password: ' x ' })).toEqual({
      email: 'completo@pettorale.test',
      password: ' x ',
    })
  })
})
