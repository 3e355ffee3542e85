import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Suspense, useEffect, useId, useRef, type ComponentType, type ReactNode } from 'react'
import { Link } from 'wouter'
import type { RefundOption } from '../../../contracts/athlete.contract'
import type { RaceDetail, SubscriptionField } from '../../../contracts/races.contract'
import type { Step, WizardScreen } from '../../../machines/enrolment/enrolment.machine'
import { toEuros } from '../../../machines/enrolment/price'
import { daysToStart } from '../../../machines/rules/race-day'
import { refundTiers, rowOn } from '../../../machines/rules/refund'
import { useAthlete } from '../../lib/athlete-queries'
import { now } from '../../lib/clock'
import { formatDate, formatMoney } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { Button, buttonClass } from '../../ui/button'
import { DefinitionList } from '../../ui/definition-list'
import { CheckboxField, Field, SelectField } from '../../ui/field'
import { fieldErrorMessage } from '../../ui/form-messages'
import { lazyPart } from '../../ui/lazy-part'
import { useFocusOnMount } from '../../ui/use-focus-on-mount'
import { OrganiserText } from '../../ui/organiser-text'
import { RefundPeriod } from '../../ui/refund-period'
import { Loading } from '../../ui/state'
import styles from './enrolment.module.css'
import { enrolmentQueries } from './enrolment-queries'
import type { EnrolmentWizard } from './use-enrolment-wizard'
import { failureMessage, useStepTitles } from './wizard-text'

/** The dialog and its text load when the summary is confirmed, not with the first step. */
const DisclaimerDialog = lazyPart(() => import('./disclaimer-dialog'))

interface StepProps {
  wizard: EnrolmentWizard
  race: RaceDetail
  screen: Extract<WizardScreen, { kind: 'step' }>
}

export function WizardStep(props: StepProps) {
  const StepScreen = STEP_SCREENS[props.screen.step]
  return <StepScreen {...props} />
}

/** A step's frame: its heading (focused when the step appears), its content, and Back / Next. */
function StepFrame({
  step,
  wizard,
  children,
  next,
  nextLabel,
  nextDisabled,
}: {
  step: Step
  wizard: EnrolmentWizard
  children: ReactNode
  next?: () => void
  nextLabel?: string
  nextDisabled?: boolean
}) {
  const { t } = useLingui()
  const titles = useStepTitles()
  const heading = useFocusOnMount<HTMLHeadingElement>()
  return (
    <section aria-labelledby={`step-${step}`} className={styles.step}>
      <h2 id={`step-${step}`} ref={heading} tabIndex={-1} className={styles.stepHeading}>
        {titles[step]}
      </h2>
      {children}
      <div className={styles.navigation}>
        {wizard.can.back ? (
          <Button variant="secondary" onClick={wizard.back}>
            {t`Back`}
          </Button>
        ) : null}
        {next ? (
          <Button onClick={next} disabled={nextDisabled}>
            {nextLabel ?? t`Next`}
          </Button>
        ) : null}
      </div>
    </section>
  )
}

/** Focuses the first element marked invalid once a Next has found problems. */
function useFocusFirstProblem(problems: unknown) {
  const container = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!problems || Object.keys(problems as object).length === 0) return
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [problems])
  return container
}

