/**
 * The social sign-in's state, checked on its return (the landing's token arrives with it). Apart
 * from landing.ts, which boot reads on the first page: only the session's runtime, loaded after
 * the first paint, starts or checks a sign-in (decision 042).
 */

const SOCIAL_STATE_KEY = 'pettorale.socialState'

/** A fresh single-use nonce for a social sign-in this tab starts; the return must carry it back. */
export function startSocialSignIn(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  const state = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  sessionStorage.setItem(SOCIAL_STATE_KEY, state)
  return state
}

/**
 * Whether a social return's state is the one this tab stored; the stored one is used up either
 * way. Compared over every character whatever the first difference, so timing tells nothing.
 */
export function takeSocialState(returned: string | null): boolean {
  const expected = sessionStorage.getItem(SOCIAL_STATE_KEY)
  sessionStorage.removeItem(SOCIAL_STATE_KEY)
  if (!returned || !expected || returned.length !== expected.length) return false
  let difference = 0
  for (let i = 0; i < expected.length; i += 1) difference |= expected.charCodeAt(i) ^ returned.charCodeAt(i)
  return difference === 0
}
