import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form'
import type { $ZodType } from 'zod/v4/core'

/**
 * Every form of the portal (decision 018): react-hook-form driven by a zod schema whose messages are
 * codes (`'required'`, `'invalid_email'`, ...) that `fieldErrorMessage` turns into words. Submitting
 * checks every field and focuses the first invalid one; from then on each field is checked again as
 * it changes. Not on leaving a field: a message appearing between pointer down and up on the button
 * or link the athlete is heading for moves it from under the pointer, and the click is lost.
 */
export function useSchemaForm<Values extends FieldValues>(
  schema: $ZodType<Values, Values>,
  options: Omit<UseFormProps<Values>, 'resolver'> = {},
) {
  return useForm<Values>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
    resolver: zodResolver(schema),
  })
}