function DataCheckStep({ wizard }: StepProps) {
  const { t } = useLingui()
  const { profile } = useAthlete()
  const { choices, problems } = wizard
  const container = useFocusFirstProblem(problems)
  const locale = activeLocale()
  if (!profile) return <Loading />
  const rows: Array<[string, string | null | undefined]> = [
    [t`Name`, [profile.nome, profile.cognome].filter(Boolean).join(' ')],
    [t`E-mail`, profile.mail],
    [t`Birth date`, profile.data_nascita ? formatDate(locale, profile.data_nascita) : null],
    [t`Tax code`, profile.cod_fiscale],
    [t`Address`, [profile.via, profile.civico, profile.cap, profile.citta, profile.provincia, profile.paese].filter(Boolean).join(', ')],
    [t`Phone`, profile.telefono],
    [t`Emergency contact`, [profile.contatto_emergenza, profile.telefono_emergenze].filter(Boolean).join(', ')],
    [t`T-shirt size`, profile.taglia_maglietta],
    [t`Medical certificate valid until`, profile.scadenza_certificato ? formatDate(locale, profile.scadenza_certificato) : null],
  ]
  return (
    <StepFrame step="dataCheck" wizard={wizard} next={wizard.next}>
      <p>{t`The organiser enters you with these details. Check them: your bib, your category and the safety team rely on them.`}</p>
      <DefinitionList className={styles.data} rows={rows.map(([label, value]) => [label, value || '—'] as const)} />
      <p>
        <Link href={`${paths.me}?return=${encodeURIComponent(paths.subscribe(wizard.raceId))}`}>
          {t`Something wrong? Edit your profile (you will come back to this step)`}
        </Link>
      </p>
      <div ref={container}>
        <CheckboxField
          label={t`All my data is correct`}
          checked={choices.dataConfirmed}
          onChange={(event) => wizard.confirmData(event.target.checked)}
          error={problems.dataConfirmed && !choices.dataConfirmed ? t`Confirm that your data is correct to continue.` : null}
        />
      </div>
    </StepFrame>
  )
}

function ExtraFieldsStep({ wizard, race }: StepProps) {
  const { t, i18n } = useLingui()
  const query = useQuery(enrolmentQueries.extraFields(race.id))
  const { choices, problems } = wizard
  const container = useFocusFirstProblem(problems.extra)
  const fields = query.data?.campi
  return (
    <StepFrame step="extraFields" wizard={wizard} next={wizard.next} nextDisabled={!fields}>
      {query.isError ? (
        <div role="alert" className={styles.alert}>
          <p>{t`The race's questions could not be loaded. Your choices are kept.`}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t`Try again`}
          </Button>
        </div>
      ) : !fields ? (
        <Loading />
      ) : fields.length === 0 ? (
        <p>{t`The organiser has no further questions for this race.`}</p>
      ) : (
        <div ref={container} className={styles.fields}>
          <p>{t`The organiser asks a few more things for this race. Fields marked * are required.`}</p>
          {fields.map((field) => (
            <ExtraField
              key={field.nome}
              field={field}
              value={choices.extra[field.nome]}
              error={fieldErrorMessage(i18n, problems.extra?.[field.nome])}
              onChange={(value) => wizard.answer(field.nome, value)}
            />
          ))}
        </div>
      )}
    </StepFrame>
  )
}

function ExtraField({
  field,
  value,
  error,
  onChange,
}: {
  field: SubscriptionField
  value: string | boolean | undefined
  error: string | null
  onChange: (value: string | boolean) => void
}) {
  const { t } = useLingui()
  const label = field.obbligatorio ? `${field.etichetta} *` : field.etichetta
  switch (field.tipo) {
    case 'boolean':
      return (
        <CheckboxField
          label={label}
          checked={value === true}
          required={field.obbligatorio}
          error={error}
          onChange={(event) => onChange(event.target.checked)}
        />
      )
    case 'select':
      return (
        <SelectField
          label={label}
          value={typeof value === 'string' ? value : ''}
          required={field.obbligatorio}
          error={error}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{t`Choose…`}</option>
          {(field.opzioni ?? []).map((option) => (
            <option key={option.valore} value={option.valore}>
              {option.etichetta}
            </option>
          ))}
        </SelectField>
      )
    case 'text':
      return (
        <Field
          label={label}
          value={typeof value === 'string' ? value : ''}
          required={field.obbligatorio}
          error={error}
          onChange={(event) => onChange(event.target.value)}
        />
      )
  }
}

