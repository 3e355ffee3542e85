import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { server } from '../../../mocks/node'
import { compactMunicipalities, readSourceMunicipalities } from '../../../scripts/vite-municipalities'
import '../../../tests/setup/mock-backend'
import { activateLocale, i18n } from '../../lib/i18n'
import { MunicipalityField, type Municipality } from './municipality-field'

const FILE = compactMunicipalities(readSourceMunicipalities())

beforeAll(async () => {
  await activateLocale('en')
})
afterEach(cleanup)

/** The data file answers, or fails with `status`. */
function serveMunicipalities(status = 200) {
  server.use(http.get('*/italian-municipalities.json', () => (status === 200 ? HttpResponse.json(FILE) : new HttpResponse(null, { status }))))
}

/** The field in a form of its own, as the profile uses it: the value held outside, a choice reported. */
function renderField() {
  const onSelect = vi.fn<(municipality: Municipality) => void>()
  const onSubmit = vi.fn()
  function Harness() {
    const [value, setValue] = useState('')
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        <MunicipalityField id="town" label="Municipality" hint="Where you live." value={value} onChange={setValue} onSelect={onSelect} />
        <button type="submit">Save</button>
      </form>
    )
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <Harness />
      </I18nProvider>
    </QueryClientProvider>,
  )
  return { onSelect, onSubmit, box: screen.getByRole('combobox', { name: 'Municipality' }) as HTMLInputElement }
}

const status = () => screen.getAllByRole('status').map((region) => region.textContent).join(' ')

describe('MunicipalityField', () => {
  it('is a combobox tied to its list, its hint and its loading note', async () => {
    serveMunicipalities()
    const { box } = renderField()
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(box.getAttribute('aria-autocomplete')).toBe('list')
    const listbox = document.getElementById(box.getAttribute('aria-controls')!)
    expect(listbox?.getAttribute('role')).toBe('listbox')
    const described = () => box.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent)
    expect(described()).toEqual(['Where you live.', 'Loading the list of Italian municipalities…'])
    await waitFor(() => expect(described()).toEqual(['Where you live.']))
  })

  it('chooses by keyboard: type, arrow down, Enter', async () => {
    serveMunicipalities()
    const { box, onSelect, onSubmit } = renderField()
    const user = userEvent.setup()
    await waitFor(() => expect(box.getAttribute('aria-describedby')).toBe('town-hint'))
    await user.type(box, 'aost')
    expect(box.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Aosta (AO)'])
    expect(status()).toContain('1 municipality matches.')
    expect(box.getAttribute('aria-activedescendant')).toBeNull()

    await user.keyboard('{ArrowDown}')
    const active = document.getElementById(box.getAttribute('aria-activedescendant')!)
    expect(active?.textContent).toBe('Aosta (AO)')
    expect(active?.getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{Enter}')

    expect(onSelect).toHaveBeenCalledWith({ name: 'Aosta', province: 'AO', postcodes: ['11100'], cadastral: 'A326' })
    expect(box.value).toBe('Aosta')
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(box)
    // Enter chose from the list; it did not send the form.
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('shows at most eight options, moves round them with the arrows, and closes with Escape', async () => {
    serveMunicipalities()
    const { box, onSelect } = renderField()
    const user = userEvent.setup()
    await waitFor(() => expect(box.getAttribute('aria-describedby')).toBe('town-hint'))
    await user.type(box, "sant'")
    const options = screen.getAllByRole('option')
    expect(options).toHaveLength(8)
    expect(status()).toContain('8 municipalities match.')
    const activeText = () => document.getElementById(box.getAttribute('aria-activedescendant') ?? '')?.textContent
    await user.keyboard('{ArrowUp}')
    expect(activeText()).toBe(options[7]!.textContent)
    await user.keyboard('{ArrowDown}')
    expect(activeText()).toBe(options[0]!.textContent)
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(activeText()).toBe(options[2]!.textContent)

    await user.keyboard('{Escape}')
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(box.getAttribute('aria-activedescendant')).toBeNull()
    expect(box.value).toBe("sant'")
    // Arrow down opens the list again.
    await user.keyboard('{ArrowDown}')
    expect(box.getAttribute('aria-expanded')).toBe('true')
    expect(onSelect).not.toHaveBeenCalled()
  })

  it('chooses with a pointer', async () => {
    serveMunicipalities()
    const { box, onSelect } = renderField()
    const user = userEvent.setup()
    await waitFor(() => expect(box.getAttribute('aria-describedby')).toBe('town-hint'))
    await user.type(box, 'valtourn')
    await user.click(screen.getByRole('option', { name: 'Valtournenche (AO)' }))
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ name: 'Valtournenche', province: 'AO' }))
    expect(box.value).toBe('Valtournenche')
    expect(screen.queryAllByRole('option')).toEqual([])
  })

  it('says when nothing matches, and leaves the text as typed when the field is left', async () => {
    serveMunicipalities()
    const { box, onSelect } = renderField()
    const user = userEvent.setup()
    await waitFor(() => expect(box.getAttribute('aria-describedby')).toBe('town-hint'))
    await user.type(box, 'Chamonix')
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(status()).toContain('No Italian municipality matches.')
    await user.tab()
    expect(box.value).toBe('Chamonix')
    expect(onSelect).not.toHaveBeenCalled()
  })

  it('takes free text when the list cannot be loaded, says so, and tries again on request', async () => {
    serveMunicipalities(503)
    const { box } = renderField()
    const user = userEvent.setup()
    const note = await screen.findByText(/could not be loaded: type the name in full/)
    expect(box.getAttribute('aria-describedby')).toContain(note.id)
    await user.type(box, 'Aosta')
    expect(box.value).toBe('Aosta')
    expect(screen.queryAllByRole('option')).toEqual([])

    serveMunicipalities()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.queryByText(/could not be loaded/)).toBeNull())
  })
})
