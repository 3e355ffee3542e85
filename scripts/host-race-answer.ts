import type { Locale } from '../contracts/locale.ts'

/**
 * A race's page, its two lists and its enrolment wizard show the race's name in their largest words,
 * and those come from the API. The host writes the API's answer for the race into the page (decision 045), where the
 * build left this marker, so src/first-paint.js paints the name with the page instead of one round
 * trip later, and the app takes that answer instead of asking again. The mock server
 * (mocks/http-server.ts) and deploy/'s nginx (an SSI include of the proxied API) write the same.
 */
export const RACE_ANSWER_MARKER = '<!--pettorale:race-answer-->'

/**
 * The race a page shows first, by its path: `/race/:id`, `/race/:id/subscribers`,
 * `/race/:id/ranking`, `/race/:id/subscribe` (the paths src/first-paint.js asks early for, with the
 * same pattern).
 */
export const RACE_PAGE_PATTERN = /^\/race\/(\d{1,9})(?:\/subscribers|\/ranking|\/subscribe)?$/

export function raceOfPage(pathname: string): number | null {
  const match = RACE_PAGE_PATTERN.exec(pathname)
  return match ? Number(match[1]) : null
}

/** The API's address of the race, in the language the page is served in (as the app asks for it). */
export function raceAnswerPath(raceId: number, locale: Locale): string {
  return `/api/v1/vdatrailers/gare/${String(raceId)}?lingua=${locale}`
}

/**
 * The answer as the page carries it: the body of a success (first-paint.js takes only a race), or
 * nothing when the backend refused or did not answer (as nginx's SSI `set` keeps nothing then),
 * escaped for a quoted attribute as nginx's SSI `echo` escapes it.
 */
export function raceAnswerElement(locale: Locale, body: string): string {
  return raceAnswerTag(locale, escapeAsSsiEcho(body))
}

/** The element, its attribute values as given: deploy/render.ts gives nginx's variable and SSI directive. */
export function raceAnswerTag(lingua: string, content: string): string {
  return `<meta name="pettorale-race-answer" data-lingua="${lingua}" content="${content}">`
}

/** nginx's `encoding="entity"` (ngx_escape_html): `<`, `>`, `&` and `"`, nothing else. */
function escapeAsSsiEcho(text: string): string {
  return text.replace(/[<>&"]/g, (character) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[character]!)
}
