import { describe, expect, it } from 'vitest'
import { PASSWORD_MIN_LENGTH, passwordLacks } from './password'

describe('passwordLacks', () => {
  it('accepts eight characters with a digit and a special character', () => {
    expect(passwordLacks('trail-2026')).toEqual([])
    expect(passwordLacks('Ab1!efgh')).toEqual([])
  })

  it('names every rule a password misses', () => {
    expect(passwordLacks('')).toEqual(['length', 'digit', 'special'])
    expect(passwordLacks('montagne')).toEqual(['digit', 'special'])
    expect(passwordLacks('montagne1')).toEqual(['special'])
    expect(passwordLacks('montagne!')).toEqual(['digit'])
    expect(passwordLacks('a1!')).toEqual(['length'])
  })

  it('counts characters, not UTF-16 units, and knows digits and letters beyond ASCII', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8)
    expect(passwordLacks('山道１２３４５！')).toEqual([])
    expect(passwordLacks('😀😀😀1!a')).toEqual(['length'])
    expect(passwordLacks('éèàùìò12')).toEqual(['special'])
  })

  it('does not count spaces as special characters', () => {
    expect(passwordLacks('two words 12')).toEqual(['special'])
  })
})
