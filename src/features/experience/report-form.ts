import * as z from 'zod/mini'
import type { NewExperienceReport } from '../../../contracts/experience.contract'
import type { Race } from '../../../contracts/races.contract'
import { raceDay } from '../../../machines/rules/race-day'

/** The select's value for a race that is not one of the organiser's. */
export const OTHER_RACE = 'other'

/** `h:mm:ss`, hours without a limit of two digits: ultra finishes run past 99 hours only in theory. */
const FINISH_TIME = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/u

/** A finish time typed as `h:mm:ss` (or `hh:mm:ss`), in seconds; null when it is not one. */
export function finishTimeSeconds(text: string): number | null {
  const match = FINISH_TIME.exec(text.trim())
  if (!match) return null
  const [, hours, minutes, seconds] = match.map(Number) as [number, number, number, number]
  const total = hours * 3600 + minutes * 60 + seconds
  return total > 0 ? total : null
}

/**
 * The report form: one of the organiser's races (its edition date is known), or another race by
 * name and date; the finish time; an optional link to the results. `today` is the latest edition
 * date accepted (Rome): a race not yet run cannot be reported.
 */
export function reportSchema(today: string) {
  return z
    .object({
      race: z.string().check(z.minLength(1, 'required')),
      name: z.string().check(z.trim()),
      date: z.string(),
      time: z.string().check(z.trim(), z.minLength(1, 'required'), z.refine((text) => finishTimeSeconds(text) !== null, 'finish_time')),
      link: z.string().check(z.trim(), z.refine((text) => text === '' || isWebAddress(text), 'results_link')),
    })
    .check(
      z.refine((values) => values.race !== OTHER_RACE || values.name.length >= 2, { error: 'race_name', path: ['name'] }),
      z.refine((values) => values.race !== OTHER_RACE || values.date !== '', { error: 'required', path: ['date'] }),
      z.refine((values) => values.race !== OTHER_RACE || values.date === '' || values.date <= today, { error: 'future_date', path: ['date'] }),
    )
}

export type ReportValues = z.infer<ReturnType<typeof reportSchema>>

export const emptyReport: ReportValues = { race: '', name: '', date: '', time: '', link: '' }

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')
  } catch {
    return false
  }
}

/** The organiser's experience races already run, that the athlete may report: newest first. */
export function reportableRaces(races: readonly Race[], now: number): Race[] {
  return races
    .filter((race) => race.esperienza && Date.parse(race.data_evento) < now)
    .sort((a, b) => Date.parse(b.data_evento) - Date.parse(a.data_evento))
}

/** The call's body from the checked form. */
export function toNewReport(values: ReportValues, races: readonly Race[]): NewExperienceReport {
  const race = values.race === OTHER_RACE ? undefined : races.find((candidate) => String(candidate.id) === values.race)
  return {
    gara: race ? `${race.nome} ${String(race.edizione)}` : values.name,
    data: race ? raceDay(race) : values.date,
    gara_id: race?.id ?? null,
    tempo_secondi: finishTimeSeconds(values.time)!,
    ...(values.link ? { link_risultati: values.link } : {}),
  }
}
