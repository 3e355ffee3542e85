import { QueryClient } from '@tanstack/react-query'
import metadata from 'libphonenumber-js/metadata.min.json'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '../../../mocks/node'
import '../../../tests/setup/mock-backend'
import { phoneRulesQuery } from './phone-rules'

describe('phoneRulesQuery', () => {
  it('loads the numbering plans from the static JSON file, not from the code', async () => {
    let asked = ''
    server.use(
      http.get(/metadata\.min\.json$/, ({ request }) => {
        asked = new URL(request.url).pathname
        return HttpResponse.json(metadata)
      }),
    )
    const rules = await new QueryClient().fetchQuery(phoneRulesQuery)
    expect(asked).toMatch(/\/libphonenumber-js\/metadata\.min\.json$/)
    expect(rules.check('+39 347 118 2290')).toEqual({ ok: true, e164: '+393471182290' })
  })

  it('refuses a file that is not numbering plans', async () => {
    server.use(http.get(/metadata\.min\.json$/, () => HttpResponse.json({ version: 4 })))
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    await expect(client.fetchQuery(phoneRulesQuery)).rejects.toMatchObject({ error: { kind: 'contract' } })
  })
})
