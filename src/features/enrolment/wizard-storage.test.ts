import { afterEach, describe, expect, it } from 'vitest'
import type { Snapshot } from 'xstate'
import { dropEveryWizard, dropWizard, keepWizard, keptWizard, registrationPhase } from './wizard-storage'

const snapshot = { status: 'active', value: { wizard: 'gps' }, context: { choices: { refund: 'protetto' } } } as unknown as Snapshot<unknown>

afterEach(() => localStorage.clear())

describe('the kept wizard', () => {
  it('comes back for the same athlete and race while registration is in the same phase', () => {
    keepWizard(3, 203, 'open', snapshot)
    expect(keptWizard(3, 203, 'open')).toEqual(snapshot)
    expect(keptWizard(4, 203, 'open')).toBeNull()
    expect(keptWizard(3, 204, 'open')).toBeNull()
  })

  it('is dropped when the race has changed state since (sold out, closed)', () => {
    keepWizard(3, 203, 'open', snapshot)
    expect(keptWizard(3, 203, 'full')).toBeNull()
    expect(keptWizard(3, 203, 'open')).toBeNull()
  })

  it('is dropped when it cannot be read, and on request', () => {
    localStorage.setItem('pettorale.enrolment.v1.3.203', '{not json')
    expect(keptWizard(3, 203, 'open')).toBeNull()
    expect(localStorage.getItem('pettorale.enrolment.v1.3.203')).toBeNull()
    keepWizard(3, 203, 'open', snapshot)
    dropWizard(3, 203)
    expect(keptWizard(3, 203, 'open')).toBeNull()
  })

  it('are all dropped at a logout, whoever they belong to, and nothing else the portal keeps', () => {
    keepWizard(3, 203, 'open', snapshot)
    keepWizard(4, 201, 'before', snapshot)
    localStorage.setItem('pettorale.locale', 'it')
    dropEveryWizard()
    expect(keptWizard(3, 203, 'open')).toBeNull()
    expect(keptWizard(4, 201, 'before')).toBeNull()
    expect(localStorage.getItem('pettorale.locale')).toBe('it')
  })

  it('holds codes and choices only', () => {
    keepWizard(3, 203, 'open', snapshot)
    expect(JSON.parse(localStorage.getItem('pettorale.enrolment.v1.3.203')!)).toEqual({ phase: 'open', snapshot })
  })
})

describe('registration phase', () => {
  it('treats open and closing as the same window, and live as over', () => {
    expect(registrationPhase({ kind: 'open' })).toBe('open')
    expect(registrationPhase({ kind: 'closing', hoursLeft: 5 })).toBe('open')
    expect(registrationPhase({ kind: 'opening', unit: 'days', count: 2 })).toBe('before')
    expect(registrationPhase({ kind: 'full' })).toBe('full')
    expect(registrationPhase({ kind: 'closed' })).toBe('over')
    expect(registrationPhase({ kind: 'live' })).toBe('over')
  })
})
