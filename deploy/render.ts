import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { extname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs, promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'
import { MAX_UPLOAD_BYTES } from '../contracts/files.contract'
import { LOCALES } from '../contracts/locale'
import { RACE_ANSWER_MARKER, raceAnswerTag } from '../scripts/host-race-answer'
import { CSP_NONCE_PLACEHOLDER, securityHeaders } from '../scripts/security-headers'

/**
 * The portal's nginx configuration for one build, one address and one backend, from the templates
 * beside this file (README, "Deploying"; docs/decisions/039-real-host-nginx.md). The tests render it
 * the same way (tests/host/nginx.ts).
 */

export interface SiteOptions {
  /** The build (`dist/` of `VITE_API_MOCK=false npm run build`). */
  dist: string
  /** nginx's `listen`: a port, or `address:port`. */
  listen: string
  /** The backend's origin (`http://127.0.0.1:8080`): `/api/...` and the rest of its paths go there. */
  upstream: string
  /** The API's origin when the build calls another one than the portal's (VITE_API_BASE_URL): CSP `connect-src`. */
  apiOrigin?: string
  /**
   * HTTPS and HTTP/2 on `listen` with this certificate chain and key (PEM files), for a host with no
   * TLS terminator in front; without it the site speaks plain HTTP/1.1 to whatever terminates TLS.
   */
  tls?: { certificate: string; key: string }
}

const HERE = fileURLToPath(new URL('.', import.meta.url))

/** nginx's per-request id: 32 random hex digits, fresh for each request, valid nonce syntax. */
const NONCE_VARIABLE = '$request_id'

/** Files the build compresses beside itself; pages are compressed per response (their nonce). */
const PRECOMPRESSED = new Set(['.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.txt', '.svg', '.ico'])

/** The request's upload bound as the mock server sets it: the largest file plus its multipart framing. */
const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024

/** A value written bare into the configuration: nothing that could end a directive or open a block. */
function bare(name: string, value: string): string {
  if (value === '' || /[\s;{}"'$\\#]/.test(value)) throw new Error(`${name} cannot go into the nginx configuration as it is: ${JSON.stringify(value)}`)
  return value
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`No value for ${whole} in the nginx template.`)
    return value
  })
}

/**
 * How every page is served: this response's nonce in its tags and in the security headers, no
 * cache, no validators, compressed per response.
 */
