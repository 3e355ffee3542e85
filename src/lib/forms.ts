import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form'
import type { $ZodType } from 'zod/v4/core'

/**
 * Every form of the portal (decision 018): react-hook-form driven by a zod schema whose messages are
 * codes (`'required'`, `'invalid_email'`, ...) that `fieldErrorMessage` turns into words. A field is
 * checked when it loses focus, then again on every change once it has an error; submitting checks
 * all of them and focuses the first invalid one.
 */
export function useSchemaForm<Values extends FieldValues>(
  schema: $ZodType<Values, Values>,
  options: Omit<UseFormProps<Values>, 'resolver'> = {},
) {
  return useForm<Values>({
    mode: 'onTouched',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
    resolver: zodResolver(schema),
  })
}
