import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { QaPersona } from '../../../mocks/qa-api'
import { useSessionViews } from '../../app/session-store'
import { athleteQueries } from '../../lib/athlete-queries'
import { Button } from '../../ui/button'
import { Loading } from '../../ui/state'
import styles from './panel.module.css'
import { qaKeys, useQaPanel } from './qa-context'
import { QaReadError } from './qa-read-error'

/**
 * Sign in as any persona in one click, through the portal's own session (the login drawer's
 * sign-in), so the portal behaves as after a real sign-in. Someone else signed in is signed out first.
 */
export function PersonasTab() {
  const { t } = useLingui()
  const { qa, appQueryClient } = useQaPanel()
  const { session, drawer } = useSessionViews()
  const personas = useQuery({ queryKey: qaKeys.personas, queryFn: () => qa.personas() })
  const me = useQuery({ ...athleteQueries.me(), enabled: session.status === 'loggedIn' }, appQueryClient)
  const signedIn = session.status === 'loggedIn' ? (me.data?.profilo[0] ?? null) : null
  // The persona waiting for the previous session to end: the session machine signs in from signed out only.
  const next = useRef<QaPersona | null>(null)

  useEffect(() => {
    const persona = next.current
    if (!persona || session.status !== 'loggedOut') return
    next.current = null
    drawer.login(persona.mail, persona.password)
  }, [session.status, drawer])

  const signInAs = (persona: QaPersona) => {
    // Not a disabled button while a sign-in runs: it would drop the keyboard's focus out of the panel.
    if (session.status === 'pending' || next.current) return
    if (session.status === 'loggedOut') return drawer.login(persona.mail, persona.password)
    next.current = persona
    session.logout()
  }

  if (personas.isError) return <QaReadError query={personas} />
  if (!personas.data) return <Loading />
  return (
    <div className={styles.section}>
      <p aria-live="polite">
        {signedIn
          ? t`Signed in as ${signedIn.nome} ${signedIn.cognome} (${signedIn.mail}).`
          : session.status === 'loggedOut'
            ? t`Nobody is signed in.`
            : t`Signing in or out…`}
      </p>
      <ul className={styles.list}>
        {personas.data.map((persona) => {
          const name = `${persona.nome} ${persona.cognome}`
          const isSignedIn = signedIn?.mail === persona.mail
          return (
            <li key={persona.key} className={styles.card}>
              <p>
                <strong>{name}</strong> <span className={styles.muted}>{persona.mail}</span>
              </p>
              <p>{persona.description}</p>
              <div className={styles.actions}>
                {isSignedIn ? (
                  <Button variant="secondary" onClick={session.logout}>
                    {t`Sign out`}
                  </Button>
                ) : (
                  <Button variant="secondary" onClick={() => signInAs(persona)}>
                    {t`Sign in as ${name}`}
                  </Button>
                )}
              </div>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
