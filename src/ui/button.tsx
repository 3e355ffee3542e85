import type { ButtonHTMLAttributes } from 'react'
import styles from './button.module.css'

/** `danger`: an action that cannot be undone (withdrawing, deferring, declining a place). */
type Variant = 'primary' | 'secondary' | 'quiet' | 'danger'

export function buttonClass(variant: Variant = 'primary'): string {
  return `${styles.button} ${styles[variant]}`
}

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  // Tests read the variant here, not through the CSS module's generated class names.
  return <button type={type} className={`${buttonClass(variant)} ${className ?? ''}`} data-variant={variant} {...props} />
}
