import { useLingui } from '@lingui/react/macro'
import styles from './participant-name.module.css'

/**
 * A name on a public list, or, where the athlete chose not to be named (decision 038), words that
 * say so, muted so they never read as a name. A file of its own: the home page shares
 * participant-parts and has no names to show.
 */
export function ParticipantName({ name }: { name: string | null }) {
  const { t } = useLingui()
  return name ?? <span className={styles.hidden}>{t`Name not shown`}</span>
}
