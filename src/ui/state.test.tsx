import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiRequestError } from '../lib/api-request-error'
import { activateLocale, i18n } from '../lib/i18n'
import { QueryErrorState, type Read } from './state'

beforeAll(async () => {
  await activateLocale('en')
})
afterEach(cleanup)

const read = (error: unknown = null): Read => ({ isError: error !== null, error, refetch: vi.fn(async () => {}) })

const renderState = (query: Read | readonly Read[]) =>
  render(
    <I18nProvider i18n={i18n}>
      <QueryErrorState query={query} />
    </I18nProvider>,
  )

describe('QueryErrorState', () => {
  it('says what went wrong with a failed read, and Try again reads it again', async () => {
    const failed = read(new ApiRequestError({ kind: 'network', operation: 'races.list' }))
    renderState(failed)
    expect(screen.getByRole('alert').textContent).toContain('We could not reach the server.')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(failed.refetch).toHaveBeenCalledTimes(1)
  })

  it('of several reads, shows the first failure and reads again only the failed ones', async () => {
    const fine = read()
    const down = read(new ApiRequestError({ kind: 'http', operation: 'races.get', status: 503, code: null, body: null }))
    const odd = read(new TypeError('x is undefined'))
    renderState([fine, down, odd])
    expect(screen.getByRole('alert').textContent).toContain('The service is not answering right now.')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(fine.refetch).not.toHaveBeenCalled()
    expect(down.refetch).toHaveBeenCalledTimes(1)
    expect(odd.refetch).toHaveBeenCalledTimes(1)
  })

  it('answers for a failure that is not the API client’s, naming the page and not the server', () => {
    renderState(read(new TypeError('x is undefined')))
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong in this page, not on the server.')
  })
})
