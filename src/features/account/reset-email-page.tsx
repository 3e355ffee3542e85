import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { Link, useLocation, useParams } from 'wouter'
import type * as z from 'zod/mini'
import { toApiError, type ApiError } from '../../../contracts/api-error'
import * as auth from '../../../contracts/auth.contract'
import { apiMutation, apiQuery } from '../../lib/api-query'
import { useSchemaForm } from '../../lib/forms'
import { useAthlete } from '../../lib/athlete-queries'
import { paths } from '../../lib/paths'
import { useSession } from '../../lib/session'
import { Button, buttonClass } from '../../ui/button'
import { FormProblems } from '../../ui/field'
import { notify } from '../../ui/notifications'
import { focusScreenHeading, Page } from '../../ui/page'
import { Loading, QueryErrorState } from '../../ui/state'
import { accountFieldMessage } from './account-form'
import styles from './account.module.css'
import { newPasswordSchema } from './reset-form'
import { NewPasswordFields } from './new-password-fields'
import { isRetryable, SubmitFailure } from '../../ui/submit-failure'

type ResetUser = z.infer<typeof auth.ResetUserSchema>

/** A link that will never work: not the backend's (404), or used or expired (410). */
function isDeadLink(error: ApiError): boolean {
  return error.kind === 'http' && (error.status === 404 || error.status === 410)
}

/**
 * Where the password-reset e-mail's link lands: greets the athlete the token belongs to, takes a
 * new password and signs them in with it for 24 hours. A link that cannot work goes to 'Request
 * expired'.
 */
export default function ResetEmailPage() {
  const { t } = useLingui()
  const { token = '' } = useParams<{ token: string }>()
  const [, navigate] = useLocation()
  const lookup = useQuery({
    ...apiQuery(auth.resetLookup, { params: { token } }),
    // Read once: the token is used up by the reset, and a later refetch would call it expired.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })
  const dead = lookup.isError && isDeadLink(toApiError(lookup.error))
  useEffect(() => {
    if (dead) navigate(paths.requestExpired, { replace: true })
  }, [dead, navigate])

  if (lookup.isSuccess) return <NewPasswordForm token={token} user={lookup.data} />
  return (
    <Page title={t`Choose a new password`}>
      {lookup.isError && !dead ? (
        <QueryErrorState query={lookup} />
      ) : (
        <Loading label={t`Checking your link…`} />
      )}
    </Page>
  )
}

function NewPasswordForm({ token, user }: { token: string; user: ResetUser }) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const { profile } = useAthlete()
  const [, navigate] = useLocation()
  const {
    register,
    handleSubmit,
    control,
    getValues,
    trigger,
    formState: { errors, isSubmitted, isSubmitSuccessful },
  } = useSchemaForm(newPasswordSchema, { defaultValues: { password: '', passwordConfirm: '' } })
  const password = useWatch({ control, name: 'password' })
  /** After the reset: signing in with the new session, or someone was signed in already and stays. */
  const [outcome, setOutcome] = useState<'signingIn' | 'keptSession' | null>(null)
  const reset = useMutation(
    apiMutation(auth.resetPassword, {
      toInput: (newPassword: string) => ({ params: { token }, body: { data: { attributes: { password: newPassword } } } }),
    }),
  )

  const submit = handleSubmit((values) => {
    if (reset.isPending) return
    // Another athlete's session open in this browser is never switched silently (as for confirmation
    // links). The athlete's own has just been ended by the reset (it ends every other session): the
    // new one takes its place.
    const ownSession = session.status === 'loggedIn' && profile?.mail?.toLowerCase() === user.mail.toLowerCase()
    const signInAfter = session.status === 'loggedOut' || ownSession
    reset.mutate(values.password, {
      onSuccess: ({ access_token }) => {
        if (signInAfter) {
          notify('password_changed')
          // The session machine takes the athlete on (home, or /me to complete the profile).
          session.signIn(access_token, 'reset', { replaces: ownSession })
        }
        setOutcome(signInAfter ? 'signingIn' : 'keptSession')
      },
      onError: ({ error }) => {
        if (isDeadLink(error)) navigate(paths.requestExpired, { replace: true })
      },
    })
  })

  if (outcome === 'keptSession') return <PasswordSaved />
  if (outcome === 'signingIn') {
    return (
      <Page title={t`Choose a new password`}>
        <Loading label={t`Password saved. Logging you in…`} />
      </Page>
    )
  }

  const failure = reset.error?.error ?? null
  const name = user.nome?.trim()
  const mail = user.mail
  const message = (code: string | undefined) => accountFieldMessage(i18n, code, { password })
  return (
    <Page title={t`Choose a new password`}>
      <p className={styles.lead}>
        {name ? t`Hello ${name}, choose a new password for ${mail}.` : t`Choose a new password for ${mail}.`}
      </p>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <FormProblems count={isSubmitted && !isSubmitSuccessful ? Object.keys(errors).length : 0} />
        <NewPasswordFields
          password={{
            label: t`New password`,
            error: message(errors.password?.message),
            // A confirmation already typed is checked again against the password as it changes.
            field: register('password', { onChange: () => void (getValues('passwordConfirm') && trigger('passwordConfirm')) }),
          }}
          confirm={{ label: t`Confirm new password`, error: message(errors.passwordConfirm?.message), field: register('passwordConfirm') }}
        />
        {failure && !isDeadLink(failure) ? (
          <SubmitFailure
            error={failure}
            code={isRetryable(failure) ? undefined : 'cannot_confirm_account'}
            onRetry={() => void submit()}
          />
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" aria-busy={reset.isPending}>
            {reset.isPending ? t`Saving…` : t`Save my new password`}
          </Button>
        </div>
      </form>
    </Page>
  )
}

function PasswordSaved() {
  const { t } = useLingui()
  useEffect(focusScreenHeading, [])
  return (
    <Page title={t`Password saved`}>
      <div className={styles.done}>
        <p>{t`The new password is saved. Someone was already logged in on this browser, so that session continues: the new password works the next time you log in.`}</p>
        <p>
          <Link href={paths.home} className={buttonClass('secondary')}>
            {t`Go to the race list`}
          </Link>
        </p>
      </div>
    </Page>
  )
}
