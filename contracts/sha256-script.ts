/**
 * SHA-256 (FIPS 180-4) computed in script, for a page without Web Crypto's `crypto.subtle`:
 * browsers give it to secure contexts only, and a team's shared QA server is opened over plain
 * HTTP (decision 050). sha256.ts loads this only there, so an athlete's page never downloads it.
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

/** The 32-byte digest of `message`. */
export function sha256(message: Uint8Array): Uint8Array {
  // The message, a 1 bit, zeros, and its length in bits as 64 bits: whole blocks of 64 bytes.
  const blocks = Math.ceil((message.length + 9) / 64)
  const padded = new Uint8Array(blocks * 64)
  padded.set(message)
  padded[message.length] = 0x80
  const view = new DataView(padded.buffer)
  view.setUint32(padded.length - 8, Math.floor(message.length / 2 ** 29))
  view.setUint32(padded.length - 4, (message.length * 8) >>> 0)

  const hash = [...INITIAL_HASH]
  const schedule: number[] = []
  for (let block = 0; block < blocks; block++) {
    for (let t = 0; t < 64; t++) {
      if (t < 16) {
        schedule[t] = view.getUint32(block * 64 + t * 4)
        continue
      }
      const early = schedule[t - 15]!
      const late = schedule[t - 2]!
      const sigma0 = rotateRight(early, 7) ^ rotateRight(early, 18) ^ (early >>> 3)
      const sigma1 = rotateRight(late, 17) ^ rotateRight(late, 19) ^ (late >>> 10)
      schedule[t] = (schedule[t - 16]! + sigma0 + schedule[t - 7]! + sigma1) >>> 0
    }
    // a to h of the standard: each round puts a new word first and adds to the fifth.
    const working = [...hash]
    for (let t = 0; t < 64; t++) {
      const [a, b, c, , e, f, g, h] = working as [number, number, number, number, number, number, number, number]
      const sum1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
      const choice = (e & f) ^ (~e & g)
      const first = h + sum1 + choice + ROUND_CONSTANTS[t]! + schedule[t]!
      const sum0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
      const majority = (a & b) ^ (a & c) ^ (b & c)
      working.pop()
      working.unshift((first + sum0 + majority) >>> 0)
      working[4] = (working[4]! + first) >>> 0
    }
    working.forEach((word, index) => (hash[index] = (hash[index]! + word) >>> 0))
  }
  const digest = new DataView(new ArrayBuffer(32))
  hash.forEach((word, index) => digest.setUint32(index * 4, word))
  return new Uint8Array(digest.buffer)
}
