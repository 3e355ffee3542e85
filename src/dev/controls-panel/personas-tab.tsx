import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
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
 * What each persona is for, in the panel's language (the seed's `description` says it in English
 * for the console).
 */
const SITUATIONS: Record<QaPersona['key'], MessageDescriptor> = {
  nuovo: msg`Account confirmed, profile still empty: after sign-in the portal asks about experience races, then to complete the profile.`,
  completo: msg`Complete profile, valid certificate. Enrolled and paid in Sentiero dei Larici 25K 2026; enrolment in Alte Vie di Cogne 52K 2026 started but not paid. Has a failed and a refunded payment.`,
  revisione: msg`Complete profile; the medical certificate is uploaded and under review. Ran Vertical di Pila 2025.`,
  scaduto: msg`Complete profile; the certificate was reviewed as valid but expired on 14 February 2026. Ran Snow Trail di Cogne 2025.`,
  pax: msg`Holds the PAX: two qualifying experience races accepted in 2025, a third report under verification. Not yet enrolled in the 2026 flagship; its payment link is pending.`,
  social: msg`The account the simulated social sign-in returns; complete profile, paid Trail del Forte di Bard 30K 2026 by link.`,
}

/**
 * Sign in as any persona in one click, through the portal's own session (the login drawer's
 * sign-in), so the portal behaves as after a real sign-in. Someone else signed in is signed out first.
 */
export function PersonasTab() {
  const { t, i18n } = useLingui()
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
              <p>{i18n._(SITUATIONS[persona.key])}</p>
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
