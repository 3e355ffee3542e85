import { useLingui } from '@lingui/react/macro'
import type { ComponentType } from 'react'
import { Link, useParams } from 'wouter'
import { errorCodeOf, toApiError } from '../../contracts/api-error'
import type * as races from '../../contracts/races.contract'
import { paths } from '../lib/paths'
import { Page } from './page'

/** A race id as it appears in an address; anything but a positive whole number is no race. */
export function parseRaceId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return null
  const id = Number(raw)
  return id > 0 ? id : null
}

/** The backend's answer for an id no race has. */
export function isRaceNotFound(error: unknown): boolean {
  return errorCodeOf<typeof races.get>(toApiError(error)) === 'race_not_found'
}

/** What every race page shows for an id that is not a race, with the way back to the list. */
export function RaceNotFound() {
  const { t } = useLingui()
  return (
    <Page title={t`Race not found`} lead={t`There is no race at this address. It may have been mistyped, or the race is no longer listed.`}>
      <p>
        <Link href={paths.home}>{t`Go to the race list`}</Link>
      </p>
    </Page>
  )
}

/**
 * A screen of `/race/{id}/...`: the id read from the address, and 'race not found' for one that is
 * no number, without asking the server. A new id is a new screen (its state starts afresh).
 */
export function withRaceId(Screen: ComponentType<{ raceId: number }>): ComponentType {
  return function RaceRoute() {
    const raceId = parseRaceId(useParams<{ id: string }>().id)
    if (raceId === null) return <RaceNotFound />
    return <Screen key={raceId} raceId={raceId} />
  }
}
