import { describe, expect, it } from 'vitest'
import { deferredEdition, deferWindow, hasStarted, isActivePlace, isChangeablePlace, isHeldPlace, placeLeft, transferWindow } from './place'

const at = (iso: string) => Date.parse(iso)
const cessione = { tassa: 10, rimborso_percento: 90, chiude: '2026-05-31T21:59:00Z' }
const rinvio = { tassa: 15, chiude: '2026-05-31T21:59:00Z' }
const race = { data_evento: '2026-06-14T07:00:00Z', cambi: { cessione, rinvio } }
const paid = { pagato: true }

describe('hasStarted', () => {
  it('is true from the start instant on, whatever the offset it is written with', () => {
    expect(hasStarted(race, at('2026-06-14T06:59:59.999Z'))).toBe(false)
    expect(hasStarted(race, at('2026-06-14T09:00:00+02:00'))).toBe(true)
    expect(hasStarted({ data_evento: '2026-06-14T09:00:00+02:00' }, at('2026-06-14T07:00:00Z'))).toBe(true)
  })
})

describe('a place held, active and changeable', () => {
  const before = at('2026-03-02T08:00:00Z')

  it('is held until withdrawn, passed on or deferred; a record without a state is held', () => {
    expect(isHeldPlace({})).toBe(true)
    expect(isHeldPlace({ stato: 'attiva' })).toBe(true)
    for (const stato of ['ritirata', 'ceduta', 'rinviata'] as const) expect(isHeldPlace({ stato })).toBe(false)
  })

  it('once left, says how: withdrawn, passed on or deferred; a place held, or none, was not left', () => {
    expect(placeLeft({ stato: 'ritirata' })).toBe('withdrawn')
    expect(placeLeft({ stato: 'ceduta' })).toBe('passedOn')
    expect(placeLeft({ stato: 'rinviata' })).toBe('deferred')
    expect(placeLeft({ stato: 'attiva' })).toBeNull()
    expect(placeLeft({})).toBeNull()
    expect(placeLeft(null)).toBeNull()
  })

  it('is deferred to the course\'s next edition', () => {
    expect(deferredEdition({ edizione: 2026 })).toBe(2027)
  })

  it('is active when paid and held: no place, an unpaid one or one given away is not', () => {
    expect(isActivePlace(paid)).toBe(true)
    expect(isActivePlace({ pagato: true, stato: 'attiva' })).toBe(true)
    expect(isActivePlace(null)).toBe(false)
    expect(isActivePlace(undefined)).toBe(false)
    expect(isActivePlace({ pagato: false })).toBe(false)
    // A place passed on and then offered back to its first holder: not theirs until paid again.
    expect(isActivePlace({ pagato: true, stato: 'ceduta' })).toBe(false)
  })

  it('is changeable while active and the race has not started', () => {
    expect(isChangeablePlace(paid, race, before)).toBe(true)
    expect(isChangeablePlace({ ...paid, stato: 'ritirata' }, race, before)).toBe(false)
    expect(isChangeablePlace({ pagato: false }, race, before)).toBe(false)
    expect(isChangeablePlace(null, race, before)).toBe(false)
    expect(isChangeablePlace(paid, race, at(race.data_evento))).toBe(false)
  })
})

describe('the windows for passing on and deferring', () => {
  it('are open until the deadline, not from it, nor where the race does not allow them', () => {
    for (const window of [transferWindow, deferWindow]) {
      expect(window(race, at('2026-05-31T21:58:59Z'))).toEqual({ open: true, until: '2026-05-31T21:59:00Z' })
      expect(window(race, at('2026-05-31T21:59:00Z'))).toEqual({ open: false, reason: 'deadline_passed', until: '2026-05-31T21:59:00Z' })
      expect(window({ ...race, cambi: null }, at('2026-03-02T08:00:00Z'))).toEqual({ open: false, reason: 'not_allowed' })
    }
    expect(transferWindow({ ...race, cambi: { cessione: null, rinvio } }, at('2026-03-02T08:00:00Z'))).toEqual({ open: false, reason: 'not_allowed' })
    expect(deferWindow({ ...race, cambi: { cessione, rinvio: null } }, at('2026-03-02T08:00:00Z'))).toEqual({ open: false, reason: 'not_allowed' })
  })

  it('are closed once the race has started, even with a deadline after the start', () => {
    const late = { ...race, cambi: { cessione: { ...cessione, chiude: '2026-07-01T00:00:00Z' }, rinvio: { ...rinvio, chiude: '2026-07-01T00:00:00Z' } } }
    expect(transferWindow(late, at(race.data_evento))).toEqual({ open: false, reason: 'started' })
    expect(deferWindow(late, at(race.data_evento))).toEqual({ open: false, reason: 'started' })
  })
})
