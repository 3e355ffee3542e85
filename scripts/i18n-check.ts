/**
 * Fails when a catalog is stale or a message lacks a translation in one of the 7 locales, for each
 * catalog (`messages`: the portal's; `dev`: the QA tools' in src/dev, mock mode only; `queue`: the
 * waiting room's, `places`: what follows an enrolment's, and `certificate`: the medical certificate
 * page's, each loaded with its screens):
 *  1. extracts the source messages into a scratch folder and compares them with locales/en;
 *  2. in every other locale, each message must be translated, keep the same ICU arguments and
 *     not be left in English (unless listed in locales/identical.json for that locale).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { placeholders, readPo } from './po'

const root = process.cwd()
const TRANSLATED = ['it', 'es', 'fr', 'zh', 'ja', 'ko'] as const
const problems: string[] = []
/** The catalogs of lingui.config.ts, by file name, with the sources each takes. */
const CATALOGS = [
  {
    name: 'messages',
    include: ['<rootDir>/src'],
    exclude: ['<rootDir>/src/dev/**', '<rootDir>/src/features/queue/**', '<rootDir>/src/features/places/**', '<rootDir>/src/features/certificate/**'],
  },
  { name: 'dev', include: ['<rootDir>/src/dev'], exclude: [] },
  { name: 'queue', include: ['<rootDir>/src/features/queue'], exclude: [] },
  { name: 'places', include: ['<rootDir>/src/features/places'], exclude: [] },
  { name: 'certificate', include: ['<rootDir>/src/features/certificate'], exclude: [] },
] as const

const scratch = mkdtempSync(join(tmpdir(), 'pettorale-i18n-'))

function checkCatalog(name: string, identical: Record<string, string[]>) {
  const fromSource = new Set(readPo(join(scratch, 'en', `${name}.po`)).map((entry) => entry.msgid))
  const committed = new Set(readPo(join(root, `locales/en/${name}.po`)).map((entry) => entry.msgid))
  const missing = [...fromSource].filter((id) => !committed.has(id))
  const stale = [...committed].filter((id) => !fromSource.has(id))
  if (missing.length + stale.length > 0) {
    problems.push(
      `locales/en/${name}.po is stale (run npm run i18n:extract): ${String(missing.length)} new, ${String(stale.length)} removed` +
        missing.map((id) => `\n  + ${id}`).join(''),
    )
  }
  for (const locale of TRANSLATED) {
    const entries = readPo(join(root, `locales/${locale}/${name}.po`))
    const ids = new Set(entries.map((entry) => entry.msgid))
    for (const id of fromSource) if (!ids.has(id)) problems.push(`${locale}/${name}: missing message "${id}"`)
    for (const { msgid, msgstr } of entries) {
      if (!msgstr.trim()) problems.push(`${locale}/${name}: not translated: "${msgid}"`)
      else if (msgstr === msgid && /[A-Za-z]{2}/.test(msgid) && !identical[locale]?.includes(msgid)) {
        problems.push(`${locale}/${name}: left in English: "${msgid}"`)
      } else if (placeholders(msgstr).join() !== placeholders(msgid).join()) {
        problems.push(`${locale}/${name}: arguments differ in "${msgid}": ${msgstr}`)
      }
    }
  }
}

try {
  const config = join(scratch, 'lingui.config.mjs')
  writeFileSync(
    config,
    `export default ${JSON.stringify({
      rootDir: root,
      sourceLocale: 'en',
      locales: ['en'],
      catalogs: CATALOGS.map(({ name, include, exclude }) => ({ path: join(scratch, '{locale}', name), include, exclude })),
      format: 'po',
    })}\n`,
  )
  execFileSync(join(root, 'node_modules/.bin/lingui'), ['extract', '--config', config], { stdio: 'ignore' })
  const identical = JSON.parse(readFileSync(join(root, 'locales/identical.json'), 'utf8')) as Record<string, string[]>
  for (const { name } of CATALOGS) checkCatalog(name, identical)
} finally {
  rmSync(scratch, { recursive: true, force: true })
}

if (problems.length > 0) {
  console.error(`i18n check failed:\n${problems.join('\n')}`)
  process.exit(1)
}
console.log(`i18n check passed: ${String(TRANSLATED.length + 1)} locales complete.`)
