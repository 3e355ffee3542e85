/**
 * What the spec says of the login drawer, shared by the drawer's scenarios and the session's (the
 * session drives the drawer as its child).
 */
import type { SnapshotFrom } from 'xstate'
import type { loginDrawerMachine } from '../../machines/session/login-drawer.machine'

/** Spec section 9: "Login field focus delay 800 ms" (section 2: "after about 800 ms"). */
export const SPEC_LOGIN_FOCUS_DELAY_MS = 800

/** What the screen reads of the drawer (src/app/session-runtime.ts): whether it shows, whether it is asked for. */
export function drawerView(snapshot: SnapshotFrom<typeof loginDrawerMachine>) {
  return { open: snapshot.matches('open'), requested: !snapshot.matches('closed') }
}
