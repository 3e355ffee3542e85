import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Profile } from '../../../contracts/athlete.contract'
import { countryName } from '../../lib/country'
import { formatDate } from '../../lib/format'
import { activeLocale, LOCALE_NAMES } from '../../lib/i18n'
import type { PhoneRules } from '../../lib/validation/phone'
import type { ProfileFormField } from './profile-form'
import { PROFILE_FIELD_LABELS, PROFILE_GROUPS, PUBLIC_NAME_DEFAULT, PUBLIC_NAME_LABELS, SEX_LABELS } from './profile-messages'
import styles from './profile-page.module.css'

/** The profile, read: every detail in its group, those not given said so. */
export function ProfileView({ profile, phones }: { profile: Profile; phones: PhoneRules | undefined }) {
  const { t, i18n } = useLingui()
  const locale = activeLocale()

  const shown = (field: ProfileFormField): ReactNode => {
    const value = profile[field]
    if (field === 'newsletter') return value ? t`Subscribed` : t`Not subscribed`
    if (field === 'privacy_policy') return value ? t`Accepted` : t`Not accepted`
    if (field === 'visibilita') return <PublicNameShown choice={profile.visibilita ?? null} />
    if (value === null || value === undefined || value === '') return <span className={styles.unset}>{t`Not given`}</span>
    switch (field) {
      case 'sesso':
        return i18n._(SEX_LABELS[profile.sesso!])
      case 'data_nascita':
        return formatDate(locale, String(value))
      case 'nazione_nascita':
      case 'nazionalita':
      case 'paese':
        return countryName(locale, String(value))
      case 'telefono':
      case 'telefono_emergenze':
        return phones ? phones.format(String(value)) : String(value)
      case 'lingua':
        return <span lang={profile.lingua!}>{LOCALE_NAMES[profile.lingua!]}</span>
      default:
        return String(value)
    }
  }

  return (
    <div className={styles.groups}>
      {PROFILE_GROUPS.map((group) => (
        <section key={group.key} aria-labelledby={`profile-group-${group.key}`} className={styles.group}>
          <h2 id={`profile-group-${group.key}`}>{i18n._(group.title)}</h2>
          <dl className={styles.details}>
            {group.fields.map((field) => (
              <div key={field}>
                <dt>{i18n._(PROFILE_FIELD_LABELS[field])}</dt>
                <dd>{shown(field)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <AccountDetails profile={profile} />
    </div>
  )
}

/** The way the athlete appears on public lists, with what the lists then show. */
function PublicNameShown({ choice }: { choice: Profile['visibilita'] }) {
  const { t, i18n } = useLingui()
  if (!choice) {
    return (
      <>
        <span className={styles.unset}>{t`Not chosen yet`}</span>
        <span className={styles.choiceDetail}>{i18n._(PUBLIC_NAME_DEFAULT)}</span>
      </>
    )
  }
  return (
    <>
      {i18n._(PUBLIC_NAME_LABELS[choice].label)}
      <span className={styles.choiceDetail}>{i18n._(PUBLIC_NAME_LABELS[choice].detail)}</span>
    </>
  )
}

/** What belongs to the account, not to the form: shown in both modes, never editable. */
export function AccountDetails({ profile }: { profile: Profile }) {
  const { t } = useLingui()
  return (
    <section aria-labelledby="profile-group-account" className={styles.group}>
      <h2 id="profile-group-account">{t`Account`}</h2>
      <p className={styles.note}>{t`These details belong to your account and cannot be changed here.`}</p>
      <dl className={styles.details}>
        <div>
          <dt>{t`E-mail`}</dt>
          <dd>{profile.mail}</dd>
        </div>
        <div>
          <dt>{t`User ID`}</dt>
          <dd className="tabular">{profile.id}</dd>
        </div>
        <div>
          <dt>{t`PAX (direct entry to the 330 km)`}</dt>
          <dd>{profile.pax ? t`Yes, you hold a PAX` : t`No`}</dd>
        </div>
      </dl>
    </section>
  )
}
