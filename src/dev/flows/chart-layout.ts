import type { FlowGraph, FlowState, FlowTransition } from './machine-graph'

/**
 * A small layout of a machine's chart, top to bottom: a state with children is a box around them,
 * its children in rows by how far the flow is from its initial one (the initial on top), a leaf a
 * labelled box. Transitions are curves from the source's box to the target's; one without target
 * is a loop on its box's right. Each carries its number in the machine's list of transitions
 * (shown beside the chart with its "event [guard]"): a large chart has too many crossing curves for
 * their full labels to find room, while a number fits somewhere along its curve without covering
 * another or a state's name. Sizes come from the labels' length at the chart's one font size, so
 * the result is a pure function of the graph.
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

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export interface ChartArrow {
  transitionId: string
  /** Its number in the machine's transitions, from 1, in the graph's order (by source state). */
  number: number
  source: string
  target: string
  /** SVG path data. */
  path: string
  /** "event [guard]", listed with the number beside the chart. */
  label: string
  /** Where the number is drawn, on the curve or, for a loop, beside it. */
  badge: Rect
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
const LOOP_LINE = 17
const BOW = 36
const BADGE_HEIGHT = 15
/** The least room between a number and anything it must not cover. */
const BADGE_GAP = 2
/** Where along its curve a number is tried, the middle first; never at the ends, over the boxes. */
const ALONG = [0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.18, 0.82]

export const textWidth = (text: string) => text.length * CHAR_WIDTH

export const transitionLabel = (transition: FlowTransition) =>
  transition.guard ? `${transition.label} [${transition.guard}]` : transition.label

const badgeWidth = (number: number) => textWidth(String(number)) + 8

type Point = { x: number; y: number }
/** A cubic Bézier: start, two control points, end. */
type Curve = [Point, Point, Point, Point]

const pathOf = ([p0, c1, c2, p1]: Curve) => `M ${p0.x} ${p0.y} C ${c1.x} ${c1.y} ${c2.x} ${c2.y} ${p1.x} ${p1.y}`

function pointAt([p0, c1, c2, p1]: Curve, t: number): Point {
  const u = 1 - t
  const at = (a: number, b: number, c: number, d: number) => u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d
  return { x: at(p0.x, c1.x, c2.x, p1.x), y: at(p0.y, c1.y, c2.y, p1.y) }
}

export const overlaps = (a: Rect, b: Rect, gap = 0) =>
  a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap

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

  const widestBadge = badgeWidth(graph.transitions.length)
  const measure = (state: FlowState): Measured => {
    const ownLoops = loops.get(state.id) ?? []
    const loopsWidth = ownLoops.length > 0 ? LOOP_WIDTH + widestBadge : 0
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

  const curves = graph.transitions.map((transition): Curve => {
    const source = boxOf.get(transition.source)!
    const target = boxOf.get(transition.target)!
    if (transition.internal) {
      const index = (loops.get(transition.source) ?? []).indexOf(transition)
      const right = source.x + source.width
      const y = source.y + 8 + index * LOOP_LINE
      return [
        { x: right, y },
        { x: right + LOOP_WIDTH - 6, y: y - 6 },
        { x: right + LOOP_WIDTH - 6, y: y + 10 },
        { x: right, y: y + 6 },
      ]
    }
    const pair = `${source.id}>${target.id}`
    const nth = pairCount.get(pair) ?? 0
    pairCount.set(pair, nth + 1)
    const spread = nth * 14
    if (contains(source, target)) {
      // From a state around the target (a transition of the machine or of a parent): from its title.
      const [x0, y0] = [source.x + PAD + spread, source.y + TITLE_HEIGHT - 4]
      const [x1, y1] = [target.x + target.width / 2, target.y]
      return [{ x: x0, y: y0 }, { x: x0, y: y1 - 20 }, { x: x1, y: y0 + 10 }, { x: x1, y: y1 }]
    }
    if (target.y >= source.y + source.height) {
      const [x0, y0] = [source.x + source.width / 2 + spread, source.y + source.height]
      const [x1, y1] = [target.x + target.width / 2 + spread, target.y]
      const middle = (y0 + y1) / 2
      return [{ x: x0, y: y0 }, { x: x0, y: middle }, { x: x1, y: middle }, { x: x1, y: y1 }]
    }
    // Back up the flow (or across a row): out of the left side, bowed to the left, into the target's left side.
    const [x0, y0] = [source.x, source.y + source.height / 2 + spread / 2]
    const [x1, y1] = [target.x, target.y + Math.min(target.height / 2, TITLE_HEIGHT) + spread / 2]
    const bow = Math.min(x0, x1) - BOW - spread
    return [{ x: x0, y: y0 }, { x: bow, y: y0 }, { x: bow, y: y1 }, { x: x1, y: y1 }]
  })

  // A number covers no state's name (a leaf's box, a container's title) and no other number.
  const taken: Rect[] = boxes.map((box) =>
    box.container ? { x: box.x, y: box.y, width: textWidth(box.label) + 2 * TEXT_PAD, height: TITLE_HEIGHT } : box,
  )
  const isFree = (rect: Rect) => rect.x >= 0 && rect.y >= 0 && !taken.some((other) => overlaps(rect, other, BADGE_GAP))
  const placeBadge = (index: number): Rect => {
    const transition = graph.transitions[index]!
    const curve = curves[index]!
    const width = badgeWidth(index + 1)
    const step = width + BADGE_GAP
    // A loop's number sits beside it, in the room measured for it; another's on its curve.
    const spots = transition.internal
      ? [{ x: curve[0].x + LOOP_WIDTH - 4, y: curve[0].y + 3 - BADGE_HEIGHT / 2 }]
      : ALONG.map((t) => pointAt(curve, t)).map((point) => ({ x: point.x - width / 2, y: point.y - BADGE_HEIGHT / 2 }))
    const shifts = transition.internal ? [0, 1, 2, 3] : [0, 1, -1, 2, -2, 3, -3]
    for (const shift of shifts) {
      for (const spot of spots) {
        const rect = { x: spot.x + shift * step, y: spot.y, width, height: BADGE_HEIGHT }
        if (isFree(rect)) return rect
      }
    }
    // Crowded all along: further right of its first spot, where there is always room in the end.
    const rect = { x: Math.max(0, spots[0]!.x), y: Math.max(0, spots[0]!.y), width, height: BADGE_HEIGHT }
    while (!isFree(rect)) rect.x += step
    return rect
  }
  const badges = new Map<number, Rect>()
  // Loops first: their numbers have a place of their own beside the box.
  const order = graph.transitions.map((_, index) => index).sort((a, b) => Number(graph.transitions[b]!.internal) - Number(graph.transitions[a]!.internal))
  for (const index of order) {
    const badge = placeBadge(index)
    taken.push(badge)
    badges.set(index, badge)
  }

  const arrows = graph.transitions.map(
    (transition, index): ChartArrow => ({
      transitionId: transition.id,
      number: index + 1,
      source: transition.source,
      target: transition.target,
      path: pathOf(curves[index]!),
      label: transitionLabel(transition),
      badge: badges.get(index)!,
    }),
  )

  const rootBox = boxOf.get(root.state.id)!
  const badgesRight = Math.max(...arrows.map((arrow) => arrow.badge.x + arrow.badge.width))
  const badgesBottom = Math.max(...arrows.map((arrow) => arrow.badge.y + arrow.badge.height))
  return {
    width: Math.ceil(Math.max(rootBox.x + root.footprint.width, badgesRight) + 8),
    height: Math.ceil(Math.max(rootBox.y + root.footprint.height, badgesBottom) + 8),
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
