import { Plural } from '@lingui/react/macro'
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react'
import styles from './field.module.css'

interface Described {
  label: string
  error?: string | null
  /** Help shown under the field and read with it (a format, a rule). */
  hint?: ReactNode
}

function describedBy(id: string, error: string | null | undefined, hint: ReactNode): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
}

function Notes({ id, error, hint }: { id: string; error?: string | null; hint?: ReactNode }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </>
  )
}

interface FieldProps extends Described, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** Something beside the input, such as a show-password toggle. */
  addon?: ReactNode
  ref?: Ref<HTMLInputElement>
  /** An id of the page's own, for links that focus the field (the profile's missing details). */
  id?: string
}

/** A labelled input whose error and hint are tied to it, so assistive technology reads them. */
export function Field({ label, error, hint, addon, ref, id: givenId, ...input }: FieldProps) {
  const generated = useId()
  const id = givenId ?? generated
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
          aria-describedby={describedBy(id, error, hint)}
          {...input}
        />
        {addon}
      </div>
      <Notes id={id} error={error} hint={hint} />
    </div>
  )
}

interface SelectFieldProps extends Described, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  ref?: Ref<HTMLSelectElement>
  id?: string
  children: ReactNode
}

export function SelectField({ label, error, hint, ref, id: givenId, children, ...select }: SelectFieldProps) {
  const generated = useId()
  const id = givenId ?? generated
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        ref={ref}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...select}
      >
        {children}
      </select>
      <Notes id={id} error={error} hint={hint} />
    </div>
  )
}

interface CheckboxFieldProps extends Omit<Described, 'label'>, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  /** The box's label: may hold a link (the privacy policy). */
  label: ReactNode
  ref?: Ref<HTMLInputElement>
  id?: string
}

export function CheckboxField({ label, error, hint, ref, id: givenId, ...input }: CheckboxFieldProps) {
  const generated = useId()
  const id = givenId ?? generated
  return (
    <div className={styles.field}>
      <div className={styles.check}>
        <input
          id={id}
          ref={ref}
          type="checkbox"
          className={styles.box}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          {...input}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <Notes id={id} error={error} hint={hint} />
    </div>
  )
}

/**
 * After a submit that found problems: says how many, once, for screen readers and sighted athletes
 * alike, while focus goes to the first field to mend.
 */
export function FormProblems({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <p role="alert" className={styles.problems}>
      <Plural
        value={count}
        one="There are unfilled or invalid fields: # field needs your attention."
        other="There are unfilled or invalid fields: # fields need your attention."
      />
    </p>
  )
}
