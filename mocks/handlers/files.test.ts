import { afterEach, describe, expect, it } from 'vitest'
import * as athlete from '../../contracts/athlete.contract'
import * as auth from '../../contracts/auth.contract'
import * as files from '../../contracts/files.contract'
import { callApi } from '../../src/lib/api-client'
import { configureApiClient } from '../../src/lib/api-config'
import '../../tests/setup/mock-backend'
import { db } from '../db'
import { TEST_API_BASE } from '../node'
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

describe('files.uploadPicture: names', () => {
  it('keeps a safe base name of the picture, not the path or markup it was given', async () => {
    const result = await upload(fileOf(64, PNG_SIGNATURE, '../../<img src=x onerror=alert(1)>.png'))
    expect(result.ok && result.data[0]!.file_name).toBe('img src=x onerror=alert(1).png')
    expect(picture().file_name).toBe('img src=x onerror=alert(1).png')
  })
})

describe('the certificate upload (files.requestUpload, then files.putSigned)', () => {
  const PDF_HEAD = [...new TextEncoder().encode('%PDF-1.7\n')]
  const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0]
  const bytesOf = (size: number, head: number[]) => {
    const bytes = new Uint8Array(new ArrayBuffer(size))
    bytes.set(head)
    return bytes
  }

  async function signIn() {
    const signedIn = await callApi(auth.token, { body: { grant_type: 'password', username: completo.mail, password: completo.password } })
    if (!signedIn.ok) throw new Error('sign-in failed')
    configureApiClient({ getToken: () => signedIn.data.access_token })
    return signedIn.data.access_token
  }

  async function announce(announced: { size: number; content_type: string; originalname?: string }) {
    await signIn()
    return callApi(files.requestUpload, {
      body: {
        d: completo.athleteId,
        type: 'contact',
        tags: ['CM'],
        extension: 'pdf',
        originalname: 'certificato.pdf',
        ...announced,
      },
    })
  }

  async function signedUrlFor(announced: { size: number; content_type: string; originalname?: string }) {
    const answer = await announce(announced)
    if (!answer.ok) throw new Error(`no signed URL: ${JSON.stringify(answer.error)}`)
    return answer.data.signedurl
  }

  const put = (signedurl: string, content: Uint8Array<ArrayBuffer>, type: string) =>
    callApi(files.putSigned, { params: { signedurl }, body: new Blob([content], { type }) })
  const failure = (result: { ok: boolean; error?: unknown }) => (result.ok ? 'accepted' : result.error)
  const storedFile = () => db.files.findMany((q) => q.where({ athlete_id: completo.athleteId })).at(-1)!

  it('announces only a PDF, JPEG or PNG: text/html is refused with 415 wrong_type, and no signed URL is made', async () => {
    for (const content_type of ['text/html', 'image/svg+xml', 'application/octet-stream', 'image/webp']) {
      expect(failure(await announce({ size: 100, content_type })), content_type).toMatchObject({ kind: 'http', status: 415, code: 'wrong_type' })
    }
    expect(db.files.findMany((q) => q.where({ athlete_id: completo.athleteId }))).toEqual([])
    for (const content_type of ['application/pdf', 'image/jpeg', 'image/png', 'Application/PDF']) {
      expect((await announce({ size: 100, content_type })).ok, content_type).toBe(true)
    }
  })

  it('refuses an announcement over MAX_UPLOAD_BYTES with the declared 413 file_too_large (not a 400)', async () => {
    expect(failure(await announce({ size: files.MAX_UPLOAD_BYTES + 1, content_type: 'application/pdf' }))).toMatchObject({
      kind: 'http',
      status: 413,
      code: 'file_too_large',
    })
    expect((await announce({ size: files.MAX_UPLOAD_BYTES, content_type: 'application/pdf' })).ok).toBe(true)
  })

  it('takes the content announced: its size, its type, starting with the magic number of that type', async () => {
    const signedurl = await signedUrlFor({ size: 2_000, content_type: 'image/jpeg', originalname: 'scan.jpg' })
    expect((await put(signedurl, bytesOf(2_000, JPEG_HEAD), 'image/jpeg')).ok).toBe(true)
    expect(storedFile()).toMatchObject({ uploaded: true, content_type: 'image/jpeg', size: 2_000, originalname: 'scan.jpg' })
  })

  it('refuses content whose first bytes are not the announced type (HTML sent as a PDF) with 415 wrong_type', async () => {
    const html = bytesOf(38, [...new TextEncoder().encode('<html><script>alert(1)</script></html>')])
    const signedurl = await signedUrlFor({ size: html.byteLength, content_type: 'application/pdf' })
    expect(failure(await put(signedurl, html, 'application/pdf'))).toMatchObject({ kind: 'http', status: 415, code: 'wrong_type' })
    // A JPEG announced as a PDF is not a PDF either.
    const jpeg = await signedUrlFor({ size: 500, content_type: 'application/pdf' })
    expect(failure(await put(jpeg, bytesOf(500, JPEG_HEAD), 'application/pdf'))).toMatchObject({ status: 415, code: 'wrong_type' })
    expect(storedFile().uploaded).toBe(false)
  })

  it('refuses a PUT with another type than announced, even a valid one, with 415 wrong_type', async () => {
    const signedurl = await signedUrlFor({ size: 500, content_type: 'application/pdf' })
    expect(failure(await put(signedurl, bytesOf(500, JPEG_HEAD), 'image/jpeg'))).toMatchObject({ status: 415, code: 'wrong_type' })
    expect(failure(await put(signedurl, bytesOf(500, PDF_HEAD), 'text/html'))).toMatchObject({ status: 415, code: 'wrong_type' })
    // The URL was not used up by the refusals: the content announced still goes.
    expect((await put(signedurl, bytesOf(500, PDF_HEAD), 'application/pdf')).ok).toBe(true)
  })

  it('refuses a PUT of another size than announced with 400 size_mismatch, larger or smaller', async () => {
    const signedurl = await signedUrlFor({ size: 1_000, content_type: 'application/pdf' })
    expect(failure(await put(signedurl, bytesOf(1_001, PDF_HEAD), 'application/pdf'))).toMatchObject({ status: 400, code: 'size_mismatch' })
    expect(failure(await put(signedurl, bytesOf(999, PDF_HEAD), 'application/pdf'))).toMatchObject({ status: 400, code: 'size_mismatch' })
    expect(storedFile().uploaded).toBe(false)
  })

  it('refuses a PUT over MAX_UPLOAD_BYTES with 413 file_too_large', async () => {
    const signedurl = await signedUrlFor({ size: 1_000, content_type: 'application/pdf' })
    const huge = bytesOf(files.MAX_UPLOAD_BYTES + 1, PDF_HEAD)
    expect(failure(await put(signedurl, huge, 'application/pdf'))).toMatchObject({ status: 413, code: 'file_too_large' })
  })

  it.each([
    ['../../<svg onload=alert(1)>.pdf', 'svg onload=alert(1).pdf'],
    ['C:\\Users\\chiara\\certificato.PDF', 'certificato.PDF'],
    ['cert\u0000ificato\u202Efdp.exe', 'certificatofdp.pdf'],
    ['scan', 'scan.pdf'],
    ['....', 'file.pdf'],
  ])('keeps %j as the safe base name %j', async (given, kept) => {
    await signedUrlFor({ size: 10, content_type: 'application/pdf', originalname: given })
    expect(storedFile().originalname).toBe(kept)
  })

  it('shortens a long name to MAX_FILE_NAME_LENGTH characters, keeping its extension', async () => {
    await signedUrlFor({ size: 10, content_type: 'application/pdf', originalname: `${'certificato-'.repeat(80)}.pdf` })
    const { originalname } = storedFile()
    expect(originalname).toHaveLength(files.MAX_FILE_NAME_LENGTH)
    expect(originalname).toMatch(/^certificato-.*\.pdf$/)
  })

  it('refuses a name longer than any file system gives (MAX_GIVEN_FILE_NAME_LENGTH) as a bad request', async () => {
    // Sent as a hostile client would: the portal's client refuses to send it at all.
    const answer = await fetch(`${TEST_API_BASE}/api/v1/app/big_file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await signIn()}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        d: completo.athleteId,
        type: 'contact',
        tags: ['CM'],
        size: 10,
        content_type: 'application/pdf',
        extension: 'pdf',
        originalname: `${'x'.repeat(100_000)}.pdf`,
      }),
    })
    expect(answer.status).toBe(400)
    expect(db.files.findMany((q) => q.where({ athlete_id: completo.athleteId }))).toEqual([])
  })
})
