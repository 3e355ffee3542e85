import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { paths } from '../lib/paths'
import styles from './athlete-area.module.css'

/** The athlete's own pages share one navigation, so none of them is a dead end. */
export function AthleteArea({ children }: { children: ReactNode }) {
  const { t } = useLingui()
  const [location] = useLocation()
  const links = [
    { href: paths.me, label: t`My profile` },
    { href: paths.myRaces, label: t`My races` },
    { href: paths.openSubscriptions, label: t`Open subscriptions` },
    { href: paths.transactions, label: t`My transactions` },
    { href: paths.medicalCertificate, label: t`Medical certificate` },
    { href: paths.experience, label: t`My experience races` },
  ]
  return (
    <div className={styles.area}>
      <nav aria-label={t`My area`} className={styles.nav}>
        <ul>
          {links.map(({ href, label }) => (
            <li key={href}>
              <Link href={href} aria-current={location === href ? 'page' : undefined}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div>{children}</div>
    </div>
  )
}
