import { afterEach, beforeEach, vi } from 'vitest'
import '@testing-library/jest-dom/vitest'
import { setZoneSource } from '../../src/lib/clock'
import { ensureTemporal } from '../../src/lib/temporal'

// Node 20 has no Temporal: the app installs the polyfill before its first render (main.tsx), and
// every test file gets it here, so the domain rules of machines/rules run as they do in the app.
await ensureTemporal()

// The device's zone would be the machine's: each test starts on a device that tells none, so the
// athlete's zone is the language's (decision 064) on every machine; a test about the device's zone
// sets its own.
beforeEach(() => {
  setZoneSource(() => undefined)
})

// A console.error during a test is a defect the test did not look for: fail it.
let errors: unknown[][] = []
beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})
afterEach(() => {
  if (errors.length > 0) {
    throw new Error(`console.error was called:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`)
  }
})
