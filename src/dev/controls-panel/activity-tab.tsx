import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link } from 'wouter'
import { formatOwnMoment } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { Button } from '../../ui/button'
import { Loading } from '../../ui/state'
import styles from './panel.module.css'
import { qaKeys, useQaPanel } from './qa-context'
import { QaReadError } from './qa-read-error'
import { MAIL_WORDING } from '../mail-wording'

/** How many e-mails and requests the tab lists, newest first. */
const LATEST_MAILS = 5
const LATEST_REQUESTS = 20

/** The latest e-mails the backend sent and the last requests it answered. */
export function ActivityTab() {
  const { t, i18n } = useLingui()
  const { qa, mailboxPath } = useQaPanel()
  const locale = activeLocale()
  const mailsId = useId()
  const requestsId = useId()
  const mails = useQuery({ queryKey: qaKeys.mailbox, queryFn: () => qa.mailbox() })
  // Requests come and go without a change to the data: read afresh each time the tab opens.
  const requests = useQuery({ queryKey: qaKeys.requests, queryFn: () => qa.requests(), staleTime: 0, refetchOnMount: 'always' })
  return (
    <>
      <section className={styles.section} aria-labelledby={mailsId}>
        <h3 id={mailsId}>{t`Latest e-mails`}</h3>
        {mails.isError ? <QaReadError query={mails} /> : null}
        {mails.data ? (
          mails.data.length === 0 ? (
            <p>{t`No e-mails yet.`}</p>
          ) : (
            <ul className={styles.list}>
              {mails.data.slice(0, LATEST_MAILS).map((mail) => (
                <li key={mail.id} className={styles.card}>
                  <p>
                    {/* A full page load, as from a mail client: the portal takes a link's token when it starts. */}
                    <a href={mail.link}>{i18n._(MAIL_WORDING[mail.kind].subject)}</a>
                  </p>
                  <p className={styles.muted}>
                    {t`To: ${mail.to}`} · <time dateTime={mail.at}>{formatOwnMoment(locale, mail.at)}</time>
                  </p>
                </li>
              ))}
            </ul>
          )
        ) : mails.isError ? null : (
          <Loading />
        )}
        {mailboxPath ? (
          <p>
            <Link href={mailboxPath}>{t`Open the mailbox`}</Link>
          </p>
        ) : null}
      </section>
      <section className={styles.section} aria-labelledby={requestsId}>
        <h3 id={requestsId}>{t`Last requests`}</h3>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void requests.refetch()}>
            {t`Read the requests again`}
          </Button>
        </div>
        {requests.isError ? <QaReadError query={requests} /> : null}
        {requests.data ? (
          requests.data.length === 0 ? (
            <p>{t`No requests yet.`}</p>
          ) : (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t`Operation`}</th>
                  <th scope="col">{t`Status`}</th>
                  <th scope="col">{t`Time taken`}</th>
                  <th scope="col">{t`Fault`}</th>
                </tr>
              </thead>
              <tbody>
                {requests.data.slice(0, LATEST_REQUESTS).map((request) => (
                  <tr key={request.id}>
                    <th scope="row">{request.operation ?? `${request.method} ${request.path}`}</th>
                    <td>{request.status ?? t`no answer`}</td>
                    <td>{t`${request.durationMs} ms`}</td>
                    <td>{request.fault ?? t`none`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        ) : requests.isError ? null : (
          <Loading />
        )}
      </section>
    </>
  )
}
