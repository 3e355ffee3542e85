import { describe, expect, it } from 'vitest'
import { isEnrolmentPath, paths } from './paths'

describe('isEnrolmentPath: the way back from the profile says "your enrolment" only for the wizard', () => {
  it.each([paths.subscribe(203), `${paths.subscribe(203)}?step=gps`, `${paths.subscribe(12)}#top`])('is the wizard: %s', (path) => {
    expect(isEnrolmentPath(path)).toBe(true)
  })

  it.each([paths.race(203), paths.subscribed(203), `${paths.subscribe(203)}/extra`, '/race/abc/subscribe', paths.myRaces])('is not: %s', (path) => {
    expect(isEnrolmentPath(path)).toBe(false)
  })
})
