import { Trans, useLingui } from '@lingui/react/macro'
import type { FormEvent } from 'react'
import { Link } from 'wouter'
import type { Subscription } from '../../../../contracts/athlete.contract'
import type { RaceDetail } from '../../../../contracts/races.contract'
import { toCents, toEuros } from '../../../../machines/enrolment/price'
import type { GiveRefusal, MailProblem } from '../../../../machines/places/transfer.machine'
import { isActivePlace, transferWindow } from '../../../../machines/rules/place'
import { formatMoney, formatPercent, formatRaceTime } from '../../../lib/format'
import { activeLocale } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { Button } from '../../../ui/button'
import { DefinitionList } from '../../../ui/definition-list'
import { Field } from '../../../ui/field'
import { withRaceId } from '../../../ui/race-not-found'
import { Loading } from '../../../ui/state'
import { SubmitFailure } from '../../../ui/submit-failure'
import { PlaceScreen } from '../withdraw/place-change-parts'
import styles from './transfer.module.css'
import { useTransferGive } from './use-transfer'

/**
 * `/me/races/{id}/transfer` (issue 23 point 2, decision 038): pass a paid place to another athlete
 * by their account's e-mail. The race's rule first (what the recipient pays, what comes back and
 * when, until when), then the e-mail; an offer open shows its recipient and deadline, with a cancel.
 * The offer is the place's (`cessione`): a reload or another tab finds it as it is.
 */
export default withRaceId(TransferScreen)

type Rule = NonNullable<NonNullable<RaceDetail['cambi']>['cessione']>

function TransferScreen({ raceId }: { raceId: number }) {
  const { t } = useLingui()
  return (
    <PlaceScreen raceId={raceId} title={t`Pass your place on`}>
      {(race, subscription, openedAt) => (
        <div className={styles.layout}>
          <Body race={race} rule={race.cambi?.cessione ?? null} subscription={subscription} openedAt={openedAt} />
          <p>
            <Link href={paths.myRaces}>{t`Back to My races`}</Link>
          </p>
        </div>
      )}
    </PlaceScreen>
  )
}

/** What the giver gets back once the recipient has paid: the rule's share of the fee, and an uncollected GPS rental. */
function refundOf(race: RaceDetail, rule: Rule, subscription: Subscription): number {
  return toEuros(Math.floor((toCents(race.prezzo) * rule.rimborso_percento) / 100) + (subscription.noleggio_gps ? toCents(race.noleggio_gps) : 0))
}

function Body({ race, rule, subscription, openedAt }: { race: RaceDetail; rule: Rule | null; subscription: Subscription | null; openedAt: number }) {
  const { t } = useLingui()
  const locale = activeLocale()
  if (subscription?.stato === 'ceduta' && rule) {
    const refund = formatMoney(locale, refundOf(race, rule, subscription))
    return (
      <section aria-labelledby="transfer-state" className={styles.card}>
        <h2 id="transfer-state" className={styles.heading}>{t`Place passed on`}</h2>
        <p>
          <Trans>You passed your place on: the recipient has paid for it. {refund} is being refunded to your card.</Trans>
        </p>
      </section>
    )
  }
  if (!isActivePlace(subscription)) return <Closed text={t`Only a paid place you still hold can be passed on.`} />
  if (!rule) return <Closed text={t`This race does not allow passing a place on. You may still withdraw from it from My races.`} />
  // Past the deadline, or the race has started.
  if (!transferWindow(race, openedAt).open) {
    const deadline = formatRaceTime(locale, rule.chiude)
    return <Closed text={t`Places of this race could be passed on until ${deadline}.`} />
  }
  return (
    <>
      <RuleCard race={race} rule={rule} subscription={subscription} />
      {/* A new offer or one cancelled restarts the flow from what the place now says. */}
      <Give key={subscription.cessione?.codice ?? 'none'} raceId={race.id} subscription={subscription} />
    </>
  )
}

function Closed({ text }: { text: string }) {
  const { t } = useLingui()
  return (
    <section aria-labelledby="transfer-state" className={styles.card}>
      <h2 id="transfer-state" className={styles.heading}>{t`This place cannot be passed on`}</h2>
      <p>{text}</p>
    </section>
  )
}

