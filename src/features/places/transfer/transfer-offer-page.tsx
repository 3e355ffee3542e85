import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'wouter'
import type { Transfer } from '../../../../contracts/places.contract'
import type { RaceDetail } from '../../../../contracts/races.contract'
import type { TakeEnd, TakeProblem } from '../../../../machines/places/transfer.machine'
import { raceDay } from '../../../../machines/rules/race-day'
import { noticeForApiError } from '../../../lib/api-error-notice'
import { formatMoney, formatRaceTime } from '../../../lib/format'
import { activeLocale } from '../../../lib/i18n'
import { NOTICES } from '../../../lib/notices'
import { paths } from '../../../lib/paths'
import { raceQueries } from '../../../lib/race-queries'
import { transactionQueries } from '../../../lib/transaction-queries'
import { transferQueries } from '../../../lib/transfer-queries'
import { Button, buttonClass } from '../../../ui/button'
import { RefusalWords } from '../../../ui/gate-refusal'
import { DefinitionList } from '../../../ui/definition-list'
import { Page } from '../../../ui/page'
import { Loading } from '../../../ui/state'
import { SubmitFailure } from '../../../ui/submit-failure'
import { ConfirmationDialog } from '../../../ui/confirmation-dialog'
import styles from './transfer.module.css'
import { useTransferTake, type TransferTake } from './use-transfer'
import { WaiverDialog } from './waiver-dialog'

/**
 * `/transfer/{code}` (issue 23 point 2), from the recipient's e-mail: who offers which race and
 * what it costs (the race's fee, the transfer fee, an optional GPS rental), then accept through the
 * same conditions as an enrolment, sign the race's waiver and pay at the provider's checkout, whose
 * return lands on `/payment`; or decline it, and the place stays the giver's (issue 42). What is
 * shown comes from the machine's view (transfer.machine.ts).
 */
export default function TransferOfferPage() {
  const { code = '' } = useParams<{ code: string }>()
  return <OfferScreen key={code} code={code} />
}

function OfferScreen({ code }: { code: string }) {
  const { t } = useLingui()
  const take = useTransferTake(code)
  // Read by the machine (readOffer); the page only shows it.
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
  const { view } = take
  switch (view.screen) {
    case 'reading':
      return <Loading />
    case 'readFailed':
      return take.problem && 'error' in take.problem ? <SubmitFailure error={take.problem.error} onRetry={take.retryRead} /> : null
    case 'ended':
      return <End end={view.end} take={take} race={race} />
    case 'offer':
      return transfer && race ? <Offer take={take} transfer={transfer} race={race} /> : <Loading />
  }
}

function End({ end, take, race }: { end: TakeEnd; take: TransferTake; race: RaceDetail | undefined }) {
  const { t } = useLingui()
  switch (end) {
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
    case 'lapsed':
      return (
        <Ended heading={t`This offer has lapsed`}>
          <p>{t`It was not paid by its deadline, so the place stays with the athlete who offered it. Nothing was charged.`}</p>
        </Ended>
      )
    case 'taken':
      return (
        <Ended heading={t`The place is yours`}>
          <p>
            <Trans>
              You have taken this place and paid for it. It is in <Link href={paths.myRaces}>My races</Link>.
            </Trans>
          </p>
          {race ? <ReceiptLink raceId={race.id} /> : null}
        </Ended>
      )
    case 'declined':
      return (
        <Ended heading={t`You declined this offer`}>
          <p>{t`The place stays with the athlete who offered it, and they have been told. Nothing was charged.`}</p>
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
          {race ? (
            <ul className={styles.refusals}>
              {take.refusals.map((refusal) => (
                <li key={refusal.code}>
                  <RefusalWords refusal={refusal} raceId={race.id} raceDay={raceDay(race)} />
                </li>
              ))}
            </ul>
          ) : null}
        </Ended>
      )
  }
}

/** The receipt of the payment that took the place: its line is written as the payment settles, so read afresh. */
function ReceiptLink({ raceId }: { raceId: number }) {
  const { t } = useLingui()
  const lines = useQuery({ ...transactionQueries.list(), refetchOnMount: 'always' })
  const paid = lines.data?.transazioni.find((line) => line.gara_id === raceId && line.stato === 'paid')
  if (!paid) return null
  return (
    <p>
      <Link href={paths.receipt(paid.id)} className={buttonClass('secondary')}>
        {t`See the receipt`}
      </Link>
    </p>
  )
}