function RulesStep({ wizard, race }: StepProps) {
  const { t } = useLingui()
  const { choices, problems } = wizard
  const container = useFocusFirstProblem(problems)
  const rulesId = useId()
  return (
    <StepFrame step="rules" wizard={wizard} next={wizard.next}>
      <div id={rulesId} className={styles.rules} tabIndex={0} role="region" aria-label={t`Race rules`}>
        <OrganiserText text={race.regolamento} lingua={race.lingua} />
      </div>
      <div ref={container}>
        <CheckboxField
          label={t`I have read the race rules and I accept them`}
          checked={choices.rulesAccepted}
          onChange={(event) => wizard.acceptRules(event.target.checked)}
          error={problems.rules && !choices.rulesAccepted ? t`Accept the race rules to continue.` : null}
        />
      </div>
    </StepFrame>
  )
}

function RefundStep({ wizard, race }: StepProps) {
  const { t } = useLingui()
  const locale = activeLocale()
  const { choices, problems } = wizard
  const container = useFocusFirstProblem(problems)
  const errorId = useId()
  // Every tier of the race's schedule, as the race page lists it; today's (whole days to the start
  // on Rome's calendar) marked, since that is what withdrawing at once would give back.
  const tiers = refundTiers(race)
  const today = rowOn(tiers, daysToStart(race, now()))
  const surcharge = formatMoney(locale, race.supplemento_rimborso)
  const options: Array<[RefundOption, string, string]> = [
    ['standard', t`Standard`, t`Included in the fee`],
    ['protetto', t`Protected`, t`${surcharge} extra, non-refundable`],
  ]
  return (
    <StepFrame step="refund" wizard={wizard} next={wizard.next}>
      <div ref={container}>
        <fieldset className={styles.choice} aria-describedby={problems.refund && choices.refund === null ? errorId : undefined}>
          <legend>{t`If you cannot run, how much of the race fee do you want back?`}</legend>
          {options.map(([option, label, cost]) => (
            <label key={option} className={styles.option}>
              <input
                type="radio"
                name="refund"
                value={option}
                checked={choices.refund === option}
                aria-invalid={problems.refund && choices.refund === null ? true : undefined}
                // Focus lands on the first option: the message is read with it, not only with the group.
                aria-describedby={problems.refund && choices.refund === null ? errorId : undefined}
                onChange={() => wizard.chooseRefund(option)}
              />
              <span>
                <strong>{label}</strong> <span className={styles.cost}>{cost}</span>
              </span>
            </label>
          ))}
          {problems.refund && choices.refund === null ? (
            <p id={errorId} className={styles.fieldError}>
              {t`Choose a refund option to continue.`}
            </p>
          ) : null}
        </fieldset>
      </div>
      <table className={styles.table}>
        <caption>{t`What you get back if you withdraw`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`When you withdraw`}</th>
            <th scope="col">{t`Standard`}</th>
            <th scope="col">{t`Protected`}</th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier) => (
            <tr key={tier.giorniPrima} aria-current={tier === today ? 'date' : undefined}>
              <th scope="row">
                <RefundPeriod from={tier.giorniPrima} until={tier.untilDays} />
                {tier === today ? <span className={styles.cost}> {t`(today)`}</span> : null}
              </th>
              <td className={styles.amount}>{formatMoney(locale, tier.quotes.standard.quota)}</td>
              <td className={styles.amount}>{formatMoney(locale, tier.quotes.protetto.quota)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.note}>{t`Refunds are a share of the race fee. A GPS rental you do not collect is always refunded.`}</p>
    </StepFrame>
  )
}

