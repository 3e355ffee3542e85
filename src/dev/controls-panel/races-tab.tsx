import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import type { QaRace } from '../../../mocks/qa-api'
import { formatNumber, formatRaceTime } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { Button } from '../../ui/button'
import { Loading } from '../../ui/state'
import styles from './panel.module.css'
import { useQaAction } from './qa-actions'
import { qaKeys, useQaPanel } from './qa-context'
import { QaReadError } from './qa-read-error'

/**
 * What the organiser and the other athletes do to a race while someone enrols: every place taken,
 * the waiver revised, the lottery drawn, a place given back to the wait list. Done while an athlete
 * is in the wizard, the wizard's next call to the backend meets it.
 */
export function RacesTab() {
  const { t } = useLingui()
  const { qa } = useQaPanel()
  const titleId = useId()
  const races = useQuery({ queryKey: qaKeys.races, queryFn: () => qa.races() })
  if (races.isError) return <QaReadError query={races} />
  if (!races.data) return <Loading />
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId}>{t`Races still to be run`}</h3>
      <p className={styles.muted}>{t`Fill a race or revise its waiver while an athlete is enrolling: the wizard's next step meets the change.`}</p>
      {races.data.length === 0 ? (
        <p>{t`Every race has been run at the simulated time.`}</p>
      ) : (
        <ul className={styles.list}>
          {races.data.map((race) => (
            <Race key={race.raceId} race={race} />
          ))}
        </ul>
      )}
    </section>
  )
}

function Race({ race }: { race: QaRace }) {
  const { t } = useLingui()
  const { qa } = useQaPanel()
  const locale = activeLocale()
  const { title, waiverVersion } = race
  const fill = useQaAction(() => qa.fillRace(race.raceId), {
    touchesPortal: true,
    done: () =>
      race.lottery
        ? t`Every place of ${title} is taken: direct entry is sold out, the lottery still takes applications.`
        : t`Every place of ${title} is taken: the race is sold out.`,
  })
  const revise = useQaAction(() => qa.reviseWaiver(race.raceId), {
    touchesPortal: true,
    done: (version) => t`${title}'s waiver is now version ${version}: a place signed on an earlier version is signed again before it is paid.`,
  })
  const draw = useQaAction(() => qa.drawLottery(race.raceId), {
    touchesPortal: true,
    done: ({ drawn, notDrawn }) => {
      const offered = formatNumber(locale, drawn)
      const listed = formatNumber(locale, notDrawn)
      return t`${title}'s lottery is drawn: ${offered} drawn were sent a payment link, ${listed} not drawn are on the wait list in the draw's order.`
    },
  })
  const free = useQaAction(() => qa.freePlace(race.raceId), {
    touchesPortal: true,
    done: () => t`An entrant of ${title} withdrew: the place went to the first on the wait list, if anyone is waiting.`,
  })
  const taken = formatNumber(locale, race.taken)
  const places = formatNumber(locale, race.places)
  const soldOut = race.taken >= race.places
  return (
    <li className={styles.card}>
      <p>
        <strong>{title}</strong>
      </p>
      <p className={styles.muted}>
        <time dateTime={race.startsAt}>{formatRaceTime(locale, race.startsAt)}</time>
      </p>
      <p>
        {soldOut ? t`Sold out: ${taken} of ${places} places taken.` : t`${taken} of ${places} places taken.`}
        {race.lottery ? ` ${race.lotteryDrawn ? t`Lottery entry, drawn.` : t`Lottery entry.`}` : null}
      </p>
      <p className={styles.muted}>{t`Waiver version ${waiverVersion}.`}</p>
      {race.waitingRoom ? <RoomFigures raceId={race.raceId} /> : null}
      <div className={styles.actions}>
        <Button variant="secondary" aria-label={t`Fill every place of ${title}`} onClick={() => fill.mutate(undefined)}>
          {t`Fill every place`}
        </Button>
        <Button variant="secondary" aria-label={t`Revise the waiver of ${title}`} onClick={() => revise.mutate(undefined)}>
          {t`Revise the waiver`}
        </Button>
        {race.lottery && !race.lotteryDrawn ? (
          <Button variant="secondary" aria-label={t`Draw the lottery of ${title} now`} onClick={() => draw.mutate(undefined)}>
            {t`Draw the lottery now`}
          </Button>
        ) : null}
        {race.waitList ? (
          <Button variant="secondary" aria-label={t`Free one place of ${title}`} onClick={() => free.mutate(undefined)}>
            {t`Free a place`}
          </Button>
        ) : null}
      </div>
    </li>
  )
}

/**
 * Where a race's waiting room stands at the simulated time: the line, the places promised and the
 * places paid, so QA moving the clock through an opening sees the rush the athlete is part of.
 */
function RoomFigures({ raceId }: { raceId: number }) {
  const { t } = useLingui()
  const { qa } = useQaPanel()
  const locale = activeLocale()
  const room = useQuery({ queryKey: [...qaKeys.races, 'queue', raceId], queryFn: () => qa.queueOf(raceId) })
  if (room.isError) return <QaReadError query={room} />
  if (!room.data) return <Loading />
  const { states } = room.data
  const waiting = formatNumber(locale, states.in_sala + states.in_coda)
  const admitted = formatNumber(locale, room.data.admitted)
  const held = formatNumber(locale, room.data.held)
  const paid = formatNumber(locale, room.data.paid)
  const places = formatNumber(locale, room.data.places)
  return (
    <p>
      {t`Waiting room: ${waiting} waiting, ${admitted} admitted, ${held} holding a place, ${paid} of ${places} places paid.`}
    </p>
  )
}
