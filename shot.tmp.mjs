import { chromium } from '@playwright/test'
const [,, who, ...routes] = process.argv
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
for (const width of [360, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 }, locale: 'en-GB' })
  page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()) })
  await page.addInitScript(() => { if (!localStorage.getItem('pettorale.locale')) localStorage.setItem('pettorale.locale', 'en') })
  await page.goto('http://localhost:47613/')
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog', { name: 'Log in' })
  await dialog.getByLabel('E-mail').fill(`${who}@pettorale.test`)
  await dialog.getByLabel('Password', { exact: true }).fill('Pettorale-2026')
  await dialog.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('button', { name: 'Log out', includeHidden: true }).waitFor()
  await page.keyboard.press('Escape')
  await page.selectOption('#language', process.env.LOC)
  await page.waitForTimeout(1500)
  for (const route of routes) {
    await page.evaluate((r) => { history.pushState(null, '', r); dispatchEvent(new PopStateEvent('popstate')) }, route)
    await page.waitForTimeout(2500)
    await page.screenshot({ path: `/tmp/shots/${who}${route.replaceAll('/', '_')}-${width}.png`, fullPage: true })
  }
  await page.close()
}
await browser.close()
