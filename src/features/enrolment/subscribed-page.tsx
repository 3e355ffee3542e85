import { select } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useLocation } from 'wouter'
import type { RaceDetail } from '../../../contracts/races.contract'
import { isActivePlace } from '../../../machines/rules/place'
import { useAddressedSex, useSubscriptionFor } from '../../lib/athlete-queries'
import { formatMoney, formatOwnMoment } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { raceQueries } from '../../lib/race-queries'
import { useSession } from '../../lib/session'
import { Button, buttonClass } from '../../ui/button'
import { DefinitionList } from '../../ui/definition-list'
import { Page } from '../../ui/page'
import { isRaceNotFound, RaceNotFound, withRaceId } from '../../ui/race-not-found'
import { Empty, Loading, QueryErrorState } from '../../ui/state'
import styles from './enrolment.module.css'
import AfterPaidLinks from './after-paid-links'

/** `/race/{id}/subscribed`: the athlete's enrolment in a race, once paid: bib, options, total, waiver. */
export default withRaceId(SubscribedScreen)

function SubscribedScreen({ raceId }: { raceId: number }) {
  const { t } = useLingui()
  const race = useQuery(raceQueries.get(raceId))
  const { status, askToLogIn } = useSession()
  const [location] = useLocation()
  if (race.isError && isRaceNotFound(race.error)) return <RaceNotFound />
  if (!race.data || status === 'pending') {
    return (
      <Page title={t`Enrolment complete`}>
        {race.isError ? <QueryErrorState query={race} /> : <Loading />}
      </Page>
    )
  }
  if (status === 'loggedOut') {
    return (
      <Page title={t`Enrolment complete`}>
        <p>{t`Log in to see your enrolment.`}</p>
        <Button onClick={() => askToLogIn(location)}>{t`Log in`}</Button>
      </Page>
    )
  }
  return <Enrolment race={race.data} />
}

function Enrolment({ race }: { race: RaceDetail }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const sex = useAddressedSex()
  const { subscription, query } = useSubscriptionFor(race.id)
  const name = `${race.nome} ${String(race.edizione)}`
  if (subscription === undefined) {
    return (
      <Page title={t`Enrolment complete`}>
        {query.isError ? <QueryErrorState query={query} /> : <Loading />}
      </Page>
    )
  }
  if (!isActivePlace(subscription)) {
    return (
      <Page title={name}>
        <Empty>{t`${select(sex, { F: `You are not enrolled in this race yet.`, M: `You are not enrolled in this race yet.`, other: `You are not enrolled in this race yet.` })}`}</Empty>
        <Link href={paths.subscribe(race.id)} className={buttonClass('primary')}>
          {t`Enrol`}
        </Link>
      </Page>
    )
  }
  const rows: Array<[string, string]> = [
    [t`Bib number`, subscription.pettorale === null ? '—' : String(subscription.pettorale)],
    [t`Category`, subscription.categoria ?? '—'],
    [t`Refund option`, subscription.opzione_rimborso === 'protetto' ? t`Protected` : t`Standard`],
    [t`GPS tracker`, subscription.noleggio_gps ? t`Rented` : t`Not rented`],
    [t`Total paid`, subscription.totale === null ? '—' : formatMoney(locale, subscription.totale)],
    [t`Waiver signed`, subscription.liberatoria_signed ? formatOwnMoment(locale, subscription.liberatoria_signed) : '—'],
  ]
  return (
    <Page title={t`${select(sex, { F: `You are enrolled in ${name}`, M: `You are enrolled in ${name}`, other: `You are enrolled in ${name}` })}`}>
      <div className={styles.step}>
        <DefinitionList className={styles.data} rows={rows} />
        <div className={styles.navigation}>
          <Link href={paths.race(race.id)} className={buttonClass('secondary')}>
            {t`Back to the race`}
          </Link>
        </div>
        <AfterPaidLinks race={race} />
      </div>
    </Page>
  )
}
