import { describe, expect, it } from 'vitest'
import { activeStateIds, layoutChart, type ChartBox } from './chart-layout'
import { FLOW_MACHINES } from './flow-machines'
import { flowGraphOf } from './machine-graph'

const inside = (inner: ChartBox, outer: ChartBox) =>
  inner.x > outer.x && inner.y > outer.y && inner.x + inner.width < outer.x + outer.width && inner.y + inner.height < outer.y + outer.height
const overlap = (a: ChartBox, b: ChartBox) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

describe.each(FLOW_MACHINES.map(({ machine }) => [machine.id, machine] as const))('the chart of the %s machine', (_, machine) => {
  const graph = flowGraphOf(machine)
  const layout = layoutChart(graph)
  const boxOf = new Map(layout.boxes.map((box) => [box.id, box]))

  it('draws every state of the machine, each inside its parent, none over a sibling', () => {
    expect(layout.boxes.map((box) => box.id).sort()).toEqual(graph.states.map((state) => state.id).sort())
    for (const state of graph.states) {
      if (state.parentId) expect(inside(boxOf.get(state.id)!, boxOf.get(state.parentId)!), state.id).toBe(true)
      const siblings = state.children.map((id) => boxOf.get(id)!)
      for (const [index, a] of siblings.entries()) for (const b of siblings.slice(index + 1)) expect(overlap(a, b), `${a.id} / ${b.id}`).toBe(false)
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

  it('fits every box and label in the drawing', () => {
    for (const box of layout.boxes) expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= layout.width && box.y + box.height <= layout.height, box.id).toBe(true)
    for (const arrow of layout.arrows) expect(arrow.labelX >= 0 && arrow.labelY <= layout.height, arrow.transitionId).toBe(true)
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
