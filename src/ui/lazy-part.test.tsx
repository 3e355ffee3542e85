import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { loadChunk as LoadChunk } from './lazy-part'

/**
 * `loadChunk` is what every dynamic import of the build goes through (vite.config.ts,
 * `retryableChunks`). The browser here is Chromium as it behaves: an address whose download failed
 * fails for the page's life, at once and without a request.
 */
function chromium() {
  const modules = new Map<string, Promise<{ url: string }>>()
  const requests: string[] = []
  const state = { down: false }
  const importModule = (url: string) => {
    let module = modules.get(url)
    if (!module) {
      requests.push(url)
      module = state.down ? Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${url}`)) : Promise.resolve({ url })
      modules.set(url, module)
    }
    return module
  }
  /** The build's compiled `import('./part-abc.js')`. */
  const part = (url: (specifier: string) => string) => importModule(url('./part-abc.js'))
  return { part, requests, state }
}

let loadChunk: typeof LoadChunk
let online = true
let appended: HTMLLinkElement[] = []

beforeEach(async () => {
  // Each test starts with a page that has asked for nothing yet.
  vi.resetModules()
  ;({ loadChunk } = await import('./lazy-part'))
  online = true
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
  // The links loadChunk adds are kept out of the document: the test says how each download ends.
  appended = []
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => void appended.push(...(nodes as HTMLLinkElement[])))
})

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove()
})

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const hrefs = (rel: string) => appended.filter((link) => link.rel === rel).map((link) => new URL(link.href).pathname)

describe('loadChunk', () => {
  it('a chunk that failed offline downloads again once back online, under one new address from then on', async () => {
    const browser = chromium()
    online = false
    browser.state.down = true
    await expect(loadChunk(browser.part)).rejects.toThrow('Failed to fetch dynamically imported module: ./part-abc.js')
    // Offline there is no point asking again at once.
    expect(browser.requests).toEqual(['./part-abc.js'])

    online = true
    browser.state.down = false
    const first = await loadChunk(browser.part)
    expect(first.url).toBe('./part-abc.js#retry-1')
    expect(browser.requests).toEqual(['./part-abc.js', './part-abc.js#retry-1'])

    // Later imports find the same module: one instance, no new download.
    expect(await loadChunk(browser.part)).toBe(first)
    expect(browser.requests).toHaveLength(2)
  })

  it('online, a failed download is asked again at once, and fails only when that fails too', async () => {
    const browser = chromium()
    browser.state.down = true
    await expect(loadChunk(browser.part)).rejects.toThrow('./part-abc.js#retry-1')
    expect(browser.requests).toEqual(['./part-abc.js', './part-abc.js#retry-1'])

    browser.state.down = false
    expect((await loadChunk(browser.part)).url).toBe('./part-abc.js#retry-2')
  })

  it('a chunk that downloads is imported as it is, and only once', async () => {
    const browser = chromium()
    const module = await loadChunk(browser.part)
    expect(module.url).toBe('./part-abc.js')
    expect(await loadChunk(browser.part)).toBe(module)
    expect(browser.requests).toEqual(['./part-abc.js'])
  })

  it('two imports that fail together share the new address, so the page keeps one instance', async () => {
    const browser = chromium()
    online = false
    browser.state.down = true
    await expect(loadChunk(browser.part)).rejects.toThrow()
    online = true
    browser.state.down = false
    const [a, b] = await Promise.all([loadChunk(browser.part), loadChunk(browser.part)])
    expect(a).toBe(b)
    expect(browser.requests).toEqual(['./part-abc.js', './part-abc.js#retry-1'])
  })

  it("offline, the part's modules are not preloaded: nothing it shares with other parts fails for good", async () => {
    const browser = chromium()
    const deps = ['assets/part-abc.js', 'assets/shared-def.js', 'assets/part-ghi.css']
    online = false
    browser.state.down = true
    const offline = loadChunk(browser.part, deps)
    expect(hrefs('modulepreload')).toEqual([])
    expect(hrefs('stylesheet')).toEqual(['/assets/part-ghi.css'])

    // The stylesheet fails: the part is not imported, and the link leaves so it can be asked again.
    const leaves = vi.spyOn(appended[0]!, 'remove')
    appended[0]!.dispatchEvent(new Event('error'))
    expect(leaves).toHaveBeenCalled()
    await expect(offline).rejects.toThrow(`Unable to preload CSS for ${location.origin}/assets/part-ghi.css`)
    expect(browser.requests).toEqual([])

    online = true
    browser.state.down = false
    appended = []
    const back = loadChunk(browser.part, deps)
    expect(hrefs('modulepreload')).toEqual(['/assets/part-abc.js', '/assets/shared-def.js'])
    expect(hrefs('stylesheet')).toEqual(['/assets/part-ghi.css'])
    // The part waits for its stylesheet.
    await settle()
    expect(browser.requests).toEqual([])
    appended.find((link) => link.rel === 'stylesheet')!.dispatchEvent(new Event('load'))
    expect((await back).url).toBe('./part-abc.js')
  })

  it('asks for a stylesheet once, and for nothing the page already has', async () => {
    const browser = chromium()
    // index.html's stylesheet, written into the page by the build, and the app's entry preloaded
    // (happy-dom downloads neither).
    const inPage = document.createElement('style')
    inPage.dataset.href = '/assets/index-abc.css'
    const page = [inPage, Object.assign(document.createElement('link'), { rel: 'modulepreload', href: '/assets/index-abc.js' })]
    const settings = (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM.settings
    settings.handleDisabledFileLoadingAsSuccess = true
    HTMLElement.prototype.append.call(document.head, ...page)
    settings.handleDisabledFileLoadingAsSuccess = false
    const deps = ['assets/index-abc.js', 'assets/index-abc.css', 'assets/part-ghi.css']
    const first = loadChunk(browser.part, deps)
    const second = loadChunk(browser.part, deps)
    expect(hrefs('modulepreload')).toEqual([])
    expect(hrefs('stylesheet')).toEqual(['/assets/part-ghi.css'])
    appended[0]!.dispatchEvent(new Event('load'))
    expect(await first).toBe(await second)

    appended = []
    await loadChunk(browser.part, deps)
    expect(appended).toEqual([])
  })
})
