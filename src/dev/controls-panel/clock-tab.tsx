import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { QaClockPreset } from '../../../mocks/qa-api'
import { formatOwnMoment, formatRaceTime, RACE_ZONE } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { Button } from '../../ui/button'
import { Field, SelectField } from '../../ui/field'
import { Loading } from '../../ui/state'
import styles from './panel.module.css'
import { useQaAction } from './qa-actions'
import { qaKeys, useQaPanel } from './qa-context'
import { QaReadError } from './qa-read-error'

const PRESET_LABELS: Record<QaClockPreset['id'], MessageDescriptor> = {
  beforeOpening: msg`Before opening`,
  twoHoursBeforeOpening: msg`2 hours before opening`,
  roomOpens: msg`Waiting room opens`,
  opening: msg`Opening`,
  closing: msg`Closing`,
  afterClose: msg`After close`,
  raceDay: msg`Race day`,
}

/** A `datetime-local` value read as the race's time (Rome), as an instant with its offset. */
export function raceLocalToInstant(value: string): string | null {
  try {
    return Temporal.PlainDateTime.from(value).toZonedDateTime(RACE_ZONE).toString({ timeZoneName: 'never' })
  } catch {
    return null
  }
}

/** The simulated clock: a race's key moments in one click, or any date and time. */
export function ClockTab() {
  const { t, i18n } = useLingui()
  const locale = activeLocale()
  const { qa } = useQaPanel()
  const state = useQuery({ queryKey: qaKeys.state, queryFn: () => qa.state() })
  const races = useQuery({ queryKey: qaKeys.clockPresets, queryFn: () => qa.clockPresets() })
  const [raceId, setRaceId] = useState<number | null>(null)
  const [free, setFree] = useState('')
  const [freeError, setFreeError] = useState<string | null>(null)
  const setNow = useQaAction((at: string) => qa.setNow(at), {
    touchesPortal: true,
    done: (_, at) => t`The clock is now ${formatOwnMoment(locale, at)}.`,
  })

  if (state.isError || races.isError) return <QaReadError query={state.isError ? state : races} />
  if (!state.data || !races.data) return <Loading />
  const race = races.data.find((candidate) => candidate.raceId === raceId) ?? races.data[0]

  const submitFree = (event: FormEvent) => {
    event.preventDefault()
    const at = raceLocalToInstant(free)
    if (!at) return setFreeError(t`Enter a date and a time.`)
    setFreeError(null)
    setNow.mutate(at)
  }

  return (
    <>
      <section className={styles.section} aria-labelledby="qa-clock-now">
        <h3 id="qa-clock-now">{t`Simulated time`}</h3>
        <p>
          <time dateTime={state.data.now}>{formatOwnMoment(locale, state.data.now)}</time>
        </p>
      </section>
      <section className={styles.section} aria-labelledby="qa-clock-race">
        <h3 id="qa-clock-race">{t`A race's key moments`}</h3>
        {race ? (
          <>
            <SelectField label={t`Race`} value={race.raceId} onChange={(event) => setRaceId(Number(event.target.value))}>
              {races.data.map((candidate) => (
                <option key={candidate.raceId} value={candidate.raceId}>
                  {candidate.title}
                </option>
              ))}
            </SelectField>
            <ul className={styles.list}>
              {race.presets.map((preset) => (
                <li key={preset.id} className={styles.actions}>
                  <Button variant="secondary" onClick={() => setNow.mutate(preset.at)}>
                    {i18n._(PRESET_LABELS[preset.id])}
                  </Button>
                  <time dateTime={preset.at} className={styles.muted}>
                    {formatRaceTime(locale, preset.at)}
                  </time>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t`No race has registration dates.`}</p>
        )}
      </section>
      <form className={styles.section} aria-labelledby="qa-clock-free" onSubmit={submitFree} noValidate>
        <h3 id="qa-clock-free">{t`Any moment`}</h3>
        <Field
          label={t`Date and time (race time, Rome)`}
          type="datetime-local"
          step={60}
          value={free}
          error={freeError}
          onChange={(event) => setFree(event.target.value)}
        />
        <div className={styles.actions}>
          <Button type="submit">
            {t`Set the clock`}
          </Button>
        </div>
      </form>
    </>
  )
}
