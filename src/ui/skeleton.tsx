import type { CSSProperties, ReactNode } from 'react'
import styles from './skeleton.module.css'

/**
 * A loading state shaped like the content it stands for, so nothing moves when the data arrives.
 * Screen readers hear the label once; the grey blocks are hidden from them.
 */
export function Skeleton({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <div aria-hidden="true">{children}</div>
    </div>
  )
}

/** One grey block of the skeleton: a line of text (`1lh` by default) or a box of a given height. */
export function Bone({ width = '100%', height = '1lh', className }: { width?: string; height?: string; className?: string }) {
  const style: CSSProperties = { inlineSize: width, blockSize: height }
  return <span className={`${styles.bone} ${className ?? ''}`} style={style} />
}
