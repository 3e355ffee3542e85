import { describe, expect, it } from 'vitest'
import { startSocialSignIn, takeSocialState } from './social-sign-in'

describe('the social sign-in state', () => {
  it('a return carrying the state this tab stored is accepted, once', () => {
    const state = startSocialSignIn()
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(takeSocialState(state)).toBe(true)
    expect(takeSocialState(state)).toBe(false)
  })

  it('a return with another state, no state, or when this tab started nothing is refused', () => {
    const state = startSocialSignIn()
    // Another state: the last character changed (to one it is not: the state is random).
    expect(takeSocialState(`${state.slice(0, -1)}${state.endsWith('x') ? 'y' : 'x'}`)).toBe(false)
    startSocialSignIn()
    expect(takeSocialState(null)).toBe(false)
    expect(takeSocialState(state)).toBe(false)
  })

  it('each sign-in gets a new state', () => {
    expect(startSocialSignIn()).not.toBe(startSocialSignIn())
  })
})
