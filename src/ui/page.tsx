import { useEffect, type ReactNode } from 'react'

/** A screen: its one h1 (focused after navigation by the router) and the document title. */
export function Page({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · pettorale`
  }, [title])
  return (
    <>
      <h1 tabIndex={-1}>{title}</h1>
      {lead ? <p>{lead}</p> : null}
      {children}
    </>
  )
}
