/**
 * SHA-256 (FIPS 180-4) of a text's UTF-8 bytes in lowercase hex, as the backend's checks publish
 * it: the waiver's evidence (decision 020) and the lottery's commitment (decision 038). Written out
 * rather than Web Crypto's `crypto.subtle`, which browsers give to secure contexts only: a team's
 * shared QA server is opened over plain HTTP (decision 035), and a waiver must be signable there.
 * The same code in the browser, in Node and in the scripts.
 */

/** The first 64 primes, whose roots give the standard's constants (FIPS 180-4, 4.2.2 and 5.3.3). */
const PRIMES = (() => {
  const primes: number[] = []
  for (let candidate = 2; primes.length < 64; candidate++) if (primes.every((prime) => candidate % prime !== 0)) primes.push(candidate)
  return primes
})()
/** The first 32 bits of a number's fractional part. */
const fraction32 = (value: number) => ((value - Math.floor(value)) * 2 ** 32) >>> 0
const ROUND_CONSTANTS = PRIMES.map((prime) => fraction32(Math.cbrt(prime)))
const INITIAL_HASH = PRIMES.slice(0, 8).map((prime) => fraction32(Math.sqrt(prime)))

const rotateRight = (word: number, bits: number) => (word >>> bits) | (word << (32 - bits))

export function sha256Hex(text: string): string {
  const message = new TextEncoder().encode(text)
  // The message, a 1 bit, zeros, and its length in bits as 64 bits: whole blocks of 64 bytes.
  const blocks = Math.ceil((message.length + 9) / 64)
  const padded = new Uint8Array(blocks * 64)
  padded.set(message)
  padded[message.length] = 0x80
  const view = new DataView(padded.buffer)
  view.setUint32(padded.length - 8, Math.floor(message.length / 2 ** 29))
  view.setUint32(padded.length - 4, (message.length * 8) >>> 0)

  const hash = [...INITIAL_HASH]
  const schedule: number[] = new Array<number>(64).fill(0)
  for (let block = 0; block < blocks; block++) {
    for (let t = 0; t < 16; t++) schedule[t] = view.getUint32(block * 64 + t * 4)
    for (let t = 16; t < 64; t++) {
      const early = schedule[t - 15]!
      const late = schedule[t - 2]!
      const sigma0 = rotateRight(early, 7) ^ rotateRight(early, 18) ^ (early >>> 3)
      const sigma1 = rotateRight(late, 17) ^ rotateRight(late, 19) ^ (late >>> 10)
      schedule[t] = (schedule[t - 16]! + sigma0 + schedule[t - 7]! + sigma1) >>> 0
    }
    let [a, b, c, d, e, f, g, h] = hash as [number, number, number, number, number, number, number, number]
    for (let t = 0; t < 64; t++) {
      const sum1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
      const choice = (e & f) ^ (~e & g)
      const first = (h + sum1 + choice + ROUND_CONSTANTS[t]! + schedule[t]!) >>> 0
      const sum0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
      const majority = (a & b) ^ (a & c) ^ (b & c)
      const second = (sum0 + majority) >>> 0
      h = g
      g = f
      f = e
      e = (d + first) >>> 0
      d = c
      c = b
      b = a
      a = (first + second) >>> 0
    }
    ;[a, b, c, d, e, f, g, h].forEach((word, index) => (hash[index] = (hash[index]! + word) >>> 0))
  }
  return hash.map((word) => word.toString(16).padStart(8, '0')).join('')
}