function GpsStep({ wizard, race }: StepProps) {
  const { t } = useLingui()
  const locale = activeLocale()
  const { choices, problems } = wizard
  const container = useFocusFirstProblem(problems)
  const errorId = useId()
  const fee = formatMoney(locale, race.noleggio_gps)
  const options: Array<[boolean, string]> = [
    [true, t`Yes, rent a GPS tracker for ${fee}`],
    [false, t`No, thank you`],
  ]
  return (
    <StepFrame step="gps" wizard={wizard} next={wizard.next}>
      <p>{t`A GPS tracker lets your family follow you live and helps the safety team find you. You collect it with your bib and give it back at the finish.`}</p>
      <div ref={container}>
        <fieldset className={styles.choice} aria-describedby={problems.gps && choices.gps === null ? errorId : undefined}>
          <legend>{t`Do you want to rent a GPS tracker?`}</legend>
          {options.map(([rent, label]) => (
            <label key={String(rent)} className={styles.option}>
              <input
                type="radio"
                name="gps"
                checked={choices.gps === rent}
                aria-invalid={problems.gps && choices.gps === null ? true : undefined}
                // Focus lands on the first option: the message is read with it, not only with the group.
                aria-describedby={problems.gps && choices.gps === null ? errorId : undefined}
                onChange={() => wizard.chooseGps(rent)}
              />
              <span>{label}</span>
            </label>
          ))}
          {problems.gps && choices.gps === null ? (
            <p id={errorId} className={styles.fieldError}>
              {t`Choose whether to rent a GPS tracker to continue.`}
            </p>
          ) : null}
        </fieldset>
      </div>
    </StepFrame>
  )
}

/** The price breakdown of decisions.md: fee, protection, GPS and total, in EUR with 2 decimals. */
function Breakdown({ wizard }: { wizard: EnrolmentWizard }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const { price, choices } = wizard
  if (!price) return <Loading />
  const money = (cents: number) => formatMoney(locale, toEuros(cents))
  return (
    <table className={styles.table}>
      <caption>{t`Price`}</caption>
      <tbody>
        <tr>
          <th scope="row">{t`Race fee`}</th>
          <td className={styles.amount}>{money(price.fee)}</td>
        </tr>
        <tr>
          <th scope="row">{choices.refund === 'protetto' ? t`Protected refund` : t`Standard refund`}</th>
          <td className={styles.amount}>{money(price.protection)}</td>
        </tr>
        <tr>
          <th scope="row">{choices.gps ? t`GPS tracker rental` : t`No GPS tracker`}</th>
          <td className={styles.amount}>{money(price.gps)}</td>
        </tr>
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t`Total`}</th>
          <td className={styles.amount}>{money(price.total)}</td>
        </tr>
      </tfoot>
    </table>
  )
}

/**
 * The answers to the race's questions the enrolment is made with, as the summary and the payment
 * show them: a place resumed shows what the organiser holds (decision 027).
 */
