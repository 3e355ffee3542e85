import type { Page } from '@playwright/test'
import { expect, logInFromHeader, test } from './fixtures'

const main = (page: Page) => page.getByRole('main')
const areaNav = (page: Page) => page.getByRole('navigation', { name: 'My area' })
const experienceQuestion = (page: Page) => page.getByRole('dialog', { name: 'Have you run an experience race?' })
const myProfile = (page: Page) => page.getByRole('heading', { level: 1, name: 'My profile' })

/** The profile has been read and shown: from here on the question would be on screen if it were asked. */
async function expectProfileWithoutQuestion(page: Page) {
  await expect(main(page).getByRole('heading', { level: 2, name: 'Personal details' })).toBeVisible()
  await expect(experienceQuestion(page)).toHaveCount(0)
}

/** Requests for the question's own code: a page that is going to ask downloads it first. */
function watchQuestionDownloads(page: Page) {
  const downloads: string[] = []
  page.on('request', (request) => {
    if (/\/experience-question[^/]*\.js$/.test(new URL(request.url()).pathname)) downloads.push(request.url())
  })
  return downloads
}

test.describe('"Later" on the experience question', () => {
  test('holds for the rest of the session: through the pages the athlete opens, new visits to /me and reloads', async ({ page }) => {
    await logInFromHeader(page, 'nuovo')
    await expect(experienceQuestion(page)).toBeVisible()
    await experienceQuestion(page).getByRole('button', { name: 'Later' }).click()
    await expect(experienceQuestion(page)).toBeHidden()
    await expect(myProfile(page)).toBeFocused()

    // An incomplete profile brings every page back to /me: each time the profile page opens anew.
    for (const [name, path] of [
      ['My races', '/me/races'],
      ['My transactions', '/me/transactions'],
      ['My experience races', '/me/experience'],
    ] as const) {
      await areaNav(page).getByRole('link', { name }).click()
      await expect(page).toHaveURL(`/me?return=${encodeURIComponent(path)}`)
      await expectProfileWithoutQuestion(page)
    }
    await page.getByRole('banner').getByRole('link', { name: 'Races' }).click()
    await expect(page).toHaveURL('/me')
    await expectProfileWithoutQuestion(page)

    const downloads = watchQuestionDownloads(page)
    await page.goto('/race/203')
    await expect(page).toHaveURL(`/me?return=${encodeURIComponent('/race/203')}`)
    await expectProfileWithoutQuestion(page)
    await page.reload()
    await expectProfileWithoutQuestion(page)
    await page.waitForLoadState('networkidle')
    await expect(experienceQuestion(page)).toHaveCount(0)
    expect(downloads).toEqual([])
  })

  test('Escape is "Later" too, and holds through a reload', async ({ page }) => {
    await logInFromHeader(page, 'nuovo')
    await expect(experienceQuestion(page).getByRole('button', { name: 'Yes' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(experienceQuestion(page)).toBeHidden()

    const downloads = watchQuestionDownloads(page)
    await page.reload()
    await expectProfileWithoutQuestion(page)
    await page.waitForLoadState('networkidle')
    await expect(experienceQuestion(page)).toHaveCount(0)
    expect(downloads).toEqual([])
  })

  test('a new session asks again: logged out and in, the question comes back', async ({ page }) => {
    await logInFromHeader(page, 'nuovo')
    await experienceQuestion(page).getByRole('button', { name: 'Later' }).click()
    await expect(experienceQuestion(page)).toBeHidden()

    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
    await logInFromHeader(page, 'nuovo')
    await expect(experienceQuestion(page)).toBeVisible()
    await expect(experienceQuestion(page).getByRole('button', { name: 'Yes' })).toBeFocused()
  })
})
