// @vitest-environment node
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sha256Hex } from './sha256'

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

describe('sha256Hex', () => {
  it('gives the standard’s examples (FIPS 180-4 / NIST)', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1')
  })

  it('agrees with Node’s own on every length around a block’s edges, and on texts in every script', () => {
    for (let length = 0; length <= 200; length++) {
      const text = 'x'.repeat(length)
      expect(sha256Hex(text), `length ${String(length)}`).toBe(nodeSha256(text))
    }
    for (const text of ['Io sottoscritto atleta… Liberatoria v1', '本人は自らの意思で参加します', '나는 위험을 받아들입니다', 'Je décharge l’organisateur', '🏔️ seed:42', 'a'.repeat(100_000)]) {
      expect(sha256Hex(text)).toBe(nodeSha256(text))
    }
  })
})
