import { describe, expect, it } from 'vitest'
import { enrolmentGate } from '../enrolment/eligibility'
import { OPEN_RACE } from '../enrolment/test-fixtures'
import { makeProfile } from '../session/test-harness'
import { certificateStatus, renewalStatus } from './certificate-status'
import { awaitedState, uploadEffect } from './certificate-upload'

const TODAY = '2026-03-02'

describe('certificate status', () => {
  it('is none when nothing was uploaded', () => {
    expect(certificateStatus({}, TODAY)).toEqual({ state: 'none', expiresOn: null })
    expect(
      certificateStatus(
        { certificato_medico_file: null, scadenza_certificato: null, validazione_certificato: null, certificato_valido: null },
        TODAY,
      ),
    ).toEqual({ state: 'none', expiresOn: null })
  })

  it('is in revision while the backend has not reviewed the upload', () => {
    const fields = { certificato_medico_file: 'c.pdf', scadenza_certificato: '2027-01-15', validazione_certificato: 'in_revisione' as const }
    expect(certificateStatus(fields, TODAY)).toEqual({ state: 'in_revision', expiresOn: '2027-01-15' })
  })

  it('is in revision when a file is there but no review was recorded yet', () => {
    expect(certificateStatus({ certificato_medico_file: 'c.pdf', scadenza_certificato: '2027-01-15' }, TODAY).state).toBe('in_revision')
  })

  it('is valid until its expiry, the expiry day included', () => {
    const fields = { certificato_medico_file: 'c.pdf', scadenza_certificato: '2026-03-02', validazione_certificato: 'valido' as const, certificato_valido: true }
    expect(certificateStatus(fields, TODAY)).toEqual({ state: 'valid', expiresOn: '2026-03-02' })
  })

  it('reads the valid flag when the review state is missing', () => {
    expect(certificateStatus({ certificato_medico_file: 'c.pdf', scadenza_certificato: '2026-12-01', certificato_valido: true }, TODAY).state).toBe('valid')
  })

  it('is expired the day after its expiry, even when the backend still says valid', () => {
    const fields = { certificato_medico_file: 'c.pdf', scadenza_certificato: '2026-03-01', validazione_certificato: 'valido' as const, certificato_valido: true }
    expect(certificateStatus(fields, TODAY)).toEqual({ state: 'expired', expiresOn: '2026-03-01' })
  })

  it('is expired when the expiry passed while it was still in revision', () => {
    expect(
      certificateStatus({ certificato_medico_file: 'c.pdf', scadenza_certificato: '2026-02-14', validazione_certificato: 'in_revisione' }, TODAY).state,
    ).toBe('expired')
  })

  it('is not valid when the review rejected it, whatever the expiry', () => {
    expect(
      certificateStatus({ certificato_medico_file: 'c.pdf', scadenza_certificato: '2027-01-01', validazione_certificato: 'non_valido' }, TODAY).state,
    ).toBe('not_valid')
    expect(
      certificateStatus({ certificato_medico_file: 'c.pdf', scadenza_certificato: '2025-01-01', validazione_certificato: 'non_valido' }, TODAY).state,
    ).toBe('not_valid')
  })
})

describe('a renewal beside a valid certificate (decision 029)', () => {
  const valid = { certificato_medico_file: 'c.pdf', scadenza_certificato: '2026-06-30', validazione_certificato: 'valido' as const, certificato_valido: true }
  const renewal = (validazione_certificato: 'in_revisione' | 'non_valido', scadenza_certificato = '2027-06-30') => ({
    certificato_rinnovo: { certificato_medico_file: 'r.pdf', scadenza_certificato, validazione_certificato },
  })

  it('is unknown when the backend does not send the field, none when it sends null', () => {
    expect(renewalStatus(valid, TODAY)).toBeUndefined()
    expect(renewalStatus({ ...valid, certificato_rinnovo: null }, TODAY)).toBeNull()
  })

  it('is in review or not valid, with its own expiry; one past its expiry is none', () => {
    expect(renewalStatus({ ...valid, ...renewal('in_revisione') }, TODAY)).toEqual({ state: 'in_revision', expiresOn: '2027-06-30' })
    expect(renewalStatus({ ...valid, ...renewal('non_valido') }, TODAY)).toEqual({ state: 'not_valid', expiresOn: '2027-06-30' })
    expect(renewalStatus({ ...valid, ...renewal('in_revisione', '2026-03-01') }, TODAY)).toBeNull()
  })

  it('leaves the valid certificate valid, and is what the page waits on while in review', () => {
    expect(certificateStatus({ ...valid, ...renewal('in_revisione') }, TODAY)).toEqual({ state: 'valid', expiresOn: '2026-06-30' })
    expect(awaitedState({ ...valid, ...renewal('in_revisione') }, TODAY)).toBe('in_revision')
    expect(awaitedState({ ...valid, ...renewal('non_valido') }, TODAY)).toBe('valid')
    expect(awaitedState({ ...valid, certificato_rinnovo: null }, TODAY)).toBe('valid')
  })
})