function Answers({ wizard, race }: { wizard: EnrolmentWizard; race: RaceDetail }) {
  const { t } = useLingui()
  const headingId = useId()
  const fields = useQuery(enrolmentQueries.extraFields(race.id)).data?.campi ?? []
  // A choice is kept by its value and shown by its label in the language on screen.
  const answered = fields.flatMap((field) => {
    const value = wizard.choices.extra[field.nome]
    if (value === undefined || value === '' || value === false) return []
    const shown = field.opzioni?.find((option) => option.valore === value)?.etichetta ?? value
    return [[field.etichetta, shown] as const]
  })
  if (answered.length === 0) return null
  return (
    <section aria-labelledby={headingId} className={styles.answers}>
      <h3 id={headingId} className={styles.answersHeading}>
        {t`Your answers`}
      </h3>
      <dl className={styles.data}>
        {answered.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value === true ? t`Yes` : String(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

function SummaryStep({ wizard, race, screen }: StepProps) {
  const { t, i18n } = useLingui()
  const { failure, problems, entry } = wizard
  const lottery = entry === 'lottery'
  return (
    <StepFrame
      step="summary"
      wizard={wizard}
      next={wizard.confirmSummary}
      nextLabel={lottery ? t`Sign the waiver and apply` : t`Sign the waiver`}
      nextDisabled={screen.busy !== null}
    >
      <Breakdown wizard={wizard} />
      {lottery ? (
        <p className={styles.note}>
          <Trans>This is a lottery application: you pay only if you are drawn, through a link we send you by e-mail.</Trans>
        </p>
      ) : null}
      <Answers wizard={wizard} race={race} />
      <p>{t`Before paying, you sign the race's waiver of liability by typing a short sentence.`}</p>
      {problems.summary === 'no_subscription' ? (
        <p role="alert" className={styles.alert}>
          {t`The organiser no longer has your enrolment in this race, so nothing was signed or charged. Check the summary and confirm it again to enrol.`}
        </p>
      ) : null}
      {failure?.action === 'enrol' ? (
        <div role="alert" className={styles.alert}>
          <p>{i18n._(failureMessage(failure.error))}</p>
          <Button variant="secondary" onClick={wizard.retry}>
            {t`Try again`}
          </Button>
        </div>
      ) : null}
      {screen.busy === 'enrolling' ? <Loading label={t`Saving your enrolment…`} /> : null}
      {screen.disclaimerOpen ? (
        <Suspense fallback={null}>
          <DisclaimerDialog wizard={wizard} race={race} signing={screen.busy === 'signing'} />
        </Suspense>
      ) : null}
    </StepFrame>
  )
}

function PaymentStep({ wizard, race, screen }: StepProps) {
  const { t, i18n } = useLingui()
  const locale = activeLocale()
  const { problems, failure, price } = wizard
  const amount = price ? formatMoney(locale, toEuros(price.total)) : ''
  return (
    <StepFrame step="payment" wizard={wizard}>
      <Breakdown wizard={wizard} />
      <Answers wizard={wizard} race={race} />
      {problems.payment === 'total_mismatch' ? (
        <p role="alert" className={styles.alert}>
          {t`The price has changed since you saw it, so the payment was not started. The current total is shown above: check it, then pay.`}
        </p>
      ) : null}
      {problems.payment === 'payment_failed' ? (
        <p role="alert" className={styles.alert}>
          {t`Your last payment did not go through and you have not been charged. Your enrolment is kept: you can pay again.`}
        </p>
      ) : null}
      {problems.payment === 'not_started' ? (
        <p role="alert" className={styles.alert}>
          {t`The payment could not be started and you have not been charged. Press Pay to start a new one.`}
        </p>
      ) : null}
      {failure?.action === 'startPayment' ? (
        <p role="alert" className={styles.alert}>
          {i18n._(failureMessage(failure.error))} {t`Paying again will not charge you twice.`}
        </p>
      ) : null}
      {wizard.paymentLink !== null ? (
        // The organiser's link pays this place (issue 42): a card payment would be refused.
        <>
          <p>{t`The organiser has sent you a payment link for this place: you pay through it, on its page.`}</p>
          <Link href={paths.paymentLink(wizard.paymentLink)} className={`${buttonClass('primary')} ${styles.pay}`}>
            {t`Pay with the organiser's link`}
          </Link>
        </>
      ) : (
        <>
          <p>{t`You will pay on the payment provider's secure page, then come back here.`}</p>
          <Button className={styles.pay} onClick={wizard.pay} disabled={!wizard.can.pay || screen.busy !== null}>
            {screen.busy === 'startingPayment' ? t`Starting the payment…` : t`Pay ${amount}`}
          </Button>
        </>
      )}
    </StepFrame>
  )
}

/** The screen of each step: typed by the machine's one list of steps, so none can be missing. */
const STEP_SCREENS: Record<Step, ComponentType<StepProps>> = {
  dataCheck: DataCheckStep,
  extraFields: ExtraFieldsStep,
  rules: RulesStep,
  refund: RefundStep,
  gps: GpsStep,
  summary: SummaryStep,
  payment: PaymentStep,
}
