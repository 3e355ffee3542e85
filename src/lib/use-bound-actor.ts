import { useActorRef } from '@xstate/react'
import { useState } from 'react'
import type { Actor, AnyActorLogic, InputFrom } from 'xstate'
import { inspection } from './inspection'

/**
 * A screen's actor of a machine bound to the portal (`machine.provide({ actors })`), inspected like
 * every root actor. `bind` runs once for the component's life: `provide` builds the whole machine
 * anew, every state node, and `useActorRef` keeps only the first actor anyway, so binding in the
 * render rebuilt the enrolment machine at each of the wizard's renders (decision 055).
 */
export function useBoundActor<TLogic extends AnyActorLogic>(bind: () => TLogic, input: InputFrom<TLogic>): Actor<TLogic> {
  const [logic] = useState(bind)
  // useActorRef's options are typed per machine; `input` is the one they require here.
  return useActorRef(logic as AnyActorLogic, { input, ...inspection() }) as Actor<TLogic>
}
