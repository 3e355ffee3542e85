import { Plural, useLingui } from '@lingui/react/macro'
import { useEffect, useMemo, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react'
import { Button } from '../../ui/button'
import fieldStyles from '../../ui/field.module.css'
import styles from './municipality-field.module.css'
import { searchMunicipalities, useMunicipalities, type Municipality } from './municipalities'

export type { Municipality }

/** Enough to find a town by its first letters without a list longer than a phone's screen. */
const MAX_OPTIONS = 8

interface Props {
  id: string
  label: string
  name?: string
  value: string
  onChange(value: string): void
  /** A municipality chosen from the list (its name is also given to `onChange`). */
  onSelect(municipality: Municipality): void
  onBlur?(): void
  error?: string | null
  hint?: ReactNode
  disabled?: boolean
  inputRef?: Ref<HTMLInputElement>
}

/**
 * An Italian municipality, typed with suggestions: a WAI-ARIA combobox with a list of at most
 * eight matches, each "Name (PR)". Arrows move through the list, Enter chooses, Escape closes it,
 * Tab leaves; a pointer or a finger chooses too. The text stays free: while the list loads, or if
 * it cannot, the athlete types the name in full.
 */
export function MunicipalityField({ id, label, name, value, onChange, onSelect, onBlur, error, hint, disabled, inputRef }: Props) {
  const { t } = useLingui()
  const { municipalities, status, retry } = useMunicipalities()
  // The athlete is typing here: the list shows when there is something in it.
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const options = useMemo(
    () => (open && municipalities ? searchMunicipalities(municipalities, value, MAX_OPTIONS) : []),
    [open, municipalities, value],
  )
  const expanded = options.length > 0
  const listboxId = `${id}-listbox`
  const optionId = (index: number) => `${id}-option-${String(index)}`
  const activeOption = expanded && active >= 0 && active < options.length ? active : -1

  useEffect(() => {
    if (activeOption >= 0) document.getElementById(`${id}-option-${String(activeOption)}`)?.scrollIntoView?.({ block: 'nearest' })
  }, [activeOption, id])

  const close = () => {
    setOpen(false)
    setActive(-1)
  }
  const choose = (municipality: Municipality) => {
    onChange(municipality.name)
    onSelect(municipality)
    close()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault()
        if (!open) {
          setOpen(true)
          setActive(-1)
          return
        }
        if (options.length === 0) return
        const down = event.key === 'ArrowDown'
        // From the text into the list at its first (or, going up, last) option, then round it.
        if (activeOption < 0) setActive(down ? 0 : options.length - 1)
        else setActive((activeOption + (down ? 1 : -1) + options.length) % options.length)
        return
      }
      case 'Enter':
        if (activeOption >= 0) {
          // Choosing from the list is not sending the form.
          event.preventDefault()
          choose(options[activeOption]!)
        }
        return
      case 'Escape':
        if (expanded) {
          // Closes the list only, not a dialog around the form.
          event.preventDefault()
          event.stopPropagation()
        }
        close()
        return
      case 'Tab':
        close()
        return
    }
  }

  const note =
    status === 'loading' ? (
      t`Loading the list of Italian municipalities…`
    ) : status === 'unavailable' ? (
      <>
        {t`The list of municipalities could not be loaded: type the name in full.`}{' '}
        <Button variant="quiet" className={styles.retry} onClick={retry} disabled={disabled}>
          {t`Try again`}
        </Button>
      </>
    ) : null
  const describedBy = [hint ? `${id}-hint` : null, note ? `${id}-note` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')

  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <div className={styles.anchor}>
        <input
          id={id}
          ref={inputRef}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeOption >= 0 ? optionId(activeOption) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={fieldStyles.input}
          value={value}
          disabled={disabled}
          onChange={(event) => {
            onChange(event.target.value)
            setOpen(true)
            setActive(-1)
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close()
            onBlur?.()
          }}
        />
        <ul id={listboxId} role="listbox" aria-label={label} className={styles.listbox} hidden={!expanded}>
          {options.map((municipality, index) => (
            <li
              key={`${municipality.name}-${municipality.province}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeOption}
              className={styles.option}
              // The input keeps the focus (and the list stays open) while the pointer chooses.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(municipality)}
            >
              {municipality.name} ({municipality.province})
            </li>
          ))}
        </ul>
      </div>
      <p role="status" className="visually-hidden">
        {open && value.trim() !== '' && status === 'ready' ? (
          options.length === 0 ? (
            t`No Italian municipality matches.`
          ) : (
            <Plural value={options.length} one="# municipality matches." other="# municipalities match." />
          )
        ) : null}
      </p>
      {hint ? (
        <p id={`${id}-hint`} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
      {note ? (
        <p id={`${id}-note`} className={fieldStyles.hint}>
          {note}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
