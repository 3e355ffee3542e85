import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { Suspense, useState, type ReactNode } from 'react'
import { Link, useLocation, useRoute, useSearch } from 'wouter'
import { useAthlete } from '../lib/athlete-queries'
import { activateLocale, activeLocale, LOCALE_NAMES, LOCALES, type Locale } from '../lib/i18n'
import { paths, PRIVACY_POLICY_URL } from '../lib/paths'
import { useLoginDrawer, useSession } from '../lib/session'
import { Button } from '../ui/button'
import { lazyPart, PartBoundary } from '../ui/lazy-part'
import { notify } from '../ui/notifications'
import { NotificationRegion } from '../ui/notification-region'
import styles from './layout.module.css'

// The drawer (and its dialog library) loads the first time an athlete needs it, not with the home page.
const LoginDrawer = lazyPart(() => import('../features/auth/login-drawer'))

function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const [active] = useRoute(href === '/' ? '/' : `${href}/*?`)
  return (
    <Link href={href} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  )
}

/** A footer link the mock gate adds (the mailbox): present in mock mode only. */
export interface FooterLink {
  href: string
  label: MessageDescriptor
}

export function Layout({ children, footerLinks = [] }: { children: ReactNode; footerLinks?: readonly FooterLink[] }) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const { profile } = useAthlete()
  const drawer = useLoginDrawer()
  // Once loaded it stays mounted, so closing it can hand focus back and reopening is instant.
  const [drawerLoaded, setDrawerLoaded] = useState(false)
  if (drawer.requested && !drawerLoaded) setDrawerLoaded(true)
  const locale = activeLocale()
  const [path] = useLocation()
  const search = useSearch()
  const here = search ? `${path}?${search}` : path

  return (
    <>
      <a href="#main" className={`${styles.skip} no-print`}>
        {t`Skip to content`}
      </a>
      <header className={`${styles.header} no-print`}>
        <div className={styles.bar}>
          <Link href={paths.home} className={styles.brand}>
            pettorale
          </Link>
          <nav aria-label={t`Main`} className={styles.nav}>
            <ul>
              <li>
                <NavLink href={paths.home}>{t`Races`}</NavLink>
              </li>
              <li>
                <NavLink href={paths.contacts}>{t`Contacts`}</NavLink>
              </li>
              <li>
                <NavLink href={paths.me}>{t`My area`}</NavLink>
              </li>
            </ul>
          </nav>
          <div className={styles.tools}>
            <label className="visually-hidden" htmlFor="language">
              {t`Language`}
            </label>
            <select
              id="language"
              className={styles.language}
              value={locale}
              onChange={(event) => {
                // Offline, the new catalog may not arrive: the page stays in its language and says so.
                activateLocale(event.target.value as Locale).catch(() => notify('language_unavailable'))
              }}
            >
              {LOCALES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {LOCALE_NAMES[code]}
                </option>
              ))}
            </select>
            {session.status === 'loggedIn' && profile ? (
              <>
                <span className={styles.athlete}>{profile.nome ?? profile.mail}</span>
                <Button variant="secondary" onClick={session.logout}>
                  {t`Log out`}
                </Button>
              </>
            ) : session.profileUnavailable ? (
              // Still signed in while the profile cannot be read: the way out stays, the name comes with it.
              <Button variant="secondary" onClick={session.logout}>
                {t`Log out`}
              </Button>
            ) : (
              // The page the drawer is opened on is where the athlete comes back to after signing in.
              <Button onClick={() => session.askToLogIn(here)} aria-busy={session.status === 'pending'}>
                {t`Log in`}
              </Button>
            )}
          </div>
        </div>
      </header>

      <main id="main" className={styles.main}>
        {children}
      </main>

      <footer className={`${styles.footer} no-print`}>
        <div className={styles.bar}>
          <ul>
            <li>
              <Link href={paths.company}>{t`About us`}</Link>
            </li>
            <li>
              <Link href={paths.contacts}>{t`Contacts`}</Link>
            </li>
            <li>
              <a href={PRIVACY_POLICY_URL} target="_blank" rel="noopener noreferrer">
                {t`Privacy policy (opens in a new tab)`}
              </a>
            </li>
            {footerLinks.map(({ href, label }) => (
              <li key={href}>
                <Link href={href}>{i18n._(label)}</Link>
              </li>
            ))}
          </ul>
          <p>{t`pettorale · trail races in the Alps`}</p>
        </div>
      </footer>

      <NotificationRegion />
      {drawerLoaded ? (
        <PartBoundary message={t`The login form could not load.`} floating onDismiss={() => drawer.setOpen(false)}>
          <Suspense fallback={null}>
            <LoginDrawer />
          </Suspense>
        </PartBoundary>
      ) : null}
    </>
  )
}
