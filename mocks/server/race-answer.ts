import type { Locale } from '../../contracts/locale'
import { raceAnswerElement, raceAnswerPath, raceOfPage } from '../../scripts/host-race-answer'
import type { ApiBridge } from './api-bridge'

/**
 * A race page's answer of the API, written into the page as nginx's SSI include writes it
 * (scripts/host-race-answer.ts, decision 045): for the path as asked (nginx matches `$request_uri`,
 * not decoded), asked of the handlers as the browser would ask, so QA's faults and latency apply to
 * it too; empty when the backend refused or gave no answer. Not a race's page: no element at all.
 */
export async function raceAnswerOf(api: ApiBridge, origin: string, path: string, locale: Locale): Promise<string> {
  const race = raceOfPage(path)
  if (race === null) return ''
  const response = await api.respond(new Request(new URL(raceAnswerPath(race, locale), origin)))
  const answered = response !== undefined && response.type !== 'error' && response.ok
  return raceAnswerElement(locale, answered ? await response.text() : '')
}
