import type { ReactNode } from 'react'
import { Select, useLingui } from '@lingui/react/macro'
import { Link } from 'wouter'
import type { RaceDetail } from '../../../contracts/races.contract'
import { useAddressedSex } from '../../lib/athlete-queries'
import { paths } from '../../lib/paths'
import { Button, buttonClass } from '../../ui/button'
import { Loading } from '../../ui/state'
import { useFocusOnMount } from '../../ui/use-focus-on-mount'
import styles from './enrolment.module.css'
import type { EnrolmentWizard } from './use-enrolment-wizard'
import AfterPaidLinks from './after-paid-links'
import { usePaidEnrolment } from './paid-enrolment'
import { failureMessage } from './wizard-text'

/** After the steps: on the way to the checkout, confirming the payment, paid, or applied to the lottery. */
export default function Outcome({ wizard, race }: { wizard: EnrolmentWizard; race: RaceDetail }) {
  const { t, i18n } = useLingui()
  const sex = useAddressedSex()
  const { screen, wait } = wizard
  switch (screen.kind) {
    case 'redirecting':
      return <Loading label={t`Taking you to the secure payment page…`} />
    case 'confirming':
      return (
        <section aria-labelledby="outcome-title" className={styles.step}>
          <OutcomeHeading>
            {t`Confirming your payment`}
          </OutcomeHeading>
          <Loading label={t`We are waiting for the payment provider to confirm your payment. This usually takes a few seconds.`} />
          {wait?.failure ? (
            <p role="alert" className={styles.alert}>
              {i18n._(failureMessage(wait.failure))}
            </p>
          ) : null}
          {wait?.kind === 'stillPending' ? (
            <div className={styles.note}>
              <p role="status">{t`The provider has not confirmed your payment yet. You will not be charged twice: check again in a minute, or look at your transactions later.`}</p>
              <Button variant="secondary" onClick={wizard.retry}>
                {t`Check again`}
              </Button>
            </div>
          ) : null}
          {wizard.can.abandon ? (
            <div className={styles.note}>
              <p>{t`Still waiting. If you left the payment page without paying, you can start a new payment: the one left open is cancelled, so you cannot pay twice.`}</p>
              <Button variant="secondary" onClick={wizard.abandonPayment}>
                {t`Start a new payment`}
              </Button>
            </div>
          ) : null}
        </section>
      )
    case 'paid':
      return <Paid race={race} />
    case 'applied':
      return (
        <section aria-labelledby="outcome-title" className={styles.step}>
          <OutcomeHeading>
            {t`Your lottery application is in`}
          </OutcomeHeading>
          <p role="status">
            <Select value={sex} _F="You have signed the waiver and applied for the lottery. If you are drawn, we send you a payment link by e-mail; nothing is charged until then." _M="You have signed the waiver and applied for the lottery. If you are drawn, we send you a payment link by e-mail; nothing is charged until then." other="You have signed the waiver and applied for the lottery. If you are drawn, we send you a payment link by e-mail; nothing is charged until then." />
          </p>
          <p>
            <Link href={paths.myRaces} className={buttonClass('primary')}>
              {t`Go to my races`}
            </Link>
          </p>
        </section>
      )
    default:
      return null
  }
}

function Paid({ race }: { race: RaceDetail }) {
  const { t } = useLingui()
  const bib = usePaidEnrolment(race.id)?.bib ?? null
  return (
    <section aria-labelledby="outcome-title" className={styles.step}>
      <OutcomeHeading>
        {t`Payment successful`}
      </OutcomeHeading>
      <p role="status">{t`You are enrolled in the race.`}</p>
      {bib !== null ? <p className={styles.bib}>{t`Your bib number: ${bib}`}</p> : null}
      <div className={styles.navigation}>
        <Link href={paths.subscribed(race.id)} className={buttonClass('primary')}>
          {t`See your enrolment`}
        </Link>
      </div>
      <AfterPaidLinks race={race} />
    </section>
  )
}

/** An outcome replaces the step the athlete was on: its heading takes focus. */
function OutcomeHeading({ children }: { children: ReactNode }) {
  const heading = useFocusOnMount<HTMLHeadingElement>()
  return (
    <h2 id="outcome-title" ref={heading} tabIndex={-1} className={styles.stepHeading}>
      {children}
    </h2>
  )
}
