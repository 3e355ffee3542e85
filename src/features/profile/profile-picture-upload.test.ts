import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import * as auth from '../../../contracts/auth.contract'
import { MAX_PICTURE_BYTES } from '../../../contracts/files.contract'
import { server, TEST_API_BASE } from '../../../mocks/node'
import { PERSONAS } from '../../../mocks/seed'
import '../../../tests/setup/mock-backend'
import { callApi } from '../../lib/api-client'
import { configureApiClient } from '../../lib/api-config'
import { athleteQueries } from '../../lib/athlete-queries'
import { checkPicture, pictureFromAnswer, pictureMutations } from './profile-picture-upload'

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const JPEG = [0xff, 0xd8, 0xff, 0xe0]
const WEBP = [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]

const fileOf = (head: number[], size = 64, name = 'me.png') => {
  const bytes = new Uint8Array(size)
  bytes.set(head)
  return new File([bytes], name, { type: 'image/png' })
}

describe('checkPicture', () => {
  it('takes PNG, JPEG and WebP by their content', async () => {
    for (const head of [PNG, JPEG, WEBP]) expect(await checkPicture(fileOf(head))).toBeNull()
  })

  it('refuses what is not an image, whatever its name and type say', async () => {
    expect(await checkPicture(new File(['just some text'], 'me.png', { type: 'image/png' }))).toBe('not_an_image')
    expect(await checkPicture(fileOf(PDF, 64, 'me.jpg'))).toBe('not_an_image')
    expect(await checkPicture(new File([], 'empty.png'))).toBe('not_an_image')
  })

  it('takes a picture of up to MAX_PICTURE_BYTES, not one byte more', async () => {
    expect(await checkPicture(fileOf(PNG, MAX_PICTURE_BYTES))).toBeNull()
    expect(await checkPicture(fileOf(PNG, MAX_PICTURE_BYTES + 1))).toBe('too_large')
  })
})

describe('pictureFromAnswer', () => {
  const item = (n: number) => ({ file_url: `https://files.example.org/${String(n)}.png`, file_name: `${String(n)}.png` })

  it('applies an answer of exactly one item', () => {
    expect(pictureFromAnswer([item(1)])).toEqual(item(1))
  })

  it('applies nothing from an empty answer or one of two items', () => {
    expect(pictureFromAnswer([])).toBeNull()
    expect(pictureFromAnswer([item(1), item(2)])).toBeNull()
  })
})

describe('pictureMutations.upload', () => {
  const completo = PERSONAS.find((p) => p.key === 'completo')!
  let queryClient: QueryClient

  beforeEach(async () => {
    const signedIn = await callApi(auth.token, { body: { grant_type: 'password', username: completo.mail, password: completo.password } })
    if (!signedIn.ok) throw new Error('sign-in failed')
    configureApiClient({ getToken: () => signedIn.data.access_token })
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    await queryClient.fetchQuery(athleteQueries.me())
  })
  afterEach(() => configureApiClient({ getToken: () => null }))

  const cachedPicture = () => queryClient.getQueryData(athleteQueries.me().queryKey)?.profilo[0]?.file_name ?? null
  const upload = () =>
    new MutationObserver(queryClient, pictureMutations.upload()).mutate({ athleteId: completo.athleteId, file: fileOf(PNG, 64, 'summit.png') })

  it('sends the picture for the athlete and puts the answer in the cached profile', async () => {
    expect(cachedPicture()).toBeNull()
    await upload()
    expect(cachedPicture()).toBe('summit.png')
    expect(queryClient.getQueryState(athleteQueries.me().queryKey)?.isInvalidated).toBe(true)
  })

  it('leaves the cached picture alone when the answer does not hold exactly one item, and marks the profile to read again', async () => {
    server.use(
      http.post(`${TEST_API_BASE}/api/v1/app/file`, () =>
        HttpResponse.json([
          { file_url: 'https://files.example.org/a.png', file_name: 'a.png' },
          { file_url: 'https://files.example.org/b.png', file_name: 'b.png' },
        ]),
      ),
    )
    await upload()
    expect(cachedPicture()).toBeNull()
    // Screens showing the profile read it again at once (an invalidated query with observers refetches).
    expect(queryClient.getQueryState(athleteQueries.me().queryKey)?.isInvalidated).toBe(true)
  })
})
