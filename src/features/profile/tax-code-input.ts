import type { ChangeEvent } from 'react'
import { normaliseTaxCode } from '../../lib/validation/codice-fiscale'

/**
 * The tax code as the athlete types or pastes it, normalised at once (no white space, upper case)
 * with the caret kept after the same character it followed: a letter typed in the middle of the
 * code stays where it was typed.
 */
export function normaliseAsTyped(value: string, caret: number | null): { value: string; caret: number | null } {
  return {
    value: normaliseTaxCode(value),
    caret: caret === null ? null : normaliseTaxCode(value.slice(0, caret)).length,
  }
}

/**
 * Wraps a field's change handler so the input shows, and the form holds, the normalised code. An
 * input method still composing a character (a Japanese or Chinese keyboard) is left alone until the
 * character is there.
 */
export function normalisingTaxCode<T>(onChange: (event: ChangeEvent<HTMLInputElement>) => T) {
  return (event: ChangeEvent<HTMLInputElement>): T => {
    const input = event.target
    const composing = (event.nativeEvent as InputEvent | undefined)?.isComposing === true
    if (!composing) {
      const typed = normaliseAsTyped(input.value, input.selectionStart)
      if (typed.value !== input.value) {
        input.value = typed.value
        if (typed.caret !== null && document.activeElement === input) input.setSelectionRange(typed.caret, typed.caret)
      }
    }
    return onChange(event)
  }
}