/**
 * Declining asked first (Radix Dialog: focus moves in, stays in, and goes back to the button that
 * opened it), open while asking and while the decline is sent; a decline that got no answer is said
 * here, to confirm again.
 */
function DeclineDialog({ take, giver }: { take: TransferTake; giver: string }) {
  const { t } = useLingui()
  const { view, problem } = take
  const sending = view.screen === 'offer' && view.step === 'declining'
  const open = view.screen === 'offer' && (view.step === 'confirmDecline' || sending)
  return (
    <ConfirmationDialog open={open} busy={sending} onDismiss={take.cancelDecline} title={t`Decline this place?`}>
      <Dialog.Description asChild>
        <div className={styles.dialogText}>
          <p>{t`The offer ends and the place stays with ${giver}, who will be told. You cannot take it from this offer afterwards.`}</p>
        </div>
      </Dialog.Description>
      {problem?.step === 'decline' && 'error' in problem ? <SubmitFailure error={problem.error} onRetry={take.confirmDecline} /> : null}
      <div className={styles.actions}>
        <Button variant="danger" onClick={take.confirmDecline} disabled={sending}>
          {sending ? t`Please wait…` : t`Decline the place`}
        </Button>
        <Button variant="secondary" onClick={take.cancelDecline} disabled={sending}>
          {t`Keep the offer`}
        </Button>
      </div>
    </ConfirmationDialog>
  )
}

/** A payment that did not reach the checkout: nothing was charged; trying again is always offered. */
function PaymentFailure({ problem, onRetry }: { problem: TakeProblem; onRetry: () => void }) {
  const { t, i18n } = useLingui()
  const notice = 'redirectRefused' in problem ? 'unsafe_redirect' : noticeForApiError(problem.error)
  return (
    <div role="alert" className={styles.failure}>
      <p>{i18n._(NOTICES[notice].message)}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t`Try again`}
      </Button>
    </div>
  )
}

function Offer({ take, transfer, race }: { take: TransferTake; transfer: Transfer; race: RaceDetail }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const { view, problem } = take
  const money = (euros: number) => formatMoney(locale, euros)
  const giver = transfer.da
  const raceName = `${race.nome} ${String(race.edizione)}`
  // A deadline of the race's, in the race's zone as every other (decision 025).
  const until = formatRaceTime(locale, transfer.scade)
  const busy = view.screen === 'offer' && view.busy
  const gpsPrice = money(race.noleggio_gps)
  const rows: Array<readonly [string, string]> = [
    [t`Race`, `${raceName}, ${formatRaceTime(locale, race.data_evento)}`],
    [t`Race fee`, money(transfer.prezzo)],
    [t`Transfer fee`, money(transfer.tassa)],
  ]
  if (take.gps) rows.push([t`GPS tracker rental`, gpsPrice])
  const total = take.total === null ? '' : money(take.total)
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
        <DefinitionList minColumn="12rem" rows={rows} />
        <label className={styles.check}>
          <input type="checkbox" checked={take.gps} disabled={!take.can.chooseGps} onChange={(event) => take.chooseGps(event.target.checked)} />
          <span>{t`Rent a GPS tracker (${gpsPrice})`}</span>
        </label>
        <p className={styles.total}>{t`Total: ${total}`}</p>
        {take.totalChanged ? (
          <p role="alert">{t`The price has changed since you saw it, so the payment was not started. The current total is shown above: check it, then pay.`}</p>
        ) : null}
        {view.screen === 'offer' && view.step === 'payFailed' && problem ? <PaymentFailure problem={problem} onRetry={take.retryPayment} /> : null}
        {problem?.step === 'accept' && 'error' in problem ? <SubmitFailure error={problem.error} onRetry={take.accept} /> : null}
        <div className={styles.actions}>
          <Button onClick={take.accept} disabled={!take.can.accept}>
            {busy ? t`Please wait…` : t`Accept, sign and pay`}
          </Button>
          <Button variant="secondary" onClick={take.startDecline} disabled={!take.can.decline}>
            {t`Decline`}
          </Button>
        </div>
      </section>
      {view.screen === 'offer' && view.waiver ? <WaiverDialog take={take} raceId={race.id} /> : null}
      <DeclineDialog take={take} giver={giver} />
    </>
  )
}
