import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { allOperations } from '../../../contracts'
import type { QaFault, QaState, QaTarget } from '../../../mocks/qa-api'
import { Button } from '../../ui/button'
import { Field, SelectField } from '../../ui/field'
import fieldStyles from '../../ui/field.module.css'
import { Loading } from '../../ui/state'
import styles from './panel.module.css'
import { useQaAction } from './qa-actions'
import { qaKeys, useQaPanel } from './qa-context'
import { QaReadError } from './qa-read-error'

/** What QA can make an operation do, in the order the form lists them. */
export const FAULT_CHOICES = ['latency', 'status500', 'status503', 'network', 'notJson', 'contract', 'expiredToken'] as const
type FaultChoice = (typeof FAULT_CHOICES)[number]

const CHOICE_LABELS: Record<FaultChoice, MessageDescriptor> = {
  latency: msg`Slow answer (latency)`,
  status500: msg`HTTP 500 (server error)`,
  status503: msg`HTTP 503 (unavailable) with Retry-After`,
  network: msg`Network error (no answer)`,
  notJson: msg`An answer that is not JSON`,
  contract: msg`An answer that breaks the contract`,
  expiredToken: msg`401: the session's token has expired`,
}

const MAX_LATENCY_MS = 60_000
const MAX_RETRY_AFTER_S = 3600

/** A whole number within bounds, or null. */
function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null
  const value = Number(text)
  return value >= min && value <= max ? value : null
}

const OPERATION_NAMES = allOperations.map((operation) => operation.name).sort()

/** Per operation or for all: latency and faults, the ones in force with a way to clear each. */
export function FaultsTab() {
  const { t } = useLingui()
  const { qa } = useQaPanel()
  const state = useQuery({ queryKey: qaKeys.state, queryFn: () => qa.state() })
  const [search, setSearch] = useState('')
  const [target, setTarget] = useState<QaTarget>('*')
  const [choice, setChoice] = useState<FaultChoice>('status500')
  const [latency, setLatency] = useState('1500')
  const [retryAfter, setRetryAfter] = useState('30')
  const [errors, setErrors] = useState<{ latency?: string; retryAfter?: string }>({})
  const choicesId = useId()
  const targetName = (on: QaTarget) => (on === '*' ? t`every operation` : on)

  const apply = useQaAction(
    ({ on, fault, ms }: { on: QaTarget; fault: QaFault | null; ms: number | null }) => (ms !== null ? qa.latency(on, ms) : qa.fault(on, fault)),
    { touchesPortal: false, done: (_, { on }) => t`In force for ${targetName(on)}.` },
  )
  const clearFault = useQaAction(({ on, latency }: { on: QaTarget; latency: boolean }) => (latency ? qa.latency(on, null) : qa.fault(on, null)), {
    touchesPortal: false,
    done: (_, { on }) => t`Cleared for ${targetName(on)}.`,
  })
  const clearAll = useQaAction(() => qa.clearFaults(), { touchesPortal: false, done: () => t`Every fault and latency is cleared.` })

  const matching = OPERATION_NAMES.filter((name) => name.toLowerCase().includes(search.trim().toLowerCase()))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const next: typeof errors = {}
    let ms: number | null = null
    let fault: QaFault | null = null
    if (choice === 'latency') {
      ms = wholeNumber(latency, 1, MAX_LATENCY_MS)
      if (ms === null) next.latency = t`Enter a whole number of milliseconds from 1 to ${MAX_LATENCY_MS}.`
    } else if (choice === 'status503') {
      const seconds = wholeNumber(retryAfter, 0, MAX_RETRY_AFTER_S)
      if (seconds === null) next.retryAfter = t`Enter a whole number of seconds from 0 to ${MAX_RETRY_AFTER_S}.`
      else fault = { kind: 'status', status: 503, retryAfterS: seconds }
    } else if (choice === 'status500') fault = { kind: 'status', status: 500 }
    else fault = { kind: choice }
    setErrors(next)
    if (next.latency || next.retryAfter) return
    apply.mutate({ on: target, fault, ms })
  }

  return (
    <>
      <form className={styles.section} aria-labelledby={`${choicesId}-title`} onSubmit={submit} noValidate>
        <h3 id={`${choicesId}-title`}>{t`Inject a fault`}</h3>
        <Field
          label={t`Find an operation`}
          type="search"
          value={search}
          onChange={(event) => {
            const text = event.target.value
            setSearch(text)
            const found = OPERATION_NAMES.filter((name) => name.toLowerCase().includes(text.trim().toLowerCase()))
            if (!found.includes(target as (typeof found)[number])) setTarget(found[0] ?? '*')
          }}
        />
        <SelectField
          label={t`Operation`}
          value={target}
          hint={t`${matching.length} of ${OPERATION_NAMES.length} operations match.`}
          onChange={(event) => setTarget(event.target.value as QaTarget)}
        >
          <option value="*">{t`All operations (*)`}</option>
          {matching.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <fieldset className={styles.section}>
          <legend className={fieldStyles.label}>{t`What happens`}</legend>
          {FAULT_CHOICES.map((value) => (
            <div key={value} className={fieldStyles.check}>
              <input
                id={`${choicesId}-${value}`}
                type="radio"
                name={`${choicesId}-choice`}
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
              />
              <ChoiceLabel htmlFor={`${choicesId}-${value}`} label={CHOICE_LABELS[value]} />
            </div>
          ))}
        </fieldset>
        {choice === 'latency' ? (
          <Field label={t`Latency (ms)`} inputMode="numeric" value={latency} error={errors.latency} onChange={(event) => setLatency(event.target.value)} />
        ) : null}
        {choice === 'status503' ? (
          <Field
            label={t`Retry-After (seconds)`}
            inputMode="numeric"
            value={retryAfter}
            error={errors.retryAfter}
            onChange={(event) => setRetryAfter(event.target.value)}
          />
        ) : null}
        <div className={styles.actions}>
          <Button type="submit">
            {t`Apply`}
          </Button>
        </div>
      </form>
      <section className={styles.section} aria-labelledby={`${choicesId}-active`}>
        <h3 id={`${choicesId}-active`}>{t`In force`}</h3>
        {state.isError ? <QaReadError query={state} /> : null}
        {state.data ? (
          <ActiveFaults
            state={state.data}
            targetName={targetName}
            onClear={(on, isLatency) => clearFault.mutate({ on, latency: isLatency })}
            onClearAll={() => clearAll.mutate(undefined)}
          />
        ) : state.isError ? null : (
          <Loading />
        )}
      </section>
    </>
  )
}

