import { Trans, useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import type { QueueTicket } from '../../../contracts/queue.contract'
import { downloadJson } from '../../lib/download-json'
import { formatNumber } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { Button } from '../../ui/button'
import { DefinitionList } from '../../ui/definition-list'
import styles from './queue.module.css'
import statusCard from '../../ui/status-card.module.css'

/**
 * The room's draw as the athlete's ticket publishes it (issue 40, decision 037 amended), worded as
 * the lottery's page words its own: the commitment to the seed from the first answer, the seed and
 * the ticket's place once registration opened, and how to recompute it with `npm run
 * lottery:verify`. Nothing while the ticket carries no draw (before joining, or an older backend).
 */
export function RoomDrawCheck({ ticket }: { ticket: QueueTicket | undefined }) {
  const { t } = useLingui()
  const headingId = useId()
  const draw = ticket?.sorteggio
  if (!ticket || !draw) return null
  const locale = activeLocale()
  const rows: Array<readonly [string, ReactNode]> = [
    [t`Commitment (SHA-256 of the seed)`, <code>{draw.impegno}</code>],
    [t`Seed`, draw.seme === null ? t`Published when registration opens.` : <code>{draw.seme}</code>],
    [t`Your ticket number`, formatNumber(locale, draw.numero)],
  ]
  const drawn = draw.seme !== null && draw.biglietti !== null
  if (drawn) {
    const count = formatNumber(locale, draw.biglietti ?? 0)
    const place = draw.estratto === undefined ? null : formatNumber(locale, draw.estratto)
    rows.push([t`Your place in the draw`, place === null ? t`Not drawn: taken after registration opened, behind every ticket drawn` : t`${place} of ${count}`])
  }
  return (
    <section aria-labelledby={headingId} className={statusCard.card}>
      <h2 id={headingId} className={statusCard.heading}>
        {t`A draw anyone can check`}
      </h2>
      <p>
        <Trans>
          When registration opens, everyone in the room is put in line by a draw. Its seed was fixed when the room was made and
          is kept secret until then; only its SHA-256 fingerprint, the commitment, is published. Once the line is drawn the seed
          itself is published: anyone can check that it matches the commitment, so it cannot have been chosen after seeing who
          joined, and recompute the order.
        </Trans>
      </p>
      <DefinitionList rows={rows} minColumn="16rem" />
      {drawn ? <HowToCheck ticket={ticket} /> : null}
    </section>
  )
}

function HowToCheck({ ticket }: { ticket: QueueTicket }) {
  const { t } = useLingui()
  const file = `room-${String(ticket.gara_id)}.json`
  // What the check reads, without the admission: a live token has no business in a saved file.
  const { biglietto, gara_id, stato, entrato, sorteggiato, sorteggio } = ticket
  return (
    <>
      <h3 className={styles.subheading}>{t`Recompute the draw yourself`}</h3>
      <p>
        <Trans>
          The tickets taken before registration opened are numbered from 1 in the order they were taken. Each one's key is
          SHA-256 of the seed, a colon and its number, and the line puts the smallest key first: when you came and how often you
          reloaded play no part.
        </Trans>
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => downloadJson(file, { biglietto, gara_id, stato, entrato, sorteggiato, sorteggio })}>
          {t`Download your ticket (JSON)`}
        </Button>
      </div>
      <p>{t`Then, in a copy of the portal's source code, run:`}</p>
      <pre className={styles.command} tabIndex={0}>
        <code>npm run lottery:verify -- {file}</code>
      </pre>
      <p className={styles.note}>{t`It checks the seed against the commitment, recomputes the order of the tickets drawn, and says whether your ticket's place in it agrees.`}</p>
    </>
  )
}
