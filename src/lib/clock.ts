/** Epoch milliseconds. */
export type ClockSource = () => number

const realClock: ClockSource = () => Date.now()

let source: ClockSource = realClock
const listeners = new Set<() => void>()

/** Current epoch ms. The only reader of the time in src/: the mock's controls can move it. */
export function now(): number {
  return source()
}

/**
 * Every call notifies, even with the same source: a movable clock that jumps can re-set itself to
 * tell screens their relative labels ("opens in 3 days") are stale.
 */
export function setClockSource(next: ClockSource): void {
  source = next
  notify()
}

export function resetClockSource(): void {
  setClockSource(realClock)
}

/** Called when the source changes; returns the unsubscribe function. */
export function subscribeClock(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

function notify(): void {
  // A snapshot, so a listener that (un)subscribes while being notified does not disturb the loop.
  for (const listener of [...listeners]) listener()
}
