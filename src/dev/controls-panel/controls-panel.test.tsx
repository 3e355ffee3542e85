import { I18nProvider } from '@lingui/react'
import { QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale, i18n } from '../../lib/i18n'
import { ensureTemporal } from '../../lib/temporal'
import { ConfirmationDialog } from '../../ui/confirmation-dialog'
import { exportFileName } from './data-tab'
import { fakeQaApi } from './fake-qa-api'
import { writePanelState, type QaTab } from './panel-state'
import { raceLocalToInstant } from './clock-tab'
import { QaControlsRoot } from './qa-controls'
import { createPanelQueryClient } from './render'

beforeAll(async () => {
  await Promise.all([activateLocale('en'), ensureTemporal()])
})
beforeEach(() => localStorage.clear())
afterEach(cleanup)

function renderPanel({ qa = fakeQaApi(), tab, page }: { qa?: ReturnType<typeof fakeQaApi>; tab?: QaTab; page?: ReactNode } = {}) {
  if (tab) writePanelState(localStorage, { open: false, tab })
  const appQueryClient = new QueryClient()
  const invalidatePortal = vi.spyOn(appQueryClient, 'invalidateQueries')
  render(
    <I18nProvider i18n={i18n}>
      {page}
      <QaControlsRoot options={{ qa, appQueryClient, mailboxPath: '/mailbox' }} panelQueryClient={createPanelQueryClient(qa)} />
    </I18nProvider>,
  )
  return { qa, invalidatePortal, user: userEvent.setup() }
}

const toggle = () => screen.getByRole('button', { name: /^QA controls/ })
const panel = () => screen.getByRole('dialog', { name: 'QA controls' })

describe('the QA controls toggle and panel', () => {
  // The first open downloads (here: transforms) the panel's code.
  it('opens with the toggle or Alt+Shift+Q, moves focus in, and closes on Escape with focus back on the toggle', { timeout: 20_000 }, async () => {
    const { user } = renderPanel({ tab: 'clock' })
    expect(toggle().getAttribute('aria-expanded')).toBe('false')
    await user.click(toggle())
    // The panel's code loads on first open.
    await screen.findByRole('dialog', { name: 'QA controls' }, { timeout: 15_000 })
    await waitFor(() => expect(document.activeElement).toBe(within(panel()).getByRole('heading', { name: 'QA controls' })))
    expect(toggle().getAttribute('aria-expanded')).toBe('true')

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(toggle())

    await user.keyboard('{Alt>}{Shift>}Q{/Shift}{/Alt}')
    expect(await screen.findByRole('dialog', { name: 'QA controls' })).toBeInTheDocument()
    await user.keyboard('{Alt>}{Shift>}Q{/Shift}{/Alt}')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("stays QA's while a modal dialog of the portal is open: the panel scrolls and the toggle closes it, the dialog stays", { timeout: 20_000 }, async () => {
    const dismiss = vi.fn()
    const { user } = renderPanel({
      tab: 'clock',
      page: (
        <ConfirmationDialog open busy={false} onDismiss={dismiss} title="Have you run an experience race?">
          <p>The organiser asks every athlete once.</p>
        </ConfirmationDialog>
      ),
    })
    // The dialog hides everything else from assistive technology and turns pointer events off on
    // the body: the toggle is found as the eye finds it, and it takes its pointer events back in
    // its stylesheet, which the browser's tests see (qa-panel.e2e.ts).
    const hiddenToggle = () => screen.getByRole('button', { name: /^QA controls/, hidden: true })
    const pointer = user.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never })
    await pointer.click(hiddenToggle())
    const sheet = await screen.findByRole('dialog', { name: 'QA controls', hidden: true }, { timeout: 15_000 })

    // Not a scroll of the page the dialog holds still.
    expect(fireEvent.wheel(within(sheet).getByRole('tabpanel', { hidden: true }), { deltaY: 120 })).toBe(true)
    // Not a press outside the dialog, which would dismiss it.
    await pointer.click(hiddenToggle())
    expect(screen.queryByRole('dialog', { name: 'QA controls', hidden: true })).toBeNull()
    expect(dismiss).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog', { name: 'Have you run an experience race?' })).toBeInTheDocument()
  })

  it('keeps the open panel and its tab across a reload, and moves between tabs with the arrow keys', async () => {
    const { user } = renderPanel({ tab: 'faults' })
    await user.click(toggle())
    expect((await screen.findByRole('tab', { name: 'Faults' })).getAttribute('aria-selected')).toBe('true')
    screen.getByRole('tab', { name: 'Faults' }).focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Staff review' }).getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Staff review' }))
    cleanup()

    renderPanel()
    // Found open after the reload, on the tab QA left; focus stays where the page put it.
    expect((await screen.findByRole('tab', { name: 'Staff review' })).getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(document.body)
  })
})

