import { act, renderHook } from '@testing-library/react'
import { useActorRef } from '@xstate/react'
import { StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import { loginDrawerMachine } from '../../../machines/session/login-drawer.machine'
import { ASK_FOR_ACTORS, flowsInspector, type FlowsChannel } from './inspector'
import { applyInspection, NO_ACTORS, type LiveState } from './live-actors'
import { REDACTED } from './sanitize'
import { driveEnrolment, driveSession, DRIVES, leakedIn, SECRETS } from './test-drives'

/**
 * The browser's channels between tabs, faked: what one channel posts reaches every other one open
 * (not itself), as a clone, like a `BroadcastChannel` of one name.
 */
function fakeChannels() {
  const open = new Set<{ deliver: (data: unknown) => void }>()
  return (): FlowsChannel => {
    const listeners: Array<(message: MessageEvent<unknown>) => void> = []
    const self = { deliver: (data: unknown) => listeners.forEach((listener) => listener({ data: structuredClone(data) } as MessageEvent<unknown>)) }
    open.add(self)
    return {
      postMessage: (message) => open.forEach((other) => other !== self && other.deliver(message)),
      addEventListener: (_type, listener) => void listeners.push(listener),
      close: () => void open.delete(self),
    }
  }
}

/** A channel that keeps what was posted, as the Flows page would receive it. */
function fakeChannel() {
  const posted: unknown[] = []
  const channel: FlowsChannel = { postMessage: (message) => void posted.push(message), addEventListener: () => {}, close: () => {} }
  return { channel, posted }
}

/** A portal tab: its inspector on the channels, and its `pagehide`/`pageshow`. */
function portalTab(openChannel: () => FlowsChannel, id: string) {
  const tab = new EventTarget()
  return {
    inspect: flowsInspector(openChannel(), tab, id),
    leave: () => tab.dispatchEvent(new Event('pagehide')),
    comeBack: () => tab.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true })),
  }
}

/** The Flows page opening: it asks, then keeps what it hears as the page's view of the actors. */
function openFlowsPage(openChannel: () => FlowsChannel) {
  const channel = openChannel()
  const heard: unknown[] = []
  let live: LiveState = NO_ACTORS
  channel.addEventListener('message', (message) => {
    heard.push(message.data)
    live = applyInspection(live, message.data)
  })
  channel.postMessage(ASK_FOR_ACTORS)
  return { actors: () => live.actors, heard: () => JSON.stringify(heard) }
}

