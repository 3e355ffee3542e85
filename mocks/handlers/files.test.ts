import { afterEach, describe, expect, it } from 'vitest'
import * as athlete from '../../contracts/athlete.contract'
import * as auth from '../../contracts/auth.contract'
import * as files from '../../contracts/files.contract'
import { callApi } from '../../src/lib/api-client'
import { configureApiClient } from '../../src/lib/api-config'
import '../../tests/setup/mock-backend'
import { db } from '../db'
import { PERSONAS } from '../seed'

const completo = PERSONAS.find((p) => p.key === 'completo')!
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** A file of `size` bytes that starts like `head`. */
const fileOf = (size: number, head: number[], name: string) => {
  const bytes = new Uint8Array(size)
  bytes.set(head)
  return new File([bytes], name, { type: 'image/png' })
}

async function upload(file: File) {
  const signedIn = await callApi(auth.token, { body: { grant_type: 'password', username: completo.mail, password: completo.password } })
  if (!signedIn.ok) throw new Error('sign-in failed')
  configureApiClient({ getToken: () => signedIn.data.access_token })
  return callApi(files.uploadPicture, { query: { d: completo.athleteId, type: 'contact', thumbnail: 'true' }, body: { file } })
}

const picture = () => db.athletes.findFirst((q) => q.where({ id: completo.athleteId }))!

afterEach(() => configureApiClient({ getToken: () => null }))

describe('files.uploadPicture', () => {
  it('takes a picture of up to MAX_PICTURE_BYTES and answers one item', async () => {
    const result = await upload(fileOf(files.MAX_PICTURE_BYTES, PNG_SIGNATURE, 'me.png'))
    expect(result.ok && result.data).toEqual([{ file_url: expect.stringContaining('/mock-storage/pictures/2/me.png'), file_name: 'me.png' }])
    expect(picture().file_name).toBe('me.png')
    const me = await callApi(athlete.me, {})
    expect(me.ok && me.data.profilo[0]!.file_name).toBe('me.png')
  })

  it('refuses a picture one byte over the limit with 413 file_too_large, changing nothing', async () => {
    const result = await upload(fileOf(files.MAX_PICTURE_BYTES + 1, PNG_SIGNATURE, 'big.png'))
    expect(result.ok ? 'accepted' : result.error).toMatchObject({ kind: 'http', status: 413, code: 'file_too_large' })
    expect(picture().file_name).toBeNull()
  })

  it('refuses content that is not an image, whatever its name, with 415 not_an_image', async () => {
    const text = new File(['not a picture'], 'me.png', { type: 'image/png' })
    const result = await upload(text)
    expect(result.ok ? 'accepted' : result.error).toMatchObject({ kind: 'http', status: 415, code: 'not_an_image' })
  })
})
