import { I18nProvider } from '@lingui/react'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../contracts/time'
import { resetClockSource, setClockSource } from '../../lib/clock'
import { activateLocale, i18n } from '../../lib/i18n'
import { ensureTemporal } from '../../lib/temporal'
import { useNow } from '../../lib/use-now'
import { EnrolAction } from './enrol-action'

/** Monday 2 March 2026, 09:00 in Rome: the seed's "now". */
const NOW = Date.parse('2026-03-02T08:00:00Z')

const race = {
  id: 202,
  data_evento: '2026-06-14T07:00:00Z',
  tempo_limite_ore: 7,
  apertura_iscrizioni: '2026-02-02T09:00:00Z',
  chiusura_iscrizioni: '2026-06-07T21:59:00Z',
  posti: 400,
  iscritti: 170,
}
type TestRace = typeof race

beforeAll(async () => {
  await Promise.all([activateLocale('en'), ensureTemporal()])
})
afterEach(() => {
  cleanup()
  resetClockSource()
})

/** The race with `overrides` at `now`; `lottery`: the athlete would apply to its lottery (no PAX). */
function renderAction(overrides: Partial<TestRace>, now = NOW, lottery = false) {
  return render(
    <I18nProvider i18n={i18n}>
      <EnrolAction race={{ ...race, ...overrides }} now={now} lottery={lottery} />
    </I18nProvider>,
  )
}

function expectNoEnrolment() {
  expect(screen.queryByRole('link')).toBeNull()
  expect(screen.queryByRole('button')).toBeNull()
}

describe('the enrol action follows the registration state', () => {
  it("before the opening: a disabled button that says when registration opens, in the race's zone and in the locale's", () => {
    renderAction({ apertura_iscrizioni: '2026-03-16T09:00:00Z', iscritti: 0 })
    const button = screen.getByRole('button', { name: 'Registration opens on 16 Mar 2026, 10:00 CET (09:00 GMT your time)' })
    expect((button as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('before the opening, for an athlete who would apply to the lottery: lottery applications open then', () => {
    renderAction({ apertura_iscrizioni: '2026-03-02T17:00:00Z' }, NOW, true)
    expect((screen.getByRole('button', { name: 'Lottery applications open on 2 Mar 2026, 18:00 CET (17:00 GMT your time)' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
  })

  it('while open: "Enrol" leads to the subscription, with the places left and the closing time, in the race\'s zone', () => {
    const { container } = renderAction({})
    expect(screen.getByRole('link', { name: 'Enrol' }).getAttribute('href')).toBe('/race/202/subscribe')
    expect(container.textContent).toContain('230 places left.')
    expect(container.textContent).toContain('Registration closes on 7 Jun 2026, 23:59 CEST.')
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('in its last hours: still "Enrol"', () => {
    renderAction({ chiusura_iscrizioni: new Date(NOW + 5 * HOUR_MS).toISOString(), iscritti: 399 })
    expect(screen.getByRole('link', { name: 'Enrol' }).getAttribute('href')).toBe('/race/202/subscribe')
    expect(screen.getByText(/1 place left\./)).toBeTruthy()
  })

  it('open, for an athlete who would apply to the lottery (no PAX): "Apply for the lottery", to the same subscription', () => {
    const { container } = renderAction({ id: 201 }, NOW, true)
    expect(screen.getByRole('link', { name: 'Apply for the lottery' }).getAttribute('href')).toBe('/race/201/subscribe')
    expect(screen.queryByRole('link', { name: 'Enrol' })).toBeNull()
    expect(container.textContent).toContain('PAX holders enrol directly')
  })

  it('sold out: no action, and why', () => {
    const { container } = renderAction({ iscritti: 400 })
    expectNoEnrolment()
    expect(container.textContent).toBe('Sold out: all the places are taken, so you cannot enrol.')
  })

  it('closed before the race: no action, and since when', () => {
    const { container } = renderAction({ chiusura_iscrizioni: '2026-03-01T22:59:00Z' })
    expectNoEnrolment()
    expect(container.textContent).toBe('Registration closed on 1 Mar 2026, 23:59 CET: you can no longer enrol.')
  })

  it('during the race: no action, it is under way', () => {
    const { container } = renderAction({ data_evento: new Date(NOW - 30 * MINUTE_MS).toISOString() })
    expectNoEnrolment()
    expect(container.textContent).toBe('The race is under way: registration is closed.')
  })

  it('after the race: no action, the edition has been run', () => {
    const { container } = renderAction({}, Date.parse(race.data_evento) + 8 * HOUR_MS)
    expectNoEnrolment()
    expect(container.textContent).toBe('This edition has been run: registration is closed.')
  })
})

describe("the opening in a locale whose zone is Rome's", () => {
  afterEach(async () => {
    await activateLocale('en')
  })

  it('Italian: the race\'s time alone, with no "your time"', async () => {
    await activateLocale('it')
    renderAction({ apertura_iscrizioni: '2026-03-16T09:00:00Z', iscritti: 0 })
    expect(screen.getByRole('button').textContent).toMatch(/16 mar 2026, 10:00 CET$/)
  })
})

describe('the enrol action moves with the clock', () => {
  function Live({ opensAt }: { opensAt: number }) {
    return <EnrolAction race={{ ...race, apertura_iscrizioni: new Date(opensAt).toISOString() }} now={useNow()} lottery={false} />
  }

  it('turns the disabled button into "Enrol" when the opening time passes', () => {
    let clock = NOW
    setClockSource(() => clock)
    const opensAt = NOW + 2 * HOUR_MS
    render(
      <I18nProvider i18n={i18n}>
        <Live opensAt={opensAt} />
      </I18nProvider>,
    )
    expect(screen.getByRole('button', { name: /^Registration opens on/ })).toBeTruthy()
    act(() => {
      clock = opensAt + MINUTE_MS
      setClockSource(() => clock)
    })
    expect(screen.getByRole('link', { name: 'Enrol' })).toBeTruthy()
    act(() => {
      clock = Date.parse(race.chiusura_iscrizioni) + DAY_MS
      setClockSource(() => clock)
    })
    expectNoEnrolment()
  })
})
