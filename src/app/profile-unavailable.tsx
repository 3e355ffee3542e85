import { useLingui } from '@lingui/react/macro'
import { NOTICES } from '../lib/notices'
import type { ProfileUnavailableView } from '../lib/session'
import { Page } from '../ui/page'
import { ErrorState } from '../ui/state'

/**
 * The athlete is signed in but their profile cannot be read for now (decision 061): why, and a way
 * to read it again at once. In place of a page that needs the profile (`asPage`), else above the
 * page, which goes on as it can.
 */
export function ProfileUnavailable({ view, asPage = false }: { view: ProfileUnavailableView; asPage?: boolean }) {
  const { t, i18n } = useLingui()
  const state = <ErrorState message={i18n._(NOTICES[view.failure].message)} onRetry={view.retry} />
  return asPage ? <Page title={t`Your profile cannot be loaded right now`}>{state}</Page> : state
}
