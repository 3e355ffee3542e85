import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useId, useState, type ChangeEvent } from 'react'
import type { QaImportRefusal } from '../../../mocks/qa-api'
import { dropEveryWizard } from '../../features/enrolment/wizard-storage'
import { Button } from '../../ui/button'
import fieldStyles from '../../ui/field.module.css'
import styles from './panel.module.css'
import { useQaAction } from './qa-actions'
import { useQaPanel } from './qa-context'

const REFUSALS: Record<QaImportRefusal, MessageDescriptor> = {
  not_json: msg`The file is not JSON.`,
  not_a_pettorale_export: msg`The file is JSON but not an export of pettorale's simulated backend.`,
  other_version: msg`The file was exported by another version of the simulated backend.`,
  invalid_records: msg`Some records in the file break the backend's contracts.`,
}

/** The export's file name, dated by the simulated clock: `pettorale-mock-2026-03-02.json`. */
export function exportFileName(nowIso: string): string {
  return `pettorale-mock-${nowIso.slice(0, 10)}.json`
}

/** The page starts again on the new data: the portal's cache and session state were the old data's. */
const reloadPage = () => window.location.reload()

/** The mock database as a file: export, import (refused files leave the data as it is), reset to the seed. */
export function DataTab() {
  const { t, i18n } = useLingui()
  const { qa } = useQaPanel()
  const titleId = useId()
  const fileId = useId()
  const [refusal, setRefusal] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)

  const exportData = useQaAction(
    async () => {
      const [text, state] = await Promise.all([qa.exportDatabase(), qa.state()])
      const name = exportFileName(state.now)
      const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
      const link = document.createElement('a')
      link.href = url
      link.download = name
      link.click()
      URL.revokeObjectURL(url)
      return name
    },
    { touchesPortal: false, done: (name) => t`Exported as ${name}.` },
  )
  const importData = useQaAction((text: string) => qa.importDatabase(text), {
    touchesPortal: true,
    done: (result) => (result.ok ? t`Imported. The page reloads on the imported data.` : t`Nothing was imported.`),
  })
  // A wizard kept in this browser belongs to the data being reset: it would resume a place the seed never had.
  const reset = useQaAction(
    async () => {
      await qa.reset()
      dropEveryWizard()
    },
    { touchesPortal: true, done: () => t`Back to the seed. The page reloads.` },
  )

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setRefusal(null)
    const result = await importData.mutateAsync(await file.text())
    if (result.ok) reloadPage()
    else setRefusal(t`${file.name} was refused: ${i18n._(REFUSALS[result.refusal])} Nothing was changed.`)
  }

  return (
    <>
      <section className={styles.section} aria-labelledby={`${titleId}-export`}>
        <h3 id={`${titleId}-export`}>{t`Export`}</h3>
        <p>{t`The whole simulated database, with the clock and the faults, as a JSON file.`}</p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => exportData.mutate(undefined)}>
            {t`Export the data`}
          </Button>
        </div>
      </section>
      <section className={styles.section} aria-labelledby={`${titleId}-import`}>
        <h3 id={`${titleId}-import`}>{t`Import`}</h3>
        <div className={fieldStyles.field}>
          <label htmlFor={fileId} className={fieldStyles.label}>
            {t`A file exported from this panel`}
          </label>
          <input
            id={fileId}
            type="file"
            accept="application/json,.json"
            aria-describedby={refusal ? `${fileId}-error` : undefined}
            aria-invalid={refusal ? true : undefined}
           
            onChange={(event) => void onFile(event).catch(() => {})}
          />
          {refusal ? (
            <p id={`${fileId}-error`} className={fieldStyles.error} role="alert">
              {refusal}
            </p>
          ) : null}
        </div>
      </section>
      <section className={styles.section} aria-labelledby={`${titleId}-reset`}>
        <h3 id={`${titleId}-reset`}>{t`Reset`}</h3>
        <p>{t`Back to the seed: data, clock, faults and the request log, in every tab.`}</p>
        {confirming ? (
          <div className={styles.actions} role="group" aria-label={t`Reset everything to the seed?`}>
            <Button onClick={() => void reset.mutateAsync(undefined).then(reloadPage, () => {})}>
              {t`Yes, reset everything`}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t`Cancel`}
            </Button>
          </div>
        ) : (
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t`Reset to the seed…`}
            </Button>
          </div>
        )}
      </section>
    </>
  )
}
