import { useLingui } from '@lingui/react/macro'
import * as Dialog from '@radix-ui/react-dialog'
import { useRef, useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { NOTICES } from '../../lib/notices'
import { paths } from '../../lib/paths'
import { useLoginDrawer, useSession } from '../../lib/session'
import { Button } from '../../ui/button'
import { Field } from '../../ui/field'
import styles from './login-drawer.module.css'
import { validateLogin, type LoginErrors, type LoginFieldError } from './login-form'

export default function LoginDrawer() {
  const { t, i18n } = useLingui()
  const session = useSession()
  const { open, setOpen, authenticating, coolingDown, failure, login } = useLoginDrawer()
  const formRef = useRef<HTMLFormElement>(null)
  // An unreachable or failing service may answer the same request a moment later.
  const retryable = failure === 'network_error' || failure === 'server_error'
  const emailRef = useRef<HTMLInputElement>(null)
  const passwordRef = useRef<HTMLInputElement>(null)
  // The drawer is opened from several places (header, guard, screens), not by a Radix trigger.
  const returnFocusTo = useRef<HTMLElement | null>(null)
  const [errors, setErrors] = useState<LoginErrors>({})
  const [showPassword, setShowPassword] = useState(false)

  const fieldMessage = (error: LoginFieldError | undefined, field: 'email' | 'password') => {
    if (error === 'invalid_email') return t`Enter a valid e-mail address, like name@example.com.`
    if (error === 'required') return field === 'email' ? t`Enter your e-mail.` : t`Enter your password.`
    return null
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const values = { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') }
    const found = validateLogin(values)
    setErrors(found)
    if (found.email) return emailRef.current?.focus()
    if (found.password) return passwordRef.current?.focus()
    login(values.email.trim(), values.password)
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.panel}
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
            emailRef.current?.focus()
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            const target = returnFocusTo.current?.isConnected ? returnFocusTo.current : null
            ;(target ?? document.querySelector<HTMLElement>('main h1'))?.focus()
          }}
        >
          <div className={styles.header}>
            <Dialog.Title className={styles.title}>{t`Log in`}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="quiet" aria-label={t`Close`}>
                ×
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className={styles.description}>
            {t`Log in to enrol in races, upload your medical certificate and see your transactions.`}
          </Dialog.Description>

          <form ref={formRef} className={styles.form} noValidate onSubmit={submit}>
            {failure && !authenticating ? (
              <div role="alert" className={styles.alert}>
                <p>{i18n._(NOTICES[failure].message)}</p>
                {retryable ? (
                  <Button variant="secondary" onClick={() => formRef.current?.requestSubmit()}>
                    {t`Try again`}
                  </Button>
                ) : null}
              </div>
            ) : null}
            <Field
              ref={emailRef}
              label={t`E-mail`}
              name="email"
              type="email"
              autoComplete="username"
              inputMode="email"
              error={fieldMessage(errors.email, 'email')}
            />
            <Field
              ref={passwordRef}
              label={t`Password`}
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              error={fieldMessage(errors.password, 'password')}
              addon={
                <Button variant="secondary" aria-pressed={showPassword} onClick={() => setShowPassword((shown) => !shown)}>
                  {t`Show password`}
                </Button>
              }
            />
            <Button type="submit" aria-busy={authenticating} disabled={coolingDown}>
              {authenticating ? t`Logging in…` : t`Log in`}
            </Button>
          </form>

          <p className={styles.divider}>{t`or`}</p>
          <Button variant="secondary" onClick={() => void session.signInWith('google')}>
            {t`Continue with Google`}
          </Button>

          <ul className={styles.links}>
            <li>
              <Link href={paths.resetPassword} onClick={() => setOpen(false)}>
                {t`Forgot your password?`}
              </Link>
            </li>
            <li>
              <Link href={paths.register} onClick={() => setOpen(false)}>
                {t`New here? Create an account`}
              </Link>
            </li>
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
