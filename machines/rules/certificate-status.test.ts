import { describe, expect, it } from 'vitest'
import { certificateStatus } from './certificate-status'

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
