import { useLingui } from '@lingui/react/macro'
import { Page } from '../../ui/page'

export default function CompanyPage() {
  const { t } = useLingui()
  return (
    <Page title={t`About us`}>
      <p>
        {t`We are a non-profit outdoor sports company. For more than 18 years we have organised trail races in the mountains of the Aosta Valley, from entry-level experience races to the 330 km flagship.`}
      </p>
      <p>
        {t`Our races are run by volunteers, with the support of the local mountain communities, rescue services and refuges.`}
      </p>
    </Page>
  )
}
