import type { CSSProperties, ReactNode } from 'react'
import styles from './definition-list.module.css'

type Rows = ReadonlyArray<readonly [string, ReactNode]>

/**
 * Facts as label and value pairs (`<dl>`), each pair in its own group for styling: laid out by the
 * caller's `className`, or as a grid of columns at least `minColumn` wide.
 */
export function DefinitionList({ rows, className, minColumn }: { rows: Rows; className?: string; minColumn?: string }) {
  const grid = minColumn ? { className: styles.grid, style: { '--min-column': minColumn } as CSSProperties } : { className }
  return (
    <dl {...grid}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
