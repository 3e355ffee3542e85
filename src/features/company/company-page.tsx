import { Plural, useLingui } from '@lingui/react/macro'
import { Link } from 'wouter'
import { completedYears } from '../../../machines/rules/race-day'
import { calendarDayInRome, formatDate } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { useNow } from '../../lib/use-now'
import { Page } from '../../ui/page'
import styles from './company.module.css'
import { FOUNDED_ON } from './founded'

export default function CompanyPage() {
  const { t } = useLingui()
  const years = completedYears(FOUNDED_ON, calendarDayInRome(useNow()))
  const founded = formatDate(activeLocale(), FOUNDED_ON)
  return (
    <Page
      title={t`About us`}
      lead={<Plural value={years} one="Over # year of trail races in the Aosta Valley." other="Over # years of trail races in the Aosta Valley." />}
    >
      <div className={styles.story}>
        <p>
          {t`We are a non-profit outdoor sports club. It all began on ${founded} with a race of a few dozen friends around the lakes above Cogne; today we organise trail races in the mountains of the Aosta Valley every season, from entry-level experience races to the 330 km flagship.`}
        </p>
        <h2>{t`How we work`}</h2>
        <p>
          {t`Our races are run by volunteers, with the support of the local mountain communities, rescue services and mountain huts. Every euro of the entry fees goes back into the races: marking and clearing the paths, aid stations, safety on the course.`}
        </p>
        <h2>{t`The path to the flagship`}</h2>
        <p>
          {t`Experience races are where most of our runners start. Completing the qualifying ones earns a PAX: the right to enter the 330 km directly, without its lottery.`}
        </p>
        <p className={styles.links}>
          <Link href={paths.home}>{t`See the races`}</Link>
          <Link href={paths.contacts}>{t`Contact us`}</Link>
        </p>
      </div>
    </Page>
  )
}
