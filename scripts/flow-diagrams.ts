/**
 * Library: renders machines as Mermaid diagrams. It writes nothing; `npm run flows`
 * (./write-flow-diagrams.ts) writes docs/flows and ./flow-diagrams.test.ts checks they are current.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { certificateMachine } from '../machines/certificate/certificate.machine'
import { enrolmentMachine } from '../machines/enrolment/enrolment.machine'
import { paymentWaitMachine } from '../machines/enrolment/payment-wait.machine'
import { loginDrawerMachine } from '../machines/session/login-drawer.machine'
import { sessionMachine } from '../machines/session/session.machine'

/** The machines product owners read as diagrams, by file name under docs/flows. */
export const FLOWS: Record<string, { title: string; machine: AnyStateMachine }> = {
  'session.md': { title: 'Session', machine: sessionMachine },
  'login-drawer.md': { title: 'Login drawer', machine: loginDrawerMachine },
  'certificate.md': { title: 'Medical certificate upload', machine: certificateMachine },
  'enrolment.md': { title: 'Enrolment wizard', machine: enrolmentMachine },
  'payment-wait.md': { title: 'Waiting for the payment provider (the wizard and /payment)', machine: paymentWaitMachine },
}

/** Transitions of the machine itself are taken from any state. */
const ANY_STATE = 'anyState'
const nodeId = (node: AnyStateNode) => node.path.join('_') || ANY_STATE

function guardLabel(guard: unknown): string {
  if (!guard) return ''
  if (typeof guard === 'string') return ` [${guard}]`
  if (typeof guard === 'object' && 'type' in guard) return ` [${String(guard.type)}]`
  return ' [guarded]'
}

function eventLabel(eventType: string): string {
  if (eventType.startsWith('xstate.done.actor.')) return 'done'
  if (eventType.startsWith('xstate.error.actor.')) return 'error'
  if (eventType.startsWith('xstate.after.')) return `after ${eventType.split('.')[2] ?? ''} ms`
  return eventType
}

function render(node: AnyStateNode, indent: string, lines: string[]) {
  const children = Object.values(node.states) as AnyStateNode[]
  if (children.length > 0 && node.path.length > 0) lines.push(`${indent}state ${nodeId(node)} {`)
  const inner = node.path.length > 0 && children.length > 0 ? `${indent}  ` : indent
  if (children.length > 0) {
    const initial = node.config.initial
    if (typeof initial === 'string') lines.push(`${inner}[*] --> ${nodeId(node.states[initial] as AnyStateNode)}`)
    for (const child of children) {
      if (Object.keys(child.states).length === 0) lines.push(`${inner}${nodeId(child)} : ${child.key}`)
      render(child, inner, lines)
    }
  }
  if (children.length > 0 && node.path.length > 0) lines.push(`${indent}}`)
  for (const [eventType, transitions] of node.transitions) {
    for (const transition of transitions) {
      const guard = guardLabel(transition.guard)
      for (const target of transition.target ?? []) {
        lines.push(`${indent}${nodeId(node)} --> ${nodeId(target as AnyStateNode)} : ${eventLabel(eventType)}${guard}`)
      }
    }
  }
  for (const transition of node.always ?? []) {
    for (const target of transition.target ?? []) {
      const guard = guardLabel(transition.guard)
      lines.push(`${indent}${nodeId(node)} --> ${nodeId(target as AnyStateNode)} : always${guard}`)
    }
  }
}

/** A Mermaid state diagram of a machine, with its events and guards named as in the code. */
export function renderFlow(title: string, machine: AnyStateMachine): string {
  const lines: string[] = []
  render(machine.root, '  ', lines)
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
