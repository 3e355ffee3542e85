// @vitest-environment node
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { attribute, contributionLines, contributorOf, ownGzip, type Contribution } from './contributors'

const ROOT = '/work/app'

describe('contributorOf', () => {
  it('names a library by its package, scoped or not, however deep it is installed', () => {
    expect(contributorOf(`${ROOT}/node_modules/react-dom/cjs/react-dom-client.production.js`, ROOT)).toBe('react-dom')
    expect(contributorOf(`${ROOT}/node_modules/@tanstack/query-core/build/modern/query.js`, ROOT)).toBe('@tanstack/query-core')
    expect(contributorOf(`${ROOT}/node_modules/wouter/node_modules/regexparam/dist/index.mjs`, ROOT)).toBe('regexparam')
  })

  it("names the app's code by its top folder, a feature by its own folder", () => {
    expect(contributorOf(`${ROOT}/src/features/races/home-page.tsx`, ROOT)).toBe('src/features/races')
    expect(contributorOf(`${ROOT}/src/features/races/race-list.module.css`, ROOT)).toBe('src/features/races')
    expect(contributorOf(`${ROOT}/src/lib/format.ts`, ROOT)).toBe('src/lib')
    expect(contributorOf(`${ROOT}/src/main.tsx`, ROOT)).toBe('src/main.tsx')
    expect(contributorOf(`${ROOT}/contracts/api-error.ts`, ROOT)).toBe('contracts')
    expect(contributorOf(`${ROOT}/machines/rules/profile-completeness.ts`, ROOT)).toBe('machines')
    expect(contributorOf(`${ROOT}/locales/en/messages.ts?lingui`, ROOT)).toBe('locales')
  })

  it("puts the bundler's virtual helpers together", () => {
    expect(contributorOf('\0rolldown/runtime.js', ROOT)).toBe('bundler runtime')
    expect(contributorOf('\0vite/modulepreload-polyfill.js', ROOT)).toBe('bundler runtime')
  })
})

describe('attribute', () => {
  const modules = [
    { id: `${ROOT}/node_modules/react-dom/client.js`, code: 'x'.repeat(600) },
    { id: `${ROOT}/node_modules/react-dom/index.js`, code: 'x'.repeat(199) },
    { id: `${ROOT}/src/lib/format.ts`, code: 'x'.repeat(100) },
    { id: `${ROOT}/src/lib/i18n.ts`, code: 'x'.repeat(99) },
    { id: `${ROOT}/index.html`, code: '' },
  ]
  // Each group's size apart is its code's length (the join adds a newline between modules).
  const length = (code: string) => code.length

  it("shares the files' real gzip among the groups in proportion to their size apart, largest first", () => {
    const contributions = attribute(modules, 500, ROOT, length)
    expect(contributions).toEqual([
      { name: 'react-dom', modules: 2, gzip: 400 },
      { name: 'src/lib', modules: 2, gzip: 100 },
    ])
  })

  it('leaves out modules that rendered no code', () => {
    expect(attribute(modules, 500, ROOT, length).map((c) => c.name)).not.toContain('index.html')
  })
})

describe('ownGzip', () => {
  it('counts the code as the build ships it: minified, then gzip', () => {
    const code = 'function describeTheRace(raceName) {\n  // a comment the build drops\n  return raceName.toUpperCase()\n}\nwindow.describe = describeTheRace\n'
    expect(ownGzip(code)).toBeLessThan(gzipSync(code).length)
    expect(ownGzip(code)).toBeGreaterThan(0)
  })

  it('refuses code that does not parse rather than guess', () => {
    expect(() => ownGzip('function (')).toThrow(/does not minify/)
  })
})

describe('contributionLines', () => {
  const contributions: Contribution[] = [
    { name: 'react-dom', modules: 4, gzip: 61 * 1024 },
    { name: 'src/lib', modules: 16, gzip: 4 * 1024 },
    { name: 'wouter', modules: 5, gzip: 2 * 1024 },
    { name: 'first-paint.js', modules: 1, gzip: 1024, inPage: true },
  ]

  it('prints the largest as informative lines in KiB and sums the rest into "other", naming each', () => {
    const lines = contributionLines(contributions, 2)
    expect(lines.map((line) => [line.name, line.value, line.budget])).toEqual([
      ['first page: react-dom (gzip)', 61, null],
      ['first page: src/lib (gzip)', 4, null],
      ['first page: other (gzip)', 3, null],
    ])
    expect(lines[0]!.note).toMatch(/^4 modules; .*minified and gzipped apart, scaled/)
    expect(lines[2]!.note).toBe('wouter 2.0, first-paint.js 1.0')
  })

  it("says the page's own script is measured as it is in the page, and adds no 'other' line when all fit", () => {
    const lines = contributionLines(contributions)
    expect(lines).toHaveLength(4)
    expect(lines[3]!.note).toBe('written into the page, its gzip')
  })
})
