import type { Page } from '@playwright/test'
import { HOUR_MS, MINUTE_MS } from '../../contracts/time'
import { RESET_TOKEN_TTL_MS } from '../../mocks/records'
import { SEED_TOKENS } from '../../mocks/seed/tokens'
import { expect, expectNoAxeViolations, logInFromHeader, loginDrawer, mock, persona, READ_FAILURE_TIMEOUT_MS, test } from './fixtures'

const NEW_PASSWORD = 'Sentiero-2026!'

interface Registration {
  nome: string
  cognome: string
  mail: string
  password: string
  passwordConfirm: string
}

const giulia: Registration = {
  nome: 'Giulia',
  cognome: 'Rosset',
  mail: 'giulia.rosset@example.com',
  password: NEW_PASSWORD,
  passwordConfirm: NEW_PASSWORD,
}

function form(page: Page) {
  const main = page.getByRole('main')
  return {
    nome: main.getByLabel('First name'),
    cognome: main.getByLabel('Last name'),
    mail: main.getByLabel('E-mail'),
    password: main.getByLabel('Password', { exact: true }),
    passwordConfirm: main.getByLabel('Confirm password'),
    language: main.getByLabel('Preferred language for communications'),
    newsletter: main.getByRole('checkbox', { name: /newsletter/ }),
    privacy: main.getByRole('checkbox', { name: /privacy policy/ }),
    submit: main.getByRole('button', { name: 'Create my account' }),
  }
}

async function fillRegistration(page: Page, values: Registration) {
  const fields = form(page)
  await fields.nome.fill(values.nome)
  await fields.cognome.fill(values.cognome)
  await fields.mail.fill(values.mail)
  await fields.password.fill(values.password)
  await fields.passwordConfirm.fill(values.passwordConfirm)
  await fields.language.selectOption({ label: 'Français' })
  await fields.newsletter.check()
  await fields.privacy.check()
}

async function expectRegistrationKept(page: Page, values: Registration) {
  const fields = form(page)
  await expect(fields.nome).toHaveValue(values.nome)
  await expect(fields.cognome).toHaveValue(values.cognome)
  await expect(fields.mail).toHaveValue(values.mail)
  await expect(fields.password).toHaveValue(values.password)
  await expect(fields.passwordConfirm).toHaveValue(values.passwordConfirm)
  await expect(fields.language).toHaveValue('fr')
  await expect(fields.newsletter).toBeChecked()
  await expect(fields.privacy).toBeChecked()
}