function ChoiceLabel({ htmlFor, label }: { htmlFor: string; label: MessageDescriptor }) {
  const { i18n } = useLingui()
  return <label htmlFor={htmlFor}>{i18n._(label)}</label>
}

/** What a fault in force does, in words. */
function useDescribeFault() {
  const { t } = useLingui()
  return (fault: QaFault): string => {
    switch (fault.kind) {
      case 'network':
        return t`network error`
      case 'notJson':
        return t`an answer that is not JSON`
      case 'contract':
        return t`an answer that breaks the contract`
      case 'expiredToken':
        return t`401, token expired`
      case 'status':
        return fault.retryAfterS === undefined ? t`HTTP ${fault.status}` : t`HTTP ${fault.status}, Retry-After ${fault.retryAfterS} s`
    }
  }
}

interface ActiveFaultsProps {
  state: QaState
  targetName: (on: QaTarget) => string
  onClear: (on: QaTarget, latency: boolean) => void
  onClearAll: () => void
}

function ActiveFaults({ state, targetName, onClear, onClearAll }: ActiveFaultsProps) {
  const { t } = useLingui()
  const describe = useDescribeFault()
  const rows = [
    ...(Object.entries(state.faults) as Array<[QaTarget, QaFault]>).map(([on, fault]) => ({ on, latency: false, what: describe(fault) })),
    ...(Object.entries(state.latencyMs) as Array<[QaTarget, number]>).map(([on, ms]) => ({ on, latency: true, what: t`${ms} ms latency` })),
  ]
  if (rows.length === 0) return <p>{t`No fault and no latency: every operation answers normally.`}</p>
  return (
    <>
      <ul className={styles.list}>
        {rows.map(({ on, latency, what }) => (
          <li key={`${on}-${String(latency)}`} className={`${styles.card} ${styles.actions}`}>
            <p>
              <strong>{targetName(on)}</strong>: {what}
            </p>
            <Button variant="secondary" aria-label={t`Clear ${what} for ${targetName(on)}`} onClick={() => onClear(on, latency)}>
              {t`Clear`}
            </Button>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClearAll}>
          {t`Clear all`}
        </Button>
      </div>
    </>
  )
}
