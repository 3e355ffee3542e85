// @vitest-environment node
import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sha256Hex } from './sha256'
import { sha256 } from './sha256-script'

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const scriptSha256 = (text: string) => Buffer.from(sha256(new TextEncoder().encode(text))).toString('hex')

describe('SHA-256 computed in script, for a page without Web Crypto', () => {
  it('gives the standard’s examples (FIPS 180-4 / NIST)', () => {
    expect(scriptSha256('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(scriptSha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(scriptSha256('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1')
  })

  it('agrees with Node’s own on every length around a block’s edges, and on texts in every script', () => {
    for (let length = 0; length <= 200; length++) {
      const text = 'x'.repeat(length)
      expect(scriptSha256(text), `length ${String(length)}`).toBe(nodeSha256(text))
    }
    for (const text of ['Io sottoscritto atleta… Liberatoria v1', '本人は自らの意思で参加します', '나는 위험을 받아들입니다', 'Je décharge l’organisateur', '🏔️ seed:42', 'a'.repeat(100_000)]) {
      expect(scriptSha256(text)).toBe(nodeSha256(text))
    }
  })
})

describe('sha256Hex', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is the lowercase hex of the text’s digest, with Web Crypto', async () => {
    expect(await sha256Hex('Liberatoria v1 · 本人')).toBe(nodeSha256('Liberatoria v1 · 本人'))
  })

  it('computes it in script where the page has no crypto.subtle (not a secure context)', async () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) })
    expect(crypto.subtle).toBeUndefined()
    expect(await sha256Hex('Liberatoria v1 · 本人')).toBe(nodeSha256('Liberatoria v1 · 本人'))
  })
})
