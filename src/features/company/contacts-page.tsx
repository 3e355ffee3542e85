import { useLingui } from '@lingui/react/macro'
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
            <a href="mailto:atleti@pettorale.example">atleti@pettorale.example</a>
          </dd>
        </div>
        <div>
          <dt>{t`Phone`}</dt>
          <dd>
            <a href="tel:+390165000000" className="tabular">
              +39 0165 000 000
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
            <address>Via dei Larici 1, 11100 Aosta, Italia</address>
          </dd>
        </div>
      </dl>
    </Page>
  )
}
