import type { ReactNode } from 'react'

/** Facts as label and value pairs (`<dl>`), each pair in its own group for styling. */
export function DefinitionList({ rows, className }: { rows: ReadonlyArray<readonly [string, ReactNode]>; className?: string }) {
  return (
    <dl className={className}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
