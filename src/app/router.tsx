import { useLingui } from '@lingui/react/macro'
import { Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react'
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter'
import { isProfileComplete } from '../../machines/rules/profile-completeness'
import { useAthlete } from '../lib/athlete-queries'
import { LEGACY_REDIRECTS } from '../lib/paths'
import { useSession } from '../lib/session'
import { focusScreenHeading } from '../ui/page'
import { PartBoundary } from '../ui/lazy-part'
import { Loading } from '../ui/state'
import { decideNavigation } from './guard'
import { NotFoundPage } from '../ui/not-found-page'
import { usePreloadOnIntent } from './preload-on-intent'
import { ProfileUnavailable } from './profile-unavailable'
import { AthleteAreaFrame, routes } from './routes'

/**
 * A screen that is not part of the portal: the mock-only QA tools (the mailbox), which the mock
 * gate hands over. No guard: a tool is there whatever the session, profile included.
 */
export interface ToolRoute {
  path: string
  Component: ComponentType
}

function withSearch(path: string, search: string): string {
  return search ? `${path}?${search}` : path
}

function Guarded({ requiresLogin, children }: { requiresLogin: boolean; children: ReactNode }) {
  const { status, denyAccess, profileUnavailable } = useSession()
  const { profile } = useAthlete()
  const [path] = useLocation()
  const location = withSearch(path, useSearch())
  const decision = decideNavigation({
    location,
    requiresLogin,
    session: { status, profileComplete: profile !== null && isProfileComplete(profile), profileUnavailable: Boolean(profileUnavailable) },
  })
  const denied = decision.kind === 'deny' ? decision.reason : null

  // The session machine remembers the path, tells why and moves the athlete on.
  useEffect(() => {
    if (denied) denyAccess(location, denied)
  }, [denied, location, denyAccess])

  const { t } = useLingui()
  if (profileUnavailable && decision.kind === 'unavailable') return <ProfileUnavailable view={profileUnavailable} asPage />
  if (profileUnavailable && decision.kind === 'render') {
    return (
      <>
        <ProfileUnavailable view={profileUnavailable} />
        {children}
      </>
    )
  }
  if (decision.kind === 'render') return children
  return <Loading label={t`Checking your session…`} />
}

/** Scroll to the top on every navigation and move focus to the new screen's heading. */
function useNavigationReset() {
  const [path] = useLocation()
  const first = useRef(true)
  useEffect(() => {
    window.scrollTo(0, 0)
    if (first.current) {
      first.current = false
      return
    }
    focusScreenHeading()
  }, [path])
}

export function AppRouter({ tools = [] }: { tools?: readonly ToolRoute[] }) {
  const { t } = useLingui()
  const search = useSearch()
  const [path] = useLocation()
  useNavigationReset()
  usePreloadOnIntent(routes)
  return (
    // A new path is a new try: a page that failed to load does not stay failed after navigating.
    <PartBoundary key={path} message={t`This page could not load.`}>
    <Suspense fallback={<Loading label={t`Loading page…`} />}>
      <Switch>
        {Object.entries(LEGACY_REDIRECTS).map(([from, to]) => (
          <Route key={from} path={from}>
            <Redirect to={withSearch(to, search)} replace />
          </Route>
        ))}
        {routes.map(({ path, requiresLogin, Component, athleteArea }) => (
          <Route key={path} path={path}>
            <Guarded requiresLogin={requiresLogin}>
              {athleteArea ? (
                <AthleteAreaFrame>
                  <Component />
                </AthleteAreaFrame>
              ) : (
                <Component />
              )}
            </Guarded>
          </Route>
        ))}
        {tools.map(({ path, Component }) => (
          <Route key={path} path={path}>
            <Component />
          </Route>
        ))}
        <Route>
          <Guarded requiresLogin={false}>
            <NotFoundPage />
          </Guarded>
        </Route>
      </Switch>
    </Suspense>
    </PartBoundary>
  )
}
