import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useWatch } from 'react-hook-form'
import { Link } from 'wouter'
import * as account from '../../../contracts/account.contract'
import { LOCALES } from '../../../contracts/locale'
import { apiMutation } from '../../lib/api-query'
import { useSchemaForm } from '../../lib/forms'
import { activeLocale, LOCALE_NAMES } from '../../lib/i18n'
import { NOTICES } from '../../lib/notices'
import { paths, PRIVACY_POLICY_URL } from '../../lib/paths'
import { useLoginDrawer, useSession } from '../../lib/session'
import { Button, buttonClass } from '../../ui/button'
import { CheckboxField, Field, FormProblems, SelectField } from '../../ui/field'
import { focusScreenHeading, Page } from '../../ui/page'
import { accountFieldMessage } from './account-form'
import styles from './account.module.css'
import { emptyRegistration, NAME_MIN_LENGTH, registerSchema, toNewUser, type RegisterValues } from './register-form'
import { NewPasswordFields } from './new-password-fields'
import { SubmitFailure } from '../../ui/submit-failure'

const NAME_ERRORS = { too_short: msg`Enter at least ${NAME_MIN_LENGTH} characters.` }
const MAIL_ERRORS = { user_exists: NOTICES.user_exists.message }

/** Registration (issue 9): the account first; the rest of the profile is completed on /me. */
export default function RegisterPage() {
  const { status } = useSession()
  // Not while a sign-in is pending: a failed login from this page must find the form as it was.
  return status === 'loggedIn' ? <AlreadyRegistered /> : <RegisterForm />
}

function RegisterForm() {
  const { t, i18n } = useLingui()
  const drawer = useLoginDrawer()
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setError,
    trigger,
    formState: { errors, isSubmitted, isSubmitSuccessful },
  } = useSchemaForm(registerSchema, { defaultValues: emptyRegistration(activeLocale()) })
  const password = useWatch({ control, name: 'password' })
  const registration = useMutation(
    apiMutation(account.register, { toInput: (values: RegisterValues) => ({ body: toNewUser(values) }) }),
  )

  const submit = handleSubmit((values) => {
    if (registration.isPending) return
    registration.mutate(values, {
      onError: ({ error }) => {
        if (error.kind === 'http' && error.code === 'user_exists') {
          setError('mail', { type: 'server', message: 'user_exists' }, { shouldFocus: true })
        }
      },
    })
  })

  if (registration.isSuccess) return <Registered mail={registration.variables.mail} />

  const failure = registration.error?.error ?? null
  const exists = errors.mail?.message === 'user_exists'
  const message = (code: string | undefined, extra = {}) => accountFieldMessage(i18n, code, { password, extra })
  const pending = registration.isPending

  return (
    <Page title={t`Create your account`}>
      <p className={styles.lead}>
        {t`An account lets you enrol in races and keep your medical certificate in one place. After confirming your e-mail you complete your profile.`}
      </p>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <FormProblems count={isSubmitted && !isSubmitSuccessful ? Object.keys(errors).length : 0} />
        <div className={styles.pair}>
          <Field
            label={t`First name`}
            autoComplete="given-name"
            error={message(errors.nome?.message, NAME_ERRORS)}
            {...register('nome')}
          />
          <Field
            label={t`Last name`}
            autoComplete="family-name"
            error={message(errors.cognome?.message, NAME_ERRORS)}
            {...register('cognome')}
          />
        </div>
        <Field
          label={t`E-mail`}
          type="email"
          autoComplete="email"
          error={message(errors.mail?.message, MAIL_ERRORS)}
          {...register('mail')}
        />
        {exists ? (
          <p className={styles.remedies}>
            <Link href={paths.resetPassword} state={{ mail: registration.variables?.mail }}>
              {t`Recover your account`}
            </Link>
            <Button variant="secondary" onClick={() => drawer.setOpen(true)}>
              {t`Log in`}
            </Button>
          </p>
        ) : null}
        <NewPasswordFields
          password={{
            label: t`Password`,
            error: message(errors.password?.message),
            // A confirmation already typed is checked again against the password as it changes.
            field: register('password', { onChange: () => void (getValues('passwordConfirm') && trigger('passwordConfirm')) }),
          }}
          confirm={{ label: t`Confirm password`, error: message(errors.passwordConfirm?.message), field: register('passwordConfirm') }}
        />
        <SelectField label={t`Preferred language for communications`} {...register('lingua')}>
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LOCALE_NAMES[code]}
            </option>
          ))}
        </SelectField>
        <CheckboxField label={t`Send me the newsletter: race news and registration openings.`} {...register('newsletter')} />
        <CheckboxField
          label={
            <Trans>
              I have read and accept the{' '}
              <a href={PRIVACY_POLICY_URL} target="_blank" rel="noopener noreferrer">
                privacy policy (opens in a new tab)
              </a>
              .
            </Trans>
          }
          error={message(errors.privacy_policy?.message)}
          {...register('privacy_policy')}
        />
        {failure && !exists ? (
          <SubmitFailure
            error={failure}
            code={failure.kind === 'http' && failure.code === 'registration_failed' ? 'registration_failed' : undefined}
            onRetry={() => void submit()}
          />
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" aria-busy={pending}>
            {pending ? t`Creating your account…` : t`Create my account`}
          </Button>
          <Button variant="quiet" onClick={() => drawer.setOpen(true)}>
            {t`Already registered? Log in`}
          </Button>
        </div>
      </form>
    </Page>
  )
}

function Registered({ mail }: { mail: string }) {
  const { t } = useLingui()
  // The form the athlete was in is gone: start them from what happened.
  useEffect(focusScreenHeading, [])
  return (
    <Page title={t`Registration successful`}>
      <div className={styles.done}>
        <p>
          <Trans>
            Check your e-mail: we have sent a confirmation link to <span className={styles.address}>{mail}</span>.
          </Trans>
        </p>
        <p>{t`Open the link to confirm your account; you are then logged in and can complete your profile. The e-mail may take a few minutes: look in the spam folder too.`}</p>
        <p>
          <Link href={paths.home} className={buttonClass('secondary')}>
            {t`Go to the race list`}
          </Link>
        </p>
      </div>
    </Page>
  )
}

function AlreadyRegistered() {
  const { t } = useLingui()
  return (
    <Page title={t`You already have an account`}>
      <p>{t`You are logged in, so there is no need to register again.`}</p>
      <p>
        <Link href={paths.me} className={buttonClass()}>
          {t`Go to my profile`}
        </Link>
      </p>
    </Page>
  )
}
