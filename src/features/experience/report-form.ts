import * as z from 'zod/mini'
import { MAX_URL_LENGTH } from '../../../contracts/common'
import {
  cleanRaceName,
  EARLIEST_REPORT_DATE,
  MAX_FINISH_TIME_S,
  MAX_RACE_NAME_LENGTH,
  type NewExperienceReport,
  type ReportExperienceError,
} from '../../../contracts/experience.contract'
import type { Race } from '../../../contracts/races.contract'
import { hasStarted } from '../../../machines/rules/place'
import { raceDay } from '../../../machines/rules/race-day'
import { tooLong, tooLongCode } from '../../ui/form-messages'

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

/** The earliest edition date a report may give: EARLIEST_REPORT_DATE, or the athlete's birth date when later. */
export function earliestEditionDate(birthDate: string | null): string {
  return birthDate !== null && birthDate > EARLIEST_REPORT_DATE ? birthDate : EARLIEST_REPORT_DATE
}

/** Lengths as the contracts count them: in Unicode code points. */
const codePoints = (text: string) => [...text].length

/** The fewest characters a race's name has once only its visible ones are counted. */
const MIN_RACE_NAME_LENGTH = 2

/**
 * The report form: one of the organiser's races (its edition date is known), or another race by
 * name and date; the finish time; an optional link to the results. `today` is the latest edition
 * date accepted (Rome): a race not yet run cannot be reported. Each rule the server refuses a
 * report for is said here first: a name with nothing visible (`race_name`) or too long, even once
 * spelt out by NFKC (`too_long:<max>`); a date before EARLIEST_REPORT_DATE or before `birthDate`,
 * the athlete's, when known (`date_too_early`); a finish time over MAX_FINISH_TIME_S
 * (`finish_time_too_long`).
 */
export function reportSchema(today: string, birthDate: string | null = null) {
  const earliest = earliestEditionDate(birthDate)
  return z
    .object({
      race: z.string().check(z.minLength(1, 'required')),
      name: z.string().check(z.trim()),
      date: z.string(),
      time: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, 'required'),
          z.refine((text) => finishTimeSeconds(text) !== null, 'finish_time'),
          z.refine((text) => (finishTimeSeconds(text) ?? 0) <= MAX_FINISH_TIME_S, 'finish_time_too_long'),
        ),
      link: z.string().check(z.trim(), tooLong(MAX_URL_LENGTH), z.refine((text) => text === '' || isWebAddress(text), 'results_link')),
    })
    .check(
      // The name and the date are only asked for another race: the organiser's carry their own.
      z.refine((values) => values.race !== OTHER_RACE || codePoints(cleanRaceName(values.name)) >= MIN_RACE_NAME_LENGTH, {
        error: 'race_name',
        path: ['name'],
      }),
      z.refine(
        (values) =>
          values.race !== OTHER_RACE ||
          Math.max(codePoints(values.name), codePoints(cleanRaceName(values.name))) <= MAX_RACE_NAME_LENGTH,
        { error: tooLongCode(MAX_RACE_NAME_LENGTH), path: ['name'] },
      ),
      z.refine((values) => values.race !== OTHER_RACE || values.date !== '', { error: 'required', path: ['date'] }),
      z.refine((values) => values.race !== OTHER_RACE || values.date === '' || values.date <= today, { error: 'future_date', path: ['date'] }),
      z.refine((values) => values.race !== OTHER_RACE || values.date === '' || values.date >= earliest, {
        error: 'date_too_early',
        path: ['date'],
      }),
    )
}

export type ReportValues = z.infer<ReturnType<typeof reportSchema>>

export const emptyReport: ReportValues = { race: '', name: '', date: '', time: '', link: '' }

/** The form's fields in the order they are on screen: the first invalid one is focused. */
export const REPORT_FIELDS = ['race', 'name', 'date', 'time', 'link'] as const satisfies ReadonlyArray<keyof ReportValues>

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
    .filter((race) => race.esperienza && hasStarted(race, now))
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

/** A field of the form, and the code of the words said on it. */
export interface FieldRefusal {
  field: keyof ReportValues
  code: string
}

/**
 * Where each refusal of the server is said: on the field it is about (the race's own field when
 * it is one of the organiser's: its name and date are not typed). A refusal not here
 * (`invalid_request`, a failure) is said by the form as a whole.
 */
const REFUSAL_FIELDS = {
  race_name: { listed: 'race', other: 'name', code: 'race_name' },
  future_date: { listed: 'race', other: 'date', code: 'future_date' },
  date_too_early: { listed: 'race', other: 'date', code: 'date_too_early' },
  // The form reads only h:mm:ss, so the server's `finish_time` is a time over the longest.
  finish_time: { listed: 'time', other: 'time', code: 'finish_time_too_long' },
  duplicate_report: { listed: 'race', other: 'name', code: 'duplicate_report' },
} as const satisfies Partial<Record<ReportExperienceError, { listed: keyof ReportValues; other: keyof ReportValues; code: string }>>

/** The field a refusal of the report is said on, with its code; null when it is about no field. */
export function refusalField(code: string | null, values: Pick<ReportValues, 'race'>): FieldRefusal | null {
  if (code === null || !Object.hasOwn(REFUSAL_FIELDS, code)) return null
  const where = REFUSAL_FIELDS[code as keyof typeof REFUSAL_FIELDS]
  return { field: values.race === OTHER_RACE ? where.other : where.listed, code: where.code }
}
