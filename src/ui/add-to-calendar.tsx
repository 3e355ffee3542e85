import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { downloadRaceStart, preloadCalendar, type CalendarRace } from '../lib/race-calendar'
import styles from './add-to-calendar.module.css'
import { Button } from './button'

/**
 * "Add to calendar" for a race's start, lasting until `endMs` (the race's `raceEnd`); if the
 * calendar code cannot load, it says so under the button, and the next click tries again.
 */
export function AddToCalendar({ race, endMs }: { race: CalendarRace; endMs: number }) {
  const { t } = useLingui()
  const [failed, setFailed] = useState(false)
  return (
    <div onPointerEnter={preloadCalendar} onFocus={preloadCalendar}>
      <Button
        variant="secondary"
        onClick={() => {
          setFailed(false)
          downloadRaceStart(race, endMs).catch(() => setFailed(true))
        }}
      >
        {t`Add to calendar`}
      </Button>
      {failed ? (
        <p role="alert" className={styles.failed}>
          {t`The calendar file could not be prepared. Check your connection, then try again.`}
        </p>
      ) : null}
    </div>
  )
}
