import { useId } from 'react'
import { textWidth, type ChartLayout } from './chart-layout'
import styles from './flows-page.module.css'

/**
 * A machine's chart as inline SVG, its active states highlighted. It scrolls inside its frame (by
 * keyboard too: the frame takes focus), so a phone shows it at its size rather than too small to read.
 */
export function FlowChart({ layout, active, label }: { layout: ChartLayout; active: ReadonlySet<string>; label: string }) {
  const arrowId = useId()
  const titleId = useId()
  return (
    <div className={styles.chartFrame} tabIndex={0} role="group" aria-label={label}>
      <svg
        className={styles.chart}
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${String(layout.width)} ${String(layout.height)}`}
        role="img"
        aria-labelledby={titleId}
      >
        <title id={titleId}>{label}</title>
        <defs>
          <marker id={arrowId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" className={styles.arrowHead} />
          </marker>
        </defs>
        {layout.boxes.map((box) => (
          <g key={box.id} className={active.has(box.id) ? styles.activeState : undefined} data-state={box.id} data-active={active.has(box.id)}>
            <rect
              x={box.x}
              y={box.y}
              width={box.width}
              height={box.height}
              rx={box.container ? 10 : 8}
              className={box.container ? styles.container : box.final ? styles.finalState : styles.state}
            />
            <text
              x={box.container ? box.x + 12 : box.x + box.width / 2}
              y={box.container ? box.y + 17 : box.y + box.height / 2 + 4}
              textAnchor={box.container ? 'start' : 'middle'}
              className={styles.stateLabel}
            >
              {box.label}
            </text>
          </g>
        ))}
        {layout.arrows.map((arrow) => (
          <g key={arrow.transitionId}>
            <path d={arrow.path} className={styles.arrow} markerEnd={`url(#${arrowId})`} />
          </g>
        ))}
        {/* Labels last, over every line, on a backing that keeps them readable where lines cross. */}
        {layout.arrows.map((arrow) => (
          <g key={arrow.transitionId} className={styles.arrowLabel}>
            <rect x={arrow.labelX - 2} y={arrow.labelY - 11} width={textWidth(arrow.label) + 4} height={15} rx={3} />
            <text x={arrow.labelX} y={arrow.labelY}>
              {arrow.label}
            </text>
          </g>
        ))}
      </svg>
    </div>
  )
}
