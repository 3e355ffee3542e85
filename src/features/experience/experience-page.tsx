import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { Link } from 'wouter'
import { errorCodeOf } from '../../../contracts/api-error'
import * as experience from '../../../contracts/experience.contract'
import { EARLIEST_REPORT_DATE, MAX_FINISH_TIME_S, type ExperienceReport, type Pax, type RejectionReason } from '../../../contracts/experience.contract'
import type { Race } from '../../../contracts/races.contract'
import { HOUR_S } from '../../../contracts/time'
import { apiMutation } from '../../lib/api-query'
import { athleteQueries, useAthlete } from '../../lib/athlete-queries'
import { calendarDayInRome, formatDate, formatDuration, formatOwnMoment, formatRaceTime } from '../../lib/format'
import { useSchemaForm } from '../../lib/forms'
import { activeLocale } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { raceQueries } from '../../lib/race-queries'
import { useNow } from '../../lib/use-now'
import { Button } from '../../ui/button'
import { DefinitionList } from '../../ui/definition-list'
import { Field, FormProblems, SelectField } from '../../ui/field'
import { fieldErrorMessage } from '../../ui/form-messages'
import { notify } from '../../ui/notifications'
import { Page } from '../../ui/page'
import { Empty, Loading, QueryErrorState } from '../../ui/state'
import { SubmitFailure } from '../../ui/submit-failure'
import styles from './experience.module.css'
import { earliestEditionDate, emptyReport, OTHER_RACE, REPORT_FIELDS, refusalField, reportableRaces, reportSchema, toNewReport, type ReportValues } from './report-form'

/** The bounds the messages name, from the contract: 1900, 336 hours, 14 days. */
const earliestYear = Number(EARLIEST_REPORT_DATE.slice(0, 4))
const maxHours = MAX_FINISH_TIME_S / HOUR_S
const maxDays = MAX_FINISH_TIME_S / (24 * HOUR_S)

const REPORT_ERRORS = {
  finish_time: msg`Enter the finish time as hours, minutes and seconds, like 7:41:09.`,
  finish_time_too_long: msg`A finish time cannot be longer than ${maxHours} hours (${maxDays} days): check the hours.`,
  results_link: msg`Enter a web address, like https://results.example.org/race, or leave it empty.`,
  race_name: msg`Enter the race's name.`,
  future_date: msg`This date is still to come: report a race once you have run it.`,
  date_too_early: msg`Check the year: this date is before ${earliestYear} or before you were born.`,
  duplicate_report: msg`You have already reported this race: it is in your list.`,
}

const REJECTION_REASONS: Record<RejectionReason, ReturnType<typeof msg>> = {
  risultati_non_trovati: msg`Your name is not in the race's results.`,
  tempo_non_corrispondente: msg`The finish time does not match the race's results.`,
  gara_non_idonea: msg`This race does not count as an experience race.`,
}

