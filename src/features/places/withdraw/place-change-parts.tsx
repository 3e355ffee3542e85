import * as Dialog from '@radix-ui/react-dialog'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import type { Subscription } from '../../../../contracts/athlete.contract'
import type { RaceDetail } from '../../../../contracts/races.contract'
import { Link } from 'wouter'
import type { RefusalCode, RetryFailure } from '../../../../machines/places/place-change.machine'
import { placeLeft } from '../../../../machines/rules/place'
import { useSubscriptionFor } from '../../../lib/athlete-queries'
import { now } from '../../../lib/clock'
import { paths } from '../../../lib/paths'
import { raceQueries } from '../../../lib/race-queries'
import { Button } from '../../../ui/button'
import { Page } from '../../../ui/page'
import { isRaceNotFound, RaceNotFound } from '../../../ui/race-not-found'
import { Loading, QueryErrorState } from '../../../ui/state'
import { useFocusOnMount } from '../../../ui/use-focus-on-mount'
import { ConfirmationDialog } from '../../../ui/confirmation-dialog'
import type { PlaceChange } from './use-place-change'
import styles from './place-change.module.css'

/**
 * The page of a change to the athlete's place in a race (withdraw, defer, pass on): the race and
 * the athlete's entry read, then `children` with both. What is shown is what is sent: the quote of
 * the moment the page opened (`openedAt`; a day that passes meanwhile is the server's
 * `refund_changed`, shown for a new confirmation).
 */
export function PlaceScreen({
  raceId,
  title,
  children,
}: {
  raceId: number
  title: string
  children: (race: RaceDetail, subscription: Subscription | null, openedAt: number) => ReactNode
}) {
  const race = useQuery(raceQueries.get(raceId))
  const { subscription, query } = useSubscriptionFor(raceId)
  const [openedAt] = useState(now)
  if (race.isError && isRaceNotFound(race.error)) return <RaceNotFound />
  if (race.isError || query.isError) {
    return (
      <Page title={title}>
        <QueryErrorState query={[race, query]} />
      </Page>
    )
  }
  if (!race.data || subscription === undefined) {
    return (
      <Page title={title}>
        <Loading />
      </Page>
    )
  }
  return (
    <Page title={title} lead={`${race.data.nome} ${String(race.data.edizione)}`}>
      {children(race.data, subscription, openedAt)}
    </Page>
  )
}

/**
 * The confirmation before a place changes (Radix Dialog: focus moves in, stays in, and goes back to
 * the button that opened it). Open while confirming and while the change is sent; Escape or
 * "keep my place" closes it unless the change is on its way.
 */
export function ConfirmDialog({
  change,
  title,
  children,
  confirmLabel,
}: {
  change: PlaceChange
  title: string
  children: ReactNode
  confirmLabel: string
}) {
  const { t } = useLingui()
  const sending = change.view === 'submitting'
  return (
    <ConfirmationDialog open={change.view === 'confirming' || sending} busy={sending} onDismiss={change.cancel} title={title}>
      <Dialog.Description asChild>
        <div className={styles.dialogText}>{children}</div>
      </Dialog.Description>
      <div className={styles.actions}>
        <Button variant="danger" onClick={change.confirm} disabled={sending}>
          {sending ? t`Sending…` : confirmLabel}
        </Button>
        <Button variant="secondary" onClick={change.cancel} disabled={sending}>
          {t`Keep my place`}
        </Button>
      </div>
    </ConfirmationDialog>
  )
}

/** Why the server would not change the place, worded; what the athlete can do about it. */
export function Refusal({ code }: { code: RefusalCode }) {
  const { t } = useLingui()
  const ref = useFocusOnMount<HTMLDivElement>()
  const text: Record<RefusalCode, string> = {
    not_enrolled: t`You are not entered in this race.`,
    not_paid: t`This place is not paid, so there is nothing to withdraw or defer. An unpaid place lapses by itself.`,
    place_changed: t`This place has already been withdrawn, passed on or deferred, or a transfer of it is on offer.`,
    withdrawal_closed: t`Withdrawal is closed: the refund schedule gives nothing back any more, or the race has started.`,
    defer_closed: t`This race's places can no longer be deferred.`,
  }
  return (
    <div ref={ref} tabIndex={-1} role="alert" className={styles.refusal}>
      <p>{text[code]}</p>
      <p>
        <Link href={paths.myRaces}>{t`Back to My races`}</Link>
      </p>
    </div>
  )
}

/** A call that got no usable answer: nothing is known to have changed; trying again is safe. */
export function Failure({ failure, change }: { failure: RetryFailure; change: PlaceChange }) {
  const { t } = useLingui()
  const text: Record<RetryFailure, string> = {
    offline: t`No answer: you seem to be offline.`,
    busy: t`The service is busy right now.`,
    trouble: t`Something went wrong on our side.`,
  }
  return (
    <div role="alert" className={styles.refusal}>
      <p>{text[failure]} {t`Trying again is safe: your place changes only once.`}</p>
      <div className={styles.actions}>
        <Button onClick={change.retry}>{t`Try again`}</Button>
        <Button variant="secondary" onClick={change.cancel}>
          {t`Not now`}
        </Button>
      </div>
    </div>
  )
}

/** A place that cannot be changed any more, or was never a paid one, said as it is. */
export function PlaceGone({ subscription }: { subscription: Subscription | null }) {
  const { t } = useLingui()
  // What became of a place is read first: a place withdrawn after a refund is no longer paid, and
  // is still one the athlete withdrew from.
  const left = placeLeft(subscription)
  const text =
    subscription === null
      ? t`You are not entered in this race.`
      : left === 'withdrawn'
        ? t`You have withdrawn from this race.`
        : left === 'passedOn'
          ? t`You have passed this place on to another athlete.`
          : left === 'deferred'
            ? t`You have deferred this place to the next edition.`
            : t`This place is not paid, so there is nothing to withdraw or defer. An unpaid place lapses by itself.`
  return (
    <div className={styles.card}>
      <p>{text}</p>
      <p>
        <Link href={paths.myRaces}>{t`Back to My races`}</Link>
      </p>
    </div>
  )
}
