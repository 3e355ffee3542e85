import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, renderHook, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Route, Router, Switch } from 'wouter'
import { db } from '../../../mocks/db'
import { controls, requestLog } from '../../../mocks/node'
import { RESET_TOKEN_TTL_MS } from '../../../mocks/records'
import { PERSONAS } from '../../../mocks/seed'
import { SEED_TOKENS } from '../../../mocks/seed/tokens'
import { MINUTE_MS } from '../../../contracts/time'
import { sessionView, signInAs } from '../../../tests/setup/athlete-hooks'
import { createQueryClient } from '../../app/app'
import { activateLocale, i18n } from '../../lib/i18n'
import { paths, PRIVACY_POLICY_URL } from '../../lib/paths'
import { LoginDrawerContext, SessionContext, type LoginDrawerView, type SessionView } from '../../lib/session'
import { ensureTemporal } from '../../lib/temporal'
import { dismissNotice, useNotices } from '../../ui/notifications'
import RequestExpiredPage from '../company/request-expired-page'
import RegisterPage from './register-page'
import ResetEmailPage from './reset-email-page'
import ResetPasswordPage from './reset-password-page'

/**
 * The registration, recovery and new-password forms against the simulated backend (msw/node), each
 * screen on its own route as the portal has them: what each form says on each field, what each
 * answer of the backend makes of it, and what the athlete typed surviving a failure. The journeys
 * through the mailbox, the sessions they open and the focus a real browser moves stay in
 * tests/e2e/account.e2e.ts.
 */
const NEW_PASSWORD = 'Sentiero-2026!'
const completo = PERSONAS.find((persona) => persona.key === 'completo')!

const giulia = {
  nome: 'Giulia',
  cognome: 'Rosset',
  mail: 'giulia.rosset@example.com',
  password: NEW_PASSWORD,
  passwordConfirm: NEW_PASSWORD,
}
type Registration = typeof giulia

beforeAll(async () => {
  await Promise.all([activateLocale('en'), ensureTemporal()])
})
beforeEach(() => {
  // The simulated backend says each e-mail it would send on the console.
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
})
afterEach(() => {
  cleanup()
  // Notices are kept in a module of their own: one test's must not answer for the next.
  const { result, unmount } = renderHook(() => useNotices())
  for (const notice of result.current) dismissNotice(notice.id)
  unmount()
})

function closedDrawer(): LoginDrawerView {
  return { open: false, requested: false, authenticating: false, coolingDown: false, failure: null, login: vi.fn(), setOpen: vi.fn() }
}

/** The notices the portal would show: their codes, as the region is not part of these screens. */
function Notices() {
  const notices = useNotices()
  return (
    <ul aria-label="Notices">
      {notices.map((notice) => (
        <li key={notice.id}>{notice.code}</li>
      ))}
    </ul>
  )
}

/** The account screens at `path` in the browser's address bar, on the portal's routes. */
function open(path: string, { session = sessionView('loggedOut'), drawer = closedDrawer() } = {}) {
  window.history.replaceState(null, '', path)
  const queryClient = createQueryClient()
  // A failed read is retried twice, seconds apart in the portal: not in a test.
  const defaults = queryClient.getDefaultOptions()
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } })
  const screens = (current: SessionView) => (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <SessionContext.Provider value={current}>
          <LoginDrawerContext.Provider value={drawer}>
            <Router>
              <main>
                <Switch>
                  <Route path={paths.register}>
                    <RegisterPage />
                  </Route>
                  <Route path={paths.resetPassword}>
                    <ResetPasswordPage />
                  </Route>
                  <Route path="/reset-email/:token">
                    <ResetEmailPage />
                  </Route>
                  <Route path={paths.requestExpired}>
                    <RequestExpiredPage />
                  </Route>
                </Switch>
              </main>
              <Notices />
            </Router>
          </LoginDrawerContext.Provider>
        </SessionContext.Provider>
      </I18nProvider>
    </QueryClientProvider>
  )
  const { rerender } = render(screens(session))
  // No pause between keystrokes: nothing here waits on time.
  return { user: userEvent.setup({ delay: null }), session, drawer, setSession: (next: SessionView) => rerender(screens(next)) }
}

