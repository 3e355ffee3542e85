import { afterEach, describe, expect, it, vi } from 'vitest'
import { KEPT_PROGRESS_VERSION, type KeptProgress } from '../../../machines/enrolment/kept-progress'
import { answersInThisTab, dropEveryWizard, dropKeptWizard, keepWizard, keptWizard } from './wizard-storage'

const progress = (athleteId: number, raceId: number): KeptProgress => ({
  version: KEPT_PROGRESS_VERSION,
  athleteId,
  raceId,
  phase: 'open',
  step: 'gps',
  choices: { dataConfirmed: true, rulesAccepted: true, refund: 'protetto', gps: null, extra: {} },
  attempts: 0,
  attempt: null,
})

afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

describe('the kept wizard in the browser', () => {
  it('is kept per athlete and race, and given back as it was stored', () => {
    keepWizard(progress(3, 203), {})
    expect(keptWizard(3, 203)).toEqual(progress(3, 203))
    expect(keptWizard(4, 203)).toBeUndefined()
    expect(keptWizard(3, 204)).toBeUndefined()
  })

  it('gives back what it cannot parse as it is, for the machine to refuse', () => {
    localStorage.setItem('pettorale.enrolment.3.203', '{not json')
    expect(keptWizard(3, 203)).toBe('{not json')
  })

  it("gives back the release before's snapshot once, then forgets it", () => {
    const snapshot = { phase: 'open', snapshot: { status: 'active', value: { wizard: 'gps' } } }
    localStorage.setItem('pettorale.enrolment.v1.3.203', JSON.stringify(snapshot))
    expect(keptWizard(3, 203)).toEqual(snapshot)
    expect(localStorage.getItem('pettorale.enrolment.v1.3.203')).toBeNull()
    expect(keptWizard(3, 203)).toBeUndefined()
  })

  it('gives back every answer, free text included, to this tab only, until dropped', () => {
    keepWizard(progress(3, 203), { team: 'Trail Club Aosta', navetta: 'Cogne' })
    expect(answersInThisTab(3, 203)).toEqual({ team: 'Trail Club Aosta', navetta: 'Cogne' })
    expect(answersInThisTab(3, 204)).toBeUndefined()
    expect(localStorage.getItem('pettorale.enrolment.3.203')).not.toContain('Trail Club Aosta')
    dropKeptWizard(3, 203)
    expect(answersInThisTab(3, 203)).toBeUndefined()
    keepWizard(progress(3, 203), { team: 'Trail Club Aosta' })
    dropEveryWizard()
    expect(answersInThisTab(3, 203)).toBeUndefined()
  })

  it('gives the answers back after a reload of the tab, free text included (issue 42, decision 065)', async () => {
    keepWizard(progress(3, 201), { itra_id: '2701234', navetta: 'Aosta', pasta_party: true })
    // A reload: the page's modules start again from nothing; the tab's storage stays.
    vi.resetModules()
    const reloaded = await import('./wizard-storage')
    expect(reloaded.answersInThisTab(3, 201)).toEqual({ itra_id: '2701234', navetta: 'Aosta', pasta_party: true })
    expect(reloaded.keptWizard(3, 201)).toEqual(progress(3, 201))
  })

  it("gives back each answer the tab holds that is still one: a value the server would refuse costs only itself", () => {
    sessionStorage.setItem('pettorale.enrolment.3.201', JSON.stringify({ itra_id: '2701234', team: 'x'.repeat(1_001), navetta: { nested: 'Aosta' } }))
    expect(answersInThisTab(3, 201)).toEqual({ itra_id: '2701234' })
    sessionStorage.setItem('pettorale.enrolment.3.201', '{not json')
    expect(answersInThisTab(3, 201)).toBeUndefined()
  })

  it('is dropped on request', () => {
    keepWizard(progress(3, 203), {})
    dropKeptWizard(3, 203)
    expect(keptWizard(3, 203)).toBeUndefined()
  })

  it('are all dropped at a logout, whoever they belong to and whichever release kept them, and nothing else the portal keeps', () => {
    keepWizard(progress(3, 203), {})
    keepWizard(progress(4, 201), {})
    localStorage.setItem('pettorale.enrolment.v1.5.202', '{}')
    localStorage.setItem('pettorale.locale', 'it')
    sessionStorage.setItem('pettorale.other', 'kept')
    dropEveryWizard()
    expect(answersInThisTab(3, 203)).toBeUndefined()
    expect(answersInThisTab(4, 201)).toBeUndefined()
    expect(sessionStorage.getItem('pettorale.other')).toBe('kept')
    expect(keptWizard(3, 203)).toBeUndefined()
    expect(keptWizard(4, 201)).toBeUndefined()
    expect(keptWizard(5, 202)).toBeUndefined()
    expect(localStorage.getItem('pettorale.locale')).toBe('it')
  })
})
