import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { assign, fromPromise, setup } from 'xstate'
import { useBoundActor } from './use-bound-actor'

afterEach(cleanup)

/** A machine that asks an actor for a greeting, bound with `provide` as the portal binds its own. */
const greeter = setup({
  types: { input: {} as { name: string }, context: {} as { name: string; greeting: string | null } },
  actors: { greet: fromPromise<string, string>(() => Promise.reject(new Error('not bound'))) },
}).createMachine({
  context: ({ input }) => ({ name: input.name, greeting: null }),
  initial: 'greeting',
  states: {
    greeting: {
      invoke: { src: 'greet', input: ({ context }) => context.name, onDone: { target: 'done', actions: assign({ greeting: ({ event }) => event.output }) } },
    },
    done: {},
  },
})

describe('useBoundActor', () => {
  it('binds the machine once, however often the screen renders, and starts it with its input', async () => {
    const bind = vi.fn(() => greeter.provide({ actors: { greet: fromPromise(async ({ input }: { input: string }) => `Ciao ${input}`) } }))
    const hook = renderHook(({ name }) => useBoundActor(bind, { name }), { initialProps: { name: 'Anna' } })
    const first = hook.result.current
    hook.rerender({ name: 'Anna' })
    hook.rerender({ name: 'Bruno' })

    expect(bind).toHaveBeenCalledTimes(1)
    expect(hook.result.current).toBe(first)
    await act(() => vi.waitFor(() => expect(first.getSnapshot().matches('done')).toBe(true)))
    expect(first.getSnapshot().context.greeting).toBe('Ciao Anna')
  })
})