/** The simulated e-mails (mock mode only), reached as QA would: from the footer. */
async function openMailbox(page: Page) {
  await page.getByRole('link', { name: 'Mailbox (simulated e-mails)' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible()
}

/** The newest e-mail with this subject. */
function mail(page: Page, subject: string) {
  return page.getByRole('article', { name: subject }).first()
}

async function register(page: Page, values: Registration) {
  await page.goto('/register')
  await fillRegistration(page, values)
  await form(page).submit.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Registration successful' })).toBeFocused()
}

async function askForResetLink(page: Page, address: string) {
  await page.goto('/reset-password')
  await page.getByRole('main').getByLabel('E-mail').fill(address)
  await page.getByRole('button', { name: 'Send me the link' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeFocused()
}

test.describe('registration', () => {
  test('each class of error is said on its field, the first is focused, then the account is created', async ({ page }) => {
    await page.goto('/register')
    const fields = form(page)
    await fields.submit.click()
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'There are unfilled or invalid fields: 6 fields need your attention.',
    )
    await expect(fields.nome).toBeFocused()
    for (const field of [fields.nome, fields.cognome, fields.mail, fields.passwordConfirm]) {
      await expect(field).toHaveAccessibleDescription('This field is required.')
    }
    await expect(fields.password).toHaveAccessibleDescription(/This field is required\.$/)
    await expect(fields.privacy).toHaveAccessibleDescription('Accept the privacy policy to continue.')

    await fields.nome.fill('G')
    await fields.cognome.fill('Rosset')
    await fields.mail.fill('giulia@rosset')
    await fields.password.fill('sentieri')
    await fields.passwordConfirm.fill('sentieri2')
    await fields.submit.click()
    await expect(fields.nome).toBeFocused()
    await expect(fields.nome).toHaveAccessibleDescription('Enter at least 2 characters.')
    await expect(fields.cognome).toHaveAccessibleDescription('')
    await expect(fields.mail).toHaveAccessibleDescription('Enter a valid e-mail address, like name@example.com.')
    await expect(fields.password).toHaveAccessibleDescription(
      /Password too weak: add digits and special characters, like ! \? # or -\.$/,
    )
    await expect(fields.passwordConfirm).toHaveAccessibleDescription('The passwords do not match.')
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'There are unfilled or invalid fields: 5 fields need your attention.',
    )

    // The message follows what is still missing as the athlete types.
    await fields.password.fill('sentieri-1')
    await expect(fields.password).not.toHaveAccessibleDescription(/too weak/)
    await fields.password.fill('sentieri1')
    await expect(fields.password).toHaveAccessibleDescription(/Password too weak: add special characters, like ! \? # or -\.$/)

    await fillRegistration(page, giulia)
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0)
    await fields.submit.click()
    const done = page.getByRole('heading', { level: 1, name: 'Registration successful' })
    await expect(done).toBeFocused()
    await expect(page.getByRole('main')).toContainText(`we have sent a confirmation link to ${giulia.mail}.`)
  })

  test('an e-mail that already has an account keeps every field and offers to recover it or log in', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'account.register', status: 409 })
    const taken = { ...giulia, mail: persona('completo').mail }
    await page.goto('/register')
    await fillRegistration(page, taken)
    await form(page).submit.click()
    await expect(form(page).mail).toHaveAccessibleDescription('An account with this e-mail already exists. Log in instead.')
    await expect(form(page).mail).toBeFocused()
    await expectRegistrationKept(page, taken)

    await page.getByRole('main').getByRole('button', { name: 'Log in', exact: true }).click()
    await expect(loginDrawer(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(loginDrawer(page)).toBeHidden()
    await expectRegistrationKept(page, taken)

    await page.getByRole('link', { name: 'Recover your account' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Recover your account' })).toBeVisible()
    await expect(page.getByRole('main').getByLabel('E-mail')).toHaveValue(taken.mail)
    await expect(page).toHaveURL('/reset-password')
  })

  test('a registration the backend refuses says it failed and keeps every field', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'account.register', status: 409 })
    const refused = { ...giulia, mail: 'giulia+fail-registration@example.com' }
    await page.goto('/register')
    await fillRegistration(page, refused)
    await form(page).submit.click()
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Registration failed. Please try again.')
    await expectRegistrationKept(page, refused)
  })

  test('a server that fails is named as such, and Try again sends the same registration once it heals', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'account.register', status: 503 }, { operation: 'account.register', status: 'network' })
    await page.goto('/register')
    await mock(page, 'fault', 'account.register', { kind: 'status', status: 503 })
    await fillRegistration(page, giulia)
    await form(page).submit.click()
    const alert = page.getByRole('main').getByRole('alert')
    await expect(alert).toContainText('The service is not answering right now. Please try again in a moment.')
    await expectRegistrationKept(page, giulia)

    await mock(page, 'fault', 'account.register', { kind: 'network' })
    await alert.getByRole('button', { name: 'Try again' }).click()
    await expect(alert).toContainText('We could not reach the server. Check your connection and try again.')
    await expectRegistrationKept(page, giulia)

    await mock(page, 'fault', 'account.register', null)
    await alert.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Registration successful' })).toBeFocused()
  })

  test('a signed-in athlete opening the registration is told they already have an account', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/register')
    await expect(page.getByRole('heading', { level: 1, name: 'You already have an account' })).toBeVisible()
    await page.getByRole('link', { name: 'Go to my profile' }).click()
    await expect(page).toHaveURL('/me')
  })

  test('the privacy policy opens in a new tab and says so', async ({ page }) => {
    await page.goto('/register')
    // The form's own link; the footer has one too, with a capital P.
    const link = page.getByRole('main').getByRole('link', { name: 'privacy policy (opens in a new tab)', exact: true })
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', /noopener/)
  })
})

