import { setupI18n, type I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Suspense, use, useId, useSyncExternalStore, type ReactNode } from 'react'
import type { Locale } from '../../contracts/locale'
import type { MailRecord } from '../../mocks/db'
import { sentMail, watchOutbox } from '../../mocks/outbox'
import { formatMoney, formatNumber, formatOwnMoment, formatOwnMomentUnlabelled } from '../lib/format'
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
      <MailFacts mail={mail} />
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

/**
 * What an e-mail names besides its sentence, in its own language's formats: the race, then what
 * it is about (amounts in EUR; deadlines in the athlete's zone, the one of the time it was sent,
 * which names it once: decision 064). None for the account's e-mails.
 */
function MailFacts({ mail }: { mail: MailRecord }) {
  const { t } = useLingui()
  const locale = mail.lingua
  const money = (amount: number) => formatMoney(locale, amount)
  const deadline = (at: number) => <time dateTime={new Date(at).toISOString()}>{formatOwnMomentUnlabelled(locale, at)}</time>
  let facts: Array<[string, ReactNode]>
  switch (mail.kind) {
    case 'confirm':
    case 'reset':
      return null
    case 'payment_link':
    case 'lottery_drawn':
      facts = [[t`Amount`, money(mail.totale)], [t`Pay by`, deadline(mail.scade)]]
      break
    case 'enrolment_confirmed':
      // The bib when the organiser has given it already.
      facts = mail.pettorale === null ? [] : [[t`Bib number`, String(mail.pettorale)]]
      facts.push([t`Amount paid`, money(mail.totale)])
      break
    case 'refund':
      facts = [[t`Refund`, money(mail.importo)]]
      break
    case 'credit':
      facts = [
        [t`Credit`, money(mail.importo)],
        [t`For the edition`, String(mail.edizione)],
      ]
      break
    case 'transfer_offer':
      facts = [
        [t`Offered by`, mail.da],
        [t`Accept by`, deadline(mail.scade)],
      ]
      break
    case 'transfer_completed':
      facts = [
        [t`Passed on to`, mail.a],
        [t`Refund`, money(mail.importo)],
      ]
      break
    case 'transfer_declined':
      facts = [[t`Declined by`, mail.a]]
      break
    case 'wait_list_offer':
      facts = [[t`Take it by`, deadline(mail.scade)]]
      break
    case 'lottery_not_drawn':
      facts = [[t`Your place on the wait list`, formatNumber(locale, mail.posizione)]]
      break
  }
  return <DefinitionList minColumn="10rem" rows={[[t`Race`, mail.gara], ...facts]} />
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
