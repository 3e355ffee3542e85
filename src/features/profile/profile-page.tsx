import { Plural, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Suspense, useEffect, useRef, useState, type MouseEvent } from 'react'
import { Link, useSearch } from 'wouter'
import type { Profile } from '../../../contracts/athlete.contract'
import { isProfileComplete, profileCompleteness, type CompletenessField } from '../../../machines/rules/profile-completeness'
import { isInternalPath } from '../../../machines/rules/destination'
import { useAthlete } from '../../lib/athlete-queries'
import { formatPercent } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { isEnrolmentPath } from '../../lib/paths'
import { buttonClass } from '../../ui/button'
import { lazyPart, PartBoundary } from '../../ui/lazy-part'
import { Page } from '../../ui/page'
import { Loading } from '../../ui/state'
import { ExperienceDialog } from './experience-dialog'
import { phoneRulesQuery } from './phone-rules'
import { takeDraft } from './profile-draft'
import { fieldId, profileFormDefaults, type ProfileFormField, type ProfileFormValues } from './profile-form'
import { PROFILE_FIELD_LABELS, PROFILE_GROUPS } from './profile-messages'
import { ProfilePicture } from './profile-picture'
import styles from './profile-page.module.css'
import { ProfileView } from './profile-view'

/**
 * The form and its library load when the athlete sets out to edit (or is here to complete the
 * profile): reading the profile needs neither.
 */
const ProfileEditForm = lazyPart(() => import('./profile-edit-form'))

type Mode = { editing: false } | { editing: true; values: ProfileFormValues; restored: boolean }

export default function ProfilePage() {
  const { profile } = useAthlete()
  // Signed out (or not yet in): nothing to show; the guard moves the athlete on.
  if (!profile) return null
  return <ProfileScreen key={profile.id} profile={profile} />
}

/**
 * "My profile": every detail readable, an edit mode for all but the account's own (e-mail, id,
 * PAX), the completeness meter of spec section 4 with a way to each missing detail. Unsaved
 * changes survive the session ending in the middle of an edit (`profile-draft.ts`).
 */
function ProfileScreen({ profile }: { profile: Profile }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [mode, setMode] = useState<Mode>(() => {
    const draft = takeDraft(profile.id)
    return draft ? { editing: true, values: draft, restored: true } : { editing: false }
  })
  const [focusRequest, setFocusRequest] = useState<ProfileFormField | null>(null)
  const editButton = useRef<HTMLButtonElement>(null)
  const focusEditButton = useRef(false)

  // The phone checks load on demand: at once when the athlete is here to complete the profile, else
  // when they set out to edit it (or point at the button).
  const incomplete = !isProfileComplete(profile)
  const phones = useQuery({ ...phoneRulesQuery, enabled: incomplete || mode.editing }).data
  const prepareEditing = () => {
    ProfileEditForm.preload()
    void queryClient.prefetchQuery(phoneRulesQuery)
  }
  useEffect(() => {
    if (incomplete) ProfileEditForm.preload()
  }, [incomplete])

  useEffect(() => {
    if (mode.editing || !focusEditButton.current) return
    focusEditButton.current = false
    editButton.current?.focus()
  }, [mode.editing])

  const startEditing = (field: ProfileFormField | null) => {
    if (!mode.editing) setMode({ editing: true, values: profileFormDefaults(profile, activeLocale()), restored: false })
    setFocusRequest(field)
  }
  const stopEditing = () => {
    focusEditButton.current = true
    setMode({ editing: false })
  }

  return (
    <Page title={t`My profile`}>
      {incomplete ? <WhyHere profile={profile} onMissing={(field) => startEditing(field)} /> : null}
      <BackToDestination />
      <Summary profile={profile} />
      {mode.editing ? (
        <PartBoundary message={t`The profile form could not load.`}>
          <Suspense fallback={<Loading label={t`Opening the profile form…`} />}>
            <ProfileEditForm
              profile={profile}
              initialValues={mode.values}
              restored={mode.restored}
              focusRequest={focusRequest}
              onFocused={() => setFocusRequest(null)}
              onSaved={stopEditing}
              onCancel={stopEditing}
            />
          </Suspense>
        </PartBoundary>
      ) : (
        <>
          <p className={styles.actions}>
            <button
              ref={editButton}
              type="button"
              className={buttonClass()}
              onClick={() => startEditing(null)}
              onPointerEnter={prepareEditing}
              onFocus={prepareEditing}
            >
              {t`Edit profile`}
            </button>
          </p>
          <ProfileView profile={profile} phones={phones} />
        </>
      )}
      <ExperienceDialog />
    </Page>
  )
}

