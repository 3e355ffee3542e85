import { Trans, useLingui } from '@lingui/react/macro'
import { Fragment, useId, useMemo, useState } from 'react'
import { SelectField } from '../../ui/field'
import { chartParts, layoutChart, statePath, svgPath, type ChartArrow, type ChartBox } from './chart-layout'
import type { FlowGraph } from './machine-graph'
import styles from './flows-page.module.css'

/** Beyond this many transitions a whole chart is a tangle: it is offered one part at a time too. */
const LARGE_CHART = 40

/**
 * A state's path in its machine (`wizard.rules`; the root is named by the machine's id), which a
 * narrow table may break after a dot, not inside a name.
 */
function StatePath({ id }: { id: string }) {
  return statePath(id)
    .split('.')
    .map((name, index) => (
      <Fragment key={index}>
        {index > 0 ? (
          <>
            .<wbr />
          </>
        ) : null}
        {name}
      </Fragment>
    ))
}

/**
 * The transitions the chart numbers, as a table by the state they leave: what each number means,
 * and those the current state can take (those of its active states) marked, so a reader sees what
 * may happen next.
 */
function TransitionTable({ arrows, active, label }: { arrows: readonly ChartArrow[]; active: ReadonlySet<string>; label: string }) {
  const { t } = useLingui()
  const bySource = new Map<string, ChartArrow[]>()
  for (const arrow of arrows) bySource.set(arrow.source, [...(bySource.get(arrow.source) ?? []), arrow])
  return (
    <div className={styles.tableFrame} tabIndex={0} role="group" aria-label={label}>
      <table className={styles.transitions}>
        <caption>{t`Transitions (those of the current state marked)`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`No.`}</th>
            <th scope="col">{t`Event [guard]`}</th>
            <th scope="col">{t`To`}</th>
          </tr>
        </thead>
        {[...bySource].map(([source, leaving]) => (
          <tbody key={source} className={active.has(source) ? styles.currentTransitions : undefined}>
            <tr>
              <th scope="rowgroup" colSpan={3} className={styles.transitionsFrom}>
                <Trans>
                  From <StatePath id={source} />
                </Trans>
              </th>
            </tr>
            {leaving.map((arrow) => (
              <tr key={arrow.transitionId} data-current={active.has(source)}>
                <th scope="row">{arrow.number}</th>
                <td>
                  <code>{arrow.label}</code>
                </td>
                <td>{arrow.source === arrow.target ? t`(stays)` : <StatePath id={arrow.target} />}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  )
}

function boxClass(box: ChartBox): string {
  if (box.port) return styles.port!
  if (box.container) return styles.container!
  return box.final ? styles.finalState! : styles.state!
}

/**
 * A machine's chart as inline SVG, its active states highlighted, and the table of its numbered
 * transitions beside it. Each scrolls inside its frame (by keyboard too: the frame takes focus), so
 * a phone shows the chart at its size rather than too small to read. A large machine can be shown
 * one part at a time, the table following.
 */
export function FlowChart({ graph, active, title }: { graph: FlowGraph; active: ReadonlySet<string>; title: string }) {
  const { t } = useLingui()
  const whole = graph.states[0]!.id
  const [part, setPart] = useState(whole)
  const layout = useMemo(() => layoutChart(graph, part), [graph, part])
  const parts = graph.transitions.length > LARGE_CHART ? chartParts(graph) : []
  const path = statePath(part)
  const label = part === whole ? t`Chart of ${title}` : t`Chart of ${title}: ${path}`
  const arrowId = useId()
  const titleId = useId()
  return (
    <div className={styles.chartAndTable}>
      {parts.length > 0 ? (
        <div className={styles.partPicker}>
          <SelectField
            label={t`Part shown`}
            hint={t`A part at a time is easier to follow. Transitions from states outside the part start at a dashed box above it naming that state; transitions to states outside it end at one below.`}
            value={part}
            onChange={(event) => setPart(event.target.value)}
          >
            <option value={whole}>{t`Whole machine`}</option>
            {parts.map((id) => (
              <option key={id} value={id}>
                {statePath(id)}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      {/* Keyed by the part, so another part's chart opens at its top left, not where the last was scrolled. */}
      <div key={part} className={styles.chartFrame} tabIndex={0} role="group" aria-label={label}>
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
            <g
              key={box.id}
              className={active.has(box.state) ? styles.activeState : undefined}
              data-state={box.state}
              data-active={active.has(box.state)}
            >
              <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={box.container ? 10 : 8} className={boxClass(box)} />
              <text
                x={box.container ? box.x + 12 : box.x + box.width / 2}
                y={box.container ? box.y + 17 : box.y + box.height / 2 + 4}
                textAnchor={box.container ? 'start' : 'middle'}
                className={box.port ? styles.portLabel : styles.stateLabel}
              >
                {box.label}
              </text>
            </g>
          ))}
          {layout.arrows.map((arrow) => (
            <g key={arrow.transitionId}>
              <path d={svgPath(arrow.curve)} className={styles.arrow} markerEnd={`url(#${arrowId})`} />
            </g>
          ))}
          {/* Numbers last, over every line, on a backing that keeps them readable where lines cross. */}
          {layout.arrows.map((arrow) => (
            <g key={arrow.transitionId} className={active.has(arrow.source) ? `${styles.arrowLabel} ${styles.currentBadge}` : styles.arrowLabel}>
              <title>{`${String(arrow.number)}: ${arrow.label}`}</title>
              <rect x={arrow.badge.x} y={arrow.badge.y} width={arrow.badge.width} height={arrow.badge.height} rx={7} />
              <text x={arrow.badge.x + arrow.badge.width / 2} y={arrow.badge.y + arrow.badge.height - 4} textAnchor="middle">
                {arrow.number}
              </text>
            </g>
          ))}
        </svg>
      </div>
      <TransitionTable arrows={layout.arrows} active={active} label={t`Transitions of ${title}`} />
    </div>
  )
}
