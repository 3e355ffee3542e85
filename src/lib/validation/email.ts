import * as z from 'zod/mini'

const email = z.email()

export function isEmail(value: string): boolean {
  return email.safeParse(value.trim()).success
}
