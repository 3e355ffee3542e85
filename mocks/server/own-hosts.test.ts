// @vitest-environment node
import { networkInterfaces } from 'node:os'
import { describe, expect, it } from 'vitest'
import { isOwnHost, ownHosts } from './own-hosts'

describe('the names a server answers its mock-only routes under', () => {
  it('are the loopback names and its address, with its port', () => {
    const hosts = ownHosts('127.0.0.1', 47615, undefined)
    for (const host of ['127.0.0.1:47615', 'localhost:47615', 'Localhost:47615', '[::1]:47615', '[0:0:0:0:0:0:0:1]:47615']) {
      expect(isOwnHost(host, hosts), host).toBe(true)
    }
    for (const host of ['127.0.0.1', 'localhost:80', '127.0.0.1:47616', 'rebind.attacker.example:47615', 'localhost.:47615', '127.0.0.1.nip.io:47615']) {
      expect(isOwnHost(host, hosts), host).toBe(false)
    }
  })

  it('are the portal origin’s host too, its default port left out as browsers leave it out', () => {
    expect(isOwnHost('qa-host.test:47617', ownHosts('0.0.0.0', 47617, 'http://qa-host.test:47617'))).toBe(true)
    const behindProxy = ownHosts('127.0.0.1', 47615, 'https://qa.team.example')
    expect(isOwnHost('qa.team.example', behindProxy)).toBe(true)
    expect(isOwnHost('qa.team.example:47615', behindProxy)).toBe(false)
  })

  it('on every interface, are every interface’s address', () => {
    const addresses = Object.values(networkInterfaces()).flatMap((infos) => (infos ?? []).map((info) => info.address))
    const hosts = ownHosts('::', 47615, undefined)
    for (const address of addresses) {
      const host = `${address.includes(':') ? `[${address}]` : address}:47615`
      expect(isOwnHost(host, hosts), host).toBe(true)
    }
    expect(isOwnHost('rebind.attacker.example:47615', hosts)).toBe(false)
  })

  it('never include a Host that is missing or more than a name and a port', () => {
    const hosts = ownHosts('127.0.0.1', 47615, undefined)
    for (const host of [undefined, '', 'evil@127.0.0.1:47615', '127.0.0.1:47615/x', '127.0.0.1:47615 ', ':47615']) {
      expect(isOwnHost(host, hosts), String(host)).toBe(false)
    }
  })
})
