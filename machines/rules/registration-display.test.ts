import { describe, expect, it } from 'vitest'
import { RaceSchema, type Race } from '../../contracts/races.contract'
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../contracts/time'
import { CLOSING_WINDOW_MS, registrationDisplay } from './registration-display'

// Registration opens 1 March, closes 31 August, the race starts 6 September with a 30 h time limit.
const OPENS_ISO = '2025-03-01T10:00:00+01:00'
const CLOSES_ISO = '2025-08-31T22:00:00+02:00'
const START_ISO = '2025-09-06T06:00:00+02:00'
const TIME_LIMIT_H = 30

const OPENS = Date.parse(OPENS_ISO)
const CLOSES = Date.parse(CLOSES_ISO)
const START = Date.parse(START_ISO)
const END = START + TIME_LIMIT_H * HOUR_MS

/** A race as `races.list` sends it (every RaceSchema field), with half its places taken. */
function makeRace(overrides: Partial<Race> = {}): Race {
  return {
    id: 12,
    nome: 'Tor des Glaciers',
    edizione: 5,
    data_evento: START_ISO,
    distanza_km: 87.4,
    dislivello_m: 5_600,
    tipo_percorso: 'ultra',
    tempo_limite_ore: TIME_LIMIT_H,
    posti: 400,
    iscritti: 200,
    prezzo: 190,
    supplemento_rimborso: 25,
    noleggio_gps: 15,
    apertura_iscrizioni: OPENS_ISO,
    chiusura_iscrizioni: CLOSES_ISO,
    itra: 5,
    punti: 6,
    categoria: 'Ultra',
    localita: 'Courmayeur',
    ammiraglia: false,
    esperienza: false,
    qualificante: true,
    ammissione: 'diretta',
    eta_minima: 20,
    ...overrides,
  }
}

const full = makeRace({ iscritti: 400 })

describe('registration display: the race fixture', () => {
  it('is a valid race by the contract', () => {
    expect(RaceSchema.parse(makeRace())).toEqual(makeRace())
  })
})

describe('registration display: opening (days, hours or minutes until opening)', () => {
  it.each([
    ['10 days before', 10 * DAY_MS, 10],
    ['10 days and 23 h before (whole days, rounded down)', 10 * DAY_MS + 23 * HOUR_MS, 10],
    ['48 h before', 2 * DAY_MS, 2],
    ['47 h 59 min before', 2 * DAY_MS - MINUTE_MS, 1],
    ['24 h and 1 ms before', DAY_MS + 1, 1],
    ['exactly 24 h before', DAY_MS, 1],
  ])('%s shows days', (_name, before, count) => {
    expect(registrationDisplay(makeRace(), OPENS - before)).toEqual({ kind: 'opening', unit: 'days', count })
  })

  it.each([
    ['24 h minus 1 ms before (hours rounded up)', DAY_MS - 1, 24],
    ['23 h 30 min before (rounded up)', 23 * HOUR_MS + 30 * MINUTE_MS, 24],
    ['exactly 23 h before', 23 * HOUR_MS, 23],
    ['2 h before', 2 * HOUR_MS, 2],
    ['1 h 1 ms before (rounded up)', HOUR_MS + 1, 2],
    ['exactly 1 h before', HOUR_MS, 1],
  ])('%s shows hours', (_name, before, count) => {
    expect(registrationDisplay(makeRace(), OPENS - before)).toEqual({ kind: 'opening', unit: 'hours', count })
  })

  it.each([
    ['1 h minus 1 ms before (minutes rounded up)', HOUR_MS - 1, 60],
    ['59 min before', 59 * MINUTE_MS, 59],
    ['30 min 1 s before (rounded up)', 30 * MINUTE_MS + 1_000, 31],
    ['1 min before', MINUTE_MS, 1],
    ['1 s before', 1_000, 1],
    ['1 ms before (never 0 minutes)', 1, 1],
  ])('%s shows minutes', (_name, before, count) => {
    expect(registrationDisplay(makeRace(), OPENS - before)).toEqual({ kind: 'opening', unit: 'minutes', count })
  })

  it('a full race still shows opening before registration opens', () => {
    expect(registrationDisplay(full, OPENS - 3 * DAY_MS)).toEqual({ kind: 'opening', unit: 'days', count: 3 })
  })
})