/** `/me/experience`: the experience races reported, the PAX they earn, and a report of a new one. */
export default function ExperiencePage() {
  const { t } = useLingui()
  const reports = useQuery(athleteQueries.experience())
  const races = useQuery(raceQueries.list('all'))

  if (reports.isError || races.isError) {
    return (
      <Page title={t`My experience races`}>
        <QueryErrorState query={[reports, races]} />
      </Page>
    )
  }
  if (!reports.data || !races.data) {
    return (
      <Page title={t`My experience races`}>
        <Loading />
      </Page>
    )
  }
  return (
    <Page title={t`My experience races`}>
      <p className={styles.lead}>
        {t`Experience races are the organiser's entry-level races. Report the ones you have finished: once the staff accept them, the qualifying ones count towards your PAX.`}
      </p>
      <PaxCard pax={reports.data.pax} races={races.data.gare} />
      <ReportRace races={races.data.gare} />
      <section aria-labelledby="reported-races" className={styles.section}>
        <h2 id="reported-races">{t`Races you reported`}</h2>
        {reports.data.esperienze.length === 0 ? (
          <Empty>{t`You have not reported any race yet.`}</Empty>
        ) : (
          <ul className={styles.list}>
            {reports.data.esperienze.map((report) => (
              <li key={report.id}>
                <ReportCard report={report} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </Page>
  )
}

function PaxCard({ pax, races }: { pax: Pax; races: readonly Race[] }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const flagship = pax.gara_id === null ? undefined : races.find((race) => race.id === pax.gara_id)
  const edition = flagship ? `${flagship.nome} ${String(flagship.edizione)}` : null
  const { richieste: needed, mesi: months, valide: counted } = pax
  return (
    <section aria-labelledby="pax" className={`${styles.pax} ${pax.attivo ? styles.paxHeld : ''}`}>
      <h2 id="pax">{pax.attivo ? t`You hold a PAX` : t`Your PAX`}</h2>
      {pax.attivo && flagship && pax.valido_fino ? (
        <p>
          <Trans>
            It gives you direct entry to <Link href={paths.race(flagship.id)}>{edition}</Link>, without the lottery, until
            registration closes on {formatRaceTime(locale, pax.valido_fino)}.
          </Trans>
        </p>
      ) : null}
      {!pax.attivo ? (
        <p>
          {t`Qualifying races that count so far: ${counted} of ${needed}.`}{' '}
          {flagship ? (
            <Trans>
              With a PAX you enter <Link href={paths.race(flagship.id)}>{edition}</Link> directly; without it, you apply for its lottery.
            </Trans>
          ) : null}
        </p>
      ) : null}
      <p className={styles.rule}>
        <Plural
          value={needed}
          one="How it is earned: # qualifying experience race, accepted by the staff."
          other="How it is earned: # qualifying experience races, accepted by the staff."
        />{' '}
        <Plural
          value={months}
          one="They count when run within # month before the flagship's race day."
          other="They count when run within # months before the flagship's race day."
        />
      </p>
    </section>
  )
}

function ReportCard({ report }: { report: ExperienceReport }) {
  const { t, i18n } = useLingui()
  const locale = activeLocale()
  const headingId = `report-${String(report.id)}`
  const state = {
    in_verifica: t`Under verification`,
    accettata: t`Accepted`,
    respinta: t`Rejected`,
  }[report.stato]
  return (
    <article aria-labelledby={headingId} className={styles.card}>
      <h3 id={headingId} className={styles.name}>
        {report.gara_id === null ? report.gara : <Link href={paths.race(report.gara_id)}>{report.gara}</Link>}
      </h3>
      <p className={`${styles.state} ${styles[report.stato]}`}>{state}</p>
      <DefinitionList
        minColumn="9rem"
        rows={[
          [t`Edition date`, <time dateTime={report.data}>{formatDate(locale, report.data)}</time>],
          [t`Finish time`, formatDuration(report.tempo_secondi)],
          [t`Counts towards the PAX`, report.qualificante ? t`Yes, it qualifies` : t`No`],
          [t`Reported on`, formatOwnMoment(locale, report.inviata)],
        ]}
      />
      {report.stato === 'respinta' && report.motivo ? (
        <p className={styles.reason}>
          <span className={styles.reasonLabel}>{t`Reason:`}</span> {i18n._(REJECTION_REASONS[report.motivo])}
        </p>
      ) : null}
      {report.link_risultati ? (
        <a href={report.link_risultati} target="_blank" rel="noopener noreferrer">
          {t`Results (opens in a new tab)`}
        </a>
      ) : null}
    </article>
  )
}

function ReportRace({ races }: { races: readonly Race[] }) {
  const { t, i18n } = useLingui()
  const now = useNow()
  const today = calendarDayInRome(now)
  // The athlete's birth date, when the profile has it: a race cannot be run before it.
  const birthDate = useAthlete().profile?.data_nascita ?? null
  const choices = reportableRaces(races, now)
  const [open, setOpen] = useState(false)
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitted, isSubmitSuccessful },
    // The form focuses its first invalid field itself: the library's would be the first mounted, and
    // the name and the date mount after the finish time.
  } = useSchemaForm(reportSchema(today, birthDate), { defaultValues: emptyReport, shouldFocusError: false })
  const race = useWatch({ control, name: 'race' })
  const sending = useMutation(
    apiMutation(experience.report, {
      toInput: (values: ReportValues) => ({ body: toNewReport(values, races) }),
      onSuccess: (queryClient) => queryClient.invalidateQueries({ queryKey: athleteQueries.experience().queryKey }),
    }),
  )

  const submit = handleSubmit((values) => {
    if (sending.isPending) return
    sending.mutate(values, {
      onSuccess: () => {
        notify('experience_reported')
        reset(emptyReport)
        sending.reset()
        setOpen(false)
      },
      onError: ({ error }) => {
        // A refusal about one field is said on it, as the form's own checks are; all typed is kept.
        const refused = refusalField(errorCodeOf<typeof experience.report>(error), values)
        if (refused) setError(refused.field, { type: 'server', message: refused.code }, { shouldFocus: true })
      },
    })
  }, (invalid) => {
    const first = REPORT_FIELDS.find((field) => invalid[field])
    if (first) setFocus(first)
  })
  const message = (code: string | undefined) => fieldErrorMessage(i18n, code, REPORT_ERRORS)
  const failure = sending.error?.error ?? null
  // A refusal said on its field is not said again as a failure of the whole form.
  const onField = failure !== null && refusalField(errorCodeOf<typeof experience.report>(failure), sending.variables ?? emptyReport) !== null
  const refusedOnField = Object.values(errors).some((error) => error?.type === 'server')

  return (
    <section aria-labelledby="report-race" className={styles.section}>
      <h2 id="report-race">{t`Report a completed race`}</h2>
      {!open ? (
        <Button onClick={() => setOpen(true)}>{t`Report a race`}</Button>
      ) : (
        <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
          <FormProblems count={isSubmitted && (!isSubmitSuccessful || refusedOnField) ? Object.keys(errors).length : 0} />
          <SelectField label={t`Race`} error={message(errors.race?.message)} {...register('race')}>
            <option value="">{t`Choose a race`}</option>
            <optgroup label={t`The organiser's experience races`}>
              {choices.map((choice) => (
                <option key={choice.id} value={String(choice.id)}>
                  {`${choice.nome} ${String(choice.edizione)}`}
                </option>
              ))}
            </optgroup>
            <option value={OTHER_RACE}>{t`Another race (type its name)`}</option>
          </SelectField>
          {race === OTHER_RACE ? (
            <>
              <Field label={t`Race name`} autoComplete="off" error={message(errors.name?.message)} {...register('name')} />
              <Field
                label={t`Edition date`}
                type="date"
                min={earliestEditionDate(birthDate)}
                max={today}
                error={message(errors.date?.message)}
                {...register('date')}
              />
            </>
          ) : null}
          <Field
            label={t`Finish time`}
            inputMode="numeric"
            autoComplete="off"
            placeholder="7:41:09"
            hint={t`Hours, minutes and seconds, like 7:41:09.`}
            error={message(errors.time?.message)}
            {...register('time')}
          />
          <Field
            label={t`Link to the results (optional)`}
            type="url"
            inputMode="url"
            autoComplete="url"
            hint={t`Where the staff can find your name and time; it speeds up the verification.`}
            error={message(errors.link?.message)}
            {...register('link')}
          />
          {failure && !onField ? <SubmitFailure error={failure} onRetry={() => void submit()} /> : null}
          <div className={styles.actions}>
            <Button type="submit" aria-busy={sending.isPending}>
              {sending.isPending ? t`Sending…` : t`Send the report`}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                reset(emptyReport)
                sending.reset()
                setOpen(false)
              }}
            >
              {t`Cancel`}
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}
