import { describe, expect, it } from 'vitest'
import { waitingRoomMachine } from '../../../machines/opening/waiting-room.machine'
import {
  activeStateIds,
  chartParts,
  countCrossings,
  layoutChart,
  overlaps,
  statePath,
  textWidth,
  type ChartArrow,
  type ChartBox,
  type Curve,
  type Point,
  type Rect,
} from './chart-layout'
import { FLOW_MACHINES } from './flow-machines'
import { flowGraphOf } from './machine-graph'

const inside = (inner: ChartBox, outer: ChartBox) =>
  inner.x > outer.x && inner.y > outer.y && inner.x + inner.width < outer.x + outer.width && inner.y + inner.height < outer.y + outer.height

/** `samples + 1` points along a cubic Bézier, worked out here rather than by the layout. */
function sample([p0, c1, c2, p1]: Curve, samples = 100): Point[] {
  const along = (t: number, a: number, b: number, c: number, d: number) =>
    (1 - t) ** 3 * a + 3 * (1 - t) ** 2 * t * b + 3 * (1 - t) * t ** 2 * c + t ** 3 * d
  return Array.from({ length: samples + 1 }, (_, step) => {
    const t = step / samples
    return { x: along(t, p0.x, c1.x, c2.x, p1.x), y: along(t, p0.y, c1.y, c2.y, p1.y) }
  })
}

/** From `point` to the nearest of 101 points along `curve`. */
const distanceToCurve = (curve: Curve, point: Point) => Math.min(...sample(curve).map((on) => Math.hypot(on.x - point.x, on.y - point.y)))

/** Each machine whole, then each of its parts. */
const CHARTS = FLOW_MACHINES.flatMap(({ machine }) => {
  const graph = flowGraphOf(machine)
  return [graph.states[0]!.id, ...chartParts(graph)].map((part) => [part, graph] as const)
})

describe.each(CHARTS)('the chart of %s', (part, graph) => {
  const layout = layoutChart(graph, part)
  const states = new Map(graph.states.map((state) => [state.id, state]))
  const inPart = (id: string): boolean => id === part || (states.get(id)!.parentId !== null && inPart(states.get(id)!.parentId!))
  const touching = graph.transitions.filter((transition) => inPart(transition.source) || inPart(transition.target))
  const stateBoxes = layout.boxes.filter((box) => box.port === null)
  const boxOf = new Map(layout.boxes.map((box) => [box.id, box]))

  it('draws every state of the part, each inside its parent, none over a sibling', () => {
    expect(stateBoxes.map((box) => box.id).sort()).toEqual(graph.states.filter((state) => inPart(state.id)).map((state) => state.id).sort())
    for (const box of stateBoxes) {
      const state = states.get(box.id)!
      if (box.id !== part) expect(inside(box, boxOf.get(state.parentId!)!), state.id).toBe(true)
      const siblings = state.children.map((id) => boxOf.get(id)!)
      for (const [index, a] of siblings.entries()) for (const b of siblings.slice(index + 1)) expect(overlaps(a, b), `${a.id} / ${b.id}`).toBe(false)
    }
  })

  it('ends each transition to or from a state outside the part at a port named after that state, out of the part’s box', () => {
    const ports = layout.boxes.filter((box) => box.port !== null)
    const outside = (end: 'source' | 'target') => new Set(touching.map((transition) => transition[end]).filter((id) => !inPart(id)))
    expect(ports.filter((box) => box.port === 'in').map((box) => box.state).sort()).toEqual([...outside('source')].sort())
    expect(ports.filter((box) => box.port === 'out').map((box) => box.state).sort()).toEqual([...outside('target')].sort())
    for (const port of ports) {
      expect(port.label).toBe(statePath(port.state))
      expect(overlaps(port, boxOf.get(part)!), port.id).toBe(false)
      for (const other of ports.filter((box) => box !== port)) expect(overlaps(port, other), `${port.id} / ${other.id}`).toBe(false)
    }
  })

  it('draws every transition with an end in the part, from its source’s box (or port) to its target’s, numbered as in the machine', () => {
    expect(layout.arrows.map((arrow) => arrow.transitionId)).toEqual(touching.map((transition) => transition.id))
    const endsOn = (point: Point, box: ChartBox) =>
      point.x >= box.x - 0.01 && point.x <= box.x + box.width + 0.01 && point.y >= box.y - 0.01 && point.y <= box.y + box.height + 0.01
    for (const [index, transition] of touching.entries()) {
      const arrow = layout.arrows[index]!
      expect([arrow.source, arrow.target]).toEqual([transition.source, transition.target])
      expect(arrow.number).toBe(graph.transitions.indexOf(transition) + 1)
      expect(arrow.label).toBe(transition.guard ? `${transition.label} [${transition.guard}]` : transition.label)
      const from = boxOf.get(inPart(transition.source) ? transition.source : `<${transition.source}`)!
      const to = boxOf.get(inPart(transition.target) ? transition.target : `>${transition.target}`)!
      expect(endsOn(arrow.curve[0], from), `${String(arrow.number)} from ${from.id}`).toBe(true)
      expect(endsOn(arrow.curve[3], to), `${String(arrow.number)} to ${to.id}`).toBe(true)
    }
  })

  it('clips nothing: every box, curve (its bulges and loops too) and number lies within the drawing’s bounds, clear of its edges', () => {
    // Room for what stands out of the geometry: an arrowhead's half width, a highlighted box's stroke.
    const room = 4
    const within = (point: Point) => point.x >= room && point.y >= room && point.x <= layout.width - room && point.y <= layout.height - room
    const corners = (rect: Rect): Point[] => [rect, { x: rect.x + rect.width, y: rect.y + rect.height }]
    for (const box of layout.boxes) expect(corners(box).every(within), box.id).toBe(true)
    for (const arrow of layout.arrows) {
      expect(sample(arrow.curve).every(within), `curve ${String(arrow.number)}`).toBe(true)
      expect(corners(arrow.badge).every(within), `number ${String(arrow.number)}`).toBe(true)
    }
  })

  it('puts no number over another, nor over a state’s name', () => {
    const names = layout.boxes.map((box): Rect & { id: string } =>
      box.container ? { id: box.id, x: box.x + 12, y: box.y + 5, width: textWidth(box.label), height: 15 } : box,
    )
    for (const [index, arrow] of layout.arrows.entries()) {
      for (const other of layout.arrows.slice(index + 1)) expect(overlaps(arrow.badge, other.badge), `${arrow.number} / ${other.number}`).toBe(false)
      for (const name of names) expect(overlaps(arrow.badge, name), `${arrow.number} / ${name.id}`).toBe(false)
    }
  })

  it('puts each number on its own curve, or beside its loop', () => {
    for (const arrow of layout.arrows) {
      const centre = { x: arrow.badge.x + arrow.badge.width / 2, y: arrow.badge.y + arrow.badge.height / 2 }
      expect(distanceToCurve(arrow.curve, centre), `${String(arrow.number)}: ${arrow.label}`).toBeLessThan(30)
    }
  })
})

