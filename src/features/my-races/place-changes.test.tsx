import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Subscription } from '../../../contracts/athlete.contract'
import * as races from '../../../contracts/races.contract'
import '../../../tests/setup/mock-backend'
import { callApi, expectOk } from '../../lib/api-client'
import { formatRaceTime } from '../../lib/format'
import { activateLocale, i18n } from '../../lib/i18n'
import { ensureTemporal } from '../../lib/temporal'
import { PlaceActions } from './place-changes'

/** A place on offer in My races (issue 42): the offer's deadline in the race's zone, as every deadline of a race. */

beforeAll(async () => {
  await Promise.all([activateLocale('en'), ensureTemporal()])
})
afterEach(cleanup)

describe("a paid place's actions", () => {
  it("say until when the place is offered in the race's zone", async () => {
    const race = await expectOk(callApi(races.get, { params: { id: 202 }, query: { lingua: 'en' } }))
    const scade = '2026-03-09T08:00:00.000Z'
    const place: Subscription = {
      project_id: 202,
      liberatoria: true,
      liberatoria_signed: '2026-02-20T19:00:00.000Z',
      pettorale: 12,
      categoria: null,
      pagato: true,
      opzione_rimborso: 'standard',
      noleggio_gps: false,
      totale: 45,
      cessione: { codice: 'T-1', a: 'pax@pettorale.test', scade },
    }
    render(
      <I18nProvider i18n={i18n}>
        <PlaceActions subscription={place} race={race} now={Date.parse('2026-03-02T08:00:00Z')} />
      </I18nProvider>,
    )
    expect(screen.getByText(/^Offered to /)).toHaveTextContent(`Offered to pax@pettorale.test until ${formatRaceTime('en', scade)}`)
  })
})