const FORM_ORDER: readonly string[] = [...PROFILE_GROUPS.flatMap((group) => group.fields), 'id', 'mail']

/** The account's own fields: no form edits them, so a missing one is named, with nothing to follow. */
type AccountField = Extract<CompletenessField, 'id' | 'mail'>
const isEditable = (field: CompletenessField): field is Exclude<CompletenessField, AccountField> =>
  field !== 'id' && field !== 'mail'

/**
 * While the profile is incomplete every page of the portal leads here (the navigation guard of spec
 * section 2): first thing on the page, why, and what is left, each missing detail a link to its
 * field. Logging out stays in the header.
 */
function WhyHere({ profile, onMissing }: { profile: Profile; onMissing: (field: ProfileFormField) => void }) {
  const { t, i18n } = useLingui()
  // In the order the form asks for them; the account's own (never missing in practice) last.
  const missing = [...profileCompleteness(profile).missing].sort((a, b) => FORM_ORDER.indexOf(a) - FORM_ORDER.indexOf(b))

  const left = missing.length
  const follow = (field: ProfileFormField) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    onMissing(field)
  }

  return (
    <section aria-labelledby="profile-why" className={styles.why}>
      <h2 id="profile-why">{t`Complete your profile to continue`}</h2>
      <p>
        {t`The organiser needs these details to enrol you in races and to reach you, or the person you name, on race day. Until they are all filled in, every page of the portal brings you back here.`}
      </p>
      <h3 id="profile-missing">
        <Plural value={left} one="Still missing: # detail" other="Still missing: # details" />
      </h3>
      <ul aria-labelledby="profile-missing">
        {missing.map((field) =>
          isEditable(field) ? (
            <li key={field}>
              <a href={`#${fieldId(field)}`} onClick={follow(field)}>
                {i18n._(PROFILE_FIELD_LABELS[field])}
              </a>
            </li>
          ) : (
            <li key={field}>{field === 'id' ? t`User ID` : t`E-mail`}</li>
          ),
        )}
      </ul>
    </section>
  )
}

function Summary({ profile }: { profile: Profile }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const { filled, total, ratio, missing } = profileCompleteness(profile)
  const name = [profile.nome, profile.cognome].filter(Boolean).join(' ')
  const percent = formatPercent(locale, ratio)

  return (
    <section aria-labelledby="profile-summary" className={styles.card}>
      <div className={styles.identity}>
        <ProfilePicture />
        <div>
          <h2 id="profile-summary">{name || profile.mail}</h2>
          <p>{profile.mail}</p>
        </div>
      </div>
      <label htmlFor="completeness-meter" className="tabular">
        {t`Profile ${percent} complete`}
      </label>
      <meter id="completeness-meter" className={styles.meter} min={0} max={total} value={filled}>
        {percent}
      </meter>
      <p className="tabular">{t`Required details filled: ${filled} of ${total}.`}</p>
      {missing.length === 0 ? <p>{t`Your profile is complete: you can enrol in races.`}</p> : null}
    </section>
  )
}

/**
 * Sent here from a page the athlete asked for (`?return=`): from a step of the enrolment wizard,
 * which resumes at the same step with every choice, or by the guard while the profile was
 * incomplete. Only a path inside the portal is followed.
 */
function BackToDestination() {
  const { t } = useLingui()
  const back = new URLSearchParams(useSearch()).get('return')
  if (!back || !isInternalPath(back)) return null
  return (
    <p className={styles.back}>
      <Link href={back}>{isEnrolmentPath(back) ? t`Back to your enrolment` : t`Continue where you left off`}</Link>
    </p>
  )
}
