import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useId, useReducer, useState, useSyncExternalStore } from 'react'
import type { I18n } from '@lingui/core'
import type { AnyStateMachine } from 'xstate'
import { Button } from '../../ui/button'
import { Page } from '../../ui/page'
import { activeStateIds } from './chart-layout'
import { FlowChart } from './flow-chart'
import { FLOW_MACHINES } from './flow-machines'
import { ASK_FOR_ACTORS, FLOWS_CHANNEL } from './inspector'
import { eventWords } from './event-words'
import { applyInspection, NO_ACTORS, type LiveActor, type LiveEvent, type LiveState } from './live-actors'
import { flowGraphOf } from './machine-graph'
import { SIMULATIONS } from './simulations'
import { offeredEvents, simulate } from './simulator'
import styles from './flows-page.module.css'

/** Each chart read once from the machine the portal runs: it cannot drift from it. */
const CHARTS = new Map(FLOW_MACHINES.map(({ machine }) => [machine.id, flowGraphOf(machine)]))

/** `{ loggedIn: 'ready' }` as `loggedIn.ready`. */
function stateText(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value !== 'object' || value === null) return ''
  return Object.entries(value)
    .map(([key, inner]) => {
      const rest = stateText(inner)
      return rest ? `${key}.${rest}` : key
    })
    .join(', ')
}

/** The portal's actors, as the inspection of its tabs says (inspector.ts): those running already, then live. */
function useLiveActors(): LiveState {
  const [state, dispatch] = useReducer(applyInspection, NO_ACTORS)
  useEffect(() => {
    const channel = new BroadcastChannel(FLOWS_CHANNEL)
    channel.onmessage = (message: MessageEvent<unknown>) => dispatch(message.data)
    channel.postMessage(ASK_FOR_ACTORS)
    return () => channel.close()
  }, [])
  return state
}

function LiveInstances({
  actors,
  shown,
  onShow,
}: {
  actors: readonly LiveActor[]
  shown: string | null
  onShow: (key: string) => void
}) {
  const { t, i18n } = useLingui()
  if (actors.length === 0) {
    return <p className={styles.muted}>{t`No actor of this machine is running. Use the portal in another tab of this browser.`}</p>
  }
  return (
    <ul className={styles.instances}>
      {actors.map((actor, index) => {
        const state = stateText(actor.value)
        const number = actors.length - index
        return (
          <li key={actor.key} className={styles.instance}>
            <div className={styles.instanceHead}>
              <h3>{t`Instance ${number}`}</h3>
              <p>
                <Trans>
                  State: <code>{state}</code> ({actor.status})
                </Trans>
              </p>
              <Button variant="secondary" aria-pressed={shown === actor.key} onClick={() => onShow(actor.key)}>
                {t`Show on the chart`}
              </Button>
            </div>
            {actor.events.length === 0 ? null : (
              <>
                <h4>{t`Last events`}</h4>
                <ol className={styles.events}>
                  {actor.events.toReversed().map((event) => (
                    <li key={event.seq}>
                      {liveEventWords(i18n, actor.machineId, event)} <code className={styles.payload}>{event.type}</code>
                    </li>
                  ))}
                </ol>
              </>
            )}
          </li>
        )
      })}
    </ul>
  )
}

/**
 * A live event in words. Its clock reading is left out: the words would measure it against the time
 * the page is read, not the time it came; it says the time passes.
 */
function liveEventWords(i18n: I18n, machineId: string, event: LiveEvent): string {
  const { now: _now, ...payload } = event.payload ? (JSON.parse(event.payload) as Record<string, unknown>) : {}
  return eventWords(i18n, machineId, { ...payload, type: event.type })
}