function page(apiOrigin: string | undefined): string {
  const headers: Record<string, string> = { ...securityHeaders(NONCE_VARIABLE, { apiOrigin }), 'cache-control': 'no-cache' }
  return [
    'brotli_static off;',
    'gzip_static off;',
    'etag off;',
    'if_modified_since off;',
    `sub_filter '${CSP_NONCE_PLACEHOLDER}' ${NONCE_VARIABLE};`,
    // A race's page: the race's answer in place of the marker (the template's map), which SSI then
    // includes; the page goes on without it if the include fails.
    `sub_filter '${RACE_ANSWER_MARKER}' $pettorale_race_answer;`,
    'sub_filter_once off;',
    'ssi on;',
    'ssi_silent_errors on;',
    ...Object.entries(headers).map(([name, value]) => {
      if (/["\\]/.test(value)) throw new Error(`The header ${name} cannot be quoted for nginx: ${value}`)
      return `add_header ${name} "${value}";`
    }),
  ]
    .map((line) => `        ${line}`)
    .join('\n')
}

/** The site (http context): `pettorale.conf` for /etc/nginx/sites-enabled/. */
export function renderSite(options: SiteOptions): string {
  const dist = resolve(options.dist)
  const upstream = new URL(options.upstream)
  if (!['http:', 'https:'].includes(upstream.protocol) || upstream.pathname !== '/' || upstream.search !== '') {
    throw new Error(`The upstream is the backend's origin (http://host:port), not ${options.upstream}.`)
  }
  return fill(readFileSync(join(HERE, 'pettorale.conf.template'), 'utf8'), {
    LOCALES: LOCALES.join('|'),
    DEFAULT_LOCALE: LOCALES[0],
    LOWER_CASE_LOCALES: LOCALES.map((locale) => `    "~*^${locale}$" ${locale};`).join('\n'),
    LISTEN: bare('The listen address', options.listen) + (options.tls ? ' ssl http2' : ''),
    TLS: options.tls
      ? [
          `ssl_certificate ${bare('The certificate', resolve(options.tls.certificate))};`,
          `ssl_certificate_key ${bare('The key', resolve(options.tls.key))};`,
          // A returning visitor resumes its TLS session: one round trip instead of two before the page.
          'ssl_session_cache shared:pettorale_tls:10m;',
          'ssl_session_timeout 1d;',
        ]
          .map((line) => `\n    ${line}`)
          .join('')
      : '',
    DIST: bare('The build folder', dist),
    MAX_BODY_BYTES: String(MAX_BODY_BYTES),
    UPSTREAM: bare('The upstream', upstream.origin),
    PAGE: page(options.apiOrigin === undefined ? undefined : new URL(options.apiOrigin).origin),
    RACE_ANSWER:
      '<!--# include virtual="/.race-answer/$pettorale_race_id?lingua=$pettorale_locale" set="pettorale_race_answer_body" -->' +
      raceAnswerTag('$pettorale_locale', '<!--# echo var="pettorale_race_answer_body" default="" -->'),
  })
}

/**
 * A whole nginx configuration under `prefix` (pid, temporary files, the site), run in the
 * foreground as whoever starts it: `nginx -p <prefix> -c <prefix>/nginx.conf`.
 */
export function writeStandalone(prefix: string, site: SiteOptions): string {
  const folder = resolve(prefix)
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'pettorale.conf'), renderSite(site))
  const config = join(folder, 'nginx.conf')
  writeFileSync(
    config,
    fill(readFileSync(join(HERE, 'nginx.conf.template'), 'utf8'), {
      PREFIX: bare('The prefix', folder),
      // Started by root, the workers would run as `nobody`, which cannot read a private build folder.
      USER: process.getuid?.() === 0 ? 'user root;\n' : '',
    }),
  )
  return config
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** How hard to compress: `highest` for a deployment; `quick` for tests of the host's configuration, not of the compressor. */
export type Compression = 'highest' | 'quick'
const LEVELS: Record<Compression, { brotli: number; gzip: number }> = {
  highest: { brotli: zlibConstants.BROTLI_MAX_QUALITY, gzip: 9 },
  quick: { brotli: 4, gzip: 4 },
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of the build but the pages, at
 * the highest levels unless told (as the mock server caches them), for nginx's brotli_static and gzip_static.
 */
export async function compressBuild(dist: string, compression: Compression = 'highest'): Promise<number> {
  const levels = LEVELS[compression]
  const entries = await readdir(resolve(dist), { recursive: true, withFileTypes: true })
  const files = entries.filter((entry) => entry.isFile() && PRECOMPRESSED.has(extname(entry.name).toLowerCase()))
  await Promise.all(
    files.map(async (entry) => {
      const file = join(entry.parentPath, entry.name)
      const body = await readFile(file)
      const params = {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: levels.brotli,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      }
      const [br, gz] = await Promise.all([brotli(body, { params }), gzipAsync(body, { level: levels.gzip })])
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
    }),
  )
  return files.length
}

/**
 * `npx tsx deploy/render.ts --dist dist --listen 8080 --upstream http://127.0.0.1:9000
 * [--api-origin URL] [--tls-certificate FILE --tls-key FILE] [--out FILE | --standalone FOLDER]`: compresses the build's files beside them,
 * then writes the site to FILE (or prints it), or a whole configuration into FOLDER.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string' },
      listen: { type: 'string' },
      upstream: { type: 'string' },
      'api-origin': { type: 'string' },
      'tls-certificate': { type: 'string' },
      'tls-key': { type: 'string' },
      out: { type: 'string' },
      standalone: { type: 'string' },
    },
  })
  const certificate = values['tls-certificate']
  const key = values['tls-key']
  if (!values.dist || !values.listen || !values.upstream || (certificate === undefined) !== (key === undefined)) {
    throw new Error(
      'Usage: npx tsx deploy/render.ts --dist DIR --listen PORT --upstream http://HOST:PORT [--api-origin URL] [--tls-certificate FILE --tls-key FILE] [--out FILE | --standalone DIR]',
    )
  }
  const site: SiteOptions = {
    dist: values.dist,
    listen: values.listen,
    upstream: values.upstream,
    apiOrigin: values['api-origin'],
    ...(certificate && key ? { tls: { certificate, key } } : {}),
  }
  // Rendered first: a value nginx cannot take stops here, before the build is touched.
  const rendered = renderSite(site)
  const compressed = await compressBuild(site.dist)
  console.error(`Compressed ${String(compressed)} files of ${resolve(site.dist)} (.br and .gz beside them).`)
  if (values.standalone) {
    const config = writeStandalone(values.standalone, site)
    console.error(`Run it with: nginx -p ${resolve(values.standalone)} -c ${config}`)
  } else if (values.out) {
    writeFileSync(values.out, rendered)
    console.error(`Wrote ${values.out}: reload nginx (nginx -t && systemctl reload nginx).`)
  } else {
    process.stdout.write(rendered)
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main()
