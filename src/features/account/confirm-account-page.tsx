import { useLingui } from '@lingui/react/macro'
import { Link } from 'wouter'
import { paths } from '../../lib/paths'
import { useSession } from '../../lib/session'
import { buttonClass } from '../../ui/button'
import { Page } from '../../ui/page'
import { Empty, Loading } from '../../ui/state'

/**
 * Where the confirmation e-mail's link lands. The app hands the link's token to the session before
 * this screen renders; the screen shows how that went.
 */
export default function ConfirmAccountPage() {
  const { t } = useLingui()
  const session = useSession()

  if (session.status === 'pending') {
    return (
      <Page title={t`Account confirmation`}>
        <Loading label={t`Confirming your account…`} />
      </Page>
    )
  }
  if (session.status === 'loggedIn') {
    return (
      <Page title={t`Account confirmed`}>
        <p>{t`Your account is confirmed and you are signed in.`}</p>
      </Page>
    )
  }
  return (
    <Page title={t`Account not confirmed`}>
      <Empty>
        <p>{t`We could not confirm your account: the link is invalid or has expired.`}</p>
        <p>{t`If you have already confirmed it, just log in. Otherwise register again to get a new link.`}</p>
        <p>
          <button type="button" className={buttonClass('primary')} onClick={() => session.promptLogin()}>
            {t`Log in`}
          </button>{' '}
          <Link href={paths.register} className={buttonClass('secondary')}>
            {t`Register`}
          </Link>
        </p>
      </Empty>
    </Page>
  )
}
