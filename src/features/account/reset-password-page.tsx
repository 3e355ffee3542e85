import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import * as auth from '../../../contracts/auth.contract'
import { apiMutation } from '../../lib/api-query'
import { useSchemaForm } from '../../lib/forms'
import { NOTICES } from '../../lib/notices'
import { paths } from '../../lib/paths'
import { Button, buttonClass } from '../../ui/button'
import { Field, FormProblems } from '../../ui/field'
import { focusScreenHeading, Page } from '../../ui/page'
import { accountFieldMessage } from './account-form'
import styles from './account.module.css'
import { recoverSchema, type RecoverValues } from './reset-form'
import { SubmitFailure } from '../../ui/submit-failure'

const MAIL_ERRORS = { unknown_mail: NOTICES.unknown_mail.message }

/**
 * The e-mail to prefill: the registration form passes it in the history entry's state; old e-mails
 * link here with `?mail=`.
 */
function mailToPrefill(search: string): string {
  const passed = (window.history.state as { mail?: unknown } | null)?.mail
  if (typeof passed === 'string') return passed
  return new URLSearchParams(search).get('mail') ?? ''
}

/** Account recovery: a reset link is e-mailed to the address typed here. */
export default function ResetPasswordPage() {
  const { t, i18n } = useLingui()
  const search = useSearch()
  const [, navigate] = useLocation()
  const [prefill] = useState(() => mailToPrefill(search))
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitted, isSubmitSuccessful },
  } = useSchemaForm(recoverSchema, { defaultValues: { mail: prefill } })
  const forgot = useMutation(apiMutation(auth.forgot, { toInput: (values: RecoverValues) => ({ query: values }) }))

  // An e-mail address is personal data: it does not stay in the address bar, history or bookmarks.
  const hasMailInAddress = new URLSearchParams(search).has('mail')
  useEffect(() => {
    if (hasMailInAddress) navigate(paths.resetPassword, { replace: true })
  }, [hasMailInAddress, navigate])

  const submit = handleSubmit((values) => {
    if (forgot.isPending) return
    forgot.mutate(values, {
      onError: ({ error }) => {
        if (error.kind === 'http' && error.code === 'unknown_mail') {
          setError('mail', { type: 'server', message: 'unknown_mail' }, { shouldFocus: true })
        }
      },
    })
  })

  if (forgot.isSuccess) return <LinkSent mail={forgot.variables.mail} />

  const failure = forgot.error?.error ?? null
  const unknown = errors.mail?.message === 'unknown_mail'
  return (
    <Page title={t`Recover your account`}>
      <p className={styles.lead}>
        {t`Type the e-mail you registered with: we will send you a link to choose a new password.`}
      </p>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <FormProblems count={isSubmitted && !isSubmitSuccessful ? Object.keys(errors).length : 0} />
        <Field
          label={t`E-mail`}
          type="email"
          autoComplete="email"
          error={accountFieldMessage(i18n, errors.mail?.message, { extra: MAIL_ERRORS })}
          {...register('mail')}
        />
        {unknown ? (
          <p className={styles.remedies}>
            <Link href={paths.register}>{t`Create an account`}</Link>
          </p>
        ) : null}
        {failure && !unknown ? <SubmitFailure error={failure} onRetry={() => void submit()} /> : null}
        <div className={styles.actions}>
          <Button type="submit" aria-busy={forgot.isPending}>
            {forgot.isPending ? t`Sending the link…` : t`Send me the link`}
          </Button>
        </div>
      </form>
    </Page>
  )
}

function LinkSent({ mail }: { mail: string }) {
  const { t, i18n } = useLingui()
  useEffect(focusScreenHeading, [])
  return (
    <Page title={t`Check your inbox`}>
      <div className={styles.done}>
        <p>{i18n._(NOTICES.email_sent.message)}</p>
        <p>
          <Trans>
            We have sent the link to choose a new password to <span className={styles.address}>{mail}</span>.
          </Trans>
        </p>
        <p>{t`It works once and for a limited time. The e-mail may take a few minutes: look in the spam folder too.`}</p>
        <p>
          <Link href={paths.home} className={buttonClass('secondary')}>
            {t`Go to the race list`}
          </Link>
        </p>
      </div>
    </Page>
  )
}
