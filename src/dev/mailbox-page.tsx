import { setupI18n, type I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Suspense, use, useId, useSyncExternalStore } from 'react'
import type { Locale } from '../../contracts/locale'
import type { MailOf, MailRecord } from '../../mocks/db'
import { sentMail, watchOutbox } from '../../mocks/outbox'
import { formatMoney, formatOwnMoment, formatRaceTime } from '../lib/format'
import { catalogOf } from '../lib/i18n'
import { buttonClass } from '../ui/button'
import { DefinitionList } from '../ui/definition-list'
import { Page } from '../ui/page'
import { Empty, Loading } from '../ui/state'
import { MAIL_WORDING } from './mail-wording'
import styles from './mailbox-page.module.css'

// The outbox as React reads it: the same array until an e-mail comes or goes (a sent e-mail never
// changes), read afresh on every render so a page opened again is current at once.
let snapshot: MailRecord[] = []

function readOutbox(): MailRecord[] {
  const next = sentMail()
  const same = next.length === snapshot.length && next.every((mail, index) => mail.id === snapshot[index]!.id)
  if (!same) snapshot = next
  return snapshot
}

// One Lingui instance per language an e-mail is written in, its catalog loaded once.
const mailI18ns = new Map<Locale, Promise<I18n>>()

function mailI18n(locale: Locale): Promise<I18n> {
  let instance = mailI18ns.get(locale)
  if (!instance) {
    instance = catalogOf(locale).then((messages) => setupI18n({ locale, messages: { [locale]: messages } }))
    mailI18ns.set(locale, instance)
  }
  return instance
}

/** An e-mail as the athlete receives it: in its own language, whatever the portal's (decision 030). */
function MailInItsLanguage({ mail }: { mail: MailRecord }) {
  return (
    <I18nProvider i18n={use(mailI18n(mail.lingua))}>
      <Mail mail={mail} />
    </I18nProvider>
  )
}

function Mail({ mail }: { mail: MailRecord }) {
  const { i18n } = useLingui()
  const headingId = useId()
  const wording = MAIL_WORDING[mail.kind]
  const to = mail.to
  const sent = formatOwnMoment(mail.lingua, mail.sent_at)
  return (
    <article className={styles.mail} aria-labelledby={headingId} lang={mail.lingua}>
      <h2 id={headingId}>{i18n._(wording.subject)}</h2>
      <div className={styles.meta}>
        <p>
          <Trans>To: {to}</Trans>
        </p>
        <p>
          <Trans>
            Sent <time dateTime={new Date(mail.sent_at).toISOString()}>{sent}</time>
          </Trans>
        </p>
      </div>
      <p>{i18n._(wording.body)}</p>
      {mail.kind === 'payment_link' ? <PaymentRequest mail={mail} /> : null}
      {mail.kind === 'enrolment_confirmed' ? <EnrolmentConfirmed mail={mail} /> : null}
      <p>
        {/* A full page load, as from a mail client: the portal takes a link's token from the
            address bar when it starts. The mock's data and clock are kept across it. */}
        <a href={mail.link} className={buttonClass()}>
          {i18n._(wording.action)}
        </a>
      </p>
    </article>
  )
}

/** What a payment-link e-mail asks for: the race, the amount and the link's deadline. */
function PaymentRequest({ mail }: { mail: MailOf<'payment_link'> }) {
  const { t } = useLingui()
  const locale = mail.lingua
  return (
    <DefinitionList
      minColumn="10rem"
      rows={[
        [t`Race`, mail.gara],
        [t`Amount`, formatMoney(locale, mail.totale)],
        [t`Pay by`, <time dateTime={new Date(mail.scade).toISOString()}>{formatRaceTime(locale, mail.scade)}</time>],
      ]}
    />
  )
}

/** What an enrolment confirmation names: the race, the bib when there is one, the amount paid. */
function EnrolmentConfirmed({ mail }: { mail: MailOf<'enrolment_confirmed'> }) {
  const { t } = useLingui()
  const rows: Array<[string, string]> = [[t`Race`, mail.gara]]
  if (mail.pettorale !== null) rows.push([t`Bib number`, String(mail.pettorale)])
  rows.push([t`Amount paid`, formatMoney(mail.lingua, mail.totale)])
  return <DefinitionList minColumn="10rem" rows={rows} />
}

/**
 * The simulated backend's mailbox (mock mode only): the e-mails it would have sent, newest first,
 * with their links; new ones appear as they are sent, here or in another tab.
 */
export default function MailboxPage() {
  const { t } = useLingui()
  const mails = useSyncExternalStore(watchOutbox, readOutbox)
  return (
    <Page title={t`Mailbox`} lead={t`The e-mails the simulated backend would have sent, newest first.`}>
      {mails.length === 0 ? (
        <Empty>
          <p>{t`No e-mails yet.`}</p>
        </Empty>
      ) : (
        <ol className={styles.list}>
          {mails.map((mail) => (
            <li key={mail.id}>
              <Suspense fallback={<Loading />}>
                <MailInItsLanguage mail={mail} />
              </Suspense>
            </li>
          ))}
        </ol>
      )}
    </Page>
  )
}
