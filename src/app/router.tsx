import { useLingui } from '@lingui/react/macro'
import { Suspense, useEffect, useRef, type ReactNode } from 'react'
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter'
import { LEGACY_REDIRECTS } from '../lib/paths'
import { useSession } from '../lib/session'
import { notify } from '../ui/notifications'
import { focusScreenHeading } from '../ui/page'
import { Loading } from '../ui/state'
import { AthleteArea } from './athlete-area'
import { decideNavigation } from './guard'
import { NotFoundPage } from './not-found-page'
import { routes } from './routes'

function withSearch(path: string, search: string): string {
  return search ? `${path}?${search}` : path
}

function Guarded({ requiresLogin, children }: { requiresLogin: boolean; children: ReactNode }) {
  const session = useSession()
  const [path, navigate] = useLocation()
  const location = withSearch(path, useSearch())
  const decision = decideNavigation({ location, requiresLogin, session })

  useEffect(() => {
    if (decision.kind !== 'redirect') return
    if (decision.remember) session.rememberDestination(decision.remember)
    notify(decision.notice)
    navigate(decision.to, { replace: true })
    if (decision.promptLogin) session.promptLogin({ delayed: true })
    // The decision's fields fully describe the redirect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [decision.kind, decision.kind === 'redirect' ? decision.to : null, location])

  const { t } = useLingui()
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

export function AppRouter() {
  const { t } = useLingui()
  const search = useSearch()
  useNavigationReset()
  return (
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
                <AthleteArea>
                  <Component />
                </AthleteArea>
              ) : (
                <Component />
              )}
            </Guarded>
          </Route>
        ))}
        <Route>
          <Guarded requiresLogin={false}>
            <NotFoundPage />
          </Guarded>
        </Route>
      </Switch>
    </Suspense>
  )
}