describe('the crossings of a chart’s arrows', () => {
  const arrow = (curve: Curve): ChartArrow => ({
    transitionId: '',
    number: 1,
    source: '',
    target: '',
    curve,
    label: '',
    badge: { x: 0, y: 0, width: 0, height: 0 },
  })
  const straight = (x0: number, y0: number, x1: number, y1: number) =>
    arrow([{ x: x0, y: y0 }, { x: x0, y: y0 }, { x: x1, y: y1 }, { x: x1, y: y1 }])

  it('counts where two arrows cross, not where they start together', () => {
    expect(countCrossings([straight(0, 0, 100, 100), straight(0, 60, 100, 20)])).toBe(1)
    expect(countCrossings([straight(0, 0, 100, 0), straight(0, 10, 100, 10)])).toBe(0)
    expect(countCrossings([straight(0, 0, 100, 100), straight(0, 0, 100, 0)])).toBe(0)
    const arch = arrow([{ x: 0, y: 0 }, { x: 30, y: 100 }, { x: 70, y: 100 }, { x: 100, y: 0 }])
    expect(countCrossings([arch, straight(-10, 40, 110, 40)])).toBe(2)
  })

  it('are far fewer in each part of the waiting room than in the whole of it', () => {
    const graph = flowGraphOf(waitingRoomMachine)
    const whole = countCrossings(layoutChart(graph).arrows)
    // Measured: 451 in the whole; 27 in the part with most (following), 13 or fewer in the others.
    for (const part of chartParts(graph)) expect(countCrossings(layoutChart(graph, part).arrows) * 15, part).toBeLessThan(whole)
  })
})

describe('the graph a chart is drawn from', () => {
  it('takes every transition the machine declares, those without a target and the eventless ones too', () => {
    const session = flowGraphOf(FLOW_MACHINES[0]!.machine)
    const from = (source: string) => session.transitions.filter((transition) => transition.source === source)
    expect(from('session.restoring').map((transition) => [transition.label, transition.guard, transition.target])).toEqual([
      ['always', 'hasUsableStoredSession', 'session.loggedIn'],
      ['always', 'isExpiredOnArrival', 'session.loggedOut'],
      ['always', null, 'session.loggedOut'],
    ])
    expect(from('session.loggedOut').find((transition) => transition.event === 'session.loginRequested')).toMatchObject({
      target: 'session.loggedOut',
      internal: true,
    })
  })
})

describe('the states a snapshot is in', () => {
  it('are every parent and the leaf of its value', () => {
    expect(activeStateIds('session', { loggedIn: 'ready' })).toEqual(['session.loggedIn', 'session.loggedIn.ready'])
    expect(activeStateIds('session', 'loggedOut')).toEqual(['session.loggedOut'])
  })
})
