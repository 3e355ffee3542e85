import { describe, expect, it } from 'vitest'
import { createActor, type AnyActorLogic, type AnyEventObject, type AnyStateMachine } from 'xstate'
import { viewOf, type LotterySnapshot } from '../../../machines/places/lottery.machine'
import { FLOW_MACHINES } from './flow-machines'
import { flowGraphOf } from './machine-graph'
import { SIMULATIONS } from './simulations'
import { offeredEvents, simulate } from './simulator'

/** The event types a screen (or an actor's callback) sends the machine: not XState's own (done, error, after, always). */
const acceptedEvents = (machine: AnyStateMachine) =>
  new Set(flowGraphOf(machine).transitions.map((transition) => transition.event).filter((event) => event !== '' && !event.startsWith('xstate.')))

/** The names of the actors a simulation fakes: the machine's, and those of the machines it invokes. */
function actorNames(machine: AnyStateMachine): string[] {
  return Object.entries(machine.implementations.actors as Record<string, AnyActorLogic>).flatMap(([src, logic]) =>
    'root' in logic ? actorNames(logic as AnyStateMachine) : [src],
  )
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort()

describe.each(FLOW_MACHINES.map(({ machine }) => [machine.id, machine] as const))('the simulation of the %s machine', (id, machine) => {
  const simulation = SIMULATIONS[id]!

  it('has a sample of every event the machine accepts, or says why not, and none it does not', () => {
    const sampled = simulation.events.map((event) => event.type)
    const unsampled = Object.keys(simulation.unsampled ?? {})
    expect(sorted([...sampled, ...unsampled])).toEqual(sorted(acceptedEvents(machine)))
    expect(unsampled.filter((type) => sampled.includes(type))).toEqual([])
  })

  it('has answers for every actor the machine invokes, or says why it stays idle, and none for an actor it lacks', () => {
    const answered = Object.keys(simulation.answers)
    const idle = Object.keys(simulation.idle)
    expect(sorted([...answered, ...idle])).toEqual(sorted(actorNames(machine)))
    expect(idle.filter((name) => answered.includes(name))).toEqual([])
    for (const name of answered) expect(simulation.answers[name], name).not.toHaveLength(0)
  })
})

describe('the events a product owner is offered', () => {
  it('are those the simulated state takes and that change something', () => {
    const { machine } = FLOW_MACHINES.find((candidate) => candidate.machine.id === 'loginDrawer')!
    const simulated = simulate(machine, SIMULATIONS.loginDrawer!)
    const actor = createActor(simulated.logic, { input: simulated.input }).start()
    const offered = () => offeredEvents(simulated.logic, actor.getSnapshot(), SIMULATIONS.loginDrawer!.events).map((event) => JSON.stringify(event))
    expect(offered()).toEqual(['{"type":"drawer.open","delayed":false}', '{"type":"drawer.open","delayed":true}'])
    actor.send({ type: 'drawer.open', delayed: false })
    expect(offered()).toEqual(['{"type":"drawer.close"}'])
  })

  it('leave out one the state takes that changes nothing: the personal data confirmed twice', async () => {
    const confirm = { type: 'data.confirm', confirmed: true }
    const offered = async (steps: Step[]) => {
      const { machine } = FLOW_MACHINES.find((candidate) => candidate.machine.id === 'enrolment')!
      const snapshot = await stepThrough('enrolment', steps)
      return offeredEvents(machine, snapshot, [confirm]).length
    }
    expect(await offered([{ src: 'checkEligibility', answer: 'gate passed' }])).toBe(1)
    expect(await offered([{ src: 'checkEligibility', answer: 'gate passed' }, confirm])).toBe(0)
  })
})

/** A step on the page: an event button, or an actor's answer picked by its label. */
type Step = AnyEventObject | { src: string; answer: string }

/** The machine simulated as on the Flows page, stepped, and its snapshot at the end. */
async function stepThrough(id: string, steps: readonly Step[]) {
  const { machine } = FLOW_MACHINES.find((candidate) => candidate.machine.id === id)!
  const simulated = simulate(machine, SIMULATIONS[id]!)
  const actor = createActor(simulated.logic, { input: simulated.input }).start()
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  await settle()
  for (const step of steps) {
    if ('src' in step) {
      const call = simulated.pending().find((candidate) => candidate.src === step.src)
      const answer = call?.answers.find((candidate) => candidate.label === step.answer)
      if (!answer) throw new Error(`${id}: ${String(step.src)} is not waiting, or has no answer "${String(step.answer)}"`)
      call!.answer(answer)
    } else {
      const event = SIMULATIONS[id]!.events.find((candidate) => JSON.stringify(candidate) === JSON.stringify(step))
      if (!event) throw new Error(`${id}: no sample ${JSON.stringify(step)}`)
      actor.send(event)
    }
    await settle()
  }
  return actor.getSnapshot()
}

describe('the answers a product owner picks', () => {
  it('carry what the machine reads in them: a withdrawal refused with today’s refund asks to confirm that one', async () => {
    const snapshot = await stepThrough('placeChange', [
      { type: 'change.start' },
      { type: 'change.confirm', key: 'simulated' },
      { src: 'submitChange', answer: '409 refund_changed' },
    ])
    expect(snapshot.value).toBe('quoteChanged')
    expect(snapshot.context).toMatchObject({ expected: 11.25, key: null })
  })

  it('carry the entry a second join is answered with: the place it holds is offered', async () => {
    const snapshot = await stepThrough('waitList', [
      { src: 'readEntry', answer: '404 not_listed' },
      { type: 'waitList.join' },
      { src: 'joinList', answer: '409 already_listed, with the entry' },
    ])
    expect(snapshot.matches({ offer: 'open' })).toBe(true)
  })

  it('tell the recipient’s refusals apart by the contract’s codes', async () => {
    const refusedWith = async (answer: string, ...then: Step[]) =>
      (await stepThrough('transferTake', [{ src: 'readOffer', answer: 'offerta' }, { type: 'offer.accept', key: 'simulated' }, { src: 'accept', answer }, ...then])).value
    expect(await refusedWith('422 not_eligible', { src: 'readConditions', answer: 'network error' })).toBe('ineligible')
    expect(await refusedWith('409 transfer_closed')).toBe('closed')
    expect(await refusedWith('409 already_enrolled')).toBe('enrolled')
  })

  it('keep the giver’s mail refusals beside the field, and end the flow on the others', async () => {
    const offered = [{ type: 'mail.change', value: 'friend@example.org' }, { type: 'offer.submit', key: 'simulated' }]
    const unknown = await stepThrough('transferGive', [...offered, { src: 'offer', answer: '422 recipient_unknown' }])
    expect([unknown.value, unknown.context.problem]).toEqual(['editing', 'recipient_unknown'])
    expect((await stepThrough('transferGive', [...offered, { src: 'offer', answer: '422 transfer_closed' }])).value).toBe('refused')
  })

  it('step the lottery by the clock from the application to the draw, and to a lapsed link', async () => {
    const [, drawDue, pastDeadline] = SIMULATIONS.lottery!.events.filter((event) => event.type === 'clock.tick')
    const [applied, drawn] = SIMULATIONS.lottery!.events.filter((event) => event.type === 'application.read')
    const opened = SIMULATIONS.lottery!.events.find((event) => 'stato' in event && event.stato === 'pending')
    const seen = async (steps: Step[]) => viewOf((await stepThrough('lottery', steps)) as LotterySnapshot)
    expect(await seen([applied!, drawDue!])).toBe('drawing')
    expect(await seen([applied!, drawDue!, drawn!, opened!, pastDeadline!])).toBe('lapsed')
  })
})
