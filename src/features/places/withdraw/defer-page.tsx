import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback } from 'react'
import { Link, useLocation } from 'wouter'
import type { RaceDetail } from '../../../../contracts/races.contract'
import { isActivePlace } from '../../../../machines/rules/place'
import { deferOutlook, type DeferOutlook } from '../../../../machines/rules/refund'
import { formatMoney, formatRaceTime } from '../../../lib/format'
import { activeLocale } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { useSession } from '../../../lib/session'
import { Button } from '../../../ui/button'
import { DefinitionList } from '../../../ui/definition-list'
import { withRaceId } from '../../../ui/race-not-found'
import { useFocusOnMount } from '../../../ui/use-focus-on-mount'
import { ConfirmDialog, Failure, PlaceGone, PlaceScreen, Refusal } from './place-change-parts'
import styles from './place-change.module.css'
import { usePlaceChange } from './use-place-change'

/**
 * `/me/races/{id}/defer` (issue 23 point 2, decision 038): where the race allows it and until its
 * deadline, the place is deferred to the course's next edition; the fee paid less the deferral fee
 * becomes a credit, listed in My races.
 */
export default withRaceId(DeferScreen)

function DeferScreen({ raceId }: { raceId: number }) {
  const { t } = useLingui()
  return (
    <PlaceScreen raceId={raceId} title={t`Defer to next year`}>
      {(race, subscription, openedAt) =>
        isActivePlace(subscription) ? <Defer race={race} outlook={deferOutlook(race, openedAt)} /> : <PlaceGone subscription={subscription} />
      }
    </PlaceScreen>
  )
}

function Defer({ race, outlook }: { race: RaceDetail; outlook: DeferOutlook }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const [location] = useLocation()
  const { askToLogIn } = useSession()
  const onSessionExpired = useCallback(() => askToLogIn(location), [askToLogIn, location])
  const change = usePlaceChange({ kind: 'defer', raceId: race.id, expected: null }, onSessionExpired)
  const money = (euros: number) => formatMoney(locale, euros)
  const name = `${race.nome} ${String(race.edizione)}`

  if (!outlook.open) {
    return (
      <section aria-labelledby="defer-closed" className={styles.card}>
        <h2 id="defer-closed" className={styles.heading}>{t`This place cannot be deferred`}</h2>
        <p>
          {outlook.reason === 'not_allowed'
            ? t`This race does not allow deferring a place to the next edition. You can still withdraw, with the refund its schedule gives.`
            : outlook.reason === 'started'
              ? t`The race has started.`
              : t`Places could be deferred until ${formatRaceTime(locale, outlook.until)}.`}
        </p>
        <p>
          <Link href={paths.myRaces}>{t`Back to My races`}</Link>
        </p>
      </section>
    )
  }
  if (change.view === 'done') return <Deferred credit={outlook.credit} edition={outlook.edition} />
  const credit = money(outlook.credit)
  const edition = String(outlook.edition)
  return (
    <div className={styles.layout}>
      <section aria-labelledby="defer-credit" className={styles.card}>
        <h2 id="defer-credit" className={styles.heading}>{t`Your credit for the ${edition} edition`}</h2>
        <p className={styles.total}>{credit}</p>
        <DefinitionList
          minColumn="12rem"
          rows={[
            [t`Race fee paid`, money(race.prezzo)],
            [t`Deferral fee`, money(outlook.fee)],
            [t`Credit`, credit],
            [t`Deadline to defer`, formatRaceTime(locale, outlook.until)],
          ]}
        />
        <p className={styles.note}>{t`Options paid on top of the fee (protected refund, GPS rental) are not carried over. Your place goes back to the race, or to its wait list. This cannot be undone.`}</p>
        {change.view === 'quote' || change.view === 'confirming' || change.view === 'submitting' ? (
          <div className={styles.actions}>
            <Button variant="danger" onClick={change.start}>{t`Defer to the ${edition} edition`}</Button>
          </div>
        ) : null}
      </section>
      {change.view === 'refused' && change.refusal ? <Refusal code={change.refusal} /> : null}
      {change.view === 'failed' && change.failure ? <Failure failure={change.failure} change={change} /> : null}
      <ConfirmDialog change={change} title={t`Defer ${name}?`} confirmLabel={t`Defer and keep a ${credit} credit`}>
        <p>{t`You give up this year's place and keep a credit of ${credit} for the ${edition} edition.`}</p>
        <p>{t`This cannot be undone.`}</p>
      </ConfirmDialog>
    </div>
  )
}

function Deferred({ credit, edition }: { credit: number; edition: number }) {
  const { t } = useLingui()
  const ref = useFocusOnMount<HTMLElement>()
  const amount = formatMoney(activeLocale(), credit)
  const year = String(edition)
  return (
    <section ref={ref} tabIndex={-1} aria-labelledby="deferred" className={`${styles.card} ${styles.done}`}>
      <h2 id="deferred" className={styles.heading}>{t`Your place is deferred`}</h2>
      <p role="status">
        <Trans>
          A credit of {amount} for the {year} edition is yours. You find it in My races.
        </Trans>
      </p>
      <p>
        <Link href={paths.myRaces}>{t`Back to My races`}</Link>
      </p>
    </section>
  )
}
