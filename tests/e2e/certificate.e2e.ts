import { writeFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { HOUR_MS, MINUTE_MS } from '../../contracts/time'
import { REVIEW_CHECK_INTERVAL_MS } from '../../machines/certificate/certificate.machine'
import { expect, expectNoAxeViolations, fillLogin, heldRequests, logInFromHeader, mock, persona, test } from './fixtures'

const main = (page: Page) => page.getByRole('main')
const statusCard = (page: Page) => main(page).getByRole('region', { name: 'Your certificate' })
const uploadForm = (page: Page) => main(page).getByRole('form', { name: 'Upload a certificate' })
const fileField = (page: Page) => uploadForm(page).getByLabel('Certificate file')
const expiryField = (page: Page) => uploadForm(page).getByLabel('Expiry date')
/** The renewal beside the current certificate, on the status card (decision 029). */
const renewal = (page: Page) => statusCard(page).locator('[data-renewal]')
const submit = (page: Page) => uploadForm(page).getByRole('button', { name: 'Upload certificate' })

/** A small real PDF (its first bytes say so). */
const pdf = (name = 'certificato.pdf') => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% a medical certificate\n${'0'.repeat(20_000)}\n%%EOF\n`),
})

/** The seed's "now" is 2 March 2026 (mocks/seed/time.ts). */
const NEXT_YEAR = '2027-03-01'

async function openCertificate(page: Page, who: Parameters<typeof logInFromHeader>[1]) {
  await logInFromHeader(page, who)
  await page.goto('/me/medical-certificate')
  await expect(page.getByRole('heading', { level: 1, name: 'Medical certificate' })).toBeVisible()
}

/** Logs out and waits until the header says so: a page opened before that would still carry the session. */
async function logOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
}

async function fillAndSubmit(page: Page, file = pdf(), expiry = NEXT_YEAR) {
  await fileField(page).setInputFiles(file)
  await expiryField(page).fill(expiry)
  await submit(page).click()
}

test.describe('medical certificate', () => {
  test("the page's words come in the athlete's language, with the page and after a switch on it", async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.getByLabel('Language').selectOption('it')
    await expect(page.locator('html')).toHaveAttribute('lang', 'it')
    await page.goto('/me/medical-certificate')
    await expect(page.getByRole('heading', { level: 1, name: 'Certificato medico' })).toBeVisible()
    await expect(main(page).getByLabel('File del certificato')).toBeVisible()
    await expect(main(page).getByRole('link', { name: 'Scarica il modulo del certificato per il tuo medico (PDF)' })).toBeVisible()
    await page.getByLabel('Lingua').selectOption('ja')
    await expect(page.getByRole('heading', { level: 1, name: '診断書' })).toBeVisible()
    await expect(main(page).getByLabel('診断書ファイル')).toBeVisible()
    await expect(main(page).getByRole('button', { name: '診断書をアップロード' })).toBeVisible()
  })

  test('checks the file and the date before sending anything, each message on its field', async ({ page }) => {
    await openCertificate(page, 'completo')
    await submit(page).click()
    await expect(uploadForm(page).getByRole('alert')).toHaveText(/2 fields need your attention/)
    await expect(fileField(page)).toBeFocused()
    await expect(fileField(page)).toHaveAccessibleDescription(/This field is required/)
    await expect(expiryField(page)).toHaveAccessibleDescription(/This field is required/)

    // Named .pdf, but text inside: the content decides.
    await fileField(page).setInputFiles({ name: 'certificato.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text') })
    await expect(fileField(page)).toHaveAccessibleDescription(/not a PDF, JPEG or PNG/)

    await fileField(page).setInputFiles(pdf())
    await expect(fileField(page)).not.toHaveAttribute('aria-invalid')
    await expiryField(page).fill('2026-01-10')
    await submit(page).click()
    await expect(expiryField(page)).toBeFocused()
    await expect(expiryField(page)).toHaveAccessibleDescription(/cannot be in the past/)
    await expect(uploadForm(page).getByRole('alert')).toHaveText(/1 field needs your attention/)
  })

  test('refuses a file over 16 MB, whatever its content', async ({ page }, testInfo) => {
    // From a file on disk: a 17 MB buffer crosses the protocol as base64 and alone takes most of a test's time here.
    const huge = testInfo.outputPath('huge.pdf')
    await writeFile(huge, Buffer.alloc(17 * 1024 * 1024, 0x25))
    await openCertificate(page, 'completo')
    await fileField(page).setInputFiles(huge)
    await expiryField(page).fill(NEXT_YEAR)
    await submit(page).click()
    await expect(fileField(page)).toBeFocused()
    await expect(fileField(page)).toHaveAccessibleDescription(/File too large: the maximum is 16 MB/)
    await expect(main(page).getByRole('progressbar')).toHaveCount(0)
  })

  test('uploads with a progress bar; cancel keeps the file and date; then it is in revision', async ({ page }) => {
    // Expired: the upload is the certificate, not a renewal beside a valid one (decision 029).
    await openCertificate(page, 'scaduto')
    await expect(statusCard(page)).toContainText('Expired on')
    await expect(uploadForm(page).getByRole('note')).toHaveCount(0)
    // The upload waits at the backend until released: Cancel is pressed while it is surely under way.
    await mock(page, 'hold', 'files.putSigned')
    await fillAndSubmit(page)

    await expect(main(page).getByRole('progressbar', { name: 'Upload progress' })).toBeVisible()
    await main(page).getByRole('button', { name: 'Cancel upload' }).click()
    await expect(main(page).getByRole('progressbar')).toBeHidden()
    await expect(expiryField(page)).toHaveValue(NEXT_YEAR)
    expect(await fileField(page).evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe('certificato.pdf')

    await submit(page).click()
    await expect(main(page).getByRole('progressbar', { name: 'Upload progress' })).toBeVisible()
    await mock(page, 'release', 'files.putSigned')
    await expect(page.getByText('Certificate saved.', { exact: true })).toBeVisible()
    await expect(statusCard(page)).toContainText('In review')
    await expect(statusCard(page)).toContainText('1 Mar 2027')
  })

  test('a failed save says the save failed, keeps everything, and a retry saves', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'certificate.save', status: 500 })
    await openCertificate(page, 'scaduto')
    await mock(page, 'fault', 'certificate.save', { kind: 'status', status: 500 })
    await fillAndSubmit(page)
    const failure = main(page).getByRole('alert')
    await expect(failure).toContainText('The file was uploaded, but the certificate could not be saved.')
    await expect(expiryField(page)).toHaveValue(NEXT_YEAR)

    await mock(page, 'fault', 'certificate.save', null)
    await failure.getByRole('button', { name: 'Retry' }).click()
    await expect(page.getByText('Certificate saved.', { exact: true })).toBeVisible()
    await expect(statusCard(page)).toContainText('In review')
  })

  test('an upload refused because the file changed on the way: the form is back with both, choosing it again uploads', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'files.putSigned', status: 400 })
    await openCertificate(page, 'scaduto')
    await mock(page, 'fault', 'files.putSigned', { kind: 'status', status: 400, code: 'size_mismatch' })
    await fillAndSubmit(page)
    await expect(fileField(page)).toBeFocused()
    await expect(fileField(page)).toHaveAccessibleDescription(/The file changed while it was being sent\. Choose it again, then upload\./)
    await expect(uploadForm(page).getByRole('alert')).toHaveText(/1 field needs your attention/)
    await expect(expiryField(page)).toHaveValue(NEXT_YEAR)
    expect(await fileField(page).evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe('certificato.pdf')

    await mock(page, 'fault', 'files.putSigned', null)
    await fileField(page).setInputFiles(pdf())
    await expect(fileField(page)).not.toHaveAttribute('aria-invalid')
    await submit(page).click()
    await expect(page.getByText('Certificate saved.', { exact: true })).toBeVisible()
    await expect(statusCard(page)).toContainText('In review')
  })

  test('an expiry the server finds in the past is said on the date field, the file and date kept', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'certificate.save', status: 422 })
    await openCertificate(page, 'completo')
    await mock(page, 'fault', 'certificate.save', { kind: 'status', status: 422, code: 'in_past' })
    await fillAndSubmit(page)
    await expect(expiryField(page)).toBeFocused()
    await expect(expiryField(page)).toHaveAccessibleDescription(/The expiry date cannot be in the past\./)
    await expect(expiryField(page)).toHaveValue(NEXT_YEAR)
    await expect(fileField(page)).not.toHaveAttribute('aria-invalid')
    expect(await fileField(page).evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe('certificato.pdf')
  })

  test('a session ending mid-upload keeps the file and date for when the athlete is back', async ({ page }) => {
    await openCertificate(page, 'scaduto')
    // The session ends while the upload is surely under way: held at the backend until released.
    await mock(page, 'hold', 'files.putSigned')
    await fillAndSubmit(page)
    await expect(main(page).getByRole('progressbar', { name: 'Upload progress' })).toBeVisible()
    await expect.poll(() => heldRequests(page, 'files.putSigned')).toBe(1)
    await mock(page, 'advance', 8 * HOUR_MS + MINUTE_MS)
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible()
    await expect(page).toHaveURL('/')

    // Back in the same tab (the choice lives in memory, not in storage), through the portal's links.
    await mock(page, 'release', 'files.putSigned')
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    await fillLogin(page, 'scaduto')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My area' }).click()
    await main(page).getByRole('navigation', { name: 'My area' }).getByRole('link', { name: 'Medical certificate' }).click()
    await expect(uploadForm(page).getByRole('status')).toHaveText(/Your earlier choice has been restored/)
    await expect(expiryField(page)).toHaveValue(NEXT_YEAR)
    expect(await fileField(page).evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe('certificato.pdf')

    await submit(page).click()
    await expect(page.getByText('Certificate saved.', { exact: true })).toBeVisible()
    await expect(statusCard(page)).toContainText('In review')
  })

  test('a certificate the review rejects shows as not valid', async ({ page }) => {
    await openCertificate(page, 'scaduto')
    await fillAndSubmit(page, pdf('rejected.pdf'))
    await expect(statusCard(page)).toContainText('Not valid')
    await expect(statusCard(page)).toContainText('Upload a new certificate')
  })

  test('a certificate the review accepts shows as valid until its expiry, without a reload', async ({ page }) => {
    // The page asks again at its interval, on the page's clock: the test moves it on.
    await page.clock.install()
    await openCertificate(page, 'scaduto')
    await fillAndSubmit(page)
    await expect(statusCard(page)).toContainText('In review')
    await mock(page, 'reviewCertificate', persona('scaduto').mail, 'valido')
    await page.clock.fastForward(REVIEW_CHECK_INTERVAL_MS)
    await expect(statusCard(page)).toContainText('Valid until 1 Mar 2027.')
    // Only the page that saved it says so: a reload would have shown the empty form.
    await expect(page.getByText('Certificate saved.', { exact: true })).toBeVisible()
  })

  test('an expired certificate says so, even though the backend still says valid', async ({ page }) => {
    await openCertificate(page, 'scaduto')
    await expect(statusCard(page)).toContainText('Expired on 14 Feb 2026.')
    await expect(statusCard(page)).toContainText('Upload a renewed certificate')
    await expect(main(page).getByRole('link', { name: /certificate form/ })).toHaveAttribute('href', '/certificato-medico-modello.pdf')
  })

  test('a renewal warned and its refusal worded: completo renews beside the valid certificate and can still enrol', async ({ page }) => {
    // The page asks again at its interval, on the page's clock: the test moves it on.
    await page.clock.install()
    await openCertificate(page, 'completo')
    await expect(statusCard(page)).toContainText('Valid until 2 Nov 2026.')
    // Warned before anything is sent: what the upload does to the valid certificate.
    await expect(uploadForm(page).getByRole('note')).toBeVisible()
    await expect(renewal(page)).toHaveCount(0)

    await fillAndSubmit(page, pdf('rinnovo.pdf'))
    await expect(page.getByText('Certificate saved.', { exact: true })).toBeVisible()
    // The valid one stays, the renewal is in review beside it.
    await expect(statusCard(page)).toContainText('Valid until 2 Nov 2026.')
    await expect(renewal(page)).toHaveAttribute('data-renewal', 'in_revision')
    // Another upload is a renewal too, and is said so before it (the backend carries renewals).
    await main(page).getByRole('button', { name: 'Upload another certificate' }).click()
    await expect(uploadForm(page).getByRole('note')).toHaveAttribute('data-effect', 'renewal')

    // The gate counts the valid certificate: the race page and the wizard let completo enrol.
    await page.goto('/race/203')
    await expect(page.getByRole('heading', { level: 1, name: 'Alte Vie di Cogne 52K 2026' })).toBeVisible()
    // Its unpaid place there (the seed's) is to be continued, nothing refused.
    const registration = page.getByRole('region', { name: 'Registration', exact: true })
    await expect(registration.getByRole('link', { name: 'Continue the enrolment' })).toBeVisible()
    await expect(registration).not.toContainText('You cannot enrol now')
    await page.goto('/race/203/subscribe')
    await expect(main(page).getByRole('heading', { level: 2, name: 'Your data' })).toBeFocused()

    // Staff accept it: it becomes the certificate, without a reload of the page that waits.
    await page.goto('/me/medical-certificate')
    await fillAndSubmit(page, pdf('rinnovo.pdf'))
    await expect(renewal(page)).toHaveAttribute('data-renewal', 'in_revision')
    await mock(page, 'reviewCertificate', persona('completo').mail, 'valido')
    await page.clock.fastForward(REVIEW_CHECK_INTERVAL_MS)
    await expect(statusCard(page)).toContainText('Valid until 1 Mar 2027.')
    await expect(renewal(page)).toHaveCount(0)
  })

  test('a renewal the review rejects shows beside the valid certificate, which still counts', async ({ page }) => {
    await openCertificate(page, 'completo')
    await fillAndSubmit(page, pdf('rejected.pdf'))
    await expect(renewal(page)).toHaveAttribute('data-renewal', 'not_valid')
    await expect(statusCard(page)).toContainText('Valid until 2 Nov 2026.')
  })

  test('scaduto, whose certificate expired, uploads: it is in review, and the gate\'s refusal names the review', async ({ page }) => {
    await openCertificate(page, 'scaduto')
    // Nothing valid to lose: no warning, and no renewal: the upload is the certificate.
    await expect(uploadForm(page).getByRole('note')).toHaveCount(0)
    await fillAndSubmit(page)
    await expect(statusCard(page)).toContainText('In review')
    await expect(renewal(page)).toHaveCount(0)

    await page.goto('/race/203')
    const card = page.getByRole('region', { name: 'Registration', exact: true })
    await expect(card).toContainText('Your medical certificate is being reviewed. You can enrol as soon as it is accepted')
    await expect(card.getByRole('link', { name: 'Enrol', exact: true })).toHaveCount(0)
    await page.goto('/race/203/subscribe')
    await expect(main(page)).toContainText('Your medical certificate is being reviewed. You can enrol as soon as it is accepted')
  })

  // One column at every width (only the card's padding grows): scanned at a phone's.
  test('has no accessibility violations at 360 px, errors shown', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 900 })
    await openCertificate(page, 'revisione')
    await expectNoAxeViolations(page, { content: statusCard(page) })
    await submit(page).click()
    await expect(uploadForm(page).getByRole('alert')).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('uploading, a failed step, saved, not valid and expired have no accessibility violations at 360 px', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'certificate.save', status: 500 })
    test.setTimeout(60_000)
    await page.setViewportSize({ width: 360, height: 900 })
    // In revision: the upload replaces it, and the rejected one shows as not valid (no renewal).
    await openCertificate(page, 'revisione')
    await expectNoAxeViolations(page, { content: statusCard(page) })
    // The upload waits at the backend until released: the scan and Cancel find it under way,
    // however long the scan takes on a busy machine.
    await mock(page, 'hold', 'files.putSigned')
    await fillAndSubmit(page)
    await expect(main(page).getByRole('progressbar', { name: 'Upload progress' })).toBeVisible()
    await expectNoAxeViolations(page)
    await expect(main(page).getByRole('progressbar', { name: 'Upload progress' })).toBeVisible()
    await main(page).getByRole('button', { name: 'Cancel upload' }).click()
    await expect(main(page).getByRole('progressbar')).toBeHidden()
    await mock(page, 'release', 'files.putSigned')

    await mock(page, 'fault', 'certificate.save', { kind: 'status', status: 500 })
    await submit(page).click()
    await expect(main(page).getByRole('alert')).toContainText('could not be saved')
    await expectNoAxeViolations(page)
    await mock(page, 'fault', 'certificate.save', null)
    await main(page).getByRole('alert').getByRole('button', { name: 'Retry' }).click()
    await expect(statusCard(page)).toContainText('In review')
    await expectNoAxeViolations(page)

    await main(page).getByRole('button', { name: 'Upload another certificate' }).click()
    await fillAndSubmit(page, pdf('rejected.pdf'))
    await expect(statusCard(page)).toContainText('Not valid')
    await expectNoAxeViolations(page)

    // The profile read again after the save must be in before the token is revoked, or it comes
    // back 401 (a busy machine let it run into the logout).
    await page.waitForLoadState('networkidle')
    await logOut(page)
    await openCertificate(page, 'scaduto')
    await expect(statusCard(page)).toContainText('Expired on')
    await expectNoAxeViolations(page)

    // A renewal: warned of before the upload, then shown beside the valid certificate (decision 029).
    await logOut(page)
    await openCertificate(page, 'completo')
    await expect(uploadForm(page).getByRole('note')).toBeVisible()
    await expectNoAxeViolations(page)
    await fillAndSubmit(page)
    await expect(renewal(page)).toHaveAttribute('data-renewal', 'in_revision')
    await main(page).getByRole('button', { name: 'Upload another certificate' }).click()
    await expect(uploadForm(page).getByRole('note')).toHaveAttribute('data-effect', 'renewal')
    await expectNoAxeViolations(page)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
