import { describe, expect, it } from 'vitest'
import { activeStateIds, layoutChart, overlaps, textWidth, type ChartBox, type Rect } from './chart-layout'
import { FLOW_MACHINES } from './flow-machines'
import { flowGraphOf } from './machine-graph'

const inside = (inner: ChartBox, outer: ChartBox) =>
  inner.x > outer.x && inner.y > outer.y && inner.x + inner.width < outer.x + outer.width && inner.y + inner.height < outer.y + outer.height

/** From `point` to the nearest of 100 points along the cubic curve of `path` ("M x y C x y x y x y"). */
function distanceToCurve(path: string, point: { x: number; y: number }): number {
  const [x0, y0, x1, y1, x2, y2, x3, y3] = path.split(' ').filter((part) => part !== 'M' && part !== 'C').map(Number) as number[]
  const along = (t: number, a: number, b: number, c: number, d: number) => (1 - t) ** 3 * a + 3 * (1 - t) ** 2 * t * b + 3 * (1 - t) * t ** 2 * c + t ** 3 * d
  const distances = Array.from({ length: 101 }, (_, step) => {
    const t = step / 100
    return Math.hypot(along(t, x0!, x1!, x2!, x3!) - point.x, along(t, y0!, y1!, y2!, y3!) - point.y)
  })
  return Math.min(...distances)
}

describe.each(FLOW_MACHINES.map(({ machine }) => [machine.id, machine] as const))('the chart of the %s machine', (_, machine) => {
  const graph = flowGraphOf(machine)
  const layout = layoutChart(graph)
  const boxOf = new Map(layout.boxes.map((box) => [box.id, box]))

  it('draws every state of the machine, each inside its parent, none over a sibling', () => {
    expect(layout.boxes.map((box) => box.id).sort()).toEqual(graph.states.map((state) => state.id).sort())
    for (const state of graph.states) {
      if (state.parentId) expect(inside(boxOf.get(state.id)!, boxOf.get(state.parentId)!), state.id).toBe(true)
      const siblings = state.children.map((id) => boxOf.get(id)!)
      for (const [index, a] of siblings.entries()) for (const b of siblings.slice(index + 1)) expect(overlaps(a, b), `${a.id} / ${b.id}`).toBe(false)
    }
  })

  it('draws every transition as an arrow from its source to its target, labelled with its event and guard', () => {
    expect(layout.arrows.map((arrow) => arrow.transitionId)).toEqual(graph.transitions.map((transition) => transition.id))
    for (const [index, transition] of graph.transitions.entries()) {
      const arrow = layout.arrows[index]!
      expect([arrow.source, arrow.target]).toEqual([transition.source, transition.target])
      expect(arrow.label).toBe(transition.guard ? `${transition.label} [${transition.guard}]` : transition.label)
    }
  })

  it('numbers the transitions in order, and fits every box and number in the drawing', () => {
    expect(layout.arrows.map((arrow) => arrow.number)).toEqual(graph.transitions.map((_, index) => index + 1))
    const fits = (rect: Rect) => rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= layout.width && rect.y + rect.height <= layout.height
    for (const box of layout.boxes) expect(fits(box), box.id).toBe(true)
    for (const arrow of layout.arrows) expect(fits(arrow.badge), arrow.transitionId).toBe(true)
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
      expect(distanceToCurve(arrow.path, centre), `${String(arrow.number)}: ${arrow.label}`).toBeLessThan(30)
    }
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