const main = () => within(screen.getByRole('main'))

function registration() {
  const form = main()
  return {
    nome: form.getByLabelText('First name'),
    cognome: form.getByLabelText('Last name'),
    mail: form.getByLabelText('E-mail'),
    password: form.getByLabelText('Password'),
    passwordConfirm: form.getByLabelText('Confirm password'),
    language: form.getByLabelText('Preferred language for communications'),
    newsletter: form.getByRole('checkbox', { name: /newsletter/ }),
    privacy: form.getByRole('checkbox', { name: /privacy policy/ }),
    submit: form.getByRole('button', { name: 'Create my account' }),
  }
}

async function fillRegistration(user: ReturnType<typeof userEvent.setup>, values: Registration) {
  const fields = registration()
  for (const name of ['nome', 'cognome', 'mail', 'password', 'passwordConfirm'] as const) {
    await user.clear(fields[name])
    await user.type(fields[name], values[name])
  }
  await user.selectOptions(fields.language, 'fr')
  await user.click(fields.newsletter)
  await user.click(fields.privacy)
}

function expectRegistrationKept(values: Registration) {
  const fields = registration()
  expect(fields.nome).toHaveValue(values.nome)
  expect(fields.cognome).toHaveValue(values.cognome)
  expect(fields.mail).toHaveValue(values.mail)
  expect(fields.password).toHaveValue(values.password)
  expect(fields.passwordConfirm).toHaveValue(values.passwordConfirm)
  expect(fields.language).toHaveValue('fr')
  expect(fields.newsletter).toBeChecked()
  expect(fields.privacy).toBeChecked()
}

const registered = () => screen.findByRole('heading', { level: 1, name: 'Registration successful' })
const registerCalls = () => requestLog.entries().filter((entry) => entry.operation === 'account.register')

