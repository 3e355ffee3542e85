import { describe, expect, it } from 'vitest'
import { validateLogin } from './login-form'

describe('login form', () => {
  it('asks for both fields when empty', () => {
    expect(validateLogin({ email: ' ', password: '' })).toEqual({ email: 'required', password: 'required' })
  })

  it('rejects an e-mail without a domain', () => {
    expect(validateLogin({ email: 'marco@', password: 'x' })).toEqual({ email: 'invalid_email' })
  })

  it('accepts an e-mail with spaces around it', () => {
    expect(validateLogin({ email: ' completo@pettorale.test ', password: 'x' })).toEqual({})
  })
})
