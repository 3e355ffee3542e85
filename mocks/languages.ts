import type { Locale } from '../contracts/locale'
import type { WrittenText } from './db'

/**
 * The language an answer's texts are served in (decision 030): the one asked where every one of
 * them is written in it, else English where they are, else Italian, which is always written. One
 * language for the whole answer, so a page never mixes two.
 */
export function servedLanguage(asked: Locale, texts: readonly WrittenText[]): Locale {
  const written = (lingua: Locale) => texts.every((text) => text[lingua] !== undefined)
  if (written(asked)) return asked
  return written('en') ? 'en' : 'it'
}

/** A text in the language `servedLanguage` chose for it. */
export function textIn(text: WrittenText, lingua: Locale): string {
  return text[lingua] ?? text.it
}