function RuleCard({ race, rule, subscription }: { race: RaceDetail; rule: Rule; subscription: Subscription }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const money = (euros: number) => formatMoney(locale, euros)
  const share = formatPercent(locale, rule.rimborso_percento / 100)
  const refund = money(refundOf(race, rule, subscription))
  return (
    <section aria-labelledby="transfer-rule" className={styles.card}>
      <h2 id="transfer-rule" className={styles.heading}>{t`How passing a place on works`}</h2>
      <p>
        <Trans>
          Name an athlete with an account on the portal. They receive an e-mail, accept, sign the waiver and pay. Until they have
          paid, the place is still yours.
        </Trans>
      </p>
      <DefinitionList
        minColumn="12rem"
        rows={[
          [t`The recipient pays`, t`${money(race.prezzo)} race fee + ${money(rule.tassa)} transfer fee`],
          [
            t`You get back`,
            subscription.noleggio_gps
              ? t`${refund} (${share} of the fee, and your GPS rental), once the recipient has paid`
              : t`${refund} (${share} of the fee), once the recipient has paid`,
          ],
          [t`Possible until`, formatRaceTime(locale, rule.chiude)],
        ]}
      />
    </section>
  )
}

function Give({ raceId, subscription }: { raceId: number; subscription: Subscription }) {
  const { t } = useLingui()
  const locale = activeLocale()
  const give = useTransferGive(raceId, subscription.cessione != null)
  const { view } = give
  const problemText: Record<MailProblem, string> = {
    required: t`Enter the e-mail address of the athlete's account.`,
    invalid: t`Enter a valid e-mail address, like name@example.com.`,
    recipient_unknown: t`No account has this e-mail address. Ask the athlete to register on the portal first, then try again.`,
    recipient_is_self: t`This is your own e-mail address: enter the recipient's.`,
    recipient_enrolled: t`This athlete is already entered in this race.`,
  }
  const refusalText: Record<GiveRefusal, string> = {
    not_enrolled: t`You are not entered in this race.`,
    not_paid: t`Your place is not paid yet: only a paid place can be passed on.`,
    place_changed: t`Your place has changed meanwhile (withdrawn, passed on or deferred).`,
    transfer_closed: t`The deadline for passing a place on has passed.`,
  }

  if (view === 'refused' && give.refusal) return <Closed text={refusalText[give.refusal]} />
  if (view === 'gone') return <Closed text={t`The offer is no longer open: it was taken or it lapsed. My races shows your place as it is now.`} />
  const pending = subscription.cessione
  if (view === 'offered' || view === 'cancelling') {
    if (!pending) return <Loading />
    const to = pending.a
    const until = formatRaceTime(locale, pending.scade)
    return (
      <section aria-labelledby="transfer-offer" className={styles.card}>
        <h2 id="transfer-offer" className={styles.heading}>{t`Offer sent`}</h2>
        <p role="status">
          <Trans>
            Your place is offered to {to} until {until}. If they have not accepted and paid by then, the offer lapses and the place
            stays yours.
          </Trans>
        </p>
        {view === 'offered' && give.failure ? <SubmitFailure error={give.failure} onRetry={give.cancel} /> : null}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={give.cancel} disabled={!give.can.cancel}>
            {view === 'cancelling' ? t`Cancelling…` : t`Cancel the offer`}
          </Button>
        </div>
      </section>
    )
  }
  const sending = view === 'sending'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    give.submit()
  }
  return (
    <section aria-labelledby="transfer-form" className={styles.card}>
      <h2 id="transfer-form" className={styles.heading}>{t`Who takes your place?`}</h2>
      <form className={styles.form} noValidate onSubmit={submit}>
        <Field
          label={t`Recipient's e-mail`}
          type="email"
          autoComplete="off"
          value={give.mail}
          onChange={(event) => give.changeMail(event.target.value)}
          error={give.problem ? problemText[give.problem] : null}
          readOnly={sending}
        />
        {view === 'failed' && give.failure ? <SubmitFailure error={give.failure} onRetry={give.retry} /> : null}
        <div className={styles.actions}>
          <Button type="submit" disabled={sending}>
            {sending ? t`Sending…` : t`Offer my place`}
          </Button>
        </div>
      </form>
    </section>
  )
}
