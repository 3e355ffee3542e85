import { Trans, useLingui } from '@lingui/react/macro'
import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { useSearch } from 'wouter'
import type { PaymentDeclineReason } from '../../contracts/payments.contract'
import type { CheckoutOutcome, CheckoutProvider, CheckoutView } from '../../mocks/provider'
import { cardBehaviour, declineReasonOf, TEST_CARDS } from '../../mocks/provider-cards'
import { formatMoney, formatRaceTime } from '../lib/format'
import { activeLocale } from '../lib/i18n'
import { paths } from '../lib/paths'
import { Button } from '../ui/button'
import dialog from '../ui/dialog.module.css'
import { Field } from '../ui/field'
import { FIELD_ERRORS } from '../ui/form-messages'
import { Page } from '../ui/page'
import { Empty, ErrorState, Loading } from '../ui/state'
import styles from './checkout-page.module.css'

interface Card {
  number: string
  expiry: string
  cvc: string
  holder: string
}
type CardProblems = Partial<Record<keyof Card, 'required' | 'invalid'>>

/** What a card form checks before "paying": digits and a future expiry, as a provider's page would. */
function cardProblems(card: Card, today: Date): CardProblems {
  const problems: CardProblems = {}
  const digits = card.number.replace(/\s/g, '')
  if (!digits) problems.number = 'required'
  else if (!/^\d{13,19}$/.test(digits)) problems.number = 'invalid'
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim())
  if (!card.expiry.trim()) problems.expiry = 'required'
  else if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) problems.expiry = 'invalid'
  else if (new Date(2000 + Number(expiry[2]), Number(expiry[1])) <= today) problems.expiry = 'invalid'
  if (!card.cvc.trim()) problems.cvc = 'required'
  else if (!/^\d{3,4}$/.test(card.cvc.trim())) problems.cvc = 'invalid'
  if (!card.holder.trim()) problems.holder = 'required'
  return problems
}

/**
 * The simulated payment provider's hosted checkout (mock only, decision 008): a card form with the
 * sentinel cards of mocks/provider.ts, a 3-D Secure confirmation, and "cancel and return". It tells
 * the provider what happened and sends the athlete back to the portal: a card payment the portal
 * started (`?pagamento_id=`) through the legacy return address, an organiser's payment link
 * (`?link=<code>`, the link's e-mail leads here, decision 026) to `/payment/by-link?code=<code>`.
 * A payment already decided (paid, declined, cancelled, authorised and being confirmed, expired) is
 * shown as decided, with the way back, never as a card form again.
 * The provider is the page's own (entry.ts) or a shared server's over HTTP (shared-backend-entry.ts),
 * whose answers take a while and may fail: the page reads, then shows.
 */
