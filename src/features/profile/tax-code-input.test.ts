import { describe, expect, it } from 'vitest'
import { normaliseAsTyped } from './tax-code-input'

describe('normaliseAsTyped', () => {
  it('upper-cases the code and keeps the caret at the end while the athlete types along', () => {
    expect(normaliseAsTyped('rssm', 4)).toEqual({ value: 'RSSM', caret: 4 })
  })

  it('drops white space, the caret following the character it was after', () => {
    // "rss mra|" with the caret after the a: 6 characters before it once the space is gone.
    expect(normaliseAsTyped('rss mra', 7)).toEqual({ value: 'RSSMRA', caret: 6 })
    expect(normaliseAsTyped('  rss mra 85t10 a562s ', 22)).toEqual({ value: 'RSSMRA85T10A562S', caret: 16 })
  })

  it('keeps the caret in the middle when a character is typed there', () => {
    // "RSSMRA85T1|A562S": a 0 typed after the 1, lower case letters around it.
    expect(normaliseAsTyped('rssmra85t10|a562s'.replace('|', ''), 11)).toEqual({ value: 'RSSMRA85T10A562S', caret: 11 })
    expect(normaliseAsTyped('RSS MRA', 3)).toEqual({ value: 'RSSMRA', caret: 3 })
  })

  it('leaves the caret unknown when the input does not say where it is', () => {
    expect(normaliseAsTyped('rss', null)).toEqual({ value: 'RSS', caret: null })
  })
})
