import { useEffect, useRef, type ReactNode } from 'react'

let focusHeadingOnMount = false

/**
 * After a navigation the new screen's heading takes focus, so keyboard and screen-reader users
 * start from it. A screen still loading when the router asks takes it as soon as it mounts.
 */
export function focusScreenHeading(): void {
  // Suspense keeps the previous screen in the document, hidden, while the next one loads.
  const heading = [...document.querySelectorAll<HTMLElement>('main h1')].find((h1) => h1.checkVisibility())
  if (heading) heading.focus()
  else focusHeadingOnMount = true
}

/** A screen: its one h1 and the document title. */
export function Page({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    document.title = `${title} · pettorale`
  }, [title])
  useEffect(() => {
    if (!focusHeadingOnMount) return
    focusHeadingOnMount = false
    heading.current?.focus()
  }, [])
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {lead ? <p>{lead}</p> : null}
      {children}
    </>
  )
}
