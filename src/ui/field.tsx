import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'
import styles from './field.module.css'

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  error?: string | null
  /** Something beside the input, such as a show-password toggle. */
  addon?: ReactNode
  ref?: Ref<HTMLInputElement>
}

/** A labelled input whose error is tied to it, so assistive technology reads both. */
export function Field({ label, error, addon, ref, ...input }: FieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          id={id}
          ref={ref}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {addon}
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
