import { afterEach, describe, expect, it, vi } from 'vitest'

/** The module as a freshly loaded page finds it: what it remembers is only what the tab kept. */
const loadPage = async () => {
  vi.resetModules()
  return import('./experience-later')
}

afterEach(() => {
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe('"Later" on the experience question', () => {
  it('holds for the athlete who chose it, and through a reload of the tab', async () => {
    const page = await loadPage()
    expect(page.isExperienceQuestionPutOff(7)).toBe(false)
    page.putOffExperienceQuestion(7)
    expect(page.isExperienceQuestionPutOff(7)).toBe(true)

    const reloaded = await loadPage()
    expect(reloaded.isExperienceQuestionPutOff(7)).toBe(true)
  })

  it('does not hold for another athlete signing in on the same tab', async () => {
    const page = await loadPage()
    page.putOffExperienceQuestion(7)
    expect(page.isExperienceQuestionPutOff(8)).toBe(false)
  })

  it('is forgotten at a logout: the next sign-in asks again, also after a reload', async () => {
    const page = await loadPage()
    page.putOffExperienceQuestion(7)
    page.forgetExperienceLater()
    expect(page.isExperienceQuestionPutOff(7)).toBe(false)
    expect((await loadPage()).isExperienceQuestionPutOff(7)).toBe(false)
  })

  it('still holds on this page when the browser refuses storage', async () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
      removeItem: () => {
        throw new DOMException('blocked', 'SecurityError')
      },
    }
    vi.stubGlobal('sessionStorage', refusing)
    const page = await loadPage()
    page.putOffExperienceQuestion(7)
    expect(page.isExperienceQuestionPutOff(7)).toBe(true)
    expect(page.isExperienceQuestionPutOff(8)).toBe(false)
    page.forgetExperienceLater()
    expect(page.isExperienceQuestionPutOff(7)).toBe(false)
  })
})
