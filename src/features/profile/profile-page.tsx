import { useLingui } from '@lingui/react/macro'
import { profileCompleteness } from '../../../machines/rules/profile-completeness'
import { formatPercent } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { useAthlete } from '../../lib/athlete-queries'
import { Page } from '../../ui/page'
import { Empty } from '../../ui/state'
import styles from './profile-page.module.css'

export default function ProfilePage() {
  const { t } = useLingui()
  const { profile } = useAthlete()
  if (!profile) return null
  const { filled, total, ratio } = profileCompleteness(profile)
  const name = [profile.nome, profile.cognome].filter(Boolean).join(' ')

  return (
    <Page title={t`My profile`}>
      <section aria-labelledby="completeness" className={styles.card}>
        <h2 id="completeness">{name || profile.mail}</h2>
        <p>{profile.mail}</p>
        <label htmlFor="completeness-meter">{t`Profile completed`}</label>
        <meter id="completeness-meter" className={styles.meter} min={0} max={total} value={filled}>
          {formatPercent(activeLocale(), ratio)}
        </meter>
        <p className="tabular">
          {t`${formatPercent(activeLocale(), ratio)} complete: ${filled} of ${total} required details filled.`}
        </p>
      </section>
      <Empty>
        <p>{t`Editing your profile arrives in a coming release of the portal.`}</p>
      </Empty>
    </Page>
  )
}
