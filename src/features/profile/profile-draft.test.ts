import { beforeEach, describe, expect, it } from 'vitest'
import { dropDraft, keepDraft, takeDraft } from './profile-draft'
import type { ProfileFormValues } from './profile-form'

const values: ProfileFormValues = {
  nome: 'Matteo',
  cognome: 'Vuillermin',
  sesso: '',
  data_nascita: '',
  nazione_nascita: '',
  provincia_nascita: '',
  citta_nascita: '',
  cod_fiscale: '',
  nazionalita: '',
  paese: '',
  provincia: '',
  citta: '',
  via: '',
  civico: '',
  cap: '',
  telefono: '',
  contatto_emergenza: '',
  telefono_emergenze: '',
  taglia_maglietta: '',
  documento: '',
  team: '',
  lingua: 'it',
  newsletter: false,
  privacy_policy: true,
  visibilita: 'iniziali',
}

beforeEach(dropDraft)

describe('the unsaved profile draft', () => {
  it('comes back once, to the athlete who typed it', () => {
    keepDraft(1, { ...values, telefono: '+39 347 118 2290' })
    expect(takeDraft(1)).toMatchObject({ nome: 'Matteo', telefono: '+39 347 118 2290' })
    expect(takeDraft(1)).toBeNull()
  })

  it('never reaches another athlete, and is gone for the first one too once another has looked', () => {
    keepDraft(1, values)
    expect(takeDraft(2)).toBeNull()
    expect(takeDraft(1)).toBeNull()
  })

  it('is dropped on save or cancel', () => {
    keepDraft(1, values)
    dropDraft()
    expect(takeDraft(1)).toBeNull()
  })

  it('is kept in memory only', () => {
    keepDraft(1, values)
    expect(localStorage.length).toBe(0)
    expect(sessionStorage.length).toBe(0)
  })
})
