import { msg } from '@lingui/core/macro'
import type { FooterLink } from '../../app/layout'
import type { ToolRoute } from '../../app/router'
import { setInspector } from '../../lib/inspection'
import { lazyPart } from '../../ui/lazy-part'
import { startFlowsInspector } from './inspector'

/** Where the Flows page is (mock mode only). */
export const FLOWS_PATH = '/dev/flows'

const FlowsPage = lazyPart(() => import('./flows-page'))

/**
 * What src/dev/entry.ts adds for the flows (decision 034): the inspector, set before the portal
 * starts its first actor (`search` is the page's query string: `?inspect=stately` chooses
 * Stately's hosted inspector), and the Flows page with its footer link.
 */
export function startFlows(search: string): { tool: ToolRoute; footerLink: FooterLink } {
  setInspector(startFlowsInspector(search))
  return {
    tool: { path: FLOWS_PATH, Component: FlowsPage },
    footerLink: { href: FLOWS_PATH, label: msg`Flows (state machines)` },
  }
}