export default function CheckoutPage({ provider }: { provider: CheckoutProvider }) {
  const { t, i18n } = useLingui()
  const search = new URLSearchParams(useSearch())
  const linkCode = search.get('link')
  const paymentId = search.get('pagamento_id') ?? ''
  const read = async () => (linkCode !== null ? provider.linkPayment(linkCode) : provider.payment(paymentId))
  /** `undefined` while the provider has not answered; `'failed'` when it could not. */
  const [payment, setPayment] = useState<CheckoutView | null | 'failed' | undefined>(undefined)
  const show = () => read().then(setPayment, () => setPayment('failed'))
  const [card, setCard] = useState<Card>({ number: '', expiry: '', cvc: '', holder: '' })
  const [problems, setProblems] = useState<CardProblems>({})
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const hintId = useId()

  // Read when the page opens, and again back on it from the portal (the browser's Back, the page
  // kept in its cache, another tab that decided meanwhile): what the provider knows now, not what it
  // knew when the page opened.
  useEffect(() => {
    void show()
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return
      void show()
      setBusy(false)
      setConfirming(false)
    }
    const shown = () => {
      if (document.visibilityState === 'visible') void show()
    }
    window.addEventListener('pageshow', restored)
    document.addEventListener('visibilitychange', shown)
    return () => {
      window.removeEventListener('pageshow', restored)
      document.removeEventListener('visibilitychange', shown)
    }
    // The address does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  if (payment === undefined) {
    return (
      <Page title={t`Simulated checkout`}>
        <Loading />
      </Page>
    )
  }
  if (payment === 'failed') {
    return (
      <Page title={t`Simulated checkout`}>
        <ErrorState
          message={t`The simulated provider did not answer.`}
          onRetry={() => {
            setPayment(undefined)
            void show()
          }}
        />
      </Page>
    )
  }
  if (!payment) {
    return (
      <Page title={t`Simulated checkout`}>
        <Empty>{t`There is no payment with this reference.`}</Empty>
      </Page>
    )
  }
  if (!payment.open) return <Decided payment={payment} />

  /** `reason`: why the bank declined the card (a refused 3-D Secure confirmation gives none). */
  const finish = async (outcome: CheckoutOutcome, reason?: PaymentDeclineReason) => {
    setBusy(true)
    try {
      // Decided meanwhile (another tab, another QA engineer): shown as it is, nothing decided twice.
      const now = await read()
      if (!now?.open) {
        setConfirming(false)
        setBusy(false)
        setPayment(now)
        return
      }
      if (payment.link !== null) await provider.payLink(payment.link, outcome, reason)
      else await provider.decide(payment.pagamento_id, outcome, reason)
    } catch {
      setConfirming(false)
      setBusy(false)
      setPayment('failed')
      return
    }
    // Back through the address the provider was given.
    window.location.assign(payment.returnTo)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = cardProblems(card, new Date())
    setProblems(found)
    if (Object.keys(found).length > 0) return
    const behaviour = cardBehaviour(card.number)
    if (behaviour === 'confirm') setConfirming(true)
    else if (behaviour === 'pay') void finish('authorised')
    else void finish('declined', declineReasonOf(card.number) ?? undefined)
  }
  const error = (field: keyof Card, invalid: string) =>
    problems[field] === 'required' ? i18n._(FIELD_ERRORS.required) : problems[field] === 'invalid' ? invalid : null
  const locale = activeLocale()
  const amount = formatMoney(locale, payment.totale)
  const deadline = payment.scade === null ? null : formatRaceTime(locale, payment.scade)
  const update = (field: keyof Card) => (event: { target: { value: string } }) => setCard({ ...card, [field]: event.target.value })

  return (
    <Page title={t`Simulated checkout`} lead={`${payment.gara}: ${amount}`}>
      <p className={styles.banner}>
        <Trans>
          This page stands in for the payment provider in mock mode. Card {TEST_CARDS.succeeds} pays, a card ending in 0002
          is declined, {TEST_CARDS.insufficientFunds} is declined for insufficient funds, {TEST_CARDS.expiredCard} as
          expired, {TEST_CARDS.incorrectCvc} for a wrong security code, {TEST_CARDS.threeDSecure} asks for a 3-D Secure
          confirmation. Any future expiry and any CVC.
        </Trans>
      </p>
      <form className={styles.form} noValidate onSubmit={submit} aria-describedby={hintId}>
        {/* A link's page names the organiser's request, never the payment's id. */}
        <p id={hintId} className={styles.hint}>
          {payment.link === null
            ? t`Reference ${paymentId}`
            : deadline
              ? t`The organiser's payment link, to pay by ${deadline}`
              : t`The organiser's payment link`}
        </p>
        <Field label={t`Card number`} inputMode="numeric" autoComplete="cc-number" value={card.number} onChange={update('number')} error={error('number', t`Enter the 13 to 19 digits of the card.`)} />
        <div className={styles.row}>
          <Field label={t`Expiry (MM/YY)`} autoComplete="cc-exp" value={card.expiry} onChange={update('expiry')} error={error('expiry', t`Enter a future month, like 08/29.`)} />
          <Field label={t`Security code`} inputMode="numeric" autoComplete="cc-csc" value={card.cvc} onChange={update('cvc')} error={error('cvc', t`Enter the 3 or 4 digits on the back of the card.`)} />
        </div>
        <Field label={t`Name on the card`} autoComplete="cc-name" value={card.holder} onChange={update('holder')} error={error('holder', '')} />
        <div className={styles.actions}>
          <Button type="submit" disabled={busy}>
            {t`Pay ${amount}`}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => void finish('cancelled')}>
            {t`Cancel and return`}
          </Button>
        </div>
      </form>

      <Dialog.Root open={confirming} onOpenChange={(open) => !open && !busy && setConfirming(false)}>
        <Dialog.Portal>
          <Dialog.Overlay className={dialog.overlay} />
          <Dialog.Content className={dialog.panel}>
            <Dialog.Title className={dialog.title}>{t`Confirm with your bank`}</Dialog.Title>
            <Dialog.Description>{t`Your bank asks you to confirm this payment of ${amount} (3-D Secure).`}</Dialog.Description>
            <div className={styles.actions}>
              <Button disabled={busy} onClick={() => void finish('authorised')}>
                {t`Confirm the payment`}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => void finish('declined')}>
                {t`Refuse`}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <p>
        <a href={paths.home}>{t`Back to the portal without paying`}</a>
      </p>
    </Page>
  )
}

/** A payment the checkout can no longer take a card for: what became of it, and the way back. */
function Decided({ payment }: { payment: CheckoutView }) {
  const { t } = useLingui()
  const amount = formatMoney(activeLocale(), payment.totale)
  const said = (() => {
    if (payment.stato === 'success') return t`This payment has been made.`
    if (payment.esito === 'authorised') return t`This payment has been authorised: the provider is confirming it.`
    if (payment.esito === 'declined') return t`The card was declined for this payment. You have not been charged.`
    if (payment.esito === 'cancelled') return t`This payment was cancelled. You have not been charged.`
    if (payment.link !== null && payment.lapsed) return t`This payment link has expired and can no longer be used.`
    if (payment.stato === 'failed') return t`This payment did not go through. You have not been charged.`
    return t`This payment is no longer open: it has been replaced by a newer one.`
  })()
  return (
    <Page title={t`Simulated checkout`} lead={`${payment.gara}: ${amount}`}>
      <Empty>
        <p role="status">{said}</p>
        <p>
          {/* A whole page load, as a provider's page sends the athlete back. */}
          <a href={payment.returnTo}>{t`See the payment's status`}</a>
        </p>
      </Empty>
    </Page>
  )
}
