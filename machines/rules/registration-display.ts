import type { Race } from '../../contracts/races.contract'
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../contracts/time'

/** Registration counts as closing in its last 72 hours. */
export const CLOSING_WINDOW_MS = 72 * HOUR_MS

export type RegistrationDisplay =
  | { kind: 'opening'; unit: 'days' | 'hours' | 'minutes'; count: number }
  | { kind: 'open' }
  | { kind: 'closing'; hoursLeft: number }
  | { kind: 'closed' }
  | { kind: 'full' }
  | { kind: 'live' }

type RaceTimes = Pick<
  Race,
  'data_evento' | 'tempo_limite_ore' | 'apertura_iscrizioni' | 'chiusura_iscrizioni' | 'posti' | 'iscritti'
>

/** What the race list says about registration, at `nowMs` on the portal's clock. */
export function registrationDisplay(race: RaceTimes, nowMs: number): RegistrationDisplay {
  const start = Date.parse(race.data_evento)
  const end = start + race.tempo_limite_ore * HOUR_MS
  if (nowMs >= start && nowMs < end) return { kind: 'live' }

  const opens = Date.parse(race.apertura_iscrizioni)
  const closes = Date.parse(race.chiusura_iscrizioni)
  if (nowMs < opens) {
    const until = opens - nowMs
    // Whole days down to the last day, then hours up, then minutes up: never "opens in 0".
    if (until >= DAY_MS) return { kind: 'opening', unit: 'days', count: Math.floor(until / DAY_MS) }
    if (until >= HOUR_MS) return { kind: 'opening', unit: 'hours', count: Math.ceil(until / HOUR_MS) }
    return { kind: 'opening', unit: 'minutes', count: Math.ceil(until / MINUTE_MS) }
  }
  if (nowMs >= closes) return { kind: 'closed' }
  if (race.iscritti >= race.posti) return { kind: 'full' }
  const left = closes - nowMs
  if (left <= CLOSING_WINDOW_MS) return { kind: 'closing', hoursLeft: Math.ceil(left / HOUR_MS) }
  return { kind: 'open' }
}
