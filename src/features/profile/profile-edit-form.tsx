import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState, type ComponentProps, type FormEvent } from 'react'
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
import { validateCodiceFiscale } from '../../lib/validation/codice-fiscale'
import { codiceFiscaleMismatches, type CodiceFiscaleMismatch } from '../../lib/validation/codice-fiscale-match'
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
  NO_TAX_CODE,
  profileFormDefaults,
  profileFormSchema,
  SHIRT_SIZES,
  toProfileUpdate,
  type ProfileFormField,
  type ProfileFormValues,
} from './profile-form'
import { mismatchWarning, PROFILE_FIELD_LABELS, profileFieldMessage, SEX_LABELS } from './profile-messages'
import styles from './profile-page.module.css'
import { profileMutations } from './profile-queries'
import { AccountDetails } from './profile-view'

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

  // The form reads its resolver at every render, so the rules get the phone checks and the
  // municipalities as soon as they arrive.
  const schema = useMemo(
    () =>
      profileFormSchema({
        phoneRules: () => phones,
        municipality: (name, province) => (municipalities ? findMunicipality(municipalities, name, province) : undefined),
        nowMs: now,
      }),
    [phones, municipalities],
  )
  const form = useSchemaForm(schema, { defaultValues: initialValues })
  const { control, register, formState, setValue, trigger, getValues } = form
  const errorOf = (field: ProfileFormField) => profileFieldMessage(i18n, formState.errors[field]?.message)

  const save = useMutation(profileMutations.save())
  const [failure, setFailure] = useState<Failure | null>(null)

  // Leaving in edit mode (the session ended, a link elsewhere) keeps what was typed for this athlete,
  // if it differs from the saved profile.
  const keepOnLeave = useRef(true)
  // The saved profile as the form opened on it: a refetch meanwhile does not make typed values saved.
  const [saved] = useState(() => profileFormDefaults(profile, locale))
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

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className={styles.form} aria-labelledby="profile-edit-title">
      <h2 id="profile-edit-title" className={styles.formTitle}>
        {t`Edit your profile`}
      </h2>
      {restored ? (
        <p role="status" className={styles.restored}>
          {t`Your changes that were not saved are back: check them, then save or cancel.`}
        </p>
      ) : null}
      <FormProblems count={formState.submitCount > 0 ? Object.keys(formState.errors).length : 0} />

      <fieldset className={styles.group}>
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
          hint={t`Shown beside your name in rankings.`}
          error={errorOf('nazionalita')}
          {...register('nazionalita')}
        >
          {countryChoices}
        </SelectField>
      </fieldset>

      <fieldset className={styles.group}>
        <legend>{t`Birth`}</legend>
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

      <fieldset className={styles.group}>
        <legend>{t`Tax code`}</legend>
        <Field
          id={fieldId('cod_fiscale')}
          label={i18n._(PROFILE_FIELD_LABELS.cod_fiscale)}
          hint={t`Not resident in Italy? Type ${NO_TAX_CODE}.`}
          autoCapitalize="characters"
          spellCheck={false}
          error={errorOf('cod_fiscale')}
          {...register('cod_fiscale')}
        />
        <TaxCodeWarning control={control} municipalities={municipalities} />
      </fieldset>

      <fieldset className={styles.group}>
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

      <fieldset className={styles.group}>
        <legend>{t`Contacts and emergency`}</legend>
        {text('telefono', { type: 'tel', autoComplete: 'tel', hint: t`With the international prefix, like +39 347 123 4567.` })}
        {text('contatto_emergenza', { hint: t`Who we call if something happens to you during a race.` })}
        {text('telefono_emergenze', { type: 'tel', hint: t`With the international prefix, like +39 347 123 4567.` })}
      </fieldset>

      <fieldset className={styles.group}>
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

      <fieldset className={styles.group}>
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

      {failure ? <SaveFailure failure={failure} /> : null}
      <p className={styles.actions}>
        <Button type="submit" aria-busy={save.isPending || undefined} disabled={save.isPending}>
          {save.isPending ? t`Saving…` : t`Save`}
        </Button>
        <Button variant="secondary" onClick={() => leave(onCancel)} disabled={save.isPending}>
          {t`Cancel`}
        </Button>
      </p>
    </form>
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

/**
 * The parts of the person the tax code contradicts, once it is a valid code: a warning, not an
 * error (a typing slip in the name is as likely as one in the code), so saving stays possible.
 * The live region is always there, so a warning that appears is announced.
 */
function TaxCodeWarning({ control, municipalities }: { control: Control<ProfileFormValues>; municipalities: Municipality[] | undefined }) {
  const { i18n } = useLingui()
  const [code, nome, cognome, data_nascita, sesso, country, town, province] = useWatch({
    control,
    name: ['cod_fiscale', 'nome', 'cognome', 'data_nascita', 'sesso', 'nazione_nascita', 'citta_nascita', 'provincia_nascita'],
  })
  const typed = code.trim().toUpperCase()
  let mismatches: CodiceFiscaleMismatch[] = []
  if (typed !== NO_TAX_CODE && validateCodiceFiscale(typed).ok) {
    const birthplace =
      country === ITALY && municipalities ? findMunicipality(municipalities, town.trim(), province.trim().toUpperCase() || undefined) : undefined
    mismatches = codiceFiscaleMismatches(typed, {
      cognome,
      nome,
      data_nascita: data_nascita || null,
      sesso: sesso || null,
      cadastral: birthplace?.cadastral ?? null,
    })
  }
  return (
    <p id={`${fieldId('cod_fiscale')}-warning`} role="status" className={mismatches.length > 0 ? styles.warning : styles.silent}>
      {mismatches.length > 0 ? mismatchWarning(i18n, activeLocale(), mismatches) : null}
    </p>
  )
}