/** The inspector hands events over in a microtask. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

type Posted = { type: string; tab: string; name?: string; sessionId: string; event?: { type: string; output?: unknown }; snapshot?: { value?: unknown; input?: unknown } }

async function inspected(drive: (typeof DRIVES)[keyof typeof DRIVES]) {
  const { channel, posted } = fakeChannel()
  await drive(flowsInspector(channel, new EventTarget(), 'tab-1'))
  await settled()
  return posted as Posted[]
}

describe('the Flows inspector', () => {
  it.each(Object.entries(DRIVES))('posts the %s machine’s registration, events and snapshots with no secret in them', async (machineId, drive) => {
    const posted = await inspected(drive)
    expect(posted.some((message) => message.type === '@xstate.actor' && message.name === machineId)).toBe(true)
    expect(posted.some((message) => message.type === '@xstate.event')).toBe(true)
    expect(posted.some((message) => message.type === '@xstate.snapshot')).toBe(true)
    expect(leakedIn(JSON.stringify(posted))).toEqual([])
  })

  it('names its tab in every message: each tab numbers its actors from x:0', async () => {
    const posted = await inspected(DRIVES.enrolment)
    expect(posted.length).toBeGreaterThan(0)
    expect(posted.filter((message) => message.tab !== 'tab-1')).toEqual([])
  })

  it('posts plain data a channel can clone: the state value, no functions', async () => {
    const posted = await inspected(DRIVES.session)
    const last = posted.filter((message) => message.type === '@xstate.snapshot').at(-1)
    expect(last?.snapshot?.value).toEqual({ loggedIn: 'ready' })
    expect(JSON.parse(JSON.stringify(posted))).toEqual(posted)
  })

  it('leaves out the promise actors, whose input is the credentials and whose output the profile', async () => {
    const posted = await inspected(DRIVES.session)
    expect(posted.filter((message) => message.snapshot && 'input' in message.snapshot)).toEqual([])
    const registered = posted.filter((message) => message.type === '@xstate.actor').map((message) => message.name)
    expect(registered.sort()).toEqual(['loginDrawer', 'session'])
  })

  it('sends the machine the profile and the review with their secrets redacted', async () => {
    const profile = (await inspected(DRIVES.session)).find((message) => message.event?.type === 'xstate.done.actor.loadProfile')
    expect(profile?.event?.output).toMatchObject({ cod_fiscale: REDACTED, certificato_medico_file: REDACTED, nome: 'Sim' })
    const review = (await inspected(DRIVES.certificate)).find(
      (message) => message.type === '@xstate.event' && message.event?.type.startsWith('xstate.done.actor.') && message.event.type.includes('reloading'),
    )
    expect(review?.event?.output).toBe(REDACTED)
    expect(JSON.stringify(review)).not.toContain(SECRETS.certificateReview)
  })
})

describe('the Flows page opened after the portal', () => {
  it('is told at once of the actors running in every tab, in their current state, with no secret', async () => {
    const openChannel = fakeChannels()
    const wizard = await driveEnrolment(portalTab(openChannel, 'A').inspect)
    const signedIn = await driveSession(portalTab(openChannel, 'B').inspect)

    const page = openFlowsPage(openChannel)
    expect(page.actors().map((actor) => [actor.machineId, actor.value, actor.status]).sort()).toEqual([
      ['enrolment', wizard.actor.getSnapshot().value, 'active'],
      ['loginDrawer', 'closed', 'active'],
      ['session', { loggedIn: 'ready' }, 'active'],
    ])
    expect(wizard.actor.getSnapshot().value).toEqual({ wizard: 'disclaimer' })
    expect(leakedIn(page.heard())).toEqual([])

    await signedIn.send({ type: 'session.logout' })
    expect(page.actors().find((actor) => actor.machineId === 'session')?.value).toBe('loggingOut')
  })

  it('hears no actor that has stopped, and loses one when it stops', async () => {
    const openChannel = fakeChannels()
    const before = await driveEnrolment(portalTab(openChannel, 'A').inspect)
    before.actor.stop()
    await settled()
    const running = await driveEnrolment(portalTab(openChannel, 'B').inspect)

    const page = openFlowsPage(openChannel)
    expect(page.actors().map((actor) => actor.key)).toEqual([`B ${running.actor.sessionId}`])
    running.actor.stop()
    await settled()
    expect(page.actors()).toEqual([])
  })

  it('loses a tab’s actors when the tab goes, and hears them again if the browser brings it back', async () => {
    const openChannel = fakeChannels()
    const leaving = portalTab(openChannel, 'A')
    await driveSession(leaving.inspect)
    const staying = await driveEnrolment(portalTab(openChannel, 'B').inspect)
    const page = openFlowsPage(openChannel)
    expect(page.actors()).toHaveLength(3)

    leaving.leave()
    expect(page.actors().map((actor) => actor.key)).toEqual([`B ${staying.actor.sessionId}`])
    leaving.comeBack()
    expect(page.actors().map((actor) => actor.machineId).sort()).toEqual(['enrolment', 'loginDrawer', 'session'])
  })
})

describe('a screen’s actor under React’s StrictMode', () => {
  // StrictMode creates a second actor it never starts, and stops and starts the kept one again.
  const screen = (openChannel: () => FlowsChannel) => {
    const tab = portalTab(openChannel, 'A')
    return renderHook(() => useActorRef(loginDrawerMachine, { inspect: tab.inspect }), { wrapper: StrictMode })
  }

  it('is shown once, in its current state, with its events, to a page open before it', async () => {
    const openChannel = fakeChannels()
    const page = openFlowsPage(openChannel)
    const { result } = screen(openChannel)
    await settled()
    act(() => result.current.send({ type: 'drawer.open', delayed: false }))
    await settled()
    expect(page.actors().map((actor) => [actor.key, actor.value])).toEqual([[`A ${result.current.sessionId}`, result.current.getSnapshot().value]])
    expect(result.current.getSnapshot().value).not.toBe('closed')
    expect(page.actors()[0]?.events.map((event) => event.type)).toContain('drawer.open')
  })

  it('is shown once, in its current state, to a page opened after it', async () => {
    const openChannel = fakeChannels()
    const { result } = screen(openChannel)
    await settled()
    const page = openFlowsPage(openChannel)
    expect(page.actors().map((actor) => [actor.key, actor.value])).toEqual([[`A ${result.current.sessionId}`, 'closed']])
  })
})
