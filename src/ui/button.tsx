import type { ButtonHTMLAttributes } from 'react'
import styles from './button.module.css'

type Variant = 'primary' | 'secondary' | 'quiet'

export function buttonClass(variant: Variant = 'primary'): string {
  return `${styles.button} ${styles[variant]}`
}

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={`${buttonClass(variant)} ${className ?? ''}`} {...props} />
}
