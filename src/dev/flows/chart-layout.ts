import type { FlowGraph, FlowState, FlowTransition } from './machine-graph'

/**
 * A small layout of a machine's chart, top to bottom: a state with children is a box around them,
 * its children in rows by how far the flow is from its initial one (the initial on top), a leaf a
 * labelled box. Transitions are curves from the source's box to the target's, down the flow, arched
 * over a row, or bowed round a side, whichever runs through the fewest boxes (a line through a box
 * reads as joining it), then crosses the fewest other curves; one without target is a loop on its
 * box's right. Each carries its number in the machine's list of transitions
 * (shown beside the chart with its "event [guard]"): a large chart has too many crossing curves for
 * their full labels to find room, while a number fits somewhere along its curve without covering
 * another or a state's name. Sizes come from the labels' length at the chart's one font size, so
 * the result is a pure function of the graph.
 *
 * A large machine can also be laid out one part at a time (a state with children and what is in
 * it): a transition between the part and a state outside it ends at a port, a box on the part's
 * edge naming that state, above the part for those coming in and below it for those going out, so
 * the part's chart keeps every transition that touches it without drawing the rest.
 */

export interface ChartBox {
  /** Unique in the layout: a state's id; a port's is its state's after `<` (in) or `>` (out). */
  id: string
  /** The state the box draws: itself, or for a port the state outside the part it names. */
  state: string
  label: string
  x: number
  y: number
  width: number
  height: number
  container: boolean
  final: boolean
  /** A port where transitions from ('in') or to ('out') a state outside the part end; null for a state. */
  port: 'in' | 'out' | null
}

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export interface Point {
  x: number
  y: number
}

/** A cubic Bézier: start, two control points, end. */
export type Curve = [Point, Point, Point, Point]

export interface ChartArrow {
  transitionId: string
  /** Its number in the machine's transitions, from 1, in the graph's order (by source state). */
  number: number
  source: string
  target: string
  /** From the source's box (or its port) to the target's (or its port). */
  curve: Curve
  /** "event [guard]", listed with the number beside the chart. */
  label: string
  /** Where the number is drawn, on the curve or, for a loop, beside it. */
  badge: Rect
}

export interface ChartLayout {
  /** Every box, curve and number lies within these, clear of the edges. */
  width: number
  height: number
  boxes: ChartBox[]
  arrows: ChartArrow[]
}

/** Pixels per character of the chart's 12 px labels (system font, generous so text fits). */
export const CHAR_WIDTH = 7
const LEAF_HEIGHT = 34
const PORT_HEIGHT = 26
const TEXT_PAD = 12
const MIN_LEAF_WIDTH = 72
const PAD = 14
const TITLE_HEIGHT = 24
const ROW_GAP = 60
const COLUMN_GAP = 40
const PORT_GAP = 12
const LOOP_WIDTH = 22
const LOOP_LINE = 17
const BOW = 36
/** How far a transition across a row arches over it (three quarters of it, at the top of the curve). */
const ARCH = 36
const SPREAD = 14
/** Straight pieces a curve is taken as when counting where it crosses another. */
const CROSSING_SEGMENTS = 32
const BADGE_HEIGHT = 15
/** Room around the drawing, for the arrowheads and the strokes that stand out of the geometry. */
const MARGIN = 8
/** The least room between a number and anything it must not cover. */
const BADGE_GAP = 2
/** Where along its curve a number is tried, the middle first; never at the ends, over the boxes. */
const ALONG = [0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.18, 0.82]

export const textWidth = (text: string) => text.length * CHAR_WIDTH

export const transitionLabel = (transition: FlowTransition) =>
  transition.guard ? `${transition.label} [${transition.guard}]` : transition.label

/** A state's path in its machine (`wizard.rules`); the root's is the machine's id. */
export function statePath(id: string): string {
  const names = id.split('.')
  return names.length > 1 ? names.slice(1).join('.') : id
}

/** The parts a machine can be shown by: its states with children but the root, parents first. */
export const chartParts = (graph: FlowGraph): string[] =>
  graph.states.filter((state) => state.parentId !== null && state.children.length > 0).map((state) => state.id)

