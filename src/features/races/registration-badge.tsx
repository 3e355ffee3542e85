import { Plural, Trans } from '@lingui/react/macro'
import type { RegistrationDisplay } from '../../../machines/rules/registration-display'
import styles from './race-list.module.css'

export function RegistrationBadge({ display }: { display: RegistrationDisplay }) {
  return <span className={`${styles.badge} ${styles[display.kind]}`}>{label(display)}</span>
}

function label(display: RegistrationDisplay) {
  switch (display.kind) {
    case 'opening':
      return openingLabel(display)
    case 'open':
      return <Trans>Registration open</Trans>
    case 'closing':
      return <Plural value={display.hoursLeft} one="Closing: # hour left" other="Closing: # hours left" />
    case 'closed':
      return <Trans>Registration closed</Trans>
    case 'full':
      return <Trans>Sold out</Trans>
    case 'live':
      return <Trans>Live now</Trans>
  }
}

function openingLabel({ unit, count }: Extract<RegistrationDisplay, { kind: 'opening' }>) {
  switch (unit) {
    case 'days':
      return <Plural value={count} one="Registration opens in # day" other="Registration opens in # days" />
    case 'hours':
      return <Plural value={count} one="Registration opens in # hour" other="Registration opens in # hours" />
    case 'minutes':
      return <Plural value={count} one="Registration opens in # minute" other="Registration opens in # minutes" />
  }
}
