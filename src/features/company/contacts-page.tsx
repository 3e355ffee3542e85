import { useLingui } from '@lingui/react/macro'
import { ORGANISER } from '../../lib/organiser'
import { Page } from '../../ui/page'
import styles from './company.module.css'

export default function ContactsPage() {
  const { t } = useLingui()
  return (
    <Page title={t`Contacts`} lead={t`Questions about a race, your enrolment or a payment? Write or call us.`}>
      <dl className={styles.contacts}>
        <div>
          <dt>{t`Athlete desk`}</dt>
          <dd>
            <a href={`mailto:${ORGANISER.mail}`}>{ORGANISER.mail}</a>
          </dd>
        </div>
        <div>
          <dt>{t`Phone`}</dt>
          <dd>
            <a href={ORGANISER.phoneHref} className="tabular">
              {ORGANISER.phone}
            </a>
          </dd>
        </div>
        <div>
          <dt>{t`Opening hours`}</dt>
          <dd>{t`Monday to Friday, 9:00–13:00 and 14:00–18:00 (Rome time)`}</dd>
        </div>
        <div>
          <dt>{t`Address`}</dt>
          <dd>
            <address>{ORGANISER.address.join(', ')}</address>
          </dd>
        </div>
      </dl>
    </Page>
  )
}
