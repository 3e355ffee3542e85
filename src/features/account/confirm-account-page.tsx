import { useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link } from 'wouter'
import * as account from '../../../contracts/account.contract'
import type { ApiError } from '../../../contracts/api-error'
import { apiMutation } from '../../lib/api-query'
import { useAthlete } from '../../lib/athlete-queries'
import { paths } from '../../lib/paths'
import { useLoginDrawer, useSession } from '../../lib/session'
import { Button, buttonClass } from '../../ui/button'
import { notify } from '../../ui/notifications'
import { Page } from '../../ui/page'
import { Empty, ErrorState, Loading } from '../../ui/state'

/** A link that cannot work any more, as opposed to a server that could not be reached. */
function isDeadLink(error: ApiError<typeof account.confirm>): boolean {
  return error.kind === 'unauthorized' || (error.kind === 'http' && error.code !== null)
}

/**
 * Where the confirmation e-mail's link lands. The page confirms the account itself, then signs the
 * athlete in with the link's token (24 h) unless someone is already signed in in this browser: that
 * session is left alone, and the page says which account was confirmed.
 */
export default function ConfirmAccountPage() {
  const { t } = useLingui()
  const session = useSession()
  const { profile } = useAthlete()
  const link = session.confirmationLink
  const confirm = useMutation(apiMutation(account.confirm))
  const started = useRef(false)

  const run = () => {
    if (!link) return
    const signInAfter = session.status === 'loggedOut'
    confirm.mutate(
      { query: { contact_id: link.contactId }, token: link.token },
      {
        onSuccess: () => {
          notify('account_confirmed')
          if (signInAfter) session.signIn(link.token, 'confirmation')
        },
      },
    )
  }

  // Once per page: the link's token is single-use. Wait until a stored session is known.
  useEffect(() => {
    if (started.current || session.status === 'pending') return
    started.current = true
    run()
  })

  if (!link || (confirm.isError && isDeadLink(confirm.error.error))) return <DeadLink />
  if (confirm.isError) {
    return (
      <Page title={t`Account confirmation`}>
        <ErrorState message={t`We could not reach the server to confirm your account.`} onRetry={run} />
      </Page>
    )
  }
  if (!confirm.isSuccess) {
    return (
      <Page title={t`Account confirmation`}>
        <Loading label={t`Confirming your account…`} />
      </Page>
    )
  }
  if (session.status === 'loggedIn' && profile && profile.id !== link.contactId) {
    const who = [profile.nome, profile.cognome].filter(Boolean).join(' ') || profile.mail
    return (
      <Page title={t`Account confirmed`}>
        <p>{t`The account for this link is confirmed. You are still logged in as ${who}: log out, then log in with the account you have just confirmed.`}</p>
        <p>
          <Button onClick={session.logout}>{t`Log out`}</Button>
        </p>
      </Page>
    )
  }
  return (
    <Page title={t`Account confirmed`}>
      <p>{t`Your account is confirmed and you are logged in.`}</p>
    </Page>
  )
}

function DeadLink() {
  const { t } = useLingui()
  const drawer = useLoginDrawer()
  return (
    <Page title={t`Account not confirmed`}>
      <Empty>
        <p>{t`We could not confirm your account: the link is invalid or has expired.`}</p>
        <p>{t`If you have already confirmed it, just log in. Otherwise register again to get a new link.`}</p>
        <p>
          <Button onClick={() => drawer.setOpen(true)}>{t`Log in`}</Button>{' '}
          <Link href={paths.register} className={buttonClass('secondary')}>
            {t`Register`}
          </Link>
        </p>
      </Empty>
    </Page>
  )
}
