import { useEffect, useRef, useState } from 'react'

/**
 * A heading that takes focus when it appears in place of what the athlete was using (a wizard's
 * next step, an outcome, a refusal), so keyboard and screen-reader users go on from it instead of
 * from the top of the page. `when` false leaves focus where it is.
 */
export function useFocusOnMount<T extends HTMLElement>(when = true) {
  const element = useRef<T>(null)
  // Decided once, on appearing: a later change of `when` is not a new screen.
  const [focusNow] = useState(when)
  useEffect(() => {
    if (focusNow) element.current?.focus()
  }, [focusNow])
  return element
}
