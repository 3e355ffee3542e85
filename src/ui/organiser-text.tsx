import { Select } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Locale } from '../../contracts/locale'
import { activeLocale } from '../lib/i18n'
import { RulesText } from './rules-text'
import styles from './organiser-text.module.css'

/**
 * An organiser's text (a race's description or rules) in the language the backend served it in
 * (decision 030): marked with that language, so a screen reader reads it with the right voice, and,
 * when it is not the interface's language, said so before it.
 */
export function OrganiserText({ text, lingua, empty }: { text: string; lingua: Locale; empty?: ReactNode }) {
  // No text: the portal's own words say so, in the interface's language.
  if (text.trim() === '') return <RulesText text={text} empty={empty} />
  const locale = activeLocale()
  return (
    <div lang={lingua} className={styles.text}>
      {lingua === locale ? null : (
        <p className={styles.language} lang={locale}>
          <Select
            value={lingua}
            _it="Written by the organiser in Italian"
            _en="Written by the organiser in English"
            _es="Written by the organiser in Spanish"
            _fr="Written by the organiser in French"
            _zh="Written by the organiser in Chinese"
            _ja="Written by the organiser in Japanese"
            _ko="Written by the organiser in Korean"
            other="Written by the organiser in another language"
          />
        </p>
      )}
      <RulesText text={text} empty={empty} />
    </div>
  )
}
