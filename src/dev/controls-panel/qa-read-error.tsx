import { useLingui } from '@lingui/react/macro'
import { ErrorState } from '../../ui/state'

/** A read of the QA API that failed (the shared mock server unreachable, a refusal): its words and a retry. */
export function QaReadError({ query }: { query: { error: unknown; refetch: () => Promise<unknown> } }) {
  const { t } = useLingui()
  const detail = query.error instanceof Error ? query.error.message : String(query.error)
  return <ErrorState message={t`The simulated backend did not answer: ${detail}`} onRetry={() => void query.refetch()} />
}