describe('what an upload does, said before it', () => {
  const valid = { certificato_medico_file: 'c.pdf', scadenza_certificato: '2026-06-30', validazione_certificato: 'valido' as const, certificato_valido: true }

  it('takes nothing away when no certificate is valid', () => {
    expect(uploadEffect({}, TODAY)).toEqual({ kind: 'first' })
    expect(uploadEffect({ ...valid, scadenza_certificato: '2026-03-01' }, TODAY)).toEqual({ kind: 'first' })
    expect(uploadEffect({ ...valid, validazione_certificato: 'in_revisione', certificato_valido: false }, TODAY)).toEqual({ kind: 'first' })
  })

  it('is a renewal beside the valid one when the backend carries renewals', () => {
    expect(uploadEffect({ ...valid, certificato_rinnovo: null }, TODAY)).toEqual({ kind: 'renewal', validUntil: '2026-06-30' })
  })

  it('replaces the valid one on a backend with one certificate, offering a later day a week before its expiry', () => {
    expect(uploadEffect(valid, TODAY)).toEqual({ kind: 'replaces', validUntil: '2026-06-30', waitUntil: '2026-06-23' })
    // Across a month's end.
    expect(uploadEffect({ ...valid, scadenza_certificato: '2026-04-03' }, TODAY)).toEqual({
      kind: 'replaces', validUntil: '2026-04-03', waitUntil: '2026-03-27',
    })
  })

  it('offers no later day once that day has come', () => {
    expect(uploadEffect({ ...valid, scadenza_certificato: '2026-03-09' }, TODAY)).toEqual({ kind: 'replaces', validUntil: '2026-03-09', waitUntil: null })
    expect(uploadEffect({ ...valid, scadenza_certificato: '2026-03-05' }, TODAY)).toEqual({ kind: 'replaces', validUntil: '2026-03-05', waitUntil: null })
  })
})

describe('the enrolment gate with a renewal (decision 029)', () => {
  const race = OPEN_RACE
  const refusals = (certificate: object) =>
    enrolmentGate({
      race,
      athlete: { profile: makeProfile({ data_nascita: '1990-05-04', ...certificate }), subscription: null },
      now: Date.parse('2026-03-02T08:00:00Z'),
      today: TODAY,
    }).refusals
  const valid = (scadenza_certificato: string) => ({
    certificato_medico_file: 'c.pdf', scadenza_certificato, validazione_certificato: 'valido' as const, certificato_valido: true,
  })
  const inReview = (scadenza_certificato: string) => ({
    certificato_rinnovo: { certificato_medico_file: 'r.pdf', scadenza_certificato, validazione_certificato: 'in_revisione' as const },
  })

  it('counts the valid certificate while the renewal is in review', () => {
    expect(refusals({ ...valid('2026-12-31'), ...inReview('2027-12-31') })).toEqual([])
  })

  it('names the renewal in review when only it would cover race day', () => {
    expect(refusals({ ...valid('2026-06-30'), ...inReview('2027-06-30') })).toEqual([
      { code: 'certificate_expires_before_race', expiresOn: '2026-06-30', renewalInReview: true },
    ])
  })

  it('does not name a renewal that would not cover race day either, nor a rejected one', () => {
    expect(refusals({ ...valid('2026-06-30'), ...inReview('2026-07-01') })).toEqual([
      { code: 'certificate_expires_before_race', expiresOn: '2026-06-30' },
    ])
    const rejected = { certificato_rinnovo: { certificato_medico_file: 'r.pdf', scadenza_certificato: '2027-06-30', validazione_certificato: 'non_valido' as const } }
    expect(refusals({ ...valid('2026-06-30'), ...rejected })).toEqual([{ code: 'certificate_expires_before_race', expiresOn: '2026-06-30' }])
  })

  it('names the renewal, and the expiry as past, once the valid certificate has expired while it is reviewed', () => {
    expect(refusals({ ...valid('2026-03-01'), ...inReview('2027-03-01') })).toEqual([
      { code: 'certificate_expires_before_race', expiresOn: '2026-03-01', expired: true, renewalInReview: true },
    ])
  })
})
