/**
 * Library: renders machines as Mermaid diagrams, from the graph `xstate/graph` reads of each
 * (src/dev/flows/machine-graph.ts, which the Flows page draws too). It writes nothing; `npm run flows`
 * (./write-flow-diagrams.ts) writes docs/flows and ./flow-diagrams.test.ts checks they are current.
 */
import type { AnyStateMachine } from 'xstate'
import { certificateMachine } from '../machines/certificate/certificate.machine'
import { enrolmentMachine } from '../machines/enrolment/enrolment.machine'
import { paymentWaitMachine } from '../machines/enrolment/payment-wait.machine'
import { waitingRoomMachine } from '../machines/opening/waiting-room.machine'
import { lotteryMachine } from '../machines/places/lottery.machine'
import { placeChangeMachine } from '../machines/places/place-change.machine'
import { transferGiveMachine, transferTakeMachine } from '../machines/places/transfer.machine'
import { waitListMachine } from '../machines/places/wait-list.machine'
import { loginDrawerMachine } from '../machines/session/login-drawer.machine'
import { sessionMachine } from '../machines/session/session.machine'
import { flowGraphOf, type FlowGraph, type FlowState } from '../src/dev/flows/machine-graph'

/** The machines product owners read as diagrams, by file name under docs/flows. */
export const FLOWS: Record<string, { title: string; machine: AnyStateMachine }> = {
  'session.md': { title: 'Session', machine: sessionMachine },
  'login-drawer.md': { title: 'Login drawer', machine: loginDrawerMachine },
  'certificate.md': { title: 'Medical certificate upload', machine: certificateMachine },
  'enrolment.md': { title: 'Enrolment wizard', machine: enrolmentMachine },
  'payment-wait.md': { title: 'Waiting for the payment provider (the wizard and /payment)', machine: paymentWaitMachine },
  'waiting-room.md': { title: 'Opening day: the waiting room and the held place', machine: waitingRoomMachine },
  'lottery.md': { title: 'The lottery: an application, its draw and the drawn place', machine: lotteryMachine },
  'wait-list.md': { title: 'The wait list and its timed offers', machine: waitListMachine },
  'place-change.md': { title: 'Withdrawing from a paid race, or deferring it', machine: placeChangeMachine },
  'transfer-give.md': { title: 'Passing a place on: the giver', machine: transferGiveMachine },
  'transfer-take.md': { title: 'Passing a place on: the recipient', machine: transferTakeMachine },
}

/** Transitions of the machine itself are taken from any state. */
const ANY_STATE = 'anyState'

function render(graph: FlowGraph): string[] {
  const byId = new Map(graph.states.map((state) => [state.id, state]))
  const nodeId = (id: string) => (id === graph.machineId ? ANY_STATE : id.slice(graph.machineId.length + 1).replaceAll('.', '_'))
  const lines: string[] = []
  const renderState = (state: FlowState, indent: string) => {
    const isRoot = state.parentId === null
    const inner = isRoot ? indent : `${indent}  `
    if (state.children.length > 0 && !isRoot) lines.push(`${indent}state ${nodeId(state.id)} {`)
    if (state.initial) lines.push(`${inner}[*] --> ${nodeId(state.initial)}`)
    for (const child of state.children.map((id) => byId.get(id)!)) {
      if (child.children.length === 0) lines.push(`${inner}${nodeId(child.id)} : ${child.key}`)
      renderState(child, inner)
    }
    if (state.children.length > 0 && !isRoot) lines.push(`${indent}}`)
    for (const transition of graph.transitions.filter((candidate) => candidate.source === state.id)) {
      const guard = transition.guard ? ` [${transition.guard}]` : ''
      lines.push(`${indent}${nodeId(transition.source)} --> ${nodeId(transition.target)} : ${transition.label}${guard}`)
    }
  }
  renderState(graph.states[0]!, '  ')
  return lines
}

/** A Mermaid state diagram of a machine, with its events and guards named as in the code. */
export function renderFlow(title: string, machine: AnyStateMachine): string {
  const lines = render(flowGraphOf(machine))
  if (lines.some((line) => line.includes(`${ANY_STATE} -->`))) lines.push(`  ${ANY_STATE} : any state`)
  return [
    `# ${title}`,
    '',
    `Generated from \`${machine.id}\` by \`npm run flows\`. Do not edit; change the machine.`,
    '',
    '```mermaid',
    'stateDiagram-v2',
    ...lines,
    '```',
    '',
  ].join('\n')
}
