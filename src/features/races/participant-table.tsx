import { useVirtualizer } from '@tanstack/react-virtual'
import {
  Fragment,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type ReactNode,
} from 'react'
import styles from './participant-table.module.css'

/** Every row is one line of this height (CSS keeps it so), so positions need no measuring. */
export const ROW_HEIGHT_REM = 2.75
/** Rows rendered beyond each edge of the visible part, so a fast scroll rarely shows a gap. */
const OVERSCAN = 12

export interface ParticipantColumn<R> {
  id: string
  header: ReactNode
  /** Width in rem; the table keeps the columns' proportions, and scrolls sideways when narrower than their sum (on a phone, of the essential columns'). */
  width: number
  /** Width in rem on a phone, when narrower (the pinned name, so other columns fit beside it). */
  narrowWidth?: number
  cell: (row: R) => ReactNode
  /** Numbers: right-aligned, tabular figures. */
  numeric?: boolean
  /** Stays in view when the table scrolls sideways (the name). */
  pinned?: boolean
  /** The list is sorted by this column. */
  sorted?: 'ascending'
  /**
   * Not essential: on a phone the column is left out and its content folded under the pinned
   * column's (the name), after its header's words for assistive technology (so `header` is a string).
   */
  secondary?: boolean
  /**
   * What the folded line says of a secondary column (the cell by default): null or empty leaves it
   * out, as a value the line already says (a country of residence that is the nationality).
   */
  folded?: (row: R) => ReactNode
}

/** The phone layout's breakpoint, the stylesheet's `48rem`. */
const NARROW_QUERY = '(max-width: 47.99rem)'

function subscribeNarrow(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/** Whether the screen is a phone's: one media query for the whole table, never a measure per row. */
function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  )
}

/** The columns shown: on a phone, the essential ones only. */
function shownColumns<R>(columns: readonly ParticipantColumn<R>[], narrow: boolean): readonly ParticipantColumn<R>[] {
  return narrow ? columns.filter((column) => !column.secondary) : columns
}

/** A phone's second line under the name: the columns left out, each after its header's words (for assistive technology). */
function Folded<R>({ columns, row }: { columns: readonly ParticipantColumn<R>[]; row: R }) {
  const said = columns.flatMap((column) => {
    const content = (column.folded ?? column.cell)(row)
    return content === null || content === undefined || content === '' ? [] : [{ column, content }]
  })
  return (
    <span className={styles.fold}>
      {said.map(({ column, content }, index) => (
        <Fragment key={column.id}>
          {index > 0 ? <span aria-hidden="true"> · </span> : null}
          <span>
            {typeof column.header === 'string' ? <span className="visually-hidden">{column.header}: </span> : null}
            {content}
          </span>
          {index < said.length - 1 ? <span className="visually-hidden">, </span> : null}
        </Fragment>
      ))}
    </span>
  )
}

interface TableProps<R> {
  /** The table's caption, read by assistive technology; it names the scrolling region too. */
  caption: string
  columns: readonly ParticipantColumn<R>[]
  rows: readonly R[]
  rowKey: (row: R) => string | number
  /** Changes when the filters do: the list goes back to its top. */
  resetKey: string
  /** A row to single out (the athlete's own result), with the words that say so to assistive technology. */
  highlight?: { key: string | number; label: string } | null
}

function rowHeightPx(): number {
  const rootFontPx = Number.parseFloat(getComputedStyle(document.documentElement).fontSize)
  return (Number.isFinite(rootFontPx) && rootFontPx > 0 ? rootFontPx : 16) * ROW_HEIGHT_REM
}

const rem = (value: number) => `${String(value)}rem`

/** The table's least widths, wide and on a phone, for its stylesheet. */
function widths(columns: readonly ParticipantColumn<never>[]): CSSProperties {
  const sum = (width: (column: ParticipantColumn<never>) => number) => rem(columns.reduce((total, column) => total + width(column), 0))
  return {
    '--table-min': sum((column) => column.width),
    '--table-min-narrow': sum((column) => column.narrowWidth ?? column.width),
  } as CSSProperties
}

function Colgroup({ columns }: { columns: readonly ParticipantColumn<never>[] }) {
  return (
    <colgroup>
      {columns.map((column) => (
        <col
          key={column.id}
          className={styles.column}
          style={{ '--column': rem(column.width), '--column-narrow': rem(column.narrowWidth ?? column.width) } as CSSProperties}
        />
      ))}
    </colgroup>
  )
}

