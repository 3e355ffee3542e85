import { afterEach, describe, expect, it } from 'vitest'
import * as athlete from '../../contracts/athlete.contract'
import * as auth from '../../contracts/auth.contract'
import * as certificate from '../../contracts/certificate.contract'
import * as files from '../../contracts/files.contract'
import { certificatePatch } from '../../machines/certificate/certificate.machine'
import { callApi } from '../../src/lib/api-client'
import { configureApiClient } from '../../src/lib/api-config'
import '../../tests/setup/mock-backend'
import { db } from '../db'
import { createDataControls } from '../controls'
import { controls } from '../node'
import { PERSONAS } from '../seed'
import { holdsValidCertificate, isRejectedCertificateName } from './certificate'

const completo = PERSONAS.find((p) => p.key === 'completo')!
const scaduto = PERSONAS.find((p) => p.key === 'scaduto')!
const { reviewCertificate } = createDataControls(() => {}, () => controls.now())
const PDF = new TextEncoder().encode('%PDF-1.4\n% a medical certificate\n%%EOF\n')

/** Uploads a certificate named `name` as the athlete would, and answers the profile's certificate fields then. */
async function uploadAs(name: string, who = completo, expiry = '2027-03-01') {
  const signedIn = await callApi(auth.token, { body: { grant_type: 'password', username: who.mail, password: who.password } })
  if (!signedIn.ok) throw new Error('sign-in failed')
  configureApiClient({ getToken: () => signedIn.data.access_token })
  const before = await callApi(athlete.me, {})
  if (!before.ok) throw new Error('profile not read')
  const fieldId = before.data.profilo[0]!.certificato_medico_id!
  const announced = await callApi(files.requestUpload, {
    body: { d: who.athleteId, type: 'contact', tags: ['CM'], size: PDF.byteLength, content_type: 'application/pdf', extension: 'pdf', originalname: name },
  })
  if (!announced.ok) throw new Error('no signed URL')
  const put = await callApi(files.putSigned, { params: { signedurl: announced.data.signedurl }, body: new Blob([PDF], { type: 'application/pdf' }) })
  if (!put.ok) throw new Error('upload failed')
  const saved = await callApi(certificate.save, { params: { id: fieldId }, body: certificatePatch(fieldId, expiry) })
  if (!saved.ok) throw new Error('save failed')
  return profileCertificate()
}

async function profileCertificate() {
  const after = await callApi(athlete.me, {})
  if (!after.ok) throw new Error('profile not read')
  const { certificato_medico_file, scadenza_certificato, validazione_certificato, certificato_valido, certificato_rinnovo } = after.data.profilo[0]!
  return { certificato_medico_file, scadenza_certificato, validazione_certificato, certificato_valido, certificato_rinnovo }
}

afterEach(() => configureApiClient({ getToken: () => null }))

describe('the rejected-certificate sentinel', () => {
  it('is a file named like rejected, in any case, with any extension or none', () => {
    for (const name of ['rejected.pdf', 'rejected.jpg', 'REJECTED.png', 'Rejected.Jpeg', 'rejected']) {
      expect(isRejectedCertificateName(name), name).toBe(true)
    }
  })

  it('is not a name that only contains the word, or has it before a second dot', () => {
    for (const name of ['certificato.pdf', 'not-rejected.pdf', 'rejected-scan.pdf', 'rejected.pdf.png', 'rejected.', '.rejected']) {
      expect(isRejectedCertificateName(name), name).toBe(false)
    }
  })

  it('has a certificate saved under such a name reviewed as not valid at once, any other left in revision', async () => {
    expect((await uploadAs('REJECTED.png', scaduto)).validazione_certificato).toBe('non_valido')
    expect((await uploadAs('certificato.pdf', scaduto)).validazione_certificato).toBe('in_revisione')
    // Beside a valid certificate, it is the renewal that is reviewed so (decision 029).
    expect((await uploadAs('REJECTED.png')).certificato_rinnovo?.validazione_certificato).toBe('non_valido')
    expect((await uploadAs('certificato.pdf')).certificato_rinnovo?.validazione_certificato).toBe('in_revisione')
  })
})

