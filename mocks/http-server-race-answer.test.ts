// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { RACE_ANSWER_MARKER, raceAnswerPath } from '../scripts/host-race-answer'
import { db } from './db'
import { startMockServer, type MockServer } from './http-server'

/** A build whose page has the marker where the host writes a race's answer (index.html's head). */
const dist = mkdtempSync(join(tmpdir(), 'pettorale-http-race-'))
writeFileSync(join(dist, 'index.html'), `<!doctype html><html lang="it"><head>${RACE_ANSWER_MARKER}</head><body></body></html>`)

let mock: MockServer
beforeAll(async () => {
  mock = await startMockServer({ port: 0, dist, precompress: false, log: { info: () => {}, error: () => {} } })
})
afterAll(async () => {
  await mock.close()
  rmSync(dist, { recursive: true, force: true })
})
afterEach(() => {
  mock.controls.reset()
})

/** The page at `path` for an athlete reading `language`, and the element it carries, if any. */
async function pageAt(path: string, language = 'en') {
  const html = await (await fetch(`${mock.url}${path}`, { headers: { 'accept-language': language } })).text()
  const element = /<meta name="pettorale-race-answer" data-lingua="([a-z]+)" content="([^"]*)">/.exec(html)
  // As the browser reads the attribute: the four entities nginx's SSI echo writes, decoded.
  const content = element?.[2]!.replace(/&(lt|gt|quot|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', amp: '&' })[name]!)
  return { html, lingua: element?.[1], content }
}

async function apiBody(path: string): Promise<string> {
  return (await fetch(`${mock.url}${path}`)).text()
}

describe("a race's page carries the race's answer, as nginx's SSI include writes it", () => {
  it.each(['/race/202', '/race/202/subscribers', '/race/202/ranking', '/race/202?from=mail'])(
    '%s: the API answer in the page language, as the API gives it',
    async (path) => {
      const { html, lingua, content } = await pageAt(path, 'ja')
      expect(lingua).toBe('ja')
      expect(content).toBe(await apiBody(raceAnswerPath(202, 'ja')))
      expect(html).not.toContain(RACE_ANSWER_MARKER)
    },
  )

  it.each(['/', '/race/202/subscribe', '/race/202/lottery', '/race/abc', '/company', '/index.html'])('%s: nothing, and no marker left', async (path) => {
    const { html, content } = await pageAt(path)
    expect(content).toBeUndefined()
    expect(html).toBe('<!doctype html><html lang="it"><head></head><body></body></html>')
  })

  it('a name with quotes, angle brackets and ampersands stays inside its attribute', async () => {
    await db.races.update((q) => q.where({ id: 202 }), { data: (race) => void (race.nome = 'Trail "<Lago> & Co" --></script>') })
    const { html, content } = await pageAt('/race/202')
    expect(JSON.parse(content!)).toMatchObject({ nome: 'Trail "<Lago> & Co" --></script>' })
    expect(html).not.toContain('</script>')
    expect(html.match(/</g)).toHaveLength(8)
  })

  it.each([
    ['an unknown race', 999_999, null],
    ['a backend that refuses', 202, { kind: 'status', status: 503 }],
    ['a backend that gives no answer', 202, { kind: 'network' }],
  ] as const)('%s: the element, empty, as nginx writes it', async (_, race, fault) => {
    if (fault) mock.controls.fault('races.get', fault)
    const { content } = await pageAt(`/race/${String(race)}`)
    expect(content).toBe('')
  })
})
