import { useEffect, useMemo, useRef, useState } from 'react'
import { useLocation } from 'wouter'
// The raw `location.search`: wouter's own useSearch runs decodeURI over it, which would turn a
// typed '%41' into 'A' before URLSearchParams reads it.
import { useSearch } from 'wouter/use-browser-location'

/** Typed text reaches the address this long after the last keystroke. */
export const ADDRESS_WRITE_DELAY_MS = 300

/** How a screen's filters read from and write to the query string (no '?'; '' for none). */
export interface FilterCodec<F> {
  read: (search: string) => F
  write: (filters: F) => string
}

/**
 * A screen's filters, kept in the address so they survive a reload and follow back and forward.
 *
 * - `commit` (a select, a button) writes at once and adds a history entry.
 * - `type` (a text field) shows the new value at once and writes it to the address after a pause
 *   in typing: browsers throttle history writes (Safari throws after 100 in 30 s), and one entry
 *   per keystroke would make Back useless. The first write of a typing run adds an entry, the
 *   following ones replace it, so Back goes to the list as it was before typing.
 * - An address change from elsewhere (back, forward, a link) wins over text not yet written.
 */
export function useUrlFilters<F>(codec: FilterCodec<F>) {
  const search = useSearch()
  const [path, navigate] = useLocation()
  const fromAddress = useMemo(() => codec.read(search), [codec, search])
  // Typed filters not yet in the address, with the address they were typed over.
  const [draft, setDraft] = useState<{ over: string; filters: F } | null>(null)
  const filters = draft !== null && draft.over === search ? draft.filters : fromAddress

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const pendingWrite = useRef<(() => void) | null>(null)
  /** The field typed into last and the address that typing left, to replace rather than push. */
  const lastTyped = useRef<{ field: string; href: string } | null>(null)

  useEffect(
    () => () => {
      clearTimeout(timer.current)
    },
    [],
  )

  const write = (next: F, replace: boolean) => {
    const query = codec.write(next)
    navigate(query ? `${path}?${query}` : path, { replace })
  }

  const cancelPending = () => {
    clearTimeout(timer.current)
    pendingWrite.current = null
  }

  /** A chosen value (select, button): written at once, as its own history entry. */
  const commit = (next: F) => {
    cancelPending()
    setDraft(null)
    lastTyped.current = null
    write(next, false)
  }

  /** A typed value: shown at once, written to the address after a pause. */
  const type = (field: string, next: F) => {
    cancelPending()
    setDraft({ over: search, filters: next })
    const typedOver = window.location.href
    const run = () => {
      pendingWrite.current = null
      setDraft(null)
      // Someone navigated meanwhile (back, a link): the address they chose wins.
      if (window.location.href !== typedOver) return
      const previous = lastTyped.current
      write(next, previous !== null && previous.field === field && previous.href === typedOver)
      lastTyped.current = { field, href: window.location.href }
    }
    pendingWrite.current = run
    timer.current = setTimeout(run, ADDRESS_WRITE_DELAY_MS)
  }

  /** Writes typed text now (the field lost focus). */
  const flush = () => {
    const run = pendingWrite.current
    if (!run) return
    clearTimeout(timer.current)
    run()
  }

  return { filters, commit, type, flush }
}
