import type { Pax } from '../contracts/experience.contract'
import type { ExperienceRecord, RaceRecord } from './db'

/** The organiser's rule (ours: the spec names the PAX, not its rule): this many accepted qualifying races ... */
export const PAX_RACES_NEEDED = 2
/** ... finished within this many months before the flagship's race day. */
export const PAX_WINDOW_MONTHS = 24

/**
 * The PAX an athlete holds for the flagship's next edition (the first flagship race not yet
 * closed for registration at `now`): earned by `PAX_RACES_NEEDED` accepted qualifying experience
 * races whose editions fall within `PAX_WINDOW_MONTHS` before that race day. It opens direct
 * entry to that edition, until its registration closes. With no flagship edition ahead, none is held.
 */
export function paxFor(reports: readonly ExperienceRecord[], races: readonly RaceRecord[], now: number): Pax {
  const next = races
    .filter((race) => race.ammissione === 'lotteria' && Date.parse(race.chiusura_iscrizioni) > now)
    .sort((a, b) => Date.parse(a.data_evento) - Date.parse(b.data_evento))[0]
  const rule = { richieste: PAX_RACES_NEEDED, mesi: PAX_WINDOW_MONTHS }
  if (!next) return { attivo: false, gara_id: null, valido_fino: null, valide: 0, ...rule }

  const raceDay = next.data_evento.slice(0, 10)
  const windowStart = monthsBefore(raceDay, PAX_WINDOW_MONTHS)
  const counted = reports.filter(
    (report) => report.qualificante && report.stato === 'accettata' && report.data >= windowStart && report.data < raceDay,
  )
  return {
    attivo: counted.length >= PAX_RACES_NEEDED,
    gara_id: next.id,
    valido_fino: next.chiusura_iscrizioni,
    valide: counted.length,
    ...rule,
  }
}

/** The ISO day `months` calendar months before `isoDay` (the 31st falls back to the month's last day). */
function monthsBefore(isoDay: string, months: number): string {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number]
  const index = year * 12 + (month - 1) - months
  const lastDay = new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate()
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`
}
