import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeStandalone } from '../../deploy/render'

/** Debian's nginx (`.ci/run` installs it with the brotli modules). */
const NGINX = '/usr/sbin/nginx'

export interface RunningNginx {
  /** `http://127.0.0.1:port` (`https://` with `tls`), no trailing slash. */
  url: string
  close: () => Promise<void>
}

/**
 * A certificate for 127.0.0.1 signed by itself, valid a day, in `folder`: a browser told to accept
 * it (`--ignore-certificate-errors`) then speaks HTTPS and HTTP/2 to nginx as to a real host.
 */
function selfSignedCertificate(folder: string): { certificate: string; key: string } {
  const files = { certificate: join(folder, 'certificate.pem'), key: join(folder, 'key.pem') }
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
      '-keyout', files.key, '-out', files.certificate,
    ], { stdio: ['ignore', 'ignore', 'pipe'] })
  } catch (error) {
    throw new Error(`openssl could not make nginx's certificate (${String(error)}): run .ci/run or apt-get install openssl`)
  }
  return files
}

/** Whether `url` answers 200, over HTTP or over HTTPS with any certificate. */
function answersOk(url: string): Promise<boolean> {
  return new Promise((resolveOk) => {
    const asked = (url.startsWith('https:') ? httpsRequest : httpRequest)(url, { rejectUnauthorized: false }, (response) => {
      response.resume()
      resolveOk(response.statusCode === 200)
    })
    asked.once('error', () => resolveOk(false))
    asked.end()
  })
}

/**
 * Debian's nginx serving `dist` on 127.0.0.1:`port` with the API on `upstream`, from the
 * configuration deploy/render.ts writes, everything of it (pid, temporary files) in a folder of its
 * own, in the foreground of a child process. With `tls`, over HTTPS and HTTP/2 with a certificate
 * made for the run, as an organiser's host without a TLS terminator in front. A port in use, a
 * missing nginx or module, or a configuration nginx refuses is an error, never a skip.
 */
export async function startNginx(options: { dist: string; port: number; upstream: string; tls?: boolean }): Promise<RunningNginx> {
  // nginx only reports a taken port after retrying for seconds, while whatever holds it answers.
  await new Promise<void>((resolveFree, reject) => {
    const probe = createServer()
    probe.once('error', () => reject(new Error(`Port ${String(options.port)} is in use: nginx needs it for the tests.`)))
    probe.listen(options.port, '127.0.0.1', () => probe.close(() => resolveFree()))
  })
  const prefix = mkdtempSync(join(tmpdir(), 'pettorale-nginx-'))
  let config: string
  try {
    config = writeStandalone(prefix, {
      dist: options.dist,
      listen: `127.0.0.1:${String(options.port)}`,
      upstream: options.upstream,
      ...(options.tls ? { tls: selfSignedCertificate(prefix) } : {}),
    })
  } catch (error) {
    rmSync(prefix, { recursive: true, force: true })
    throw error
  }
  const child = spawn(NGINX, ['-p', prefix, '-c', config, '-e', 'stderr'], { stdio: ['ignore', 'ignore', 'pipe'] })
  let said = ''
  child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()))
  const exited = new Promise<string>((resolveExit) => {
    child.once('error', (error) => resolveExit(`${NGINX} could not start (${error.message}): run .ci/run or apt-get install nginx libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static`))
    child.once('exit', (code, signal) => resolveExit(`nginx stopped (${String(code ?? signal)}): ${said.trim()}`))
  })
  const url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${String(options.port)}`
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // QUIT: the master lets its workers finish and removes its pid file.
      child.kill('SIGQUIT')
      await exited
    }
    rmSync(prefix, { recursive: true, force: true })
  }

  const deadline = Date.now() + 10_000
  for (;;) {
    const ready = await Promise.race([answersOk(`${url}/favicon.svg`), exited])
    if (typeof ready === 'string') {
      await close()
      throw new Error(ready)
    }
    if (ready) return { url, close }
    if (Date.now() > deadline) {
      await close()
      throw new Error(`nginx did not answer on ${url} within 10 s: ${said.trim()}`)
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100))
  }
}
