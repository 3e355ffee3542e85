import { useLingui } from '@lingui/react/macro'
import { Page } from './page'
import { Empty } from './state'

/** A screen whose route exists and is guarded, but whose content arrives in a later release. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useLingui()
  return (
    <Page title={title}>
      <Empty>
        <p>{t`This page is being built and will be available in a coming release of the portal.`}</p>
      </Empty>
    </Page>
  )
}
