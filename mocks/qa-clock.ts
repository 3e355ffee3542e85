import { calendarDayInRome, DATE_ONLY_ZONE, DAY_MS, HOUR_MS, MINUTE_MS } from '../contracts/time'
import type { RaceRecord } from './db'
import type { QaClockPreset, QaRaceClock } from './qa-api'
import { raceTitle } from './records'

/** When race day's morning is, in Rome: before the usual starts, so the race is not yet under way. */
export const RACE_DAY_MORNING = '06:00'

type RaceTimes = Pick<RaceRecord, 'id' | 'nome' | 'edizione' | 'data_evento' | 'apertura_iscrizioni' | 'chiusura_iscrizioni' | 'sala_attesa'>

/**
 * The instants QA moves the clock to, per race, so every registration state and countdown can be
 * seen: a day and two hours before registration opens, the opening itself, its last minute
 * ("closing"), an hour after it closed, and race day's morning (06:00 in Rome on the day the race
 * starts); for a race with a waiting room, also the room's opening (`roomOpens`). Instants are in Rome's offset, as the organiser announces them.
 */
export function clockPresetsOf(races: ReadonlyArray<RaceTimes>): QaRaceClock[] {
  return races.map((race) => {
    const opens = Date.parse(race.apertura_iscrizioni)
    const closes = Date.parse(race.chiusura_iscrizioni)
    const raceDayMorning = Temporal.PlainDate.from(calendarDayInRome(race.data_evento)).toZonedDateTime({
      timeZone: DATE_ONLY_ZONE,
      plainTime: RACE_DAY_MORNING,
    }).epochMilliseconds
    const at: Partial<Record<QaClockPreset['id'], number>> = {
      beforeOpening: opens - DAY_MS,
      twoHoursBeforeOpening: opens - 2 * HOUR_MS,
      ...(race.sala_attesa ? { roomOpens: Date.parse(race.sala_attesa.apre) } : {}),
      opening: opens,
      closing: closes - MINUTE_MS,
      afterClose: closes + HOUR_MS,
      raceDay: raceDayMorning,
    }
    return {
      raceId: race.id,
      title: raceTitle(race),
      presets: (Object.keys(at) as Array<QaClockPreset['id']>).map((id) => ({ id, at: inRome(at[id]!) })),
    }
  })
}

/** An instant as ISO 8601 with Rome's offset (`2026-02-16T10:00:00+01:00`). */
function inRome(epochMs: number): string {
  return Temporal.Instant.fromEpochMilliseconds(epochMs)
    .toZonedDateTimeISO(DATE_ONLY_ZONE)
    .toString({ timeZoneName: 'never', smallestUnit: 'second' })
}
