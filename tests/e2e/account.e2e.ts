import type { Page } from '@playwright/test'
import { HOUR_MS, MINUTE_MS } from '../../contracts/time'
import { SEED_TOKENS } from '../../mocks/seed/tokens'
import { expect, expectNoAxeViolations, logInFromHeader, loginDrawer, mock, persona, test } from './fixtures'

/*
 * What only a browser proves about the account screens: the journeys through the mailbox, the
 * sessions they open, focus, layout and axe. What each form says on each field and on each answer
 * of the backend, and what it keeps after a failure, is proven against the simulated backend in
 * src/features/account/account-pages.test.tsx.
 */

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

test.describe('registration on a phone, in Italian', () => {
  test("focus goes to the first field in error, the server's \"already registered\" included; the login drawer leaves the form as typed; the account is created within the screen's width", async ({ page, expectFailures }) => {
    expectFailures({ operation: 'account.register', status: 409 })
    await page.addInitScript(() => localStorage.setItem('pettorale.locale', 'it'))
    await page.setViewportSize({ width: 360, height: 800 })
    await page.goto('/register')
    await expect(page.getByRole('heading', { level: 1, name: 'Crea il tuo account' })).toBeVisible()
    const main = page.getByRole('main')
    const nome = main.getByLabel('Nome', { exact: true })
    const address = main.getByLabel('E-mail')
    await main.getByRole('button', { name: 'Crea il mio account' }).click()
    await expect(nome).toBeFocused()
    await expect(nome).toHaveAccessibleDescription('Questo campo è obbligatorio.')
    await address.fill('non-una-mail')
    await main.getByLabel('Password', { exact: true }).fill('Montagne-2026!')
    await main.getByLabel('Conferma la password').fill('Montagne-2026?')
    await expect(main.getByLabel('Conferma la password')).toHaveAccessibleDescription('Le password non coincidono.')
    // The longer Italian messages, each on its field.
    await expectNoAxeViolations(page)

    await nome.fill('Giulia')
    await main.getByLabel('Cognome').fill('Rosset')
    await address.fill(persona('completo').mail)
    await main.getByLabel('Conferma la password').fill('Montagne-2026!')
    await main.getByRole('checkbox', { name: /privacy/ }).check()
    await main.getByRole('button', { name: 'Crea il mio account' }).click()
    await expect(address).toHaveAccessibleDescription('Esiste già un account con questa e-mail. Accedi con le tue credenziali.')
    await expect(address).toBeFocused()

    // The drawer opened over the form and closed again: the form is as the athlete left it.
    await main.getByRole('button', { name: 'Accedi', exact: true }).click()
    const drawer = page.getByRole('dialog', { name: 'Accedi' })
    await expect(drawer).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    await expect(nome).toHaveValue('Giulia')
    await expect(address).toHaveValue(persona('completo').mail)
    await expect(main.getByLabel('Password', { exact: true })).toHaveValue('Montagne-2026!')

    await address.fill('giulia.it@example.com')
    await main.getByRole('button', { name: 'Crea il mio account' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Registrazione completata' })).toBeFocused()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
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
  test('an old recovery address fills the form; the link from the mailbox greets the athlete, takes a new password and signs in for 24 hours', async ({ page }) => {
    const completo = persona('completo')
    // The address older e-mails link to, the e-mail in it: it fills the form and leaves the address bar.
    await page.goto('/reset_password?mail=completo%40pettorale.test')
    const address = page.getByRole('main').getByLabel('E-mail')
    await expect(address).toHaveValue(completo.mail)
    await expect(page).toHaveURL('/reset-password')
    await page.getByRole('button', { name: 'Send me the link' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeFocused()

    await openMailbox(page)
    await mail(page, 'Reset your pettorale password').getByRole('link', { name: 'Choose a new password' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
    await expect(page.getByText(`Hello Chiara, choose a new password for ${completo.mail}.`)).toBeVisible()

    const main = page.getByRole('main')
    await main.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await main.getByLabel('Confirm new password').fill(NEW_PASSWORD)
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

  test("a reset of one's own password while signed in here goes on signed in with the new session", async ({ page }) => {
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
  test('registration, recovery and reset have no axe violations at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 })
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

  test('the outcomes of registration, recovery, confirmation and reset have no axe violations at 360 px', async ({ page, expectFailures }) => {
    // Seven axe scans and three trips through the mailbox.
    test.setTimeout(60_000)
    expectFailures({ operation: 'account.confirm', status: 410 }, { operation: 'auth.resetLookup', status: 410 })
    await page.setViewportSize({ width: 360, height: 800 })
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
})
