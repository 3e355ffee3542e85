import { Trans, useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import type { PublicRoomDraw, QueueTicket } from '../../../contracts/queue.contract'
import { formatNumber } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { DefinitionList } from '../../ui/definition-list'
import styles from './queue.module.css'
import statusCard from '../../ui/status-card.module.css'
import { VerifyByScript } from '../../ui/verify-by-script'

/**
 * The room's draw (issue 40, decision 037 amended), worded as the lottery's page words its own: the
 * commitment to the seed, the seed once registration opened, and how to recompute it with `npm run
 * lottery:verify`. From the athlete's ticket when it carries the draw (with the ticket's number and
 * place in the draw); otherwise from the draw published to anyone (`queue.draw`, `published`), so
 * the commitment is seen before the room opens and without joining. Nothing while neither has come.
 */
export function RoomDrawCheck({ ticket, published }: { ticket: QueueTicket | undefined; published: PublicRoomDraw | undefined }) {
  const { t } = useLingui()
  const headingId = useId()
  const own = ticket?.sorteggio
  const draw = own ?? published
  if (!draw) return null
  const locale = activeLocale()
  const drawn = draw.seme !== null && draw.biglietti !== null
  const count = formatNumber(locale, draw.biglietti ?? 0)
  const rows: Array<readonly [string, ReactNode]> = [
    [t`Commitment (SHA-256 of the seed)`, <code>{draw.impegno}</code>],
    [t`Seed`, draw.seme === null ? t`Published when registration opens.` : <code>{draw.seme}</code>],
  ]
  if (ticket && own) {
    // The ticket is named as the room's card names it; its number is what the draw keys.
    const number = formatNumber(locale, own.numero)
    rows.push([t`Your ticket`, t`${ticket.biglietto}, number ${number}`])
    if (drawn) {
      const place = own.estratto === undefined ? null : formatNumber(locale, own.estratto)
      rows.push([t`Your place in the draw`, place === null ? t`Not drawn: taken after registration opened, behind every ticket drawn` : t`${place} of ${count}`])
    }
  } else if (drawn) {
    rows.push([t`Tickets drawn`, count])
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
      {drawn && ticket && own ? <TicketCheck ticket={ticket} /> : null}
      {drawn && !own && published ? <PublishedCheck draw={published} /> : null}
    </section>
  )
}

/** The ticket saved as the check reads it, without the admission: a live token has no business in a saved file. */
function TicketCheck({ ticket }: { ticket: QueueTicket }) {
  const { t } = useLingui()
  const { biglietto, gara_id, stato, entrato, sorteggiato, sorteggio } = ticket
  return (
    <HowToCheck
      file={`room-${String(gara_id)}.json`}
      saved={{ biglietto, gara_id, stato, entrato, sorteggiato, sorteggio }}
      download={t`Download your ticket (JSON)`}
      outcome={t`It checks the seed against the commitment, recomputes the order of the tickets drawn, and says whether your ticket's place in it agrees.`}
    />
  )
}

function PublishedCheck({ draw }: { draw: PublicRoomDraw }) {
  const { t } = useLingui()
  return (
    <HowToCheck
      file={`room-${String(draw.gara_id)}-draw.json`}
      saved={draw}
      download={t`Download the draw (JSON)`}
      outcome={t`It checks the seed against the commitment and recomputes the order of the tickets drawn.`}
    />
  )
}

function HowToCheck({ file, saved, download, outcome }: { file: string; saved: unknown; download: string; outcome: string }) {
  const { t } = useLingui()
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
      <VerifyByScript file={file} saved={saved} download={download} outcome={outcome} />
    </>
  )
}
