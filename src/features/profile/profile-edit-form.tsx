import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentProps, type FormEvent } from 'react'
import { Controller, useWatch, type Control, type UseFormReturn } from 'react-hook-form'
import type { Profile } from '../../../contracts/athlete.contract'
import { type ApiError } from '../../lib/api-client'
import { toApiError } from '../../../contracts/api-error'
import { noticeForApiError } from '../../lib/api-error-notice'
import { now } from '../../lib/clock'
import { calendarDayInRome } from '../../lib/format'
import { countryOptions } from '../../lib/country'
import { useSchemaForm } from '../../lib/forms'
import { activeLocale, LOCALE_NAMES, LOCALES } from '../../lib/i18n'
import { NOTICES } from '../../lib/notices'
import { PRIVACY_POLICY_URL } from '../../lib/paths'
import { normaliseTaxCode } from '../../lib/validation/codice-fiscale'
import type { CodiceFiscaleMismatch } from '../../lib/validation/codice-fiscale-match'
import { Button } from '../../ui/button'
import { CheckboxField, Field, FormProblems, SelectField } from '../../ui/field'
import { notify } from '../../ui/notifications'
import { findMunicipality, useMunicipalities } from './municipalities'
import { MunicipalityField, type Municipality } from './municipality-field'
import { phoneRulesQuery } from './phone-rules'
import { dropDraft, keepDraft } from './profile-draft'
import {
  EARLIEST_BIRTH_DATE,
  fieldId,
  ITALY,
  mayGoWithoutTaxCode,
  NO_TAX_CODE,
  profileFormDefaults,
  profileFormSchema,
  PUBLIC_NAME_CHOICES,
  SHIRT_SIZES,
  taxCodeWarnings,
  toProfileUpdate,
  type ProfileFormContext,
  type ProfileFormField,
  type ProfileFormValues,
} from './profile-form'
import {
  PROFILE_FIELD_LABELS,
  profileFieldMessage,
  PUBLIC_NAME_DEFAULT,
  PUBLIC_NAME_LABELS,
  SEX_LABELS,
  TAX_CODE_WARNING,
} from './profile-messages'
import styles from './profile-page.module.css'
import { profileMutations } from './profile-queries'
import { AccountDetails } from './profile-view'
import { normalisingTaxCode } from './tax-code-input'

interface Props {
  profile: Profile
  initialValues: ProfileFormValues
  /** The values are a draft brought back from before the session ended. */
  restored: boolean
  /** A field to focus, asked for by the list of missing details. */
  focusRequest: ProfileFormField | null
  onFocused: () => void
  onSaved: () => void
  onCancel: () => void
}

/** What stopped a save: the phone rules would not load, or the call failed (`null`: not with an API error). */
type Failure = { kind: 'save'; error: ApiError | null } | { kind: 'phone_rules' }

/**
 * The profile in edit mode. Saving checks every field, focuses the first to mend, and sends the
 * profile without its read-only fields; a failed save leaves every typed value and the edit mode as
 * they were. Leaving the page without saving or cancelling keeps the draft for this athlete.
 */
