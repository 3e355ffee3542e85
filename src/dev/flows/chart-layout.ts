import type { FlowGraph, FlowState, FlowTransition } from './machine-graph'

/**
 * A small layout of a machine's chart, top to bottom: a state with children is a box around them,
 * its children in rows by how far the flow is from its initial one (the initial on top), a leaf a
 * labelled box. Transitions are curves from the source's box to the target's, labelled "event
 * [guard]"; one without target is a loop on its box's right, labelled beside it. Sizes come from
 * the labels' length at the chart's one font size, so the result is a pure function of the graph.
 */

export interface ChartBox {
  id: string
  label: string
  x: number
  y: number
  width: number
  height: number
  container: boolean
  final: boolean
}

export interface ChartArrow {
  transitionId: string
  source: string
  target: string
  /** SVG path data. */
  path: string
  label: string
  labelX: number
  labelY: number
}

export interface ChartLayout {
  width: number
  height: number
  boxes: ChartBox[]
  arrows: ChartArrow[]
}

/** Pixels per character of the chart's 12 px labels (system font, generous so text fits). */
export const CHAR_WIDTH = 7
const LEAF_HEIGHT = 34
const TEXT_PAD = 12
const MIN_LEAF_WIDTH = 72
const PAD = 14
const TITLE_HEIGHT = 24
const ROW_GAP = 60
const COLUMN_GAP = 40
const LOOP_WIDTH = 22
const LOOP_LINE = 16
const BOW = 36

export const textWidth = (text: string) => text.length * CHAR_WIDTH

export const transitionLabel = (transition: FlowTransition) =>
  transition.guard ? `${transition.label} [${transition.guard}]` : transition.label

interface Measured {
  state: FlowState
  /** The box itself. */
  width: number
  height: number
  /** The box and the loops beside it. */
  footprint: { width: number; height: number }
  rows: Measured[][]
}

/** Each child's row: its distance from the initial child along transitions between the children. */
function rowsOf(parent: FlowState, children: FlowState[], graph: FlowGraph, childOf: (id: string) => string | undefined) {
  const next = new Map<string, Set<string>>()
  for (const transition of graph.transitions) {
    const from = childOf(transition.source)
    const to = childOf(transition.target)
    if (from === undefined || to === undefined || from === to) continue
    if (!next.has(from)) next.set(from, new Set())
    next.get(from)!.add(to)
  }
  const rank = new Map<string, number>()
  const queue = [parent.initial ?? children[0]!.id]
  rank.set(queue[0]!, 0)
  while (queue.length > 0) {
    const id = queue.shift()!
    for (const to of next.get(id) ?? []) {
      if (rank.has(to)) continue
      rank.set(to, rank.get(id)! + 1)
      queue.push(to)
    }
  }
  // States no transition among the children reaches (reached from outside) go below, in order.
  let last = Math.max(...rank.values())
  for (const child of children) if (!rank.has(child.id)) rank.set(child.id, ++last)
  const rows: string[][] = []
  for (const child of children) (rows[rank.get(child.id)!] ??= []).push(child.id)
  return rows.filter((row) => row.length > 0)
}