describe('registration display: open', () => {
  it('is open at the opening instant', () => {
    expect(registrationDisplay(makeRace(), OPENS)).toEqual({ kind: 'open' })
  })

  it('is open in the middle of the registration period', () => {
    expect(registrationDisplay(makeRace(), OPENS + 30 * DAY_MS)).toEqual({ kind: 'open' })
  })

  it('is open 1 ms more than 72 h before closing', () => {
    expect(registrationDisplay(makeRace(), CLOSES - CLOSING_WINDOW_MS - 1)).toEqual({ kind: 'open' })
  })

  it('is open with one place left', () => {
    expect(registrationDisplay(makeRace({ iscritti: 399 }), OPENS + DAY_MS)).toEqual({ kind: 'open' })
  })
})

describe('registration display: closing (the last 72 hours)', () => {
  it('the window is 72 hours', () => {
    expect(CLOSING_WINDOW_MS).toBe(72 * HOUR_MS)
  })

  it('is closing at exactly 72 h before closing, with 72 hours left', () => {
    expect(registrationDisplay(makeRace(), CLOSES - 72 * HOUR_MS)).toEqual({ kind: 'closing', hoursLeft: 72 })
  })

  it.each([
    ['71 h 30 min before (rounded up)', 71 * HOUR_MS + 30 * MINUTE_MS, 72],
    ['exactly 10 h before', 10 * HOUR_MS, 10],
    ['9 h 1 min before (rounded up)', 9 * HOUR_MS + MINUTE_MS, 10],
    ['exactly 1 h before', HOUR_MS, 1],
    ['1 ms before', 1, 1],
  ])('%s shows the hours left', (_name, before, hoursLeft) => {
    expect(registrationDisplay(makeRace(), CLOSES - before)).toEqual({ kind: 'closing', hoursLeft })
  })
})

describe('registration display: closed', () => {
  it('is closed at the close instant', () => {
    expect(registrationDisplay(makeRace(), CLOSES)).toEqual({ kind: 'closed' })
  })

  it('is closed between close and the start', () => {
    expect(registrationDisplay(makeRace(), CLOSES + DAY_MS)).toEqual({ kind: 'closed' })
    expect(registrationDisplay(makeRace(), START - 1)).toEqual({ kind: 'closed' })
  })

  it('is closed once the time limit has passed', () => {
    expect(registrationDisplay(makeRace(), END)).toEqual({ kind: 'closed' })
    expect(registrationDisplay(makeRace(), END + 30 * DAY_MS)).toEqual({ kind: 'closed' })
  })

  it('a full race shows closed, not full, after registration closes', () => {
    expect(registrationDisplay(full, CLOSES)).toEqual({ kind: 'closed' })
    expect(registrationDisplay(full, END)).toEqual({ kind: 'closed' })
  })
})

describe('registration display: full (sold out) only while registration is open', () => {
  it('is full while open when every place is taken', () => {
    expect(registrationDisplay(full, OPENS)).toEqual({ kind: 'full' })
    expect(registrationDisplay(full, OPENS + 30 * DAY_MS)).toEqual({ kind: 'full' })
  })

  it('is full, not closing, in the last 72 hours', () => {
    expect(registrationDisplay(full, CLOSES - HOUR_MS)).toEqual({ kind: 'full' })
  })

  it('is full when more athletes are entered than there are places', () => {
    expect(registrationDisplay(makeRace({ iscritti: 401 }), OPENS + DAY_MS)).toEqual({ kind: 'full' })
  })

  it('a race with no places is full while open', () => {
    expect(registrationDisplay(makeRace({ posti: 0, iscritti: 0 }), OPENS + DAY_MS)).toEqual({ kind: 'full' })
  })
})

describe('registration display: live now (between start and start + time limit)', () => {
  it('is live at the start instant', () => {
    expect(registrationDisplay(makeRace(), START)).toEqual({ kind: 'live' })
  })

  it('is live during the race', () => {
    expect(registrationDisplay(makeRace(), START + 12 * HOUR_MS)).toEqual({ kind: 'live' })
  })

  it('is live until 1 ms before the time limit, and closed at the time limit', () => {
    expect(registrationDisplay(makeRace(), END - 1)).toEqual({ kind: 'live' })
    expect(registrationDisplay(makeRace(), END)).toEqual({ kind: 'closed' })
  })

  it('a full race is live during the race', () => {
    expect(registrationDisplay(full, START + HOUR_MS)).toEqual({ kind: 'live' })
  })

  it('follows the race own time limit', () => {
    const vertical = makeRace({ tempo_limite_ore: 1.5 })
    expect(registrationDisplay(vertical, START + 89 * MINUTE_MS)).toEqual({ kind: 'live' })
    expect(registrationDisplay(vertical, START + 90 * MINUTE_MS)).toEqual({ kind: 'closed' })
  })
})
