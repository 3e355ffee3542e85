/**
 * The conformance kit's runner: groups of checks, each a rule a backend must keep for the portal to
 * work, run in order against one backend. A group that changes data or moves time needs the
 * staging hooks (`hooks`: the simulated backend's `/__qa/` routes, docs/backend.md); without them
 * its checks are skipped and say why, never passed in silence.
 */
import type { Backend } from './backend'

export interface Check {
  /** `group.rule`: the name the report, `--only` and the simulated backend's broken rules use. */
  id: string
  /** What the backend must do, in one sentence, and where it is written. */
  rule: string
  /** Resolves when the backend keeps the rule; throws `RuleBroken` saying what it did instead. */
  run: (backend: Backend) => Promise<void>
}

export interface Group {
  name: string
  /** Needs the staging hooks: the group starts from the seed (`reset`) and may set the clock. */
  needsHooks: boolean
  checks: readonly Check[]
}

/** What the backend did instead of what the rule says. */
export class RuleBroken extends Error {
  override name = 'RuleBroken'
}

/** Fails the check with `message` unless `condition` holds. */
export function expectRule(condition: unknown, message: string): asserts condition {
  if (!condition) throw new RuleBroken(message)
}

/** `work`, whose broken rule is told with what the athlete was doing when it broke. */
export async function saying<T>(what: string, work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (error instanceof RuleBroken) throw new RuleBroken(`${what}: ${error.message}`)
    throw error
  }
}

export type Status = 'passed' | 'failed' | 'skipped'

export interface Outcome {
  group: string
  id: string
  rule: string
  status: Status
  /** Why it failed or was skipped. */
  detail?: string
  ms: number
}

/** Whether `--only`'s names (groups or check ids) select this check; none selects all. */
export function selects(only: readonly string[], group: string, id: string): boolean {
  return only.length === 0 || only.includes(group) || only.includes(id)
}

export const NO_HOOKS = 'skipped: the backend offers no staging hooks (/__qa/, docs/backend.md)'

/**
 * Runs the selected checks of `groups` in order and tells each outcome as it comes. A check that
 * throws anything but `RuleBroken` fails too, with what it threw: an answer the kit could not read
 * is not a pass.
 */
export async function runKit(
  groups: readonly Group[],
  backend: Backend,
  options: { only?: readonly string[]; onOutcome?: (outcome: Outcome) => void; now?: () => number } = {},
): Promise<Outcome[]> {
  const only = options.only ?? []
  const now = options.now ?? (() => performance.now())
  const outcomes: Outcome[] = []
  const tell = (outcome: Outcome) => {
    outcomes.push(outcome)
    options.onOutcome?.(outcome)
  }
  for (const group of groups) {
    const chosen = group.checks.filter((check) => selects(only, group.name, check.id))
    for (const check of chosen) {
      const base = { group: group.name, id: check.id, rule: check.rule }
      if (group.needsHooks && !backend.hooks) {
        tell({ ...base, status: 'skipped', detail: NO_HOOKS, ms: 0 })
        continue
      }
      const started = now()
      try {
        // Each check of a group that changes data starts from the seed, so none depends on another.
        if (group.needsHooks) await backend.hooks!.reset()
        await check.run(backend)
        tell({ ...base, status: 'passed', ms: now() - started })
      } catch (error) {
        const detail = error instanceof RuleBroken ? error.message : `the check could not finish: ${error instanceof Error ? error.message : String(error)}`
        tell({ ...base, status: 'failed', detail, ms: now() - started })
      }
    }
  }
  return outcomes
}