export function layoutChart(graph: FlowGraph): ChartLayout {
  const states = new Map(graph.states.map((state) => [state.id, state]))
  const loops = new Map<string, FlowTransition[]>()
  for (const transition of graph.transitions) {
    if (!transition.internal) continue
    loops.set(transition.source, [...(loops.get(transition.source) ?? []), transition])
  }
  const labelOf = (state: FlowState) => (state.parentId === null ? graph.machineId : state.key)

  /** The child of `parent` that is `id` or contains it. */
  const childWithin = (parent: FlowState, id: string): string | undefined => {
    for (let current = states.get(id); current; current = current.parentId ? states.get(current.parentId) : undefined) {
      if (current.parentId === parent.id) return current.id
    }
    return undefined
  }

  const measure = (state: FlowState): Measured => {
    const ownLoops = loops.get(state.id) ?? []
    const loopsWidth = ownLoops.length > 0 ? LOOP_WIDTH + Math.max(...ownLoops.map((loop) => textWidth(transitionLabel(loop)))) : 0
    const loopsHeight = ownLoops.length * LOOP_LINE
    const labelWidth = textWidth(labelOf(state)) + 2 * TEXT_PAD
    if (state.children.length === 0) {
      const width = Math.max(MIN_LEAF_WIDTH, labelWidth)
      const height = LEAF_HEIGHT
      return { state, width, height, footprint: { width: width + loopsWidth, height: Math.max(height, loopsHeight) }, rows: [] }
    }
    const children = state.children.map((id) => states.get(id)!)
    const rows = rowsOf(state, children, graph, (id) => childWithin(state, id)).map((row) => row.map((id) => measure(states.get(id)!)))
    const rowWidth = (row: Measured[]) => row.reduce((sum, child) => sum + child.footprint.width, 0) + COLUMN_GAP * (row.length - 1)
    const rowHeight = (row: Measured[]) => Math.max(...row.map((child) => child.footprint.height))
    const width = Math.max(labelWidth, ...rows.map(rowWidth)) + 2 * PAD
    const height = TITLE_HEIGHT + PAD + rows.reduce((sum, row) => sum + rowHeight(row), 0) + ROW_GAP * (rows.length - 1) + PAD
    return { state, width, height, footprint: { width: width + loopsWidth, height: Math.max(height, loopsHeight) }, rows }
  }

  const boxes: ChartBox[] = []
  const place = (measured: Measured, x: number, y: number) => {
    const { state, width, height } = measured
    boxes.push({ id: state.id, label: labelOf(state), x, y, width, height, container: measured.rows.length > 0, final: state.final })
    let rowY = y + TITLE_HEIGHT + PAD
    for (const row of measured.rows) {
      const used = row.reduce((sum, child) => sum + child.footprint.width, 0) + COLUMN_GAP * (row.length - 1)
      let childX = x + (width - used) / 2
      for (const child of row) {
        place(child, childX, rowY)
        childX += child.footprint.width + COLUMN_GAP
      }
      rowY += Math.max(...row.map((child) => child.footprint.height)) + ROW_GAP
    }
  }
  const root = measure(states.get(graph.states[0]!.id)!)
  // Room on the left for the curves that go back up.
  const margin = BOW + 8
  place(root, margin, 8)

  const boxOf = new Map(boxes.map((box) => [box.id, box]))
  const contains = (outer: ChartBox, inner: ChartBox) =>
    inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height
  const pairCount = new Map<string, number>()

  const arrows = graph.transitions.map((transition): ChartArrow => {
    const source = boxOf.get(transition.source)!
    const target = boxOf.get(transition.target)!
    const label = transitionLabel(transition)
    if (transition.internal) {
      const index = (loops.get(transition.source) ?? []).indexOf(transition)
      const right = source.x + source.width
      const y = source.y + 8 + index * LOOP_LINE
      const path = `M ${right} ${y} c ${LOOP_WIDTH - 6} -6 ${LOOP_WIDTH - 6} 10 0 6`
      return { transitionId: transition.id, source: source.id, target: target.id, path, label, labelX: right + LOOP_WIDTH, labelY: y + 4 }
    }
    const pair = `${source.id}>${target.id}`
    const nth = pairCount.get(pair) ?? 0
    pairCount.set(pair, nth + 1)
    const spread = nth * 14
    let path: string
    let labelX: number
    let labelY: number
    if (contains(source, target)) {
      // From a state around the target (a transition of the machine or of a parent): from its title.
      const [x0, y0] = [source.x + PAD + spread, source.y + TITLE_HEIGHT - 4]
      const [x1, y1] = [target.x + target.width / 2, target.y]
      path = `M ${x0} ${y0} C ${x0} ${y1 - 20} ${x1} ${y0 + 10} ${x1} ${y1}`
      ;[labelX, labelY] = [(x0 + x1) / 2, (y0 + y1) / 2]
    } else if (target.y >= source.y + source.height) {
      const [x0, y0] = [source.x + source.width / 2 + spread, source.y + source.height]
      const [x1, y1] = [target.x + target.width / 2 + spread, target.y]
      const middle = (y0 + y1) / 2
      path = `M ${x0} ${y0} C ${x0} ${middle} ${x1} ${middle} ${x1} ${y1}`
      ;[labelX, labelY] = [(x0 + x1) / 2, middle]
    } else {
      // Back up the flow (or across a row): out of the left side, bowed to the left, into the target's left side.
      const [x0, y0] = [source.x, source.y + source.height / 2 + spread / 2]
      const [x1, y1] = [target.x, target.y + Math.min(target.height / 2, TITLE_HEIGHT) + spread / 2]
      const bow = Math.min(x0, x1) - BOW - spread
      path = `M ${x0} ${y0} C ${bow} ${y0} ${bow} ${y1} ${x1} ${y1}`
      ;[labelX, labelY] = [(x0 + 3 * bow + 3 * bow + x1) / 8, (y0 + y1) / 2]
    }
    return { transitionId: transition.id, source: source.id, target: target.id, path, label, labelX, labelY }
  })

  const rootBox = boxOf.get(root.state.id)!
  const labelsRight = Math.max(...arrows.map((arrow) => arrow.labelX + textWidth(arrow.label)))
  return {
    width: Math.ceil(Math.max(rootBox.x + root.footprint.width, labelsRight) + 8),
    height: Math.ceil(rootBox.y + root.footprint.height + 8),
    boxes,
    arrows,
  }
}

/** The ids of the states a snapshot's value is in, parents first (not the root: it always is). */
export function activeStateIds(machineId: string, value: unknown): string[] {
  const ids: string[] = []
  const walk = (prefix: string, current: unknown) => {
    if (typeof current === 'string') {
      ids.push(`${prefix}.${current}`)
      return
    }
    if (typeof current !== 'object' || current === null) return
    for (const [key, inner] of Object.entries(current)) {
      ids.push(`${prefix}.${key}`)
      walk(`${prefix}.${key}`, inner)
    }
  }
  walk(machineId, value)
  return ids
}