test.describe('account confirmation through the mailbox', () => {
  test('the e-mailed link confirms the account and signs in; the same link a second time fails', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'account.confirm', status: 410 })
    await register(page, giulia)
    await openMailbox(page)
    // Written in the language Giulia chose for communications, French (decision 030).
    const confirmation = mail(page, 'Confirmez votre compte pettorale')
    await expect(confirmation).toHaveAttribute('lang', 'fr')
    await expect(confirmation).toContainText(giulia.mail)
    await confirmation.getByRole('link', { name: 'Confirmer mon compte' }).click()
    await expect(page.getByText('Your account is confirmed. Welcome!')).toBeVisible()
    await expect(page).toHaveURL('/me')

    // Back to the mailbox as from a bookmark (My profile may be asking something in a dialog).
    await page.goto('/mailbox')
    await expect(page.getByRole('banner')).toContainText('Giulia')
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
    await openMailbox(page)
    await mail(page, 'Confirmez votre compte pettorale').getByRole('link', { name: 'Confirmer mon compte' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Account not confirmed' })).toBeVisible()
  })
})

test.describe('account recovery and password reset', () => {
  test('a reset link from the mailbox greets the athlete, takes a new password and signs in for 24 hours', async ({ page }) => {
    const completo = persona('completo')
    await askForResetLink(page, completo.mail)
    await openMailbox(page)
    await mail(page, 'Reset your pettorale password').getByRole('link', { name: 'Choose a new password' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
    await expect(page.getByText(`Hello Chiara, choose a new password for ${completo.mail}.`)).toBeVisible()

    const main = page.getByRole('main')
    const password = main.getByLabel('New password', { exact: true })
    const confirm = main.getByLabel('Confirm new password')
    await password.fill('montagne')
    await confirm.fill('montagne!')
    await main.getByRole('button', { name: 'Save my new password' }).click()
    await expect(password).toBeFocused()
    await expect(password).toHaveAccessibleDescription(/Password too weak: add digits and special characters, like ! \? # or -\.$/)
    await expect(confirm).toHaveAccessibleDescription('The passwords do not match.')

    await password.fill(NEW_PASSWORD)
    await confirm.fill(NEW_PASSWORD)
    await main.getByRole('button', { name: 'Save my new password' }).click()
    await expect(page.getByText('Your new password is saved and you are logged in. You have been logged out on every other device.')).toBeVisible()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()

    await mock(page, 'advance', 24 * HOUR_MS - 5 * MINUTE_MS)
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
    await mock(page, 'advance', 10 * MINUTE_MS)
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible()

    // The new password is the one that works now.
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    const drawer = loginDrawer(page)
    await drawer.getByLabel('E-mail').fill(completo.mail)
    await drawer.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD)
    await drawer.getByRole('button', { name: 'Log in' }).click()
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  })

  test("a reset of one's own password while signed in here goes on signed in with the new session; another athlete's session here is left alone", async ({ page }) => {
    // Chiara, signed in, resets her own password (the reset ends every other session of hers).
    await page.goto('/')
    await logInFromHeader(page, 'completo')
    await page.goto(`/reset-email/${SEED_TOKENS.resetValid}`)
    const main = page.getByRole('main')
    await main.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await main.getByLabel('Confirm new password').fill(NEW_PASSWORD)
    await main.getByRole('button', { name: 'Save my new password' }).click()
    await expect(page.getByText('Your new password is saved and you are logged in. You have been logged out on every other device.')).toBeVisible()
    await expect(page).toHaveURL('/')
    // The new session is the one in force: her own pages load, no "session expired".
    await page.getByRole('banner').getByRole('link', { name: 'My area' }).click()
    await page.getByRole('navigation', { name: 'My area' }).getByRole('link', { name: 'My races' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'My races' })).toBeVisible()
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeHidden()

    // Someone else signed in here opens a link of Chiara's: their session goes on.
    await page.getByRole('button', { name: 'Log out' }).click()
    await logInFromHeader(page, 'revisione')
    await askForResetLink(page, persona('completo').mail)
    await openMailbox(page)
    await mail(page, 'Reset your pettorale password').getByRole('link', { name: 'Choose a new password' }).click()
    await main.getByLabel('New password', { exact: true }).fill(`${NEW_PASSWORD}2`)
    await main.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}2`)
    await main.getByRole('button', { name: 'Save my new password' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Password saved' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  })

  test('a reset link opened after it has expired goes to Request expired', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'auth.resetLookup', status: 410 })
    await askForResetLink(page, persona('revisione').mail)
    await mock(page, 'advance', RESET_TOKEN_TTL_MS + MINUTE_MS)
    await openMailbox(page)
    await mail(page, 'Reset your pettorale password').getByRole('link', { name: 'Choose a new password' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Request expired' })).toBeVisible()
    await expect(page).toHaveURL('/request-expired')
  })

  test('a link that expires while the form is open goes to Request expired on saving', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'auth.resetPassword', status: 410 })
    await page.goto(`/reset-email/${SEED_TOKENS.resetValid}`)
    await expect(page.getByText(`Hello Chiara, choose a new password for ${persona('completo').mail}.`)).toBeVisible()
    await mock(page, 'advance', RESET_TOKEN_TTL_MS + MINUTE_MS)
    await page.getByRole('main').getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByRole('main').getByLabel('Confirm new password').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Save my new password' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Request expired' })).toBeVisible()
  })

  test('a reset the backend refuses outright says the link could not be used and keeps both passwords', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'auth.resetPassword', status: 400 })
    await page.goto(`/reset-email/${SEED_TOKENS.resetValid}`)
    await mock(page, 'fault', 'auth.resetPassword', { kind: 'status', status: 400 })
    const main = page.getByRole('main')
    await main.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await main.getByLabel('Confirm new password').fill(NEW_PASSWORD)
    await main.getByRole('button', { name: 'Save my new password' }).click()
    await expect(main.getByRole('alert')).toContainText('We could not confirm your account: the link is invalid or has expired.')
    await expect(main.getByRole('button', { name: 'Try again' })).toHaveCount(0)
    await expect(main.getByLabel('New password', { exact: true })).toHaveValue(NEW_PASSWORD)
    await expect(main.getByLabel('Confirm new password')).toHaveValue(NEW_PASSWORD)
  })

  test('an unknown or used reset link goes to Request expired', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'auth.resetLookup', status: 410 }, { operation: 'auth.resetLookup', status: 404 })
    await page.goto(`/reset-email/${SEED_TOKENS.resetExpired}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Request expired' })).toBeVisible()
    await page.goto('/reset-email/rst-not-a-link-of-ours')
    await expect(page.getByRole('heading', { level: 1, name: 'Request expired' })).toBeVisible()
  })

  test('a failing server while saving is named, keeps both passwords, and Try again saves them', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'auth.resetPassword', status: 500 })
    await page.goto(`/reset-email/${SEED_TOKENS.resetValid}`)
    await mock(page, 'fault', 'auth.resetPassword', { kind: 'status', status: 500 })
    const main = page.getByRole('main')
    await main.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await main.getByLabel('Confirm new password').fill(NEW_PASSWORD)
    await main.getByRole('button', { name: 'Save my new password' }).click()
    const alert = main.getByRole('alert')
    await expect(alert).toContainText('The service is not answering right now. Please try again in a moment.')
    await expect(main.getByLabel('New password', { exact: true })).toHaveValue(NEW_PASSWORD)
    await expect(main.getByLabel('Confirm new password')).toHaveValue(NEW_PASSWORD)

    await mock(page, 'fault', 'auth.resetPassword', null)
    await alert.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByText('Your new password is saved and you are logged in. You have been logged out on every other device.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  })

  test('a link that cannot be checked for a network failure offers to try again', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'auth.resetLookup', status: 'network' })
    await page.goto('/')
    await mock(page, 'fault', 'auth.resetLookup', { kind: 'network' })
    await page.goto(`/reset-email/${SEED_TOKENS.resetValid}`)
    const alert = page.getByRole('main').getByRole('alert')
    await expect(alert).toContainText('We could not reach the server. Check your connection and try again.', { timeout: READ_FAILURE_TIMEOUT_MS })
    await mock(page, 'fault', 'auth.resetLookup', null)
    await alert.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByText(`Hello Chiara, choose a new password for ${persona('completo').mail}.`)).toBeVisible()
  })

  test('an empty request says what is missing; an unknown e-mail says so and offers to register', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'auth.forgot', status: 404 })
    await page.goto('/reset-password')
    const main = page.getByRole('main')
    const address = main.getByLabel('E-mail')
    await main.getByRole('button', { name: 'Send me the link' }).click()
    await expect(address).toBeFocused()
    await expect(address).toHaveAccessibleDescription('This field is required.')

    await address.fill('nessuno@example.com')
    await main.getByRole('button', { name: 'Send me the link' }).click()
    await expect(address).toHaveAccessibleDescription('This e-mail is incorrect or not registered. Correct it or register.')
    await expect(address).toBeFocused()
    await main.getByRole('link', { name: 'Create an account' }).click()
    await expect(page).toHaveURL('/register')
  })

  test('an old recovery address with the e-mail in it fills the form and takes the e-mail out of the address bar', async ({ page }) => {
    await page.goto('/reset_password?mail=completo%40pettorale.test')
    await expect(page.getByRole('main').getByLabel('E-mail')).toHaveValue('completo@pettorale.test')
    await expect(page).toHaveURL('/reset-password')
  })
})

