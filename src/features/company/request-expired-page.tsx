import { useLingui } from '@lingui/react/macro'
import { Link } from 'wouter'
import { paths } from '../../lib/paths'
import { buttonClass } from '../../ui/button'
import { Page } from '../../ui/page'
import styles from './company.module.css'

/** Where an expired or already used e-mailed link lands: say what happened and what to do now. */
export default function RequestExpiredPage() {
  const { t } = useLingui()
  return (
    <Page title={t`Request expired`} lead={t`This link has expired or has already been used. Links sent by e-mail work once, for a limited time.`}>
      <div className={styles.story}>
        <h2>{t`What you can do`}</h2>
        <ul className={styles.steps}>
          <li>{t`To set a new password, ask for a new link: it reaches your inbox in a few minutes.`}</li>
          <li>{t`To confirm a new account or pay by a link from the organiser, write to the athlete desk: we will send you a new link.`}</li>
        </ul>
        <p className={styles.links}>
          <Link href={paths.resetPassword} className={buttonClass('primary')}>
            {t`Ask for a new link`}
          </Link>
          <Link href={paths.home} className={buttonClass('secondary')}>
            {t`Go to the race list`}
          </Link>
          <Link href={paths.contacts}>{t`Contact the athlete desk`}</Link>
        </p>
      </div>
    </Page>
  )
}
