import { useLingui } from '@lingui/react/macro'
import { downloadJson } from '../lib/download-json'
import { Button } from './button'
import styles from './verify-by-script.module.css'

/**
 * The last part of a draw anyone can check (the lottery's, the waiting room's): save what the page
 * published as a file, then run `npm run lottery:verify` on it, which says `outcome`.
 */
export function VerifyByScript({ file, saved, download, outcome }: { file: string; saved: unknown; download: string; outcome: string }) {
  const { t } = useLingui()
  return (
    <>
      <div className={styles.download}>
        <Button variant="secondary" onClick={() => downloadJson(file, saved)}>
          {download}
        </Button>
      </div>
      <p>{t`Then, in a copy of the portal's source code, run:`}</p>
      <pre className={styles.command} tabIndex={0}>
        <code>npm run lottery:verify -- {file}</code>
      </pre>
      <p className={styles.outcome}>{outcome}</p>
    </>
  )
}