describe('the registration form', () => {
  it('says each class of error on its field and counts them; the first is focused', async () => {
    const { user } = open(paths.register)
    const fields = registration()
    await user.click(fields.submit)
    expect(await main().findByRole('alert')).toHaveTextContent('There are unfilled or invalid fields: 6 fields need your attention.')
    expect(fields.nome).toHaveFocus()
    for (const field of [fields.nome, fields.cognome, fields.mail, fields.passwordConfirm]) {
      expect(field).toHaveAccessibleDescription('This field is required.')
      expect(field).toBeInvalid()
    }
    expect(fields.password).toHaveAccessibleDescription(/This field is required\.$/)
    expect(fields.privacy).toHaveAccessibleDescription('Accept the privacy policy to continue.')

    await user.type(fields.nome, 'G')
    await user.type(fields.cognome, 'Rosset')
    await user.type(fields.mail, 'giulia@rosset')
    await user.type(fields.password, 'sentieri')
    await user.type(fields.passwordConfirm, 'sentieri2')
    await user.click(fields.submit)
    expect(fields.nome).toHaveFocus()
    expect(fields.nome).toHaveAccessibleDescription('Enter at least 2 characters.')
    expect(fields.cognome).toHaveAccessibleDescription('')
    expect(fields.cognome).toBeValid()
    expect(fields.mail).toHaveAccessibleDescription('Enter a valid e-mail address, like name@example.com.')
    expect(fields.password).toHaveAccessibleDescription(/Password too weak: add digits and special characters, like ! \? # or -\.$/)
    expect(fields.passwordConfirm).toHaveAccessibleDescription('The passwords do not match.')
    expect(main().getByRole('alert')).toHaveTextContent('There are unfilled or invalid fields: 5 fields need your attention.')
    expect(registerCalls()).toHaveLength(0)
  })

  it('follows what the password still lacks as the athlete types, and checks the confirmation again against it', async () => {
    const { user } = open(paths.register)
    const fields = registration()
    await user.type(fields.password, 'sentieri')
    await user.type(fields.passwordConfirm, 'sentieri-1')
    await user.click(fields.submit)
    expect(fields.password).toHaveAccessibleDescription(/Password too weak: add digits and special characters, like ! \? # or -\.$/)
    expect(fields.passwordConfirm).toHaveAccessibleDescription('The passwords do not match.')

    await user.type(fields.password, '-1')
    expect(fields.password).not.toHaveAccessibleDescription(/too weak/)
    expect(fields.passwordConfirm).toHaveAccessibleDescription('')
    await user.clear(fields.password)
    await user.type(fields.password, 'sentieri1')
    expect(fields.password).toHaveAccessibleDescription(/Password too weak: add special characters, like ! \? # or -\.$/)
    expect(fields.passwordConfirm).toHaveAccessibleDescription('The passwords do not match.')
  })

  it('creates the account as typed once every field is right, and says where the link went', async () => {
    const { user } = open(paths.register)
    await user.click(registration().submit)
    await fillRegistration(user, giulia)
    expect(main().queryByRole('alert')).toBeNull()
    await user.click(registration().submit)
    expect(await registered()).toBeInTheDocument()
    expect(screen.getByRole('main')).toHaveTextContent(`we have sent a confirmation link to ${giulia.mail}.`)
    const account = db.athletes.findFirst((q) => q.where({ mail: giulia.mail }))
    expect(account).toMatchObject({ nome: 'Giulia', cognome: 'Rosset', lingua: 'fr', newsletter: true, privacy_policy: true, confermato: false })
  })

  it('says in Italian what each field needs', async () => {
    await activateLocale('it')
    try {
      const { user } = open(paths.register)
      const form = main()
      await user.click(form.getByRole('button', { name: 'Crea il mio account' }))
      expect(form.getByLabelText('Nome')).toHaveAccessibleDescription('Questo campo è obbligatorio.')
      await user.type(form.getByLabelText('E-mail'), 'non-una-mail')
      expect(form.getByLabelText('E-mail')).toHaveAccessibleDescription('Inserisci un indirizzo e-mail valido, ad esempio nome@example.com.')
      await user.type(form.getByLabelText('Password'), 'Montagne-2026!')
      await user.type(form.getByLabelText('Conferma la password'), 'Montagne-2026?')
      expect(form.getByLabelText('Conferma la password')).toHaveAccessibleDescription('Le password non coincidono.')
    } finally {
      await activateLocale('en')
    }
  })

  it('an e-mail that already has an account is said on the e-mail, which takes focus, every field kept, with a way to log in or recover it', async () => {
    const { user, drawer } = open(paths.register)
    const taken = { ...giulia, mail: completo.mail }
    await fillRegistration(user, taken)
    await user.click(registration().submit)
    const { mail } = registration()
    await waitFor(() => expect(mail).toHaveAccessibleDescription('An account with this e-mail already exists. Log in instead.'))
    expect(mail).toHaveFocus()
    expect(mail).toBeInvalid()
    expectRegistrationKept(taken)
    // Said on the field, not again as a failure of the form.
    expect(main().queryByText('Registration failed. Please try again.')).toBeNull()

    await user.click(main().getByRole('button', { name: 'Log in' }))
    expect(drawer.setOpen).toHaveBeenCalledWith(true)
    expectRegistrationKept(taken)

    await user.click(main().getByRole('link', { name: 'Recover your account' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Recover your account' })).toBeInTheDocument()
    expect(window.location.pathname).toBe(paths.resetPassword)
    // The address comes in the history entry's state, never in the address bar.
    expect(window.location.search).toBe('')
    expect(main().getByLabelText('E-mail')).toHaveValue(taken.mail)
  })

  it('a sign-in under way (from the drawer opened over the form) leaves the form as typed', async () => {
    const { user, setSession } = open(paths.register)
    await fillRegistration(user, giulia)
    setSession(sessionView('pending'))
    expectRegistrationKept(giulia)
    setSession(sessionView('loggedOut'))
    expectRegistrationKept(giulia)
  })

  it('a registration the backend refuses says it failed, offers no retry, and keeps every field', async () => {
    const { user } = open(paths.register)
    const refused = { ...giulia, mail: 'giulia+fail-registration@example.com' }
    await fillRegistration(user, refused)
    await user.click(registration().submit)
    const alert = await main().findByRole('alert')
    expect(alert).toHaveTextContent('Registration failed. Please try again.')
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(registration().mail).toHaveAccessibleDescription('')
    expectRegistrationKept(refused)
  })

  it('a server that fails (503) or cannot be reached is named as such, and Try again sends the same registration once it heals', async () => {
    const { user } = open(paths.register)
    controls.fault('account.register', { kind: 'status', status: 503 })
    await fillRegistration(user, giulia)
    await user.click(registration().submit)
    const alert = await main().findByRole('alert')
    expect(alert).toHaveTextContent('The service is not answering right now. Please try again in a moment.')
    expectRegistrationKept(giulia)

    controls.fault('account.register', { kind: 'network' })
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(main().getByRole('alert')).toHaveTextContent('We could not reach the server. Check your connection and try again.'))
    expectRegistrationKept(giulia)

    controls.fault('account.register', null)
    await user.click(within(main().getByRole('alert')).getByRole('button', { name: 'Try again' }))
    expect(await registered()).toBeInTheDocument()
    expect(registerCalls()).toHaveLength(3)
    expect(db.athletes.findFirst((q) => q.where({ mail: giulia.mail }))).toMatchObject({ nome: 'Giulia', lingua: 'fr', newsletter: true })
  })

  it('tells a signed-in athlete they already have an account and leads to their profile', () => {
    open(paths.register, { session: sessionView('loggedIn') })
    expect(screen.getByRole('heading', { level: 1, name: 'You already have an account' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to my profile' })).toHaveAttribute('href', paths.me)
    expect(screen.queryByRole('button', { name: 'Create my account' })).toBeNull()
  })

  it('opens the privacy policy in a new tab, and says so', () => {
    open(paths.register)
    const link = main().getByRole('link', { name: 'privacy policy (opens in a new tab)' })
    expect(link).toHaveAttribute('href', PRIVACY_POLICY_URL)
    expect(link).toHaveAttribute('target', '_blank')
    expect(link.getAttribute('rel')).toMatch(/noopener/)
  })
})

describe('account recovery', () => {
  it('an empty request says what is missing; an unknown e-mail says so on the field, focused, and offers to register', async () => {
    const { user } = open(paths.resetPassword)
    const address = main().getByLabelText('E-mail')
    await user.click(main().getByRole('button', { name: 'Send me the link' }))
    // The form's check is asynchronous (its resolver): the message comes with the render after it.
    await waitFor(() => expect(address).toHaveAccessibleDescription('This field is required.'))
    expect(address).toHaveFocus()

    await user.type(address, 'nessuno@example.com')
    await user.click(main().getByRole('button', { name: 'Send me the link' }))
    await waitFor(() => expect(address).toHaveAccessibleDescription('This e-mail is incorrect or not registered. Correct it or register.'))
    expect(address).toHaveFocus()
    expect(address).toHaveValue('nessuno@example.com')
    await user.click(main().getByRole('link', { name: 'Create an account' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument()
    expect(window.location.pathname).toBe(paths.register)
  })

  it('sends the link to a registered e-mail and says where it went', async () => {
    const { user } = open(paths.resetPassword)
    await user.type(main().getByLabelText('E-mail'), ` ${completo.mail} `)
    await user.click(main().getByRole('button', { name: 'Send me the link' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeInTheDocument()
    expect(screen.getByRole('main')).toHaveTextContent(`We have sent the link to choose a new password to ${completo.mail}.`)
  })

  it('a failing server is named, keeps the e-mail, and Try again sends it', async () => {
    const { user } = open(paths.resetPassword)
    controls.fault('auth.forgot', { kind: 'status', status: 503 })
    await user.type(main().getByLabelText('E-mail'), completo.mail)
    await user.click(main().getByRole('button', { name: 'Send me the link' }))
    const alert = await main().findByRole('alert')
    expect(alert).toHaveTextContent('The service is not answering right now. Please try again in a moment.')
    expect(main().getByLabelText('E-mail')).toHaveValue(completo.mail)
    expect(main().getByLabelText('E-mail')).toHaveAccessibleDescription('')
    controls.fault('auth.forgot', null)
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeInTheDocument()
  })

  it('an address with the e-mail in it fills the form and takes the e-mail out of the address bar', async () => {
    open(`${paths.resetPassword}?mail=completo%40pettorale.test`)
    expect(main().getByLabelText('E-mail')).toHaveValue('completo@pettorale.test')
    await waitFor(() => expect(window.location.search).toBe(''))
    expect(window.location.pathname).toBe(paths.resetPassword)
  })
})

const resetPage = (token: string) => `/reset-email/${token}`
const greeting = `Hello Chiara, choose a new password for ${completo.mail}.`

function newPasswordForm() {
  const form = main()
  return {
    password: form.getByLabelText('New password'),
    confirm: form.getByLabelText('Confirm new password'),
    save: form.getByRole('button', { name: 'Save my new password' }),
  }
}

async function typeNewPassword(user: ReturnType<typeof userEvent.setup>, password = NEW_PASSWORD, confirm = password) {
  await screen.findByText(greeting)
  const fields = newPasswordForm()
  await user.type(fields.password, password)
  await user.type(fields.confirm, confirm)
  await user.click(fields.save)
}

const requestExpired = () => screen.findByRole('heading', { level: 1, name: 'Request expired' })

describe('the new password form of a reset link', () => {
  it('greets the athlete the link is for; a weak or mismatched password is said on its field, the first focused', async () => {
    const { user, session } = open(resetPage(SEED_TOKENS.resetValid))
    await typeNewPassword(user, 'montagne', 'montagne!')
    const { password, confirm } = newPasswordForm()
    expect(password).toHaveFocus()
    expect(password).toHaveAccessibleDescription(/Password too weak: add digits and special characters, like ! \? # or -\.$/)
    expect(confirm).toHaveAccessibleDescription('The passwords do not match.')
    expect(main().getByRole('alert')).toHaveTextContent('There are unfilled or invalid fields: 2 fields need your attention.')
    expect(requestLog.entries().filter((entry) => entry.operation === 'auth.resetPassword')).toHaveLength(0)
    expect(session.signIn).not.toHaveBeenCalled()
  })

  it('saves a good password and signs the athlete in with the new session, saying so', async () => {
    const { user, session } = open(resetPage(SEED_TOKENS.resetValid))
    await typeNewPassword(user)
    await waitFor(() => expect(session.signIn).toHaveBeenCalledWith(expect.any(String), 'reset', { replaces: false }))
    expect(screen.getByRole('list', { name: 'Notices' })).toHaveTextContent('password_changed')
    expect(screen.getByText('Password saved. Logging you in…')).toBeInTheDocument()
  })

  it("leaves the session of another athlete signed in here alone: the password is saved, nobody is switched", async () => {
    await signInAs('revisione')
    const { user, session } = open(resetPage(SEED_TOKENS.resetValid), { session: sessionView('loggedIn') })
    await typeNewPassword(user)
    expect(await screen.findByRole('heading', { level: 1, name: 'Password saved' })).toBeInTheDocument()
    expect(session.signIn).not.toHaveBeenCalled()
    expect(screen.getByRole('list', { name: 'Notices' })).toBeEmptyDOMElement()
  })

  it("signs the athlete whose link it is in again when it is their own session here, replacing the one the reset ended", async () => {
    await signInAs('completo')
    const { user, session } = open(resetPage(SEED_TOKENS.resetValid), { session: sessionView('loggedIn') })
    await typeNewPassword(user)
    await waitFor(() => expect(session.signIn).toHaveBeenCalledWith(expect.any(String), 'reset', { replaces: true }))
  })

  it('a reset the backend refuses outright says the link could not be used, offers no retry and keeps both passwords', async () => {
    const { user } = open(resetPage(SEED_TOKENS.resetValid))
    controls.fault('auth.resetPassword', { kind: 'status', status: 400 })
    await typeNewPassword(user)
    const alert = await main().findByRole('alert')
    expect(alert).toHaveTextContent('We could not confirm your account: the link is invalid or has expired.')
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(newPasswordForm().password).toHaveValue(NEW_PASSWORD)
    expect(newPasswordForm().confirm).toHaveValue(NEW_PASSWORD)
  })

  it('a failing server while saving is named, keeps both passwords, and Try again saves them', async () => {
    const { user, session } = open(resetPage(SEED_TOKENS.resetValid))
    controls.fault('auth.resetPassword', { kind: 'status', status: 500 })
    await typeNewPassword(user)
    const alert = await main().findByRole('alert')
    expect(alert).toHaveTextContent('The service is not answering right now. Please try again in a moment.')
    expect(newPasswordForm().password).toHaveValue(NEW_PASSWORD)
    expect(newPasswordForm().confirm).toHaveValue(NEW_PASSWORD)
    expect(session.signIn).not.toHaveBeenCalled()

    controls.fault('auth.resetPassword', null)
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(session.signIn).toHaveBeenCalledWith(expect.any(String), 'reset', { replaces: false }))
  })

  it('a link that expires while the form is open goes to Request expired on saving, in place of the form', async () => {
    const { user, session } = open(resetPage(SEED_TOKENS.resetValid))
    await screen.findByText(greeting)
    act(() => controls.advance(RESET_TOKEN_TTL_MS + MINUTE_MS))
    await typeNewPassword(user)
    expect(await requestExpired()).toBeInTheDocument()
    expect(window.location.pathname).toBe(paths.requestExpired)
    expect(session.signIn).not.toHaveBeenCalled()
  })

  it.each([
    ['expired', SEED_TOKENS.resetExpired],
    ['unknown', 'rst-not-a-link-of-ours'],
  ])('an %s link goes to Request expired', async (_kind, token) => {
    open(resetPage(token))
    expect(await requestExpired()).toBeInTheDocument()
    expect(window.location.pathname).toBe(paths.requestExpired)
  })

  it('a link opened after it has expired goes to Request expired', async () => {
    controls.advance(RESET_TOKEN_TTL_MS + MINUTE_MS)
    open(resetPage(SEED_TOKENS.resetValid))
    expect(await requestExpired()).toBeInTheDocument()
  })

  it('a link already used goes to Request expired', async () => {
    const first = open(resetPage(SEED_TOKENS.resetValid))
    await typeNewPassword(first.user)
    await waitFor(() => expect(first.session.signIn).toHaveBeenCalled())
    cleanup()
    open(resetPage(SEED_TOKENS.resetValid))
    expect(await requestExpired()).toBeInTheDocument()
  })

  it('a link that cannot be checked for a network failure says so and offers to try again', async () => {
    controls.fault('auth.resetLookup', { kind: 'network' })
    const { user } = open(resetPage(SEED_TOKENS.resetValid))
    const alert = await main().findByRole('alert')
    expect(alert).toHaveTextContent('We could not reach the server. Check your connection and try again.')
    expect(window.location.pathname).toBe(resetPage(SEED_TOKENS.resetValid))
    controls.fault('auth.resetLookup', null)
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(greeting)).toBeInTheDocument()
  })
})
