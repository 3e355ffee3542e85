import { Plural, Trans } from '@lingui/react/macro'

/**
 * When a tier of a race's refund schedule holds, in days before the start: from `from` days, up to
 * (not including) `until`, the previous tier's threshold (null: no tier before it). The race page
 * and the wizard's refund step name their rows with it, so the same tier reads the same on both.
 */
export function RefundPeriod({ from, until }: { from: number; until: number | null }) {
  if (until === null) {
    return from === 0 ? <Trans>Any time before the start</Trans> : <Plural value={from} one="# day or more before the start" other="# days or more before the start" />
  }
  if (from === 0) return <Plural value={until} one="Less than # day before the start" other="Less than # days before the start" />
  const last = until - 1
  return <Trans>From {from} to {last} days before the start</Trans>
}