describe('the fault controls', () => {
  it('injects a fault for one operation found by name, shows it on the toggle while closed, and clears it', async () => {
    const { qa, user } = renderPanel({ tab: 'faults' })
    await user.click(toggle())
    await user.type(await screen.findByLabelText('Find an operation'), 'athlete.me')
    expect((screen.getByLabelText('Operation') as HTMLSelectElement).value).toBe('athlete.me')
    await user.click(screen.getByLabelText('HTTP 500 (server error)'))
    await user.click(screen.getByRole('button', { name: 'Apply' }))

    expect(qa.fault).toHaveBeenCalledWith('athlete.me', { kind: 'status', status: 500 })
    expect(await screen.findByText('In force for athlete.me.')).toBeInTheDocument()
    const active = await screen.findByRole('button', { name: 'Clear HTTP 500 for athlete.me' })
    await user.keyboard('{Escape}')
    expect(toggle().textContent).toContain('1 fault')

    await user.click(toggle())
    await user.click(await screen.findByRole('button', { name: 'Clear HTTP 500 for athlete.me' }))
    expect(qa.fault).toHaveBeenLastCalledWith('athlete.me', null)
    expect(await screen.findByText('No fault and no latency: every operation answers normally.')).toBeInTheDocument()
    expect(active.isConnected).toBe(false)
    expect(toggle().textContent).not.toContain('fault')
  })

  it('sets a latency and a 503 with Retry-After for every operation, refuses numbers out of range field by field, and clears all', async () => {
    const { qa, user } = renderPanel({ tab: 'faults' })
    await user.click(toggle())
    await user.click(await screen.findByLabelText('Slow answer (latency)'))
    const latency = screen.getByLabelText('Latency (ms)')
    await user.clear(latency)
    await user.type(latency, '0')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(screen.getByText('Enter a whole number of milliseconds from 1 to 60000.')).toBeInTheDocument()
    expect(latency.getAttribute('aria-invalid')).toBe('true')
    expect(qa.latency).not.toHaveBeenCalled()
    await user.clear(latency)
    await user.type(latency, '1500')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(qa.latency).toHaveBeenCalledWith('*', 1500)

    await user.click(screen.getByLabelText('HTTP 503 (unavailable) with Retry-After'))
    await user.clear(screen.getByLabelText('Retry-After (seconds)'))
    await user.type(screen.getByLabelText('Retry-After (seconds)'), '20')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(qa.fault).toHaveBeenCalledWith('*', { kind: 'status', status: 503, retryAfterS: 20 })

    expect(await screen.findByRole('button', { name: 'Clear 1500 ms latency for every operation' })).toBeInTheDocument()
    await waitFor(() => expect(toggle().textContent).toContain('2 faults'))
    await user.click(screen.getByRole('button', { name: 'Clear all' }))
    expect(qa.clearFaults).toHaveBeenCalledOnce()
    await waitFor(() => expect(toggle().textContent).not.toContain('fault'))
  })
})

describe('the clock presets', () => {
  it("moves the simulated clock to a race's opening and has the portal read its data again", async () => {
    const { qa, invalidatePortal, user } = renderPanel({ tab: 'clock' })
    await user.click(toggle())
    // The presets show the race's times in Rome's zone, as the organiser announces them.
    expect(await screen.findByText('13 Sept 2026, 06:00 CEST')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '2 hours before opening' }))
    expect(qa.setNow).toHaveBeenCalledWith('2026-03-02T07:00:00+01:00')
    // Its own moments in the locale's zone: London for English.
    expect(await screen.findByText('The clock is now 2 Mar 2026, 06:00 GMT.')).toBeInTheDocument()
    await waitFor(() => expect(invalidatePortal).toHaveBeenCalled())
    expect(await screen.findByText('2 Mar 2026, 06:00 GMT', { selector: 'time' })).toBeInTheDocument()
  })

  it('sets any date and time, read in the race zone, and asks for one when the field is empty', async () => {
    const { qa, user } = renderPanel({ tab: 'clock' })
    await user.click(toggle())
    await user.click(await screen.findByRole('button', { name: 'Set the clock' }))
    expect(screen.getByText('Enter a date and a time.')).toBeInTheDocument()
    expect(qa.setNow).not.toHaveBeenCalled()
    expect(raceLocalToInstant('2026-07-01T10:30')).toBe('2026-07-01T10:30:00+02:00')
    expect(raceLocalToInstant('not a date')).toBeNull()
  })
})

