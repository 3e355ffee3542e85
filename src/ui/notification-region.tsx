import { useLingui } from '@lingui/react/macro'
import { useAddressedSex } from '../lib/athlete-queries'
import { NOTICES } from '../lib/notices'
import styles from './notification-region.module.css'
import { dismissNotice, useNotices } from './notifications'

/**
 * The page's one polite live region. It is always in the document, so screen readers announce
 * what is added to it.
 */
export function NotificationRegion() {
  const { t, i18n } = useLingui()
  const notices = useNotices()
  const sex = useAddressedSex()
  return (
    <section aria-label={t`Notifications`} className={`${styles.region} no-print`}>
      <div role="status" aria-live="polite">
        {notices.map(({ id, code }) => {
          const { tone, message } = NOTICES[code]
          return (
            <div key={id} className={`${styles.notice} ${styles[tone]}`} data-notice={code}>
              <p className={styles.text}>{i18n._(message.id, { sex }, { message: message.message })}</p>
              <button type="button" className={styles.close} onClick={() => dismissNotice(id)} aria-label={t`Dismiss`}>
                ×
              </button>
            </div>
          )
        })}
      </div>
    </section>
  )
}
