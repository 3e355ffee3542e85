import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import type { WaitEntry } from '../../../contracts/wait-list.contract'
import { formatRaceTime } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { raceQueries } from '../../lib/race-queries'
import { waitListQueries } from '../../lib/wait-list-queries'
import { buttonClass } from '../../ui/button'
import styles from './my-races.module.css'

/**
 * My races' wait lists (issue 23 point 3): where the athlete stands on each, a place offered with
 * its deadline, an offer that lapsed. A list left, or an offer taken (the race is then among the
 * enrolments), is not shown; no list at all shows nothing.
 */
export default function MyWaitLists() {
  const { t } = useLingui()
  const entries = useQuery(waitListQueries.mine()).data?.voci.filter((entry) => entry.stato === 'in_attesa' || entry.stato === 'offerta' || entry.stato === 'scaduta')
  const races = useQuery(raceQueries.list('all')).data?.gare
  if (!entries || entries.length === 0) return null
  return (
    <section aria-labelledby="my-wait-lists" className={styles.section}>
      <h2 id="my-wait-lists">{t`Wait lists`}</h2>
      <ul className={styles.list}>
        {entries.map((entry) => {
          const race = races?.find((candidate) => candidate.id === entry.gara_id)
          return (
            <li key={entry.gara_id}>
              <WaitListCard entry={entry} name={race ? `${race.nome} ${String(race.edizione)}` : t`Race ${entry.gara_id}`} />
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function WaitListCard({ entry, name }: { entry: WaitEntry; name: string }) {
  const { t } = useLingui()
  const headingId = `wait-list-${String(entry.gara_id)}`
  return (
    <article aria-labelledby={headingId} className={styles.card}>
      <h3 id={headingId} className={styles.name}>
        <Link href={paths.race(entry.gara_id)}>{name}</Link>
      </h3>
      <Standing entry={entry} />
      <p>
        <Link href={paths.waitList(entry.gara_id)} className={buttonClass(entry.stato === 'offerta' ? 'primary' : 'secondary')}>
          {entry.stato === 'offerta' ? t`Take the place offered` : t`See the wait list`}
        </Link>
      </p>
    </article>
  )
}

function Standing({ entry }: { entry: WaitEntry }) {
  const { t } = useLingui()
  if (entry.stato === 'offerta' && entry.offerta_scade) {
    const until = formatRaceTime(activeLocale(), entry.offerta_scade)
    return (
      <p className={styles.due}>
        <Trans>
          A place is offered to you: enrol and pay by <time dateTime={entry.offerta_scade}>{until}</time>.
        </Trans>
      </p>
    )
  }
  if (entry.stato === 'scaduta') return <p className={styles.when}>{t`The place offered to you lapsed and went to the next in line.`}</p>
  const position = entry.posizione ?? 0
  const ahead = entry.davanti ?? position - 1
  return <p className={styles.when}>{ahead === 0 ? t`Number ${position} in line: you are next.` : t`Number ${position} in line, ${ahead} ahead of you.`}</p>
}
