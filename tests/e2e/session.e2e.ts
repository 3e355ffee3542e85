import { expect, logInFromHeader, test } from './fixtures'

/**
 * What only a browser proves of the session: the stored session across a real reload, the storage
 * event between two tabs, the provider's full-page redirect and the history it leaves, and links
 * that open the portal afresh. The rest is proven below: the words of each failure and of an
 * expired session in src/app/session.test.tsx, which failure or notice each case gets in
 * machines/session/session.machine.test.ts and tests/scenarios/session.scenarios.test.ts.
 */
test.describe('session', () => {
  test('a session survives a reload; logging out from My profile goes home signed out, without a warning, and logs out the other tab', async ({
    page,
    context,
  }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/me/races')
    await expect(page.getByRole('heading', { level: 1, name: 'My races' })).toBeVisible()
    await page.reload()
    await expect(page).toHaveURL('/me/races')
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()

    const other = await context.newPage()
    await other.goto('/me')
    await expect(other.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible()

    await page.getByRole('navigation', { name: 'My area' }).getByRole('link', { name: 'My profile' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible()
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('pettorale.session'))).toBeNull()
    await expect(page.getByText('You must log in to access this section.')).toHaveCount(0)
    await expect(page.getByRole('dialog', { name: 'Log in' })).toHaveCount(0)

    await expect(other).toHaveURL('/')
    await expect(other.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
    await expect(other.getByText('You logged out in another tab of this browser.')).toBeVisible()
  })

  test('a visitor turned away from My races who continues with Google lands on My races signed in, with no token in the address bar', async ({
    page,
  }) => {
    await page.goto('/me/races')
    await expect(page).toHaveURL('/')
    await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Continue with Google' }).click()
    await expect(page).toHaveURL('/me/races')
    expect(new URL(page.url()).search).toBe('')
    await expect(page.getByRole('heading', { level: 1, name: 'My races' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
    await expect(page.getByText('You must log in to access this section.')).toHaveCount(0)
  })

  test('an expired confirmation link says so and leaves no token in the address bar; a valid one opened while signed in as someone else confirms that account and keeps the session', async ({
    page,
    expectFailures,
  }) => {
    expectFailures({ operation: 'account.confirm', status: 410 })
    const { SEED_TOKENS } = await import('../../mocks/seed')
    const confirmation = `/confirm-account?contact_id=${String(SEED_TOKENS.confirmContactId)}`

    await page.goto(`${confirmation}&token=${SEED_TOKENS.confirmExpired}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Account not confirmed' })).toBeVisible()
    await expect(page).toHaveURL(confirmation)

    await logInFromHeader(page, 'completo')
    await page.goto(`${confirmation}&token=${SEED_TOKENS.confirmValid}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Account confirmed' })).toBeVisible()
    await expect(page.getByText(/You are still logged in as Chiara Jaccod/)).toBeVisible()
    await expect(page.getByRole('banner')).toContainText('Chiara')
  })
})
