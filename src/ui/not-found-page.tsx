import { useLingui } from '@lingui/react/macro'
import { Link } from 'wouter'
import { paths } from '../lib/paths'
import { Page } from './page'

export function NotFoundPage() {
  const { t } = useLingui()
  return (
    <Page title={t`Page not found`} lead={t`The address may be mistyped, or the page has moved.`}>
      <p>
        <Link href={paths.home}>{t`Go to the race list`}</Link>
      </p>
    </Page>
  )
}
