import * as z from 'zod/mini'

/** An e-mail address, trimmed: 'required' when empty, else 'invalid_email' when it is not one. */
export const emailField = z.string().check(z.trim(), z.minLength(1, 'required'), z.email({ error: 'invalid_email' }))