/** A local actor of the machine with its effects faked, stepped by hand; started afresh on remount. */
function SimulatedFlow({ machine, title }: { machine: AnyStateMachine; title: string }) {
  const { t, i18n } = useLingui()
  const [simulated] = useState(() => simulate(machine, SIMULATIONS[machine.id]!))
  const actor = useActorRef(simulated.logic, { input: simulated.input })
  const snapshot = useSelector(actor, (current) => current)
  const pending = useSyncExternalStore(simulated.subscribe, simulated.pending)
  const accepted = offeredEvents(simulated.logic, snapshot, SIMULATIONS[machine.id]!.events)
  const state = stateText(snapshot.value)
  const status = snapshot.status
  return (
    <>
      <FlowChart graph={CHARTS.get(machine.id)!} active={new Set(activeStateIds(machine.id, snapshot.value))} title={title} />
      <div className={styles.simulation}>
        <p aria-live="polite" className={styles.simulatedState}>
          <Trans>
            Simulated state: <code>{state}</code> ({status})
          </Trans>
        </p>
        <h3>{t`Events this state accepts`}</h3>
        {accepted.length === 0 ? (
          <p className={styles.muted}>{t`None: the machine is waiting for an answer, or it has ended.`}</p>
        ) : (
          <ul className={styles.choices}>
            {accepted.map((event) => (
              <li key={JSON.stringify(event)}>
                <Button variant="secondary" onClick={() => actor.send(event)}>
                  {eventWords(i18n, machine.id, event)}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {pending.length === 0 ? null : (
          <>
            <h3>{t`Waiting for an answer`}</h3>
            <ul className={styles.calls}>
              {pending.map((call) => (
                <li key={call.key}>
                  <p>
                    <Trans>
                      <code>{call.src}</code> answers:
                    </Trans>
                  </p>
                  <ul className={styles.choices}>
                    {call.answers.map((answer) => (
                      <li key={answer.label}>
                        <Button variant="secondary" onClick={() => call.answer(answer)}>
                          {'error' in answer ? t`Fail: ${answer.label}` : t`Succeed: ${answer.label}`}
                        </Button>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  )
}

/** The portal's actors of the machine, the one shown (asked for, else the last heard of) on the chart. */
function LiveFlow({ machine, title, actors }: { machine: AnyStateMachine; title: string; actors: readonly LiveActor[] }) {
  const [chosen, setChosen] = useState<string | null>(null)
  const mine = actors.filter((actor) => actor.machineId === machine.id)
  const shown = mine.find((actor) => actor.key === chosen) ?? mine[0] ?? null
  const active = new Set(shown ? activeStateIds(machine.id, shown.value) : [])
  return (
    <>
      <FlowChart graph={CHARTS.get(machine.id)!} active={active} title={title} />
      <LiveInstances actors={mine} shown={shown?.key ?? null} onShow={setChosen} />
    </>
  )
}

function MachineFlow({ machine, title, actors }: { machine: AnyStateMachine; title: string; actors: readonly LiveActor[] }) {
  const { t } = useLingui()
  const headingId = useId()
  const [simulating, setSimulating] = useState(false)
  const [run, setRun] = useState(0)
  return (
    <section className={styles.machine} aria-labelledby={headingId}>
      <div className={styles.machineHead}>
        <h2 id={headingId}>
          {title} <code className={styles.machineId}>{machine.id}</code>
        </h2>
        <div className={styles.actions}>
          <Button variant={simulating ? 'primary' : 'secondary'} aria-pressed={simulating} onClick={() => setSimulating((before) => !before)}>
            {t`Simulate`}
          </Button>
          {simulating ? (
            <Button variant="quiet" onClick={() => setRun((count) => count + 1)}>
              {t`Start again`}
            </Button>
          ) : null}
        </div>
      </div>
      {simulating ? <SimulatedFlow key={run} machine={machine} title={title} /> : <LiveFlow machine={machine} title={title} actors={actors} />}
    </section>
  )
}

/**
 * The portal's state machines (mock mode only, decision 034): each drawn from its own definition,
 * with the running actors of the portal's other tabs in this browser live on it, and a simulation
 * a product owner steps by hand.
 */
export default function FlowsPage() {
  const { t, i18n } = useLingui()
  const live = useLiveActors()
  return (
    <Page
      title={t`Flows`}
      lead={t`Every state machine of the portal, drawn from its own code. The actors running in the portal's other tabs of this browser appear here, those already running when the page opens too, with their state highlighted and the events they receive from then on (secrets removed). Simulate steps a machine by hand, with its backend faked.`}
    >
      {FLOW_MACHINES.map(({ machine, title }) => (
        <MachineFlow key={machine.id} machine={machine} title={i18n._(title)} actors={live.actors} />
      ))}
    </Page>
  )
}