function cellClass(column: ParticipantColumn<never>): string {
  return [styles.cell, column.numeric ? styles.numeric : '', column.pinned ? styles.pinned : ''].join(' ')
}

/**
 * A long list of participants as a real table: only the rows in view are in the document (with
 * spacer rows for the rest), while `aria-rowcount` and each row's `aria-rowindex` tell assistive
 * technology where it is in the whole list. The table scrolls in its own box, so its header stays
 * in view. On a phone only the essential columns are cells; the secondary ones are folded into a
 * second line under the name, so nothing scrolls sideways and nothing is lost (the row keeps its
 * height: the virtualiser still places rows without measuring them).
 */
export function ParticipantTable<R>({ caption, columns: allColumns, rows, rowKey, resetKey, highlight = null }: TableProps<R>) {
  const captionId = useId()
  const narrow = useNarrow()
  const columns = shownColumns(allColumns, narrow)
  const folded = narrow ? allColumns.filter((column) => column.secondary) : []
  const scroller = useRef<HTMLDivElement>(null)
  // Read once: asked for each of 20,000 rows, getComputedStyle would cost more than the filter.
  const [rowHeight] = useState(rowHeightPx)
  // Stable between renders, or the virtualizer would recompute every row's position on each scroll.
  const getItemKey = useCallback((index: number) => rowKey(rows[index]!), [rows, rowKey])
  // eslint-disable-next-line react-hooks/incompatible-library -- the portal does not use the React Compiler; the virtualizer is read in render on purpose
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    getItemKey,
  })

  // New filters, new list: start from its top.
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0
  }, [resetKey])

  // The athlete's own row is brought into view once, when the table first has it.
  const highlightIndex = highlight === null ? -1 : rows.findIndex((row) => rowKey(row) === highlight.key)
  const shownHighlight = useRef(false)
  useEffect(() => {
    if (highlightIndex < 0 || shownHighlight.current) return
    virtualizer.scrollToIndex(highlightIndex, { align: 'center' })
    // Once the row is drawn, the page scrolls to it too (on a phone the table starts below the fold).
    const frame = requestAnimationFrame(() => {
      shownHighlight.current = true
      scroller.current?.querySelector(`.${styles.highlight}`)?.scrollIntoView({ block: 'center' })
    })
    return () => cancelAnimationFrame(frame)
  }, [highlightIndex, virtualizer])

  const items = virtualizer.getVirtualItems()
  const before = items[0]?.start ?? 0
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)
  const spacer = (height: number, key: string) =>
    height > 0 ? (
      <tr key={key} aria-hidden="true" className={styles.spacer} style={{ height }}>
        <td colSpan={columns.length} />
      </tr>
    ) : null

  return (
    <div ref={scroller} className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table} aria-rowcount={rows.length + 1} style={widths(columns)}>
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <Colgroup columns={columns} />
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={cellClass(column)} aria-sort={column.sorted}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {spacer(before, 'before')}
          {items.map((item) => {
            const row = rows[item.index]!
            return (
              <tr
                key={item.key}
                aria-rowindex={item.index + 2}
                className={[item.index % 2 === 1 ? styles.odd : '', item.index === highlightIndex ? styles.highlight : ''].join(' ').trim() || undefined}
              >
                {columns.map((column, index) => (
                  <td key={column.id} className={cellClass(column)}>
                    {index === 0 && item.index === highlightIndex ? <span className="visually-hidden">{highlight?.label} </span> : null}
                    {column.pinned && folded.length > 0 ? (
                      <>
                        <span className={styles.main}>{column.cell(row)}</span>
                        <Folded columns={folded} row={row} />
                      </>
                    ) : (
                      column.cell(row)
                    )}
                  </td>
                ))}
              </tr>
            )
          })}
          {spacer(after, 'after')}
        </tbody>
      </table>
    </div>
  )
}

const SKELETON_ROWS = 16

/**
 * The table as it will be, before its rows arrive: same box, same header, placeholder rows. Hidden
 * from assistive technology, which hears the loading status instead.
 */
export function ParticipantTableSkeleton({ columns: allColumns }: { columns: readonly ParticipantColumn<never>[] }) {
  const columns = shownColumns(allColumns, useNarrow())
  return (
    <div className={`${styles.scroller} ${styles.skeleton}`} aria-hidden="true">
      <table className={styles.table} style={widths(columns)}>
        <Colgroup columns={columns} />
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={cellClass(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <tr key={index} className={index % 2 === 1 ? styles.odd : undefined}>
              {columns.map((column) => (
                <td key={column.id} className={cellClass(column)}>
                  <span className={styles.bar} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
