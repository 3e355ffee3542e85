import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'wouter'
import type { Transfer } from '../../../../contracts/places.contract'
import type { RaceDetail } from '../../../../contracts/races.contract'
import { enrolmentGate, type GateRefusal } from '../../../../machines/enrolment/eligibility'
import { raceDay } from '../../../../machines/rules/race-day'
import { useAthlete } from '../../../lib/athlete-queries'
import { now } from '../../../lib/clock'
import { calendarDayInRome, formatMoney, formatOwnMoment, formatRaceTime } from '../../../lib/format'
import { activeLocale } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { raceQueries } from '../../../lib/race-queries'
import { transferQueries } from '../../../lib/transfer-queries'
import { Button } from '../../../ui/button'
import { RefusalWords, type WordedRefusal } from '../../../ui/gate-refusal'
import { DefinitionList } from '../../../ui/definition-list'
import { Page } from '../../../ui/page'
import { Loading } from '../../../ui/state'
import { SubmitFailure } from '../../../ui/submit-failure'
import styles from './transfer.module.css'
import { transferTotal, useTransferTake, type TransferTake } from './use-transfer'
import { WaiverDialog } from './waiver-dialog'

/**
 * `/transfer/{code}` (issue 23 point 2), from the recipient's e-mail: who offers which race and
 * what it costs (the race's fee, the transfer fee, an optional GPS rental), then accept through the
 * same conditions as an enrolment, sign the race's waiver and pay at the provider's checkout, whose
 * return lands on `/payment`.
 */
export default function TransferOfferPage() {
  const { code = '' } = useParams<{ code: string }>()
  return <OfferScreen key={code} code={code} />
}

function OfferScreen({ code }: { code: string }) {
  const { t } = useLingui()
  const take = useTransferTake(code)
  const transfer = useQuery({ ...transferQueries.get(code), enabled: false }).data
  const race = useQuery({ ...raceQueries.get(transfer?.gara_id ?? 0), enabled: transfer !== undefined }).data
  const title = t`A place offered to you`
  return (
    <Page title={title} lead={race ? `${race.nome} ${String(race.edizione)}` : undefined}>
      <div className={styles.layout}>
        <Body take={take} transfer={transfer} race={race} />
      </div>
    </Page>
  )
}

function Ended({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby="offer-state" className={styles.card}>
      <h2 id="offer-state" className={styles.heading}>
        {heading}
      </h2>
      {children}
    </section>
  )
}

function Body({ take, transfer, race }: { take: TransferTake; transfer: Transfer | undefined; race: RaceDetail | undefined }) {
  const { t } = useLingui()
  const { state, context } = take
  switch (state) {
    case 'readFailed':
      return context.failure ? <SubmitFailure error={context.failure.error} onRetry={take.retryRead} /> : null
    case 'notFound':
      return (
        <Ended heading={t`Offer not found`}>
          <p>{t`No place is offered to you with this link. Check that you are logged in with the e-mail address the offer was sent to.`}</p>
        </Ended>
      )
    case 'closed':
      return (
        <Ended heading={t`This offer is no longer open`}>
          <p>{t`The athlete cancelled it, it lapsed, or their place changed meanwhile. Nothing was charged.`}</p>
        </Ended>
      )
    case 'done':
      return (
        <Ended heading={t`The place is yours`}>
          <p>
            <Trans>
              You have taken this place and paid for it. It is in <Link href={paths.myRaces}>My races</Link>.
            </Trans>
          </p>
        </Ended>
      )
    case 'enrolled':
      return (
        <Ended heading={t`You are already entered`}>
          <p>
            <Trans>
              You are already entered in this race: your place is in <Link href={paths.myRaces}>My races</Link>. Nothing was charged.
            </Trans>
          </p>
        </Ended>
      )
    case 'ineligible':
      return (
        <Ended heading={t`You cannot take this place now`}>
          <p role="alert">
            <Trans>The race's conditions are the same as for an enrolment, and yours do not meet them yet.</Trans>
          </p>
          {race ? <OwnRefusals race={race} /> : null}
        </Ended>
      )
  }
  if (!transfer || !race) return <Loading />
  return <Offer take={take} transfer={transfer} race={race} />
}

/** The enrolment gate's reasons that are the athlete's own (a place passed on ignores the count and the dates). */
const OWN_CONDITIONS: ReadonlySet<string> = new Set([
  'profile_incomplete',
  'certificate_missing',
  'certificate_in_review',
  'certificate_not_valid',
  'certificate_expires_before_race',
  'under_minimum_age',
])

function OwnRefusals({ race }: { race: RaceDetail }) {
  const { profile } = useAthlete()
  if (!profile) return null
  const at = now()
  const refusals = enrolmentGate({ race, athlete: { profile, subscription: null }, now: at, today: calendarDayInRome(at) }).refusals.filter(
    (refusal): refusal is WordedRefusal & GateRefusal => OWN_CONDITIONS.has(refusal.code),
  )
  return (
    <ul className={styles.refusals}>
      {refusals.map((refusal) => (
        <li key={refusal.code}>
          <RefusalWords refusal={refusal} raceId={race.id} raceDay={raceDay(race)} />
        </li>
      ))}
    </ul>
  )
}

function Offer({ take, transfer, race }: { take: TransferTake; transfer: Transfer; race: RaceDetail }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const { state, context } = take
  const money = (euros: number) => formatMoney(locale, euros)
  const giver = transfer.da
  const raceName = `${race.nome} ${String(race.edizione)}`
  const until = formatOwnMoment(locale, transfer.scade)
  const busy = state === 'accepting' || state === 'signing' || state === 'paying' || state === 'redirecting'
  const gpsPrice = money(race.noleggio_gps)
  const rows: Array<readonly [string, string]> = [
    [t`Race`, `${raceName}, ${formatRaceTime(locale, race.data_evento)}`],
    [t`Race fee`, money(transfer.prezzo)],
    [t`Transfer fee`, money(transfer.tassa)],
  ]
  if (context.gps) rows.push([t`GPS tracker rental`, gpsPrice])
  const total = money(transferTotal(transfer, context.gps ? race.noleggio_gps : null))
  return (
    <>
      <section aria-labelledby="offer-title" className={styles.card}>
        <h2 id="offer-title" className={styles.heading}>
          {t`${giver} offers you their place`}
        </h2>
        <p>
          <Trans>
            Accept by {until}, then sign the race's waiver and pay. The place is yours once paid, with the standard refund option.
          </Trans>
        </p>
        <DefinitionList rows={rows} />
        <label className={styles.check}>
          <input type="checkbox" checked={context.gps} disabled={state !== 'choosing'} onChange={(event) => take.chooseGps(event.target.checked)} />
          <span>{t`Rent a GPS tracker (${gpsPrice})`}</span>
        </label>
        <p className={styles.total}>{t`Total: ${total}`}</p>
        {context.failure && context.failure.action !== 'sign' ? (
          <SubmitFailure error={context.failure.error} onRetry={context.failure.action === 'pay' ? take.retryPayment : take.accept} />
        ) : null}
        <div className={styles.actions}>
          <Button onClick={take.accept} disabled={state !== 'choosing'}>
            {busy ? t`Please wait…` : t`Accept, sign and pay`}
          </Button>
        </div>
      </section>
      {state === 'disclaimer' || state === 'signing' ? <WaiverDialog take={take} raceId={race.id} /> : null}
    </>
  )
}