export default function ProfileEditForm({ profile, initialValues, restored, focusRequest, onFocused, onSaved, onCancel }: Props) {
  const { t, i18n } = useLingui()
  const locale = activeLocale()
  const queryClient = useQueryClient()
  const phones = useQuery(phoneRulesQuery).data
  const { municipalities } = useMunicipalities()

  const knownMunicipality = useCallback<ProfileFormContext['municipality']>(
    (name, province) => (municipalities ? findMunicipality(municipalities, name, province) : undefined),
    [municipalities],
  )
  // The form reads its resolver at every render, so the rules get the phone checks and the
  // municipalities as soon as they arrive.
  const schema = useMemo(() => profileFormSchema({ phoneRules: () => phones, municipality: knownMunicipality, nowMs: now }), [phones, knownMunicipality])
  const form = useSchemaForm(schema, { defaultValues: initialValues })
  const { control, register, formState, setValue, trigger, getValues } = form
  const errorOf = (field: ProfileFormField) => profileFieldMessage(i18n, formState.errors[field]?.message)

  const save = useMutation(profileMutations.save())
  const [failure, setFailure] = useState<Failure | null>(null)
  const actionBar = useStickyActionBar()

  // Leaving in edit mode (the session ended, a link elsewhere) keeps what was typed for this athlete,
  // if it differs from the saved profile.
  const keepOnLeave = useRef(true)
  // The saved profile as the form opened on it: a refetch meanwhile does not make typed values saved.
  const [saved] = useState(() => profileFormDefaults(profile, locale))
  // The tax-code warning a save already stopped at (decision 028): saving again keeps the code. A
  // code saved before with the same warning does not stop the save again.
  const [warned, setWarned] = useState<string | null>(null)
  const [savedWarning] = useState(() => warningKey(saved.cod_fiscale, taxCodeWarnings(saved, knownMunicipality)))
  useEffect(
    () => () => {
      const values = getValues()
      const changed = (Object.keys(saved) as ProfileFormField[]).some((field) => values[field] !== saved[field])
      if (keepOnLeave.current && changed) keepDraft(profile.id, values)
    },
    [profile.id, getValues, saved],
  )

  useEffect(() => {
    if (!focusRequest) return
    form.setFocus(focusRequest)
    onFocused()
  }, [focusRequest, form, onFocused])

  const leave = (after: () => void) => {
    keepOnLeave.current = false
    dropDraft()
    after()
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFailure(null)
    // Phone numbers are checked with the numbering plans: wait for them rather than save unchecked.
    let rules
    try {
      rules = await queryClient.ensureQueryData(phoneRulesQuery)
    } catch {
      setFailure({ kind: 'phone_rules' })
      return
    }
    await form.handleSubmit(async (values) => {
      // A code that does not match the athlete stops the first save, to be looked at, not the next.
      const warning = warningKey(values.cod_fiscale, taxCodeWarnings(values, knownMunicipality))
      if (warning !== null && warning !== warned && warning !== savedWarning) {
        setWarned(warning)
        form.setFocus('cod_fiscale')
        document.getElementById(TAX_CODE_WARNING_ID)?.scrollIntoView({ block: 'nearest' })
        return
      }
      try {
        await save.mutateAsync(toProfileUpdate(profile, values, rules))
      } catch (error) {
        setFailure({ kind: 'save', error: toApiError(error) })
        return
      }
      notify('profile_updated')
      leave(onSaved)
    })()
  }

  // Only what changes the form's shape re-renders all of it; the tax-code warning watches for itself.
  const [birthCountry, residence] = useWatch({ control, name: ['nazione_nascita', 'paese'] })

  const countryChoices = useMemo(
    () => (
      <>
        <option value="">{t`Choose a country`}</option>
        {countryOptions(locale).map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </>
    ),
    [locale, t],
  )

  const text = (field: ProfileFormField, extra: Partial<ComponentProps<typeof Field>> = {}) => (
    <Field
      id={fieldId(field)}
      label={i18n._(PROFILE_FIELD_LABELS[field])}
      error={errorOf(field)}
      {...extra}
      {...register(field)}
    />
  )

  const town = (field: 'citta_nascita' | 'citta', italian: boolean, onSelect: (municipality: Municipality) => void, autoComplete?: string) => (
    <Controller
      control={control}
      name={field}
      render={({ field: bound }) =>
        italian ? (
          <MunicipalityField
            id={fieldId(field)}
            label={i18n._(PROFILE_FIELD_LABELS[field])}
            name={bound.name}
            value={bound.value}
            onChange={bound.onChange}
            onBlur={bound.onBlur}
            onSelect={onSelect}
            inputRef={bound.ref}
            error={errorOf(field)}
          />
        ) : (
          <Field
            id={fieldId(field)}
            label={i18n._(PROFILE_FIELD_LABELS[field])}
            error={errorOf(field)}
            autoComplete={autoComplete}
            name={bound.name}
            value={bound.value}
            onChange={bound.onChange}
            onBlur={bound.onBlur}
            ref={bound.ref}
          />
        )
      }
    />
  )

  const filled = { shouldValidate: true, shouldDirty: true } as const
  const provinceHint = t`Filled in when you choose the municipality from the list.`
  const fields = `${styles.group} ${styles.fields}`
  // Registered where it stands in the form, so a save with errors focuses the first in the form's order.
  const taxCodeField = () => {
    const registered = register('cod_fiscale')
    return { ...registered, onChange: normalisingTaxCode(registered.onChange) }
  }
  // 0000 is offered only to an athlete who lives outside Italy (spec section 9).
  const taxCodeHint = mayGoWithoutTaxCode({ paese: residence })
    ? t`You live outside Italy: if you have no Italian tax code, type ${NO_TAX_CODE}.`
    : t`The 16 letters and digits on your health insurance card or tax code card.`

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className={styles.form} aria-labelledby="profile-edit-title">
      <h2 id="profile-edit-title" className={styles.formTitle}>
        {t`Edit your profile`}
      </h2>
      {restored ? (
        <p role="status" className={styles.restored}>
          {t`Your unsaved changes have been restored: check them, then save or cancel.`}
        </p>
      ) : null}
      <FormProblems count={formState.submitCount > 0 ? Object.keys(formState.errors).length : 0} />

      <fieldset className={fields}>
        <legend>{t`Personal details`}</legend>
        {text('nome', { autoComplete: 'given-name' })}
        {text('cognome', { autoComplete: 'family-name' })}
        <SelectField id={fieldId('sesso')} label={i18n._(PROFILE_FIELD_LABELS.sesso)} error={errorOf('sesso')} {...register('sesso')}>
          <option value="">{t`Choose`}</option>
          <option value="M">{i18n._(SEX_LABELS.M)}</option>
          <option value="F">{i18n._(SEX_LABELS.F)}</option>
        </SelectField>
        <SelectField
          id={fieldId('nazionalita')}
          label={i18n._(PROFILE_FIELD_LABELS.nazionalita)}
          hint={t`Shown beside your name in results.`}
          error={errorOf('nazionalita')}
          {...register('nazionalita')}
        >
          {countryChoices}
        </SelectField>
      </fieldset>

      <fieldset className={fields}>
        <legend>{t`Date and place of birth`}</legend>
        <Field
          id={fieldId('data_nascita')}
          type="date"
          label={i18n._(PROFILE_FIELD_LABELS.data_nascita)}
          min={EARLIEST_BIRTH_DATE}
          max={calendarDayInRome(now())}
          autoComplete="bday"
          error={errorOf('data_nascita')}
          {...register('data_nascita')}
        />
        <SelectField
          id={fieldId('nazione_nascita')}
          label={i18n._(PROFILE_FIELD_LABELS.nazione_nascita)}
          error={errorOf('nazione_nascita')}
          {...register('nazione_nascita', { onChange: () => revalidateIfTouched(form, 'cod_fiscale') })}
        >
          {countryChoices}
        </SelectField>
        {town('citta_nascita', birthCountry === ITALY, (municipality) => {
          setValue('provincia_nascita', municipality.province, filled)
        })}
        {text('provincia_nascita', birthCountry === ITALY ? { hint: provinceHint } : {})}
      </fieldset>

      <fieldset className={fields}>
        <legend>{t`Residence`}</legend>
        <SelectField
          id={fieldId('paese')}
          label={i18n._(PROFILE_FIELD_LABELS.paese)}
          error={errorOf('paese')}
          {...register('paese', {
            onChange: () => revalidateIfTouched(form, 'cod_fiscale', 'telefono', 'telefono_emergenze', 'cap', 'provincia'),
          })}
        >
          {countryChoices}
        </SelectField>
        {town(
          'citta',
          residence === ITALY,
          (municipality) => {
            setValue('provincia', municipality.province, filled)
            if (municipality.postcodes.length === 1) setValue('cap', municipality.postcodes[0]!, filled)
            else if (getValues('cap') !== '') void trigger('cap')
          },
          'address-level2',
        )}
        {text('provincia', residence === ITALY ? { hint: provinceHint, autoComplete: 'address-level1' } : { autoComplete: 'address-level1' })}
        {text('via', { autoComplete: 'address-line1' })}
        {text('civico')}
        {text('cap', residence === ITALY ? { autoComplete: 'postal-code', inputMode: 'numeric' } : { autoComplete: 'postal-code' })}
      </fieldset>

      <fieldset className={fields}>
        <legend>{t`Tax code`}</legend>
        <Field
          id={fieldId('cod_fiscale')}
          label={i18n._(PROFILE_FIELD_LABELS.cod_fiscale)}
          hint={taxCodeHint}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          error={errorOf('cod_fiscale')}
          {...taxCodeField()}
          // The hint and the error as every field's, and the warning below the field.
          aria-describedby={[`${fieldId('cod_fiscale')}-hint`, errorOf('cod_fiscale') ? `${fieldId('cod_fiscale')}-error` : null, TAX_CODE_WARNING_ID]
            .filter(Boolean)
            .join(' ')}
        />
        <TaxCodeWarning control={control} municipality={knownMunicipality} warned={warned} />
      </fieldset>

      <fieldset className={fields}>
        <legend>{t`Contacts and emergency`}</legend>
        {text('telefono', { type: 'tel', autoComplete: 'tel', hint: t`Include the country code, like +39 347 123 4567.` })}
        {text('contatto_emergenza', { hint: t`Who we call if something happens to you during a race.` })}
        {text('telefono_emergenze', { type: 'tel', hint: t`Include the country code, like +39 347 123 4567.` })}
      </fieldset>

      <fieldset className={fields}>
        <legend>{t`Race kit and team`}</legend>
        <SelectField
          id={fieldId('taglia_maglietta')}
          label={i18n._(PROFILE_FIELD_LABELS.taglia_maglietta)}
          error={errorOf('taglia_maglietta')}
          {...register('taglia_maglietta')}
        >
          <option value="">{t`Choose a size`}</option>
          {SHIRT_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </SelectField>
        {text('documento', { hint: t`The number of the identity document you will show at bib collection.` })}
        {text('team')}
      </fieldset>

      <PublicNameChoices register={register} error={errorOf('visibilita')} />

      <fieldset className={fields}>
        <legend>{t`Preferences and consents`}</legend>
        <SelectField id={fieldId('lingua')} label={i18n._(PROFILE_FIELD_LABELS.lingua)} error={errorOf('lingua')} {...register('lingua')}>
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LOCALE_NAMES[code]}
            </option>
          ))}
        </SelectField>
        <CheckboxField id={fieldId('newsletter')} label={t`Send me the newsletter`} error={errorOf('newsletter')} {...register('newsletter')} />
        <CheckboxField
          id={fieldId('privacy_policy')}
          label={
            <Trans>
              I have read and accept the{' '}
              <a href={PRIVACY_POLICY_URL} target="_blank" rel="noopener noreferrer">
                privacy policy
              </a>
            </Trans>
          }
          error={errorOf('privacy_policy')}
          {...register('privacy_policy')}
        />
      </fieldset>

      <AccountDetails profile={profile} />

      {/* Kept in sight at the bottom of the screen while the form is long (and says a failed save there). */}
      <div ref={actionBar} className={styles.actionBar}>
        {failure ? <SaveFailure failure={failure} /> : null}
        <p className={styles.actionButtons}>
          <Button type="submit" aria-busy={save.isPending || undefined} disabled={save.isPending}>
            {save.isPending ? t`Saving…` : t`Save`}
          </Button>
          <Button variant="secondary" onClick={() => leave(onCancel)} disabled={save.isPending}>
            {t`Cancel`}
          </Button>
        </p>
      </div>
    </form>
  )
}

