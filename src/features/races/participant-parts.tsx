import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import { Link } from 'wouter'
import type { Locale } from '../../../contracts/locale'
import type { RaceDetail } from '../../../contracts/races.contract'
import { formatNumber } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { Button } from '../../ui/button'
import { Bone } from '../../ui/skeleton'
import { Empty } from '../../ui/state'
import { countryName, flagEmoji } from '../../lib/country'
import styles from './participant-parts.module.css'

export interface SelectOption {
  value: string
  label: string
}

/**
 * A labelled select whose first option, `allLabel`, means "no filter" (null). A value the options
 * lack (while the list loads) is still shown, so nothing changes when the options arrive.
 */
export function SelectField({
  label,
  value,
  options,
  allLabel,
  onChange,
  disabled,
}: {
  label: string
  value: string | null
  options: readonly SelectOption[]
  /** The no-filter choice; without it the select always has a value (a sort order). */
  allLabel?: string
  onChange: (value: string | null) => void
  disabled?: boolean
}) {
  const id = useId()
  const shown = value !== null && !options.some((option) => option.value === value) ? [{ value, label: value }, ...options] : options
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value ?? ''}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      >
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {shown.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/** Country codes as select options, named in the locale. */
export function countryOptions(codes: readonly string[]): SelectOption[] {
  const locale = activeLocale()
  return codes.map((code) => ({ value: code, label: countryName(locale, code) }))
}

/** A nationality: the flag (decorative) and the country's name in the locale. */
export function Nationality({ code, locale }: { code: string; locale: Locale }) {
  const flag = flagEmoji(code)
  return (
    <>
      {flag ? (
        <span className={styles.flag} aria-hidden="true">
          {flag}
        </span>
      ) : null}
      {countryName(locale, code)}
    </>
  )
}

/**
 * Under the heading: the race (back to its page) and the other list of the same race. The race's
 * name is a placeholder of the same size until it arrives.
 */
export function RaceLinks({ raceId, race, other }: { raceId: number; race: RaceDetail | undefined; other: 'ranking' | 'subscribers' }) {
  const { t } = useLingui()
  return (
    <nav aria-label={t`This race`} className={styles.raceLinks}>
      {race ? (
        <Link href={paths.race(raceId)} className={styles.raceName}>
          {race.nome} {race.edizione}
        </Link>
      ) : (
        <Bone width="12rem" className={styles.raceBone} />
      )}
      {other === 'ranking' ? (
        <Link href={paths.ranking(raceId)}>{t`Results`}</Link>
      ) : (
        <Link href={paths.subscribers(raceId)}>{t`Entry list`}</Link>
      )}
    </nav>
  )
}

/**
 * How many rows the list shows: "20,000 participants", or "152 of 20,000 participants" when
 * filtered. Announced politely as it changes.
 */
export function ParticipantCount({
  shown,
  total,
  filtered,
  noun,
}: {
  shown: number
  total: number
  filtered: boolean
  noun: 'participants' | 'finishers'
}) {
  const shownText = formatNumber(activeLocale(), shown)
  let text: ReactNode
  if (noun === 'participants') {
    text = filtered ? (
      <Trans>
        {shownText} of <Plural value={total} one="# participant" other="# participants" />
      </Trans>
    ) : (
      <Plural value={total} one="# participant" other="# participants" />
    )
  } else {
    text = filtered ? (
      <Trans>
        {shownText} of <Plural value={total} one="# finisher" other="# finishers" />
      </Trans>
    ) : (
      <Plural value={total} one="# finisher" other="# finishers" />
    )
  }
  return (
    <p className={styles.count} role="status" aria-live="polite" aria-atomic="true">
      {text}
    </p>
  )
}

/** The line with the count and, when filters are on, the way to clear them. */
export function SummaryLine({ children, onClear }: { children: ReactNode; onClear: (() => void) | null }) {
  const { t } = useLingui()
  return (
    <div className={styles.summary}>
      {children}
      {onClear ? (
        <Button variant="quiet" onClick={onClear}>
          {t`Clear filters`}
        </Button>
      ) : null}
    </div>
  )
}

/** The line's placeholder while the list loads. */
export function SummaryPlaceholder() {
  return (
    <div className={styles.summary}>
      <p className={styles.count}>
        <Bone width="10rem" />
      </p>
    </div>
  )
}

/** Filters that match nobody: say so, and offer to clear them. */
export function NoMatch({ message, onClear }: { message: string; onClear: () => void }) {
  const { t } = useLingui()
  return (
    <Empty>
      <p>{message}</p>
      <Button variant="secondary" onClick={onClear}>
        {t`Clear filters`}
      </Button>
    </Empty>
  )
}