describe('the races', () => {
  it('fills a race and revises its waiver, says what happened, shows it in the list and has the portal read again', async () => {
    const { qa, invalidatePortal, user } = renderPanel({ tab: 'races' })
    await user.click(toggle())
    const race = (await screen.findByText('Alte Vie di Cogne 52K 2026')).closest('li')!
    expect(within(race).getByText('110 of 350 places taken.')).toBeInTheDocument()
    expect(within(race).getByText('11 Jul 2026, 06:00 CEST', { selector: 'time' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Fill every place of Alte Vie di Cogne 52K 2026' }))
    expect(qa.fillRace).toHaveBeenCalledWith(203)
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Every place of Alte Vie di Cogne 52K 2026 is taken: the race is sold out.')
    expect(await within(race).findByText('Sold out: 350 of 350 places taken.')).toBeInTheDocument()
    expect(invalidatePortal).toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Revise the waiver of Alte Vie di Cogne 52K 2026' }))
    expect(qa.reviseWaiver).toHaveBeenCalledWith(203)
    expect(
      await screen.findByText(
        "Alte Vie di Cogne 52K 2026's waiver is now version v2: a place signed on an earlier version is signed again before it is paid.",
      ),
    ).toBeInTheDocument()
    expect(await within(race).findByText('Waiver version v2.')).toBeInTheDocument()
  })

  it('draws a lottery, says how many were drawn, and frees a place of a race with a wait list', async () => {
    const { qa, invalidatePortal, user } = renderPanel({ tab: 'races' })
    await user.click(toggle())
    const flagship = (await screen.findByText('Tor des Pettorale 330 2026')).closest('li')!
    expect(within(flagship).getByText('320 of 600 places taken. Lottery entry.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Draw the lottery of Alte Vie di Cogne 52K 2026 now' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Free one place of Alte Vie di Cogne 52K 2026' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Draw the lottery of Tor des Pettorale 330 2026 now' }))
    expect(qa.drawLottery).toHaveBeenCalledWith(201)
    expect(
      await screen.findByText(
        "Tor des Pettorale 330 2026's lottery is drawn: 280 drawn were sent a payment link, 1,220 not drawn are on the wait list in the draw's order.",
      ),
    ).toBeInTheDocument()
    expect(await within(flagship).findByText('320 of 600 places taken. Lottery entry, drawn.')).toBeInTheDocument()
    expect(within(flagship).queryByRole('button', { name: /^Draw the lottery/ })).toBeNull()
    expect(invalidatePortal).toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Free one place of Tor des Pettorale 330 2026' }))
    expect(qa.freePlace).toHaveBeenCalledWith(201)
    expect(await within(flagship).findByText('319 of 600 places taken. Lottery entry, drawn.')).toBeInTheDocument()
  })

  it("shows where a race's waiting room stands, and no room for a race without one", async () => {
    const { qa, user } = renderPanel({ tab: 'races' })
    await user.click(toggle())
    const rush = (await screen.findByText('Vertical della Grivola 2026')).closest('li')!
    expect(await within(rush).findByText('Waiting room: 14 waiting, 3 admitted, 1 holding a place, 2 of 12 places paid.')).toBeInTheDocument()
    expect(qa.queueOf).toHaveBeenCalledWith(260)
    expect(qa.queueOf).not.toHaveBeenCalledWith(203)
    const direct = screen.getByText('Alte Vie di Cogne 52K 2026').closest('li')!
    expect(within(direct).queryByText(/^Waiting room:/)).toBeNull()
  })

  it('says so in an alert when the backend refuses', async () => {
    const qa = fakeQaApi()
    qa.fillRace.mockRejectedValueOnce(new Error('QA fillRace: 422 pettoraleMock.fillRace: no race 203'))
    const { user } = renderPanel({ qa, tab: 'races' })
    await user.click(toggle())
    await user.click(await screen.findByRole('button', { name: 'Fill every place of Alte Vie di Cogne 52K 2026' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The simulated backend did not do it: QA fillRace: 422 pettoraleMock.fillRace: no race 203',
    )
    expect(screen.getByText('110 of 350 places taken.')).toBeInTheDocument()
  })
})

describe('the staff review', () => {
  it('accepts a certificate, rejects a report with the reason picked, and declines a payment with its reason', async () => {
    const qa = fakeQaApi({
      pending: {
        certificates: [{ athleteId: 3, athleteName: 'Rita Revisione', mail: 'revisione@pettorale.test', renewal: false, uploadedAt: '2026-03-01T10:00:00+01:00' }],
        experienceReports: [{ reportId: 5, athleteId: 5, athleteName: 'Paolo Pax', race: 'Ultra Dolomiti 2025', date: '2025-06-21' }],
        payments: [
          { paymentId: 'pay-9', athleteId: 2, athleteName: 'Giulia Jaccod', raceId: 203, race: 'Tor des Pettorale 330 2026', amountCents: 95000, state: 'undecided' },
        ],
      },
    })
    const { invalidatePortal, user } = renderPanel({ qa, tab: 'review' })
    await user.click(toggle())
    expect(await screen.findByText('Tor des Pettorale 330 2026, €950.00', { exact: false })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: "Accept Rita Revisione's certificate" }))
    expect(qa.reviewCertificate).toHaveBeenCalledWith(3, 'valido')
    expect(await screen.findByText('No certificate is waiting.')).toBeInTheDocument()
    expect(invalidatePortal).toHaveBeenCalled()
    // The button went with its certificate: the keyboard's focus stays in the panel, Escape still closes it.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tabpanel')))

    await user.selectOptions(screen.getByLabelText('Reason, if rejected'), 'Finish time does not match the results')
    await user.click(screen.getByRole('button', { name: "Reject Paolo Pax's report of Ultra Dolomiti 2025" }))
    expect(qa.reviewExperience).toHaveBeenCalledWith(5, 'respinta', 'tempo_non_corrispondente')

    await user.selectOptions(screen.getByLabelText('Reason, if declined'), 'Insufficient funds')
    await user.click(screen.getByRole('button', { name: "Decline Giulia Jaccod's payment for Tor des Pettorale 330 2026" }))
    expect(qa.settlePayment).toHaveBeenCalledWith('pay-9', 'declined', 'insufficient_funds')
    expect(await screen.findByText('No payment is waiting.')).toBeInTheDocument()
  })
})

describe('the database import and export', () => {
  it('names the export after the simulated day', () => {
    expect(exportFileName('2026-03-02T09:00:00+01:00')).toBe('pettorale-mock-2026-03-02.json')
  })

  it('says why a file was refused and that nothing changed', async () => {
    const qa = fakeQaApi({ importRefusal: 'not_a_pettorale_export' })
    const { user } = renderPanel({ qa, tab: 'data' })
    await user.click(toggle())
    const input = await screen.findByLabelText('A file exported from this panel')
    await user.upload(input, new File(['{"hello":"world"}'], 'other.json', { type: 'application/json' }))
    expect(qa.importDatabase).toHaveBeenCalledWith('{"hello":"world"}')
    expect(
      await screen.findByText('other.json was refused: The file is JSON but not an export of pettorale\'s simulated backend. Nothing was changed.'),
    ).toBeInTheDocument()
    expect(input.getAttribute('aria-invalid')).toBe('true')
  })

  it('imports a good file and reloads the page on it; resets only once confirmed, with the wizards kept in this browser', async () => {
    const reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, reload })
    try {
      const { qa, user } = renderPanel({ tab: 'data' })
      await user.click(toggle())
      await user.upload(await screen.findByLabelText('A file exported from this panel'), new File(['{}'], 'good.json', { type: 'application/json' }))
      await waitFor(() => expect(reload).toHaveBeenCalledOnce())

      await user.click(screen.getByRole('button', { name: 'Reset to the seed…' }))
      expect(qa.reset).not.toHaveBeenCalled()
      await user.click(screen.getByRole('button', { name: 'Cancel' }))
      await user.click(screen.getByRole('button', { name: 'Reset to the seed…' }))
      localStorage.setItem('pettorale.enrolment.3.202', '{}')
      sessionStorage.setItem('pettorale.enrolment.3.202', '{}')
      await user.click(screen.getByRole('button', { name: 'Yes, reset everything' }))
      expect(qa.reset).toHaveBeenCalledOnce()
      await waitFor(() => expect(reload).toHaveBeenCalledTimes(2))
      // The wizards kept in this browser go with the data they were kept on.
      expect(localStorage.getItem('pettorale.enrolment.3.202')).toBeNull()
      expect(sessionStorage.getItem('pettorale.enrolment.3.202')).toBeNull()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
