import { parse } from 'regexparam'
import { useEffect } from 'react'
import { matchRoute } from 'wouter'
import { AthleteAreaFrame, type RouteDefinition } from './routes'

const started = new Set<string>()

/**
 * Starts downloading the code of the screen at `pathname`, when it is loaded on first use
 * (`lazyPart`); once per screen. wouter's own pattern parser (regexparam) matches, so the screen
 * found is the one the router will show.
 */
export function preloadScreen(routes: readonly RouteDefinition[], pathname: string): void {
  const route = routes.find(({ path }) => matchRoute(parse, path, pathname)[0])
  const preload = route && (route.Component as { preload?: unknown }).preload
  if (!route || typeof preload !== 'function' || started.has(route.path)) return
  started.add(route.path)
  ;(preload as () => void)()
  // The athlete's pages come in their frame: both download at once rather than one after the other.
  if (route.athleteArea) AthleteAreaFrame.preload()
}

/**
 * When the pointer rests on, a finger touches or the keyboard focuses a link to one of the portal's
 * screens, that screen's code starts downloading: by the click it is usually there, and the route
 * change does not wait behind a loading fallback.
 */
export function usePreloadOnIntent(routes: readonly RouteDefinition[]): void {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null
      if (link instanceof HTMLAnchorElement && link.origin === window.location.origin) preloadScreen(routes, link.pathname)
    }
    const events = ['pointerover', 'focusin', 'touchstart'] as const
    for (const type of events) document.addEventListener(type, onIntent, { passive: true })
    return () => {
      for (const type of events) document.removeEventListener(type, onIntent)
    }
  }, [routes])
}