describe('certificate.save: the expiry date', () => {
  /** Signs in, uploads a certificate and answers what saving it with `expiry` gets, the profile after it. */
  async function saveWith(expiry: string) {
    const signedIn = await callApi(auth.token, { body: { grant_type: 'password', username: completo.mail, password: completo.password } })
    if (!signedIn.ok) throw new Error('sign-in failed')
    configureApiClient({ getToken: () => signedIn.data.access_token })
    const fieldId = db.athletes.findFirst((q) => q.where({ id: completo.athleteId }))!.certificato_medico_id!
    const announced = await callApi(files.requestUpload, {
      body: { d: completo.athleteId, type: 'contact', tags: ['CM'], size: PDF.byteLength, content_type: 'application/pdf', extension: 'pdf', originalname: 'nuovo.pdf' },
    })
    if (!announced.ok) throw new Error('no signed URL')
    const put = await callApi(files.putSigned, { params: { signedurl: announced.data.signedurl }, body: new Blob([PDF], { type: 'application/pdf' }) })
    if (!put.ok) throw new Error('upload failed')
    const saved = await callApi(certificate.save, { params: { id: fieldId }, body: certificatePatch(fieldId, expiry) })
    return { saved, athlete: db.athletes.findFirst((q) => q.where({ id: completo.athleteId }))! }
  }

  it('refuses an expiry in the past with 422 in_past, leaving the certificate on file as it was', async () => {
    const before = db.athletes.findFirst((q) => q.where({ id: completo.athleteId }))!
    const { saved, athlete } = await saveWith('2020-01-01')
    expect(saved.ok ? 'saved' : saved.error).toMatchObject({ kind: 'http', status: 422, code: 'in_past' })
    expect(athlete).toMatchObject({
      scadenza_certificato: before.scadenza_certificato,
      certificato_medico_file: before.certificato_medico_file,
      validazione_certificato: before.validazione_certificato,
    })
  })

  it("judges the past by the mock clock's day in Rome: just after midnight, yesterday (still today in UTC) is past", async () => {
    // 00:30 on 3 March in Rome is 23:30 on 2 March in UTC.
    controls.setNow('2026-03-02T23:30:00Z')
    expect((await saveWith('2026-03-02')).saved).toMatchObject({ ok: false, error: { status: 422, code: 'in_past' } })
    expect((await saveWith('2026-03-03')).saved.ok).toBe(true)
  })

  it('refuses a body about another custom field than the path names', async () => {
    const signedIn = await callApi(auth.token, { body: { grant_type: 'password', username: completo.mail, password: completo.password } })
    if (!signedIn.ok) throw new Error('sign-in failed')
    configureApiClient({ getToken: () => signedIn.data.access_token })
    const fieldId = db.athletes.findFirst((q) => q.where({ id: completo.athleteId }))!.certificato_medico_id!
    const patch = certificatePatch(fieldId, '2027-03-01')
    const saved = await callApi(certificate.save, { params: { id: fieldId }, body: { data: { ...patch.data, id: '1' } } })
    expect(saved.ok ? 'saved' : saved.error).toMatchObject({ status: 404, code: 'unknown_custom_field' })
  })
})

describe('a renewal beside a valid certificate (decision 029)', () => {
  it('is in review beside the valid one, which stays as it was', async () => {
    const before = await profileAs(completo)
    expect(before.validazione_certificato).toBe('valido')
    expect(await uploadAs('rinnovo.pdf', completo, '2027-06-30')).toEqual({
      ...before,
      certificato_rinnovo: { certificato_medico_file: 'rinnovo.pdf', scadenza_certificato: '2027-06-30', validazione_certificato: 'in_revisione' },
    })
  })

  it('replaces the valid one once staff accept it', async () => {
    await uploadAs('rinnovo.pdf', completo, '2027-06-30')
    await reviewCertificate(completo.athleteId, 'valido')
    expect(await profileCertificate()).toEqual({
      certificato_medico_file: 'rinnovo.pdf',
      scadenza_certificato: '2027-06-30',
      validazione_certificato: 'valido',
      certificato_valido: true,
      certificato_rinnovo: null,
    })
  })

  it('rejected, is kept beside the valid one as not valid, and the valid one counts on; another upload replaces it', async () => {
    const before = await profileAs(completo)
    await uploadAs('rinnovo.pdf', completo, '2027-06-30')
    await reviewCertificate(completo.athleteId, 'non_valido')
    const rejected = { certificato_medico_file: 'rinnovo.pdf', scadenza_certificato: '2027-06-30', validazione_certificato: 'non_valido' }
    expect(await profileCertificate()).toEqual({ ...before, certificato_rinnovo: rejected })
    expect((await uploadAs('rinnovo-2.pdf', completo, '2027-07-31')).certificato_rinnovo).toEqual({
      certificato_medico_file: 'rinnovo-2.pdf', scadenza_certificato: '2027-07-31', validazione_certificato: 'in_revisione',
    })
  })

  it('is no renewal when no certificate is valid: an expired one is replaced, in revision, with no renewal', async () => {
    expect(await uploadAs('nuovo.pdf', scaduto, '2027-06-30')).toEqual({
      certificato_medico_file: 'nuovo.pdf',
      scadenza_certificato: '2027-06-30',
      validazione_certificato: 'in_revisione',
      certificato_valido: false,
      certificato_rinnovo: null,
    })
  })
})

describe('holdsValidCertificate', () => {
  const valid = { certificato_medico_file: 'c.pdf', scadenza_certificato: '2026-03-02', validazione_certificato: 'valido' as const, certificato_valido: true }
  it('is an accepted certificate up to its expiry day, included', () => {
    expect(holdsValidCertificate(valid, '2026-03-02')).toBe(true)
    expect(holdsValidCertificate(valid, '2026-03-03')).toBe(false)
    expect(holdsValidCertificate({ ...valid, validazione_certificato: null }, '2026-03-02')).toBe(true)
    expect(holdsValidCertificate({ ...valid, validazione_certificato: 'in_revisione', certificato_valido: false }, '2026-03-02')).toBe(false)
    expect(holdsValidCertificate({ ...valid, certificato_medico_file: null }, '2026-03-02')).toBe(false)
  })
})

/** The athlete's certificate fields, read as they are signed in. */
async function profileAs(who: typeof completo) {
  const signedIn = await callApi(auth.token, { body: { grant_type: 'password', username: who.mail, password: who.password } })
  if (!signedIn.ok) throw new Error('sign-in failed')
  configureApiClient({ getToken: () => signedIn.data.access_token })
  return profileCertificate()
}
