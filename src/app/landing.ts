import type { QueryClient } from '@tanstack/react-query'
import type { StoredSession } from '../../machines/session/session.machine'
import { raceFilterOf, raceQueries } from '../lib/race-queries'
import { paths } from '../lib/paths'

/**
 * What the page brings before anything runs: a token in the address bar, the stored session.
 * Read at boot without the session machine, which loads after the first paint for a visitor.
 */

export const SESSION_STORAGE_KEY = 'pettorale.session'

/** What the address bar brought: a social sign-in token or an account-confirmation link. */
export type Landing =
  | { kind: 'social'; token: string; state: string | null }
  | { kind: 'confirm'; contactId: number; token: string }
  | null

/**
 * Takes a token out of the address bar before anything else runs, so it never stays in history,
 * bookmarks or a Referer header.
 */
export function takeLandingToken(location: Location, history: History): Landing {
  const url = new URL(location.href)
  const token = url.searchParams.get('token')
  if (!token) return null
  const state = url.searchParams.get('state')
  url.searchParams.delete('token')
  url.searchParams.delete('state')
  history.replaceState(history.state, '', url.pathname + url.search + url.hash)
  if (url.pathname === '/confirm-account') {
    const contactId = Number(url.searchParams.get('contact_id'))
    return Number.isInteger(contactId) && contactId > 0 ? { kind: 'confirm', contactId, token } : null
  }
  return { kind: 'social', token, state }
}

/** The session a previous visit left in localStorage, if it is readable. */
export function readStoredSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY)
    const parsed = raw ? (JSON.parse(raw) as Partial<StoredSession>) : null
    return parsed && typeof parsed.token === 'string' && typeof parsed.expiresAt === 'number'
      ? { token: parsed.token, expiresAt: parsed.expiresAt }
      : null
  } catch {
    return null
  }
}

/** A race's details page, and its wizard: their heading is the race's (src/first-paint.js paints it before). */
const RACE_PAGE = /^\/race\/(\d{1,9})(?:\/subscribe)?$/

/**
 * What the page the athlete lands on will ask for first, asked for before React and the catalog
 * are ready: the race list on the home page, the race on its details page and in its wizard. The
 * query reuses the answer (or the request in flight).
 */
export function prefetchLandingData(queryClient: QueryClient, location: Pick<Location, 'pathname' | 'search'>): void {
  if (location.pathname === paths.home) void queryClient.prefetchQuery(raceQueries.list(raceFilterOf(location.search)))
  const race = RACE_PAGE.exec(location.pathname)
  if (race) void queryClient.prefetchQuery(raceQueries.get(Number(race[1])))
}
