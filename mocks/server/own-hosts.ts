import { networkInterfaces } from 'node:os'

/**
 * The names a request may address this server by (its `Host`), for the routes that must not be
 * reached under any other (decision 057): a page of another site made same-origin with the server by
 * DNS rebinding sends its own name, which the server never listens under.
 */

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']

/**
 * A `Host` value as the URL parser writes it (lower case, IPv6 compressed, port 80 left out), or
 * null for one that is not a bare host with an optional port: no user, path or anything else.
 */
function hostOf(authority: string): string | null {
  if (!/^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(authority)) return null
  try {
    return new URL(`http://${authority}`).host
  } catch {
    return null
  }
}

/**
 * The loopback names and the address the server listens on, each with its port (on every
 * interface: every interface's address), and the host of the origin the portal is opened at (a
 * network name, or a proxy in front: deploy/'s nginx passes the browser's `Host` on).
 */
export function ownHosts(address: string, port: number, portalOrigin: string | undefined): ReadonlySet<string> {
  const everywhere = address === '0.0.0.0' || address === '::'
  const addresses = everywhere ? Object.values(networkInterfaces()).flatMap((infos) => (infos ?? []).map((info) => info.address)) : [address]
  const names = [...LOOPBACK_NAMES, ...addresses.map((one) => (one.includes(':') ? `[${one}]` : one))]
  const hosts = new Set(names.map((name) => hostOf(`${name}:${String(port)}`)).filter((host) => host !== null))
  if (portalOrigin !== undefined) hosts.add(new URL(portalOrigin).host)
  return hosts
}

export function isOwnHost(header: string | undefined, hosts: ReadonlySet<string>): boolean {
  const host = header === undefined ? null : hostOf(header)
  return host !== null && hosts.has(host)
}
