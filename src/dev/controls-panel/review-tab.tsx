import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { RejectionReasonSchema, type RejectionReason } from '../../../contracts/experience.contract'
import { PaymentDeclineReasonSchema, type PaymentDeclineReason } from '../../../contracts/payments.contract'
import { toEuros } from '../../../machines/enrolment/price'
import type { QaPendingReview } from '../../../mocks/qa-api'
import { formatDate, formatMoney, formatOwnMoment } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { Button } from '../../ui/button'
import { SelectField } from '../../ui/field'
import { Loading } from '../../ui/state'
import styles from './panel.module.css'
import { useQaAction } from './qa-actions'
import { qaKeys, useQaPanel } from './qa-context'
import { QaReadError } from './qa-read-error'

/** Staff's reasons, as staff read them (the athlete's own wording is the experience page's). */
const REJECTION_LABELS: Record<RejectionReason, MessageDescriptor> = {
  risultati_non_trovati: msg`Name not in the race's results`,
  tempo_non_corrispondente: msg`Finish time does not match the results`,
  gara_non_idonea: msg`Race does not count as an experience race`,
}

const DECLINE_LABELS: Record<PaymentDeclineReason, MessageDescriptor> = {
  card_declined: msg`Card declined`,
  insufficient_funds: msg`Insufficient funds`,
  expired_card: msg`Expired card`,
  incorrect_cvc: msg`Incorrect security code`,
}

/** The work waiting for the organiser's staff and the payment provider, done from here. */
export function ReviewTab() {
  const { t } = useLingui()
  const { qa } = useQaPanel()
  const pending = useQuery({ queryKey: qaKeys.pending, queryFn: () => qa.pending() })
  if (pending.isError) return <QaReadError query={pending} />
  if (!pending.data) return <Loading />
  return (
    <>
      <Certificates items={pending.data.certificates} />
      <ExperienceReports items={pending.data.experienceReports} />
      <Payments items={pending.data.payments} />
      <p className={styles.muted}>{t`The lists are read again after every review.`}</p>
    </>
  )
}

function Certificates({ items }: { items: QaPendingReview['certificates'] }) {
  const { t } = useLingui()
  const { qa } = useQaPanel()
  const locale = activeLocale()
  const titleId = useId()
  const review = useQaAction(
    ({ athleteId, verdict }: { athleteId: number; verdict: 'valido' | 'non_valido'; name: string }) => qa.reviewCertificate(athleteId, verdict),
    {
      touchesPortal: true,
      done: (_, { verdict, name }) => (verdict === 'valido' ? t`${name}'s certificate is accepted.` : t`${name}'s certificate is rejected.`),
    },
  )
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId}>{t`Medical certificates to review`}</h3>
      {items.length === 0 ? (
        <p>{t`No certificate is waiting.`}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.athleteId} className={styles.card}>
              <p>
                <strong>{item.athleteName}</strong> <span className={styles.muted}>{item.mail}</span>
              </p>
              <p className={styles.muted}>
                {item.renewal ? t`A renewal` : t`A first certificate`}
                {item.uploadedAt ? (
                  <>
                    {' · '}
                    {t`uploaded ${formatOwnMoment(locale, item.uploadedAt)}`}
                  </>
                ) : null}
              </p>
              <div className={styles.actions}>
                <Button
                 
                  aria-label={t`Accept ${item.athleteName}'s certificate`}
                  onClick={() => review.mutate({ athleteId: item.athleteId, verdict: 'valido', name: item.athleteName })}
                >
                  {t`Accept`}
                </Button>
                <Button
                  variant="secondary"
                 
                  aria-label={t`Reject ${item.athleteName}'s certificate`}
                  onClick={() => review.mutate({ athleteId: item.athleteId, verdict: 'non_valido', name: item.athleteName })}
                >
                  {t`Reject`}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function ExperienceReports({ items }: { items: QaPendingReview['experienceReports'] }) {
  const { t } = useLingui()
  const titleId = useId()
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId}>{t`Experience races to review`}</h3>
      {items.length === 0 ? (
        <p>{t`No report is waiting.`}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <ExperienceReport key={item.reportId} item={item} />
          ))}
        </ul>
      )}
    </section>
  )
}

