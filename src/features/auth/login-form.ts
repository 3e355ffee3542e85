import { isEmail } from '../../lib/validation/email'

export type LoginFieldError = 'required' | 'invalid_email'

export interface LoginErrors {
  email?: LoginFieldError
  password?: LoginFieldError
}

export function validateLogin(values: { email: string; password: string }): LoginErrors {
  const errors: LoginErrors = {}
  if (!values.email.trim()) errors.email = 'required'
  else if (!isEmail(values.email)) errors.email = 'invalid_email'
  if (!values.password) errors.password = 'required'
  return errors
}
