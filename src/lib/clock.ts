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

/**
 * The zone the device's clock is set to, as the browser reports it: an IANA name ('Asia/Tokyo'),
 * 'Etc/Unknown' where the browser could not tell (Chromium on a system whose zone its data does not
 * know yet), or undefined in an engine that reports none. What the portal makes of it is
 * format.ts's `athleteTimeZone`.
 */
export type ZoneSource = () => string | undefined

let reportedZone: string | undefined
// Read once a visit: asking Intl costs about 50 µs, and a list of payments formats many moments.
// A device that changes zone during a visit (a flight) is read afresh on the next one.
const deviceZoneSource: ZoneSource = () => (reportedZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone)

let zoneSource: ZoneSource = deviceZoneSource

/** The device's zone, the only reader of it in src/: tests set theirs, never the machine's. */
export function deviceZone(): string | undefined {
  return zoneSource()
}

export function setZoneSource(next: ZoneSource): void {
  zoneSource = next
}

export function resetZoneSource(): void {
  setZoneSource(deviceZoneSource)
}