function ExperienceReport({ item }: { item: QaPendingReview['experienceReports'][number] }) {
  const { t, i18n } = useLingui()
  const { qa } = useQaPanel()
  const locale = activeLocale()
  const [reason, setReason] = useState<RejectionReason>('risultati_non_trovati')
  const review = useQaAction(
    ({ verdict }: { verdict: 'accettata' | 'respinta' }) => qa.reviewExperience(item.reportId, verdict, verdict === 'respinta' ? reason : undefined),
    {
      touchesPortal: true,
      done: (_, { verdict }) => (verdict === 'accettata' ? t`${item.athleteName}'s report is accepted.` : t`${item.athleteName}'s report is rejected.`),
    },
  )
  return (
    <li className={styles.card}>
      <p>
        <strong>{item.athleteName}</strong>: {item.race} <span className={styles.muted}>{formatDate(locale, item.date)}</span>
      </p>
      <SelectField label={t`Reason, if rejected`} value={reason} onChange={(event) => setReason(event.target.value as RejectionReason)}>
        {RejectionReasonSchema.options.map((option) => (
          <option key={option} value={option}>
            {i18n._(REJECTION_LABELS[option])}
          </option>
        ))}
      </SelectField>
      <div className={styles.actions}>
        <Button aria-label={t`Accept ${item.athleteName}'s report of ${item.race}`} onClick={() => review.mutate({ verdict: 'accettata' })}>
          {t`Accept`}
        </Button>
        <Button
          variant="secondary"
         
          aria-label={t`Reject ${item.athleteName}'s report of ${item.race}`}
          onClick={() => review.mutate({ verdict: 'respinta' })}
        >
          {t`Reject`}
        </Button>
      </div>
    </li>
  )
}

function Payments({ items }: { items: QaPendingReview['payments'] }) {
  const { t } = useLingui()
  const titleId = useId()
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId}>{t`Payments the provider has not settled`}</h3>
      {items.length === 0 ? (
        <p>{t`No payment is waiting.`}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <Payment key={item.paymentId} item={item} />
          ))}
        </ul>
      )}
    </section>
  )
}

function Payment({ item }: { item: QaPendingReview['payments'][number] }) {
  const { t, i18n } = useLingui()
  const { qa } = useQaPanel()
  const locale = activeLocale()
  const [reason, setReason] = useState<PaymentDeclineReason>('card_declined')
  const settle = useQaAction(
    ({ outcome }: { outcome: 'authorised' | 'declined' }) =>
      qa.settlePayment(item.paymentId, outcome, outcome === 'declined' ? reason : undefined),
    {
      touchesPortal: true,
      done: (_, { outcome }) => (outcome === 'authorised' ? t`The payment ${item.paymentId} is settled.` : t`The payment ${item.paymentId} is declined.`),
    },
  )
  const amount = formatMoney(locale, toEuros(item.amountCents))
  return (
    <li className={styles.card}>
      <p>
        <strong>{item.athleteName}</strong>: {item.race}, {amount}
      </p>
      <p className={styles.muted}>
        {item.paymentId} · {item.state}
      </p>
      <SelectField label={t`Reason, if declined`} value={reason} onChange={(event) => setReason(event.target.value as PaymentDeclineReason)}>
        {PaymentDeclineReasonSchema.options.map((option) => (
          <option key={option} value={option}>
            {i18n._(DECLINE_LABELS[option])}
          </option>
        ))}
      </SelectField>
      <div className={styles.actions}>
        <Button aria-label={t`Settle ${item.athleteName}'s payment for ${item.race}`} onClick={() => settle.mutate({ outcome: 'authorised' })}>
          {t`Settle`}
        </Button>
        <Button
          variant="secondary"
         
          aria-label={t`Decline ${item.athleteName}'s payment for ${item.race}`}
          onClick={() => settle.mutate({ outcome: 'declined' })}
        >
          {t`Decline`}
        </Button>
      </div>
    </li>
  )
}
