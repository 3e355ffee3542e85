import { useEffect } from 'react'
import { matchRoute, useRouter } from 'wouter'
import type { RouteDefinition } from './routes'

/** A screen loaded on first use (`lazyPart`) can start its download early. */
function preloaderOf(Component: RouteDefinition['Component']): (() => void) | null {
  const preload = (Component as { preload?: unknown }).preload
  return typeof preload === 'function' ? (preload as () => void) : null
}

/**
 * When the pointer rests on, a finger touches or the keyboard focuses a link to one of the portal's
 * screens, that screen's code starts downloading: by the click it is usually there, and the route
 * change does not wait behind a loading fallback.
 */
export function usePreloadOnIntent(routes: readonly RouteDefinition[]): void {
  const { parser } = useRouter()
  useEffect(() => {
    const started = new Set<string>()
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return
      const route = routes.find(({ path }) => matchRoute(parser, path, link.pathname)[0])
      if (!route || started.has(route.path)) return
      const preload = preloaderOf(route.Component)
      if (!preload) return
      started.add(route.path)
      preload()
    }
    const events = ['pointerover', 'focusin', 'touchstart'] as const
    for (const type of events) document.addEventListener(type, onIntent, { passive: true })
    return () => {
      for (const type of events) document.removeEventListener(type, onIntent)
    }
  }, [parser, routes])
}
