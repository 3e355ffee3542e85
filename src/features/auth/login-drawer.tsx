import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'wouter'
import { useSchemaForm } from '../../lib/forms'
import { NOTICES } from '../../lib/notices'
import { paths } from '../../lib/paths'
import { useLoginDrawer, useSession } from '../../lib/session'
import { Button } from '../../ui/button'
import { Field, FormProblems } from '../../ui/field'
import { fieldErrorMessage } from '../../ui/form-messages'
import dialog from '../../ui/dialog.module.css'
import styles from './login-drawer.module.css'
import { loginSchema } from './login-form'

const EMAIL_ERRORS = { required: msg`Enter your e-mail.` }
const PASSWORD_ERRORS = { required: msg`Enter your password.` }

export default function LoginDrawer() {
  const { t, i18n } = useLingui()
  const session = useSession()
  const { open, setOpen, authenticating, coolingDown, failure, login } = useLoginDrawer()
  const formRef = useRef<HTMLFormElement>(null)
  // An unreachable or failing service may answer the same request a moment later.
  const retryable = failure === 'network_error' || failure === 'server_error'
  // The drawer is opened from several places (header, guard, screens), not by a Radix trigger.
  const returnFocusTo = useRef<HTMLElement | null>(null)
  const [showPassword, setShowPassword] = useState(false)
  const {
    register,
    handleSubmit,
    setFocus,
    reset,
    formState: { errors, isSubmitted, isSubmitSuccessful },
  } = useSchemaForm(loginSchema, {
    defaultValues: { email: '', password: '' },
  })

  // The form outlives the dialog's content: a closed drawer forgets what was typed, the password first.
  useEffect(() => {
    if (!open) reset()
  }, [open, reset])

  const submit = handleSubmit(({ email, password }) => login(email, password))

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content
          className={styles.panel}
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
            setFocus('email')
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

          <form ref={formRef} className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
            <FormProblems count={isSubmitted && !isSubmitSuccessful ? Object.keys(errors).length : 0} />
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
              label={t`E-mail`}
              type="email"
              autoComplete="username"
              inputMode="email"
              error={fieldErrorMessage(i18n, errors.email?.message, EMAIL_ERRORS)}
              {...register('email')}
            />
            <Field
              label={t`Password`}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              error={fieldErrorMessage(i18n, errors.password?.message, PASSWORD_ERRORS)}
              addon={
                <Button variant="secondary" aria-pressed={showPassword} onClick={() => setShowPassword((shown) => !shown)}>
                  {t`Show password`}
                </Button>
              }
              {...register('password')}
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
