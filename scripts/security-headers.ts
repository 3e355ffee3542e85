import { randomBytes } from 'node:crypto'

/**
 * The headers the portal is served with (docs/security.md), in one place for every server of the
 * build: `npm run preview` (and so the e2e runs) and `npm run mock:server`. A production host
 * sends the same.
 */

/** Written by Vite into index.html's tags (`html.cspNonce`); each response replaces it. */
export const CSP_NONCE_PLACEHOLDER = 'PETTORALE_CSP_NONCE'

/** A fresh nonce for one response. */
export function newNonce(): string {
  return randomBytes(16).toString('base64')
}

/** index.html with this response's nonce in place of the placeholder. */
export function withNonce(html: string, nonce: string): string {
  return html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce)
}

/**
 * Whether browsers count `origin` as potentially trustworthy, a secure context: HTTPS, or plain
 * HTTP on a loopback address (the W3C's Secure Contexts).
 */
export function isPotentiallyTrustworthy(origin: string): boolean {
  const { protocol, hostname } = new URL(origin)
  if (protocol === 'https:') return true
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname.startsWith('127.') || hostname === '[::1]'
}

/**
 * `apiOrigin`: where the API lives when it is not the portal's own origin (VITE_API_BASE_URL).
 * `portalOrigin`: the address the portal is opened at, when the server knows it; over plain HTTP
 * on a network name (a team's shared QA server, decision 035) a browser ignores
 * Cross-Origin-Opener-Policy and logs an error on every page, so it is left out there.
 * Styles: the build's files, and the page's own `<style>` (the first page's rules) and the one the
 * dialogs' scroll lock injects, admitted by this response's nonce. Scripts: the build's files, and
 * the page's own first-paint script, admitted by the same nonce.
 */
export function securityHeaders(nonce: string, { apiOrigin, portalOrigin }: { apiOrigin?: string; portalOrigin?: string } = {}): Record<string, string> {
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: https:",
    `connect-src 'self'${apiOrigin ? ` ${apiOrigin}` : ''}`,
    "worker-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ]
  const headers: Record<string, string> = {
    'content-security-policy': policy.join('; '),
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  }
  if (!portalOrigin || isPotentiallyTrustworthy(portalOrigin)) headers['cross-origin-opener-policy'] = 'same-origin'
  return headers
}
