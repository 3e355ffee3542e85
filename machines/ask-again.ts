/**
 * Asking again on XState's own clock: after the named `delay` (the machine's pacing, read from its
 * context), with `actions` counting the wait, or at once when the athlete asks (`retry`).
 */
export function askAgainAfter<const Delay extends string, const Target extends string, const Retry extends string, const Actions extends string>(
  delay: Delay,
  { target, retry, actions }: { target: Target; retry: Retry; actions: Actions },
) {
  return {
    after: { [delay]: { target, actions } } as Record<Delay, { target: Target; actions: Actions }>,
    on: { [retry]: target } as Record<Retry, Target>,
  } as const
}
