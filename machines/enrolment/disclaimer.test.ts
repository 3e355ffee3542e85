import { describe, expect, it } from 'vitest'
import { disclaimerMatches } from './disclaimer'

describe('disclaimer comparison', () => {
  it.each([
    ['I accept the risks', 'I accept the risks'],
    ['  i ACCEPT the RISKS  ', 'I accept the risks'],
    ['I\taccept\n\nthe   risks', 'I accept the risks'],
    // Composed and decomposed forms of the same text are the same text.
    ['J\u2019accepte les risques de la course en montagne', 'J\u2019accepte les risques de la course en montagne'],
    ['Accetto i rischi della citta\u0300', 'Accetto i rischi della citt\u00e0'],
    ['我接受山地跑的风险', '我接受山地跑的风险'],
  ])('%j matches %j', (typed, shown) => {
    expect(disclaimerMatches(typed, shown)).toBe(true)
  })

  it.each([
    ['', 'I accept the risks'],
    ['I accept the risk', 'I accept the risks'],
    ['I accept the risks.', 'I accept the risks'],
    ['Iaccept the risks', 'I accept the risks'],
    ['我接受山地跑的风', '我接受山地跑的风险'],
  ])('%j is incorrect for %j', (typed, shown) => {
    expect(disclaimerMatches(typed, shown)).toBe(false)
  })
})
