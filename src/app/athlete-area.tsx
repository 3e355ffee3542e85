import { Plural, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { useOpenSubscriptions } from '../features/my-races/use-open-subscriptions'
import { athleteQueries, useAthlete } from '../lib/athlete-queries'
import { paths } from '../lib/paths'
import styles from './athlete-area.module.css'

/**
 * The athlete's own pages share one navigation, so none of them is a dead end. Loaded with the
 * first of them (routes.tsx): a visitor's first page does not carry it.
 */
export default function AthleteArea({ children }: { children: ReactNode }) {
  const { t } = useLingui()
  const [location] = useLocation()
  const { waiting, underVerification } = useAreaCounts()
  const links = [
    { href: paths.me, label: t`My profile` },
    { href: paths.myRaces, label: t`My races` },
    {
      href: paths.openSubscriptions,
      label: t`Places awaiting payment`,
      count: waiting > 0 ? <Plural value={waiting} one="# place waiting for payment" other="# places waiting for payment" /> : null,
      shown: waiting,
    },
    { href: paths.transactions, label: t`My transactions` },
    { href: paths.medicalCertificate, label: t`Medical certificate` },
    {
      href: paths.experience,
      label: t`My experience races`,
      count: underVerification > 0 ? <Plural value={underVerification} one="# report under verification" other="# reports under verification" /> : null,
      shown: underVerification,
    },
  ]
  return (
    <div className={styles.area}>
      <nav aria-label={t`My area`} className={styles.nav}>
        <ul>
          {links.map(({ href, label, count, shown }) => (
            <li key={href}>
              <Link href={href} aria-current={location === href ? 'page' : undefined}>
                {label}
                {count ? (
                  <>
                    <span className={styles.count} aria-hidden="true">
                      {shown}
                    </span>
                    <span className="visually-hidden">({count})</span>
                  </>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div>{children}</div>
    </div>
  )
}

/**
 * What waits for the athlete in the area, for the navigation: places still to pay
 * (not a lottery application, not lapsed) and reports still under verification. Read from the
 * same cached queries as the pages, so the counts and the pages agree.
 */
function useAreaCounts() {
  const { profile } = useAthlete()
  const { open } = useOpenSubscriptions()
  const reports = useQuery({ ...athleteQueries.experience(), enabled: profile !== null })
  return {
    waiting: open.filter((entry) => entry.step !== 'draw' && !entry.lapsed).length,
    underVerification: reports.data?.esperienze.filter((report) => report.stato === 'in_verifica').length ?? 0,
  }
}