test.describe('social sign-in', () => {
  test('Continue with Google comes back signed in for one hour, with no token in the address bar', async ({ page }) => {
    await page.goto('/contacts')
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    await loginDrawer(page).getByRole('button', { name: 'Continue with Google' }).click()
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
    await expect(page).toHaveURL('/contacts')
    expect(new URL(page.url()).search).toBe('')
    await expect(page.getByRole('banner')).toContainText(persona('social').nome)

    await mock(page, 'advance', HOUR_MS - 5 * MINUTE_MS)
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
    await mock(page, 'advance', 10 * MINUTE_MS)
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible()
  })
})

test.describe('login drawer', () => {
  test('a closed drawer forgets what was typed', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    const drawer = loginDrawer(page)
    await drawer.getByLabel('E-mail').fill('completo@pettorale.test')
    await drawer.getByLabel('Password', { exact: true }).fill('secret')
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    await expect(drawer.getByLabel('E-mail')).toHaveValue('')
    await expect(drawer.getByLabel('Password', { exact: true })).toHaveValue('')
    await expect(drawer.getByLabel('E-mail')).toBeFocused()
  })
})

test.describe('account screens accessibility', () => {
  // One column at a phone's width, name and surname side by side at a desktop's: the same fields in
  // the same order, scanned where the form is longest.
  for (const width of [360]) {
    test(`registration, recovery and reset have no axe violations at ${String(width)} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/register')
      await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible()
      await expectNoAxeViolations(page)
      // With every error shown.
      await form(page).submit.click()
      await expect(form(page).nome).toBeFocused()
      await expectNoAxeViolations(page)

      await page.goto('/reset-password')
      await expect(page.getByRole('heading', { level: 1, name: 'Recover your account' })).toBeVisible()
      await expectNoAxeViolations(page)

      await page.goto(`/reset-email/${SEED_TOKENS.resetValid}`)
      await expect(page.getByText(/^Hello Chiara/)).toBeVisible()
      await expectNoAxeViolations(page)
    })

    test(`the outcomes of registration, recovery, confirmation and reset have no axe violations at ${String(width)} px`, async ({ page, expectFailures }) => {
      // Seven axe scans and three trips through the mailbox.
      test.setTimeout(60_000)
      expectFailures({ operation: 'account.confirm', status: 410 }, { operation: 'auth.resetLookup', status: 410 })
      await page.setViewportSize({ width, height: 800 })
      await register(page, giulia)
      await expectNoAxeViolations(page)
      await openMailbox(page)
      await expectNoAxeViolations(page)
      await mail(page, 'Confirmez votre compte pettorale').getByRole('link', { name: 'Confirmer mon compte' }).click()
      await expect(page.getByText('Your account is confirmed. Welcome!')).toBeVisible()
      await page.getByRole('dialog', { name: /experience race/i }).getByRole('button', { name: 'Later' }).click()
      await expectNoAxeViolations(page)
      await page.getByRole('button', { name: 'Log out' }).click()
      await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
      // Logging out ends on the home page: a click on the mailbox before it got there was undone by it.
      await expect(page.getByRole('heading', { level: 1, name: 'Trail races' })).toBeVisible()
      await openMailbox(page)
      await mail(page, 'Confirmez votre compte pettorale').getByRole('link', { name: 'Confirmer mon compte' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Account not confirmed' })).toBeVisible()
      await expectNoAxeViolations(page)

      await askForResetLink(page, persona('completo').mail)
      await expectNoAxeViolations(page)
      await page.goto(`/reset-email/${SEED_TOKENS.resetExpired}`)
      await expect(page.getByRole('heading', { level: 1, name: 'Request expired' })).toBeVisible()
      await expectNoAxeViolations(page)
    })
  }
})

test.describe('registration in Italian on a phone', () => {
  test('each message in Italian on its field, then the account is created', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('pettorale.locale', 'it'))
    await page.setViewportSize({ width: 360, height: 800 })
    await page.goto('/register')
    await expect(page.getByRole('heading', { level: 1, name: 'Crea il tuo account' })).toBeVisible()
    const main = page.getByRole('main')
    const nome = main.getByLabel('Nome', { exact: true })
    await main.getByRole('button', { name: 'Crea il mio account' }).click()
    await expect(nome).toBeFocused()
    await expect(nome).toHaveAccessibleDescription('Questo campo è obbligatorio.')
    await main.getByLabel('E-mail').fill('non-una-mail')
    await expect(main.getByLabel('E-mail')).toHaveAccessibleDescription('Inserisci un indirizzo e-mail valido, ad esempio nome@example.com.')
    await main.getByLabel('Password', { exact: true }).fill('Montagne-2026!')
    await main.getByLabel('Conferma la password').fill('Montagne-2026?')
    await expect(main.getByLabel('Conferma la password')).toHaveAccessibleDescription('Le password non coincidono.')
    await expectNoAxeViolations(page)

    await nome.fill('Giulia')
    await main.getByLabel('Cognome').fill('Rosset')
    await main.getByLabel('E-mail').fill('giulia.it@example.com')
    await main.getByLabel('Conferma la password').fill('Montagne-2026!')
    await main.getByRole('checkbox', { name: /privacy/ }).check()
    await main.getByRole('button', { name: 'Crea il mio account' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Registrazione completata' })).toBeFocused()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
