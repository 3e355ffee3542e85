import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { certificateStatus, renewalStatus } from '../../../machines/rules/certificate-status'
import { uploadEffect } from '../../../machines/rules/certificate-upload'
import { activateLocale, i18n } from '../../lib/i18n'
import { RefusalWords } from '../../ui/gate-refusal'
import { StatusCard, UploadEffectNote } from './certificate-page'

beforeAll(async () => {
  await activateLocale('en')
})
afterEach(cleanup)

const TODAY = '2026-03-02'
const valid = { certificato_medico_file: 'c.pdf', scadenza_certificato: '2026-11-02', validazione_certificato: 'valido' as const, certificato_valido: true }
const renewal = (validazione_certificato: 'in_revisione' | 'non_valido') => ({
  certificato_rinnovo: { certificato_medico_file: 'r.pdf', scadenza_certificato: '2027-03-01', validazione_certificato },
})

const note = (fields: Parameters<typeof uploadEffect>[0]) =>
  render(
    <I18nProvider i18n={i18n}>
      <UploadEffectNote effect={uploadEffect(fields, TODAY)} />
    </I18nProvider>,
  )

const card = (fields: Parameters<typeof uploadEffect>[0]) =>
  render(
    <I18nProvider i18n={i18n}>
      <StatusCard status={certificateStatus(fields, TODAY)} renewal={renewalStatus(fields, TODAY) ?? null} />
    </I18nProvider>,
  )

describe('before a renewal is uploaded (decision 029)', () => {
  it('says the valid certificate stays valid until the new one is accepted, on a backend that carries renewals', () => {
    note({ ...valid, certificato_rinnovo: null })
    expect(screen.getByRole('note').textContent).toBe(
      'Your current certificate stays valid until 2 Nov 2026. The new one will be reviewed by staff and replaces it once accepted.',
    )
  })

  it('warns that the upload replaces the valid one and enrolment waits, and offers a later day, on a backend with one certificate', () => {
    note(valid)
    expect(screen.getByRole('note').textContent).toBe(
      'Uploading replaces your current certificate, valid until 2 Nov 2026: the new one stays in review until staff decide, and you cannot enrol in races meanwhile.' +
        'To stay covered, wait until nearer 26 Oct 2026 to upload it: until then your current certificate still counts.',
    )
  })

  it('leaves the later day out once it has come, and says nothing when no certificate is valid', () => {
    note({ ...valid, scadenza_certificato: '2026-03-05' })
    expect(screen.getByRole('note').textContent).not.toContain('To stay covered')
    cleanup()
    note({ ...valid, scadenza_certificato: '2026-03-01' })
    expect(screen.queryByRole('note')).toBeNull()
  })
})

describe('the status card with a renewal', () => {
  it('shows the valid certificate and the renewal in review beside it', () => {
    card({ ...valid, ...renewal('in_revisione') })
    const region = screen.getByRole('region', { name: 'Your certificate' })
    expect(region.textContent).toContain('Valid until 2 Nov 2026.')
    expect(region.textContent).toContain(
      'Renewal in review: the certificate you uploaded, valid until 1 Mar 2027, replaces this one once staff accept it. Until then this one counts.',
    )
  })

  it('says a rejected renewal was not accepted, the valid certificate still counting', () => {
    card({ ...valid, ...renewal('non_valido') })
    expect(screen.getByRole('region', { name: 'Your certificate' }).textContent).toContain(
      'Your renewal, valid until 1 Mar 2027, was not accepted: upload another. This certificate counts until it expires.',
    )
  })
})

describe("the gate's refusal with a renewal in review", () => {
  it('names the renewal and leads to the certificate page', () => {
    render(
      <I18nProvider i18n={i18n}>
        <RefusalWords refusal={{ code: 'certificate_expires_before_race', expiresOn: '2026-06-30', renewalInReview: true }} raceId={203} raceDay="2026-07-11" />
      </I18nProvider>,
    )
    expect(screen.getByText(/^Your medical certificate expires/).textContent).toBe(
      'Your medical certificate expires on 30 Jun 2026, before race day (11 Jul 2026): the certificate must still be valid then. Your renewal is being reviewed: you can enrol once staff accept it.',
    )
    expect(screen.getByRole('link', { name: 'See my certificate' }).getAttribute('href')).toBe('/me/medical-certificate')
  })
})
