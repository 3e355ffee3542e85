import type { Race } from '../../contracts/races.contract'
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../contracts/time'
import { isLive } from './race-day'

/** Registration counts as closing in its last 72 hours. */
export const CLOSING_WINDOW_MS = 72 * HOUR_MS

export type RegistrationDisplay =
  | ({ kind: 'opening' } & Countdown)
  | { kind: 'open' }
  | { kind: 'closing'; hoursLeft: number }
  | { kind: 'closed' }
  | { kind: 'full' }
  | { kind: 'live' }

type RaceTimes = Pick<
  Race,
  'data_evento' | 'tempo_limite_ore' | 'apertura_iscrizioni' | 'chiusura_iscrizioni' | 'posti' | 'iscritti'
>

export interface Countdown {
  unit: 'days' | 'hours' | 'minutes'
  count: number
}

/** Time left, as said to the athlete: whole days down to the last day, then hours up, then minutes up (never "in 0"). */
export function countdown(untilMs: number): Countdown {
  if (untilMs >= DAY_MS) return { unit: 'days', count: Math.floor(untilMs / DAY_MS) }
  if (untilMs >= HOUR_MS) return { unit: 'hours', count: Math.ceil(untilMs / HOUR_MS) }
  return { unit: 'minutes', count: Math.ceil(untilMs / MINUTE_MS) }
}

/** What the race list says about registration, at `nowMs` on the portal's clock. */
export function registrationDisplay(race: RaceTimes, nowMs: number): RegistrationDisplay {
  if (isLive(race, nowMs)) return { kind: 'live' }

  const opens = Date.parse(race.apertura_iscrizioni)
  const closes = Date.parse(race.chiusura_iscrizioni)
  if (nowMs < opens) return { kind: 'opening', ...countdown(opens - nowMs) }
  if (nowMs >= closes) return { kind: 'closed' }
  if (race.iscritti >= race.posti) return { kind: 'full' }
  const left = closes - nowMs
  if (left <= CLOSING_WINDOW_MS) return { kind: 'closing', hoursLeft: Math.ceil(left / HOUR_MS) }
  return { kind: 'open' }
}