const badgeWidth = (number: number) => textWidth(String(number)) + 8

export const svgPath = ([p0, c1, c2, p1]: Curve) => `M ${p0.x} ${p0.y} C ${c1.x} ${c1.y} ${c2.x} ${c2.y} ${p1.x} ${p1.y}`

export function pointAt([p0, c1, c2, p1]: Curve, t: number): Point {
  const u = 1 - t
  const at = (a: number, b: number, c: number, d: number) => u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d
  return { x: at(p0.x, c1.x, c2.x, p1.x), y: at(p0.y, c1.y, c2.y, p1.y) }
}

/** The box a curve fills: its ends and where it turns, its bulge past them included. */
function curveBounds(curve: Curve): Rect {
  // Where one coordinate turns, the curve's derivative (a quadratic in t) is zero.
  const turns = (axis: 'x' | 'y') => {
    const [a, b, c] = [curve[1][axis] - curve[0][axis], curve[2][axis] - curve[1][axis], curve[3][axis] - curve[2][axis]]
    const [qa, qb, qc] = [a - 2 * b + c, 2 * (b - a), a]
    if (Math.abs(qa) < 1e-9) return Math.abs(qb) < 1e-9 ? [] : [-qc / qb]
    const discriminant = qb * qb - 4 * qa * qc
    if (discriminant < 0) return []
    const root = Math.sqrt(discriminant)
    return [(-qb + root) / (2 * qa), (-qb - root) / (2 * qa)]
  }
  const points = [0, 1, ...turns('x'), ...turns('y')].filter((t) => t >= 0 && t <= 1).map((t) => pointAt(curve, t))
  const [xs, ys] = [points.map((point) => point.x), points.map((point) => point.y)]
  return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) }
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
function rowsOf(parent: FlowState, children: FlowState[], transitions: readonly FlowTransition[], childOf: (id: string) => string | undefined) {
  const next = new Map<string, Set<string>>()
  for (const transition of transitions) {
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

/** The chart of the whole machine, or of one `part` of it (a state's id) with ports for the rest. */
export function layoutChart(graph: FlowGraph, part: string = graph.states[0]!.id): ChartLayout {
  const states = new Map(graph.states.map((state) => [state.id, state]))
  const partState = states.get(part)
  if (!partState) throw new Error(`${graph.machineId} has no state ${part}`)
  const inPart = new Set<string>()
  const collect = (id: string) => {
    inPart.add(id)
    states.get(id)!.children.forEach(collect)
  }
  collect(part)
  const shown = graph.transitions.flatMap((transition, index) =>
    inPart.has(transition.source) || inPart.has(transition.target) ? [{ transition, number: index + 1 }] : [],
  )
  const transitions = shown.map(({ transition }) => transition)

  const loops = new Map<string, FlowTransition[]>()
  for (const transition of transitions) {
    if (!transition.internal) continue
    loops.set(transition.source, [...(loops.get(transition.source) ?? []), transition])
  }
  const labelOf = (state: FlowState) => (state.id === part ? statePath(part) : state.key)

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
      // Tall enough for its loops to leave and reach its side.
      const height = Math.max(LEAF_HEIGHT, loopsHeight)
      return { state, width, height, footprint: { width: width + loopsWidth, height: Math.max(height, loopsHeight) }, rows: [] }
    }
    const children = state.children.map((id) => states.get(id)!)
    const rows = rowsOf(state, children, transitions, (id) => childWithin(state, id)).map((row) => row.map((id) => measure(states.get(id)!)))
    const rowWidth = (row: Measured[]) => row.reduce((sum, child) => sum + child.footprint.width, 0) + COLUMN_GAP * (row.length - 1)
    const rowHeight = (row: Measured[]) => Math.max(...row.map((child) => child.footprint.height))
    const width = Math.max(labelWidth, ...rows.map(rowWidth)) + 2 * PAD
    const height = TITLE_HEIGHT + PAD + rows.reduce((sum, row) => sum + rowHeight(row), 0) + ROW_GAP * (rows.length - 1) + PAD
    return { state, width, height, footprint: { width: width + loopsWidth, height: Math.max(height, loopsHeight) }, rows }
  }

  const boxes: ChartBox[] = []
  const place = (measured: Measured, x: number, y: number) => {
    const { state, width, height } = measured
    const container = measured.rows.length > 0
    boxes.push({ id: state.id, state: state.id, label: labelOf(state), x, y, width, height, container, final: state.final, port: null })
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
  const portsIn = [...new Set(transitions.filter((transition) => !inPart.has(transition.source)).map((transition) => transition.source))]
  const portsOut = [...new Set(transitions.filter((transition) => !inPart.has(transition.target)).map((transition) => transition.target))]
  const root = measure(partState)
  place(root, 0, portsIn.length > 0 ? PORT_HEIGHT + ROW_GAP : 0)
  const boxOf = new Map(boxes.map((box) => [box.id, box]))

  /** A row of ports, each over (or under) the states it joins, pushed apart where they would overlap. */
  const placePorts = (ids: string[], port: 'in' | 'out', y: number) => {
    const wanted = ids
      .map((id) => {
        const ends = transitions.flatMap((transition) =>
          port === 'in' ? (transition.source === id ? [transition.target] : []) : transition.target === id ? [transition.source] : [],
        )
        const centre = ends.reduce((sum, end) => sum + boxOf.get(end)!.x + boxOf.get(end)!.width / 2, 0) / ends.length
        const width = textWidth(statePath(id)) + 2 * TEXT_PAD
        return { id, width, x: centre - width / 2 }
      })
      .sort((a, b) => a.x - b.x)
    let right = -Infinity
    const placed = wanted.map((want) => {
      const x = Math.max(want.x, right + PORT_GAP)
      right = x + want.width
      return x
    })
    // Pushed only rightwards, the row would drift right of what it joins: centre it back.
    const drift = placed.reduce((sum, x, index) => sum + x - wanted[index]!.x, 0) / placed.length
    for (const [index, want] of wanted.entries()) {
      const box: ChartBox = {
        id: `${port === 'in' ? '<' : '>'}${want.id}`,
        state: want.id,
        label: statePath(want.id),
        x: placed[index]! - drift,
        y,
        width: want.width,
        height: PORT_HEIGHT,
        container: false,
        final: false,
        port,
      }
      boxes.push(box)
      boxOf.set(box.id, box)
    }
  }
  const rootBox = boxOf.get(part)!
  placePorts(portsIn, 'in', 0)
  placePorts(portsOut, 'out', rootBox.y + root.footprint.height + ROW_GAP)

  const contains = (outer: ChartBox, inner: ChartBox) =>
    inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height
  const ends = transitions.map((transition) => ({
    source: boxOf.get(inPart.has(transition.source) ? transition.source : `<${transition.source}`)!,
    target: boxOf.get(inPart.has(transition.target) ? transition.target : `>${transition.target}`)!,
  }))
  // Transitions between the same two boxes (either way) are drawn apart, spread about the middle of the sides they join.
  const pairOf = ({ source, target }: (typeof ends)[number]) => [source.id, target.id].sort().join(' ')
  const pairTotal = new Map<string, number>()
  for (const end of ends) pairTotal.set(pairOf(end), (pairTotal.get(pairOf(end)) ?? 0) + 1)
  const pairSeen = new Map<string, number>()

  /** How many boxes a curve runs through, besides its own ends and the containers it starts or ends in. */
  const boxesCrossed = (curve: Curve, source: ChartBox, target: ChartBox) => {
    const points = polylineOf(curve, 48)
    return boxes.filter(
      (box) =>
        !box.container &&
        box !== source &&
        box !== target &&
        points.some((point) => point.x > box.x && point.x < box.x + box.width && point.y > box.y && point.y < box.y + box.height),
    ).length
  }

  /** The ways each transition may be drawn, the usual one first. */
  const options = transitions.map((transition, index): Curve[] => {
    const { source, target } = ends[index]!
    if (transition.internal) {
      const nth = (loops.get(transition.source) ?? []).indexOf(transition)
      const right = source.x + source.width
      const y = source.y + 8 + nth * LOOP_LINE
      return [
        [
          { x: right, y },
          { x: right + LOOP_WIDTH - 6, y: y - 6 },
          { x: right + LOOP_WIDTH - 6, y: y + 10 },
          { x: right, y: y + 6 },
        ],
      ]
    }
    const pair = pairOf(ends[index]!)
    const nth = pairSeen.get(pair) ?? 0
    pairSeen.set(pair, nth + 1)
    const spread = nth * SPREAD
    const offset = (nth - (pairTotal.get(pair)! - 1) / 2) * SPREAD
    if (contains(source, target)) {
      // From a state around the target (a transition of the machine or of a parent): from its title.
      const [x0, y0] = [source.x + PAD + spread, source.y + TITLE_HEIGHT - 4]
      const [x1, y1] = [target.x + target.width / 2, target.y]
      return [[{ x: x0, y: y0 }, { x: x0, y: y1 - 20 }, { x: x1, y: y0 + 10 }, { x: x1, y: y1 }]]
    }
    /** Out of one side, bowed out past both boxes, into the target's same side. */
    const bowed = (right: boolean): Curve => {
      const side = (box: ChartBox) => (right ? box.x + box.width : box.x)
      const [x0, y0] = [side(source), source.y + source.height / 2 + offset / 2]
      const [x1, y1] = [side(target), target.y + Math.min(target.height / 2, TITLE_HEIGHT) + offset / 2]
      const bow = right ? Math.max(x0, x1) + BOW + spread : Math.min(x0, x1) - BOW - spread
      return [{ x: x0, y: y0 }, { x: bow, y: y0 }, { x: bow, y: y1 }, { x: x1, y: y1 }]
    }
    if (target.y >= source.y + source.height) {
      // Down the flow: straight down, or bowed round the side.
      const [x0, y0] = [source.x + source.width / 2 + offset, source.y + source.height]
      const [x1, y1] = [target.x + target.width / 2 + offset, target.y]
      const middle = (y0 + y1) / 2
      return [[{ x: x0, y: y0 }, { x: x0, y: middle }, { x: x1, y: middle }, { x: x1, y: y1 }], bowed(false), bowed(true)]
    }
    if (target.y < source.y + source.height && source.y < target.y + target.height && !contains(target, source)) {
      // Across a row: arched over it, clear of the boxes between, from and to the top's quarter on the
      // side it goes to (the middle is where the arrows from the row above arrive).
      const rightward = target.x > source.x
      const [x0, x1] = [source.x + source.width * (rightward ? 0.75 : 0.25) + offset, target.x + target.width * (rightward ? 0.25 : 0.75) + offset]
      const lift = Math.min(source.y, target.y) - ARCH - spread
      return [[{ x: x0, y: source.y }, { x: x0, y: lift }, { x: x1, y: lift }, { x: x1, y: target.y }]]
    }
    // Back up the flow: bowed round the left, or the right.
    return [bowed(false), bowed(true)]
  })

  // Each transition drawn the way that runs through the fewest boxes (a line through a box reads as
  // joining it); then, the others drawn, the way of those that crosses the fewest of them.
  const crossedBoxes = options.map((candidates, index) => candidates.map((curve) => boxesCrossed(curve, ends[index]!.source, ends[index]!.target)))
  const curves = options.map((candidates, index) => candidates[crossedBoxes[index]!.indexOf(Math.min(...crossedBoxes[index]!))]!)
  const lines = curves.map((curve) => ({ points: polylineOf(curve, CROSSING_SEGMENTS), bounds: curveBounds(curve) }))
  for (const [index, candidates] of options.entries()) {
    const fewest = Math.min(...crossedBoxes[index]!)
    const eligible = candidates.filter((_, nth) => crossedBoxes[index]![nth] === fewest)
    if (eligible.length < 2) continue
    const crossingOthers = (curve: Curve) => {
      const line = { points: polylineOf(curve, CROSSING_SEGMENTS), bounds: curveBounds(curve) }
      return lines.reduce((sum, other, otherIndex) => (otherIndex === index ? sum : sum + crossingsBetween(line, other)), 0)
    }
    const counts = eligible.map(crossingOthers)
    curves[index] = eligible[counts.indexOf(Math.min(...counts))]!
    lines[index] = { points: polylineOf(curves[index], CROSSING_SEGMENTS), bounds: curveBounds(curves[index]) }
  }

  // Bows and ports may reach left of the part or above it: move everything so the drawing starts at the margin.
  const extent = () => [...boxes, ...curves.map(curveBounds)]
  const [dx, dy] = [MARGIN - Math.min(...extent().map((rect) => rect.x)), MARGIN - Math.min(...extent().map((rect) => rect.y))]
  for (const box of boxes) Object.assign(box, { x: box.x + dx, y: box.y + dy })
  for (const curve of curves) for (const point of curve) Object.assign(point, { x: point.x + dx, y: point.y + dy })

  // A number covers no state's name (a leaf's box, a container's title) and no other number.
  const taken: Rect[] = boxes.map((box) =>
    box.container ? { x: box.x, y: box.y, width: textWidth(box.label) + 2 * TEXT_PAD, height: TITLE_HEIGHT } : box,
  )
  const isFree = (rect: Rect) => rect.x >= MARGIN / 2 && rect.y >= MARGIN / 2 && !taken.some((other) => overlaps(rect, other, BADGE_GAP))
  const placeBadge = (index: number): Rect => {
    const { transition, number } = shown[index]!
    const curve = curves[index]!
    const width = badgeWidth(number)
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
    const rect = { x: Math.max(MARGIN / 2, spots[0]!.x), y: Math.max(MARGIN / 2, spots[0]!.y), width, height: BADGE_HEIGHT }
    while (!isFree(rect)) rect.x += step
    return rect
  }
  const badges = new Map<number, Rect>()
  // Loops first: their numbers have a place of their own beside the box.
  const order = transitions.map((_, index) => index).sort((a, b) => Number(transitions[b]!.internal) - Number(transitions[a]!.internal))
  for (const index of order) {
    const badge = placeBadge(index)
    taken.push(badge)
    badges.set(index, badge)
  }

  const arrows = shown.map(
    ({ transition, number }, index): ChartArrow => ({
      transitionId: transition.id,
      number,
      source: transition.source,
      target: transition.target,
      curve: curves[index]!,
      label: transitionLabel(transition),
      badge: badges.get(index)!,
    }),
  )

  const all = [...extent(), ...arrows.map((arrow) => arrow.badge)]
  return {
    width: Math.ceil(Math.max(...all.map((rect) => rect.x + rect.width)) + MARGIN),
    height: Math.ceil(Math.max(...all.map((rect) => rect.y + rect.height)) + MARGIN),
    boxes,
    arrows,
  }
}

/** A curve as a polyline of `segments` straight pieces. */
const polylineOf = (curve: Curve, segments: number) => Array.from({ length: segments + 1 }, (_, step) => pointAt(curve, step / segments))

/** Whether segments ab and cd cross at a point inside both (touching at an end, as arrows from one spot do, is not crossing). */
function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const side = (p: Point, q: Point, r: Point) => Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x))
  return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0
}

interface Polyline {
  points: Point[]
  bounds: Rect
}

function crossingsBetween(one: Polyline, other: Polyline): number {
  if (!overlaps(one.bounds, other.bounds, 1)) return 0
  let crossings = 0
  for (let i = 1; i < one.points.length; i++) {
    for (let j = 1; j < other.points.length; j++) {
      if (segmentsCross(one.points[i - 1]!, one.points[i]!, other.points[j - 1]!, other.points[j]!)) crossings++
    }
  }
  return crossings
}

/** How many times the arrows cross one another, each curve taken as `CROSSING_SEGMENTS` straight pieces. */
export function countCrossings(arrows: readonly ChartArrow[]): number {
  const lines = arrows.map((arrow) => ({ points: polylineOf(arrow.curve, CROSSING_SEGMENTS), bounds: curveBounds(arrow.curve) }))
  return lines.reduce((sum, one, index) => sum + lines.slice(index + 1).reduce((inner, other) => inner + crossingsBetween(one, other), 0), 0)
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
