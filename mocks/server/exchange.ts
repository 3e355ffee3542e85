import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { MAX_UPLOAD_BYTES } from '../../contracts/files.contract'
import { problem } from '../handler'

/**
 * One request and its answer on the mock server's socket, whatever part answers it: reading the
 * body within a bound, sending, the problem answers, and what is left when a client goes away or
 * sends something that is not HTTP. What it answers to bad input is listed in mocks/README.md.
 */

/** The most a request body may hold: the largest upload plus room for its multipart framing. */
export const MAX_REQUEST_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024

/** A request the server refuses with a problem body. */
export class RequestProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
  ) {
    super(`${String(status)} ${code}: ${detail}`)
  }
}

/** The client went away before its request was complete: nobody to answer. */
class ClientGone extends Error {}

interface Answer {
  status: number
  headers: Record<string, string>
  body?: Buffer | string
}

/** The request announces a body (a length above zero, or a chunked one). */
export function announcesBody(message: IncomingMessage): boolean {
  const length = message.headers['content-length']
  return (length !== undefined && length !== '0') || message.headers['transfer-encoding'] !== undefined
}

/**
 * The request body, read while it streams in and refused (413) once it passes
 * MAX_REQUEST_BODY_BYTES: never more than that is held in memory. A client that goes away mid-body
 * rejects with `ClientGone`.
 */
export function readBody(message: IncomingMessage): Promise<Buffer> {
  const limit = MAX_REQUEST_BODY_BYTES
  const announced = Number(message.headers['content-length'])
  if (Number.isFinite(announced) && announced > limit) {
    return Promise.reject(new RequestProblem(413, 'payload_too_large', `The body is over ${String(limit)} bytes.`))
  }
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const done = () => {
      message.off('data', onData)
      message.off('end', onEnd)
      message.off('error', onError)
      message.off('close', onClose)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        done()
        message.pause()
        reject(new RequestProblem(413, 'payload_too_large', `The body is over ${String(limit)} bytes.`))
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => {
      done()
      resolveBody(Buffer.concat(chunks, size))
    }
    const onError = () => {
      done()
      reject(new ClientGone())
    }
    const onClose = () => {
      if (message.complete) return
      done()
      reject(new ClientGone())
    }
    message.on('data', onData)
    message.on('end', onEnd)
    message.on('error', onError)
    message.on('close', onClose)
  })
}

function isClientGone(message: IncomingMessage, res: ServerResponse, error: unknown): boolean {
  if (error instanceof ClientGone) return true
  const code = (error as { code?: unknown } | null)?.code
  return res.destroyed || (message.destroyed && !message.complete) || code === 'ECONNRESET' || code === 'EPIPE'
}

/** How long, and how much, a refused body is still read and dropped before the connection closes. */
const LINGER_MS = 5_000
const LINGER_BYTES = 4 * MAX_REQUEST_BODY_BYTES

/**
 * The answer went out before the request's body was read (refused, or too large): drop what the
 * client still sends, then close the connection. Closing at once, with unread bytes waiting,
 * would reset the connection, and the client would lose the answer; a client that sends on for
 * longer than LINGER_MS or past LINGER_BYTES is cut off. Nothing of it is kept.
 */
function dropRestOfBody(message: IncomingMessage): void {
  const socket = message.socket
  let dropped = 0
  const cut = () => {
    clearTimeout(timer)
    socket.destroy()
  }
  const timer = setTimeout(cut, LINGER_MS)
  timer.unref()
  message.on('data', (chunk: Buffer) => {
    dropped += chunk.length
    if (dropped > LINGER_BYTES) cut()
  })
  message.on('end', () => {
    clearTimeout(timer)
    socket.end()
  })
  message.on('error', cut)
  message.resume()
}

export function send(message: IncomingMessage, res: ServerResponse, answer: Answer): void {
  if (res.headersSent || res.destroyed) return
  if (announcesBody(message) && !message.complete) dropRestOfBody(message)
  const body = answer.body === undefined ? undefined : Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(answer.body)
  const headers: Record<string, string> = { 'x-content-type-options': 'nosniff', ...answer.headers }
  if (body !== undefined) headers['content-length'] = String(body.length)
  res.writeHead(answer.status, headers)
  // HEAD: the same headers, no body.
  res.end(message.method === 'HEAD' ? undefined : body)
}

export function problemAnswer(status: number, code: string, detail: string, headers: Record<string, string> = {}): Answer {
  return {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(problem(status, code, detail)),
  }
}

export function textAnswer(status: number, text: string, headers: Record<string, string> = {}): Answer {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers }, body: text }
}

/** The request target as a URL on this server: only its path and query count. */
export function targetOf(raw: string | undefined, origin: string): URL {
  const parsed = new URL(raw ?? '/', origin)
  return new URL(`${parsed.pathname}${parsed.search}`, origin)
}

/**
 * Every request of `server` answered by `answer`, inside a catch: no request can stop the server.
 * Registered once it listens, before any connection is read (the listen callback comes first).
 */
export function answerEach(server: Server, answer: (message: IncomingMessage, res: ServerResponse) => Promise<void>, logError: (...args: unknown[]) => void): void {
  server.on('request', (message: IncomingMessage, res: ServerResponse) => {
    answer(message, res).catch((error: unknown) => {
      try {
        answerFailure(message, res, error, logError)
      } catch (failure) {
        logError('[pettorale mock] could not answer a failed request', failure)
        res.destroy()
      }
    })
  })
  server.on('clientError', answerUnparsable)
}

/**
 * A request that failed: dropped when its client has gone, its problem when it was refused, else a
 * 500 and the error in the log (a bug in the mock).
 */
function answerFailure(message: IncomingMessage, res: ServerResponse, error: unknown, logError: (...args: unknown[]) => void): void {
  if (isClientGone(message, res, error)) {
    res.destroy()
    return
  }
  const method = (message.method ?? 'GET').toUpperCase()
  if (error instanceof RequestProblem) {
    send(message, res, problemAnswer(error.status, error.code, error.detail))
    return
  }
  logError(`[pettorale mock] ${method} ${message.url ?? ''} failed: a bug in the simulated backend`, error)
  if (res.headersSent) {
    res.destroy()
    return
  }
  send(message, res, problemAnswer(500, 'internal_error', 'The simulated backend failed on this request; its log says why.'))
}

/**
 * A request Node cannot even parse (a broken request line or header, headers too large, too
 * slow): answered on the socket itself, since there is no request object, then closed.
 */
function answerUnparsable(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const [status, reason, code, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'header_too_large', 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'request_timeout', 'The request did not arrive in time.']
        : [400, 'Bad Request', 'invalid_request', 'The request cannot be parsed as HTTP.']
  const body = JSON.stringify(problem(status, code, detail))
  socket.end(
    `HTTP/1.1 ${String(status)} ${reason}\r\ncontent-type: application/json\r\nx-content-type-options: nosniff\r\n` +
      `content-length: ${String(Buffer.byteLength(body))}\r\nconnection: close\r\n\r\n${body}`,
  )
}