/**
 * How public lists name the athlete (decision 038): a radio group, none checked while never chosen,
 * with what the lists show until then. Each choice says what it shows.
 */
function PublicNameChoices({ register, error }: { register: UseFormReturn<ProfileFormValues>['register']; error: string | null }) {
  const { i18n } = useLingui()
  const id = fieldId('visibilita')
  return (
    <fieldset className={styles.group} aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}>
      <legend>{i18n._(PROFILE_FIELD_LABELS.visibilita)}</legend>
      <p id={`${id}-hint`} className={styles.note}>
        {i18n._(PUBLIC_NAME_DEFAULT)}
      </p>
      <div className={styles.choices}>
        {PUBLIC_NAME_CHOICES.map((choice, index) => (
          <label key={choice} className={styles.choice}>
            <input
              // The first choice carries the group's id, so the list of problems can lead to it.
              id={index === 0 ? id : undefined}
              type="radio"
              value={choice}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              {...register('visibilita')}
            />
            <span>
              <strong>{i18n._(PUBLIC_NAME_LABELS[choice].label)}</strong>
              <span className={styles.choiceDetail}>{i18n._(PUBLIC_NAME_LABELS[choice].detail)}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.choiceError}>
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/** A rule that reads this field too: recheck the fields already shown wrong, not the untouched ones. */
function revalidateIfTouched(form: UseFormReturn<ProfileFormValues>, ...fields: ProfileFormField[]) {
  const { touchedFields, errors } = form.formState
  const due = fields.filter((field) => touchedFields[field] || errors[field])
  if (due.length > 0) void form.trigger(due)
}

/** What failed, in words, while everything typed stays in the form. */
function SaveFailure({ failure }: { failure: Failure }) {
  const { t, i18n } = useLingui()
  let reason: string
  if (failure.kind === 'phone_rules') {
    reason = t`We could not load the rules to check phone numbers. Check your connection and save again.`
  } else {
    const { error } = failure
    reason =
      error?.kind === 'http' && error.status === 400
        ? t`The server refused some of these details. Check them and save again.`
        : i18n._(NOTICES[error ? noticeForApiError(error) : 'unexpected_answer'].message)
  }
  return (
    <div role="alert" className={styles.failure}>
      <p>
        <strong>{t`Your profile was not saved.`}</strong> {reason}
      </p>
      <p>{t`Everything you typed is still here.`}</p>
    </div>
  )
}

const TAX_CODE_WARNING_ID = `${fieldId('cod_fiscale')}-warning`

/** The tax code and what it does not match, as one value: a save stops once for each (decision 028). */
function warningKey(code: string, mismatches: readonly CodiceFiscaleMismatch[]): string | null {
  return mismatches.length === 0 ? null : `${normaliseTaxCode(code)}:${mismatches.join(',')}`
}

/**
 * The parts of the athlete a valid tax code does not match: a warning, not an error (a typing slip
 * in the name is as likely as one in the code, and the organiser's backend has the last word), so
 * saving stays possible: the first save stops at it, the next keeps the code. The live region is
 * always there, so a warning that appears is announced; the field names it in its description.
 */
function TaxCodeWarning({
  control,
  municipality,
  warned,
}: {
  control: Control<ProfileFormValues>
  municipality: ProfileFormContext['municipality']
  warned: string | null
}) {
  const { i18n } = useLingui()
  const [cod_fiscale, nome, cognome, data_nascita, sesso, nazione_nascita, citta_nascita, provincia_nascita] = useWatch({
    control,
    name: ['cod_fiscale', 'nome', 'cognome', 'data_nascita', 'sesso', 'nazione_nascita', 'citta_nascita', 'provincia_nascita'],
  })
  const mismatches = taxCodeWarnings(
    { cod_fiscale, nome, cognome, data_nascita, sesso, nazione_nascita, citta_nascita, provincia_nascita },
    municipality,
  )
  const key = warningKey(cod_fiscale, mismatches)
  return (
    <div id={TAX_CODE_WARNING_ID} role="status" className={key ? styles.warning : styles.silent}>
      {key ? (
        <>
          <p>{i18n._(TAX_CODE_WARNING.lead)}</p>
          <ul>
            {mismatches.map((part) => (
              <li key={part}>{i18n._(TAX_CODE_WARNING.parts[part])}</li>
            ))}
          </ul>
          <p>{i18n._(key === warned ? TAX_CODE_WARNING.saveAgain : TAX_CODE_WARNING.mayStillSave)}</p>
        </>
      ) : null}
    </div>
  )
}

/**
 * The form's action bar sticks to the bottom of the screen: the page keeps that much room below
 * whatever takes focus or is scrolled to, so the bar never covers the field being filled.
 */
function useStickyActionBar() {
  const [bar, setBar] = useState<HTMLDivElement | null>(null)
  useEffect(() => {
    if (!bar) return
    const root = document.documentElement
    const observer = new ResizeObserver(() => {
      root.style.setProperty('scroll-padding-block-end', `${String(Math.ceil(bar.getBoundingClientRect().height) + 16)}px`)
    })
    observer.observe(bar)
    return () => {
      observer.disconnect()
      root.style.removeProperty('scroll-padding-block-end')
    }
  }, [bar])
  return setBar
}
