import { Suspense, useEffect } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { RaceDetail } from '../../../contracts/races.contract'
import type { EntryMode } from '../../../machines/enrolment/eligibility'
import { STEPS, type Step } from '../../../machines/enrolment/enrolment.machine'
import { noticeForApiError } from '../../lib/api-error-notice'
import { useAthlete } from '../../lib/athlete-queries'
import { useWizardSaysLapse } from '../../lib/lapse-said'
import { NOTICES } from '../../lib/notices'
import { raceQueries } from '../../lib/race-queries'
import { useSession } from '../../lib/session'
import { lazyPart } from '../../ui/lazy-part'
import { Page } from '../../ui/page'
import { isRaceNotFound, RaceNotFound, withRaceId } from '../../ui/race-not-found'
import { ErrorState, Loading, QueryErrorState } from '../../ui/state'
import styles from './enrolment.module.css'
import { useEnrolmentWizard, type EnrolmentWizard } from './use-enrolment-wizard'
import { WizardStep } from './wizard-steps'
import { useStepTitles } from './wizard-text'

/** `/race/{id}/subscribe`: the enrolment wizard (design card), open to anyone; its gate asks a visitor to log in. */
export default withRaceId(SubscribeScreen)

function SubscribeScreen({ raceId }: { raceId: number }) {
  const query = useQuery(raceQueries.get(raceId))
  const { status } = useSession()
  const { profile } = useAthlete()
  const loadingTitle = useWizardTitle(query.data, null)

  if (query.isError && isRaceNotFound(query.error)) return <RaceNotFound />
  const race = query.data
  if (!race || status === 'pending' || (status === 'loggedIn' && !profile)) {
    return (
      <Page title={loadingTitle}>
        {query.isError ? <QueryErrorState query={query} /> : <Loading />}
      </Page>
    )
  }
  const athleteId = profile?.id ?? null
  // Another athlete (or a visitor, once a session has ended) gets a wizard of their own; the
  // athlete's kept one comes back when they sign in again.
  return <Wizard key={athleteId ?? 'visitor'} race={race} athleteId={athleteId} />
}

/**
 * The wizard's heading: the race's name, and how the athlete enters it. A race entered first come,
 * first served decides that alone, so its heading stands from the first paint (src/first-paint.js
 * writes the same before the app) while the session and the gate are still being checked; a
 * lottery's entrant applies, or enters directly with a PAX, which only the gate can say.
 */
function useWizardTitle(race: RaceDetail | undefined, entry: EntryMode | null): string {
  const { t } = useLingui()
  if (!race) return t`Race enrolment`
  const name = `${race.nome} ${String(race.edizione)}`
  if (race.ammissione === 'diretta') return t`Enrol in ${name}`
  if (entry === null) return t`Race enrolment`
  return entry === 'lottery' ? t`Apply for ${name}` : t`Enrol in ${name}`
}

function Wizard({ race, athleteId }: { race: RaceDetail; athleteId: number | null }) {
  const wizard = useEnrolmentWizard(race, athleteId)
  const { screen } = wizard
  const title = useWizardTitle(race, screen.kind === 'checking' || screen.kind === 'checkFailed' ? null : wizard.entry)
  useWizardSaysLapse(race.id, saysLapse(wizard))

  return (
    <Page title={title}>
      {/* Drawn while the gate checks too, no step current yet: the first step lands where it will be,
          nothing below it moves (the wizard's CLS in the bench, decision 044). */}
      {screen.kind === 'step' || screen.kind === 'checking' ? <StepIndicator current={screen.kind === 'step' ? screen.step : null} /> : null}
      <div className={styles.body}>
        <WizardBody wizard={wizard} race={race} />
      </div>
    </Page>
  )
}

/**
 * The wizard tells the athlete that the place kept for them lapsed: on its steps and on the way to
 * the payment it stops with that refusal the moment it does (decision 065), and a banner saying it
 * too, even a second earlier, would say it twice.
 */
function saysLapse({ screen, lateRefusal }: EnrolmentWizard): boolean {
  switch (screen.kind) {
    case 'step':
    case 'redirecting':
    case 'confirming':
      return true
    case 'refused':
      return lateRefusal?.code === 'hold_expired' || lateRefusal?.code === 'offer_expired'
    default:
      return false
  }
}

/**
 * What follows the steps (the way to the checkout, the wait, paid or applied) loads apart: a first
 * visit shows the steps sooner. It is fetched while the athlete is on the steps, so it is there when
 * they pay; an athlete back from the checkout downloads it with the page.
 */
const Outcome = lazyPart(() => import('./outcome'))
/**
 * The gate's refusals, shown to few: fetched once the steps show (a refusal can still come later,
 * when the places run out), not while the gate checks, where its six files took the connections
 * the gate's own calls wait for. An athlete refused at once waits for it on the spot.
 */
const GateRefusals = lazyPart(() => import('./gate-refusals'))

function WizardBody({ wizard, race }: { wizard: EnrolmentWizard; race: RaceDetail }) {
  const { t, i18n } = useLingui()
  const { screen } = wizard
  const onSteps = screen.kind === 'step'
  useEffect(() => {
    if (!onSteps) return
    Outcome.preload()
    GateRefusals.preload()
  }, [onSteps])
  switch (screen.kind) {
    case 'checking':
      return <Loading label={t`Checking that you can enrol…`} />
    case 'checkFailed':
      return <ErrorState message={i18n._(NOTICES[noticeForApiError(wizard.failure?.error)].message)} onRetry={wizard.retry} />
    case 'refused':
      return (
        <Suspense fallback={<Loading />}>
          <GateRefusals race={race} refusals={wizard.refusals} late={wizard.lateRefusal} entry={wizard.entry} />
        </Suspense>
      )
    case 'step':
      return <WizardStep wizard={wizard} race={race} screen={screen} />
    case 'redirecting':
    case 'confirming':
    case 'paid':
    case 'applied':
      return (
        <Suspense fallback={<Loading />}>
          <Outcome wizard={wizard} race={race} />
        </Suspense>
      )
  }
}

/** Where the athlete is among the steps (none yet while the gate checks); the current one is announced when it changes. */
function StepIndicator({ current }: { current: Step | null }) {
  const { t } = useLingui()
  const titles = useStepTitles()
  const index = current === null ? -1 : STEPS.indexOf(current)
  const position = index + 1
  const total = STEPS.length
  const currentTitle = current === null ? '' : titles[current]
  const announcement = current === null ? '' : t`Step ${position} of ${total}: ${currentTitle}`
  return (
    <nav aria-label={t`Enrolment steps`} className={styles.steps}>
      <ol>
        {STEPS.map((step, i) => (
          <li key={step} aria-current={step === current ? 'step' : undefined} className={i < index ? styles.done : undefined}>
            <span className={styles.stepNumber} aria-hidden="true">
              {i + 1}
            </span>
            <span className={styles.stepTitle}>{titles[step]}</span>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </nav>
  )
}
