// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { flowsInspector, type FlowsChannel } from './inspector'
import { REDACTED } from './sanitize'
import { DRIVES, leakedIn, SECRETS } from './test-drives'

/** A channel that keeps what was posted, as the Flows page would receive it. */
function fakeChannel() {
  const posted: unknown[] = []
  const channel: FlowsChannel = { postMessage: (message) => void posted.push(message), close: () => {} }
  return { channel, posted }
}

/** The inspector hands events over in a microtask. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

type Posted = { type: string; name?: string; sessionId: string; event?: { type: string; output?: unknown }; snapshot?: { value?: unknown; input?: unknown } }

async function inspected(drive: (typeof DRIVES)[keyof typeof DRIVES]) {
  const { channel, posted } = fakeChannel()
  await drive(flowsInspector(channel))
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
