// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { writableProfile, type Profile } from '../contracts/athlete.contract'
import { publicName } from './public-names'
import { api, get, persona, post, signIn } from './test-api'
import '../tests/setup/mock-backend'

/**
 * How a name is published (decision 038): as the athlete chose in the profile, else the full name on
 * the subscribers lists and rankings and nothing on the lottery's list.
 */

describe('publicName', () => {
  it('serves the full name, the initials, or nothing, as chosen, on every list', () => {
    for (const list of ['entrants', 'lottery'] as const) {
      expect(publicName('Sara Rosset', 'nome', list)).toBe('Sara Rosset')
      expect(publicName('Sara Rosset', 'iniziali', list)).toBe('S. R.')
      expect(publicName('Sara Rosset', 'nascosto', list)).toBeNull()
    }
  })

  it('never chosen: the full name on subscribers lists and rankings, nothing on the lottery list', () => {
    for (const choice of [null, undefined]) {
      expect(publicName('Sara Rosset', choice, 'entrants')).toBe('Sara Rosset')
      expect(publicName('Sara Rosset', choice, 'lottery')).toBeNull()
    }
  })

  it('gives one initial per word, upper case, whatever the spaces', () => {
    expect(publicName('Maria Grazia  Rossi', 'iniziali', 'entrants')).toBe('M. G. R.')
    expect(publicName(' élodie de la cruz ', 'iniziali', 'entrants')).toBe('É. D. L. C.')
  })

  it('takes a whole letter in any script: accents decomposed, Cyrillic, Greek, Arabic, Han, Hangul, Devanagari', () => {
    // "É" written as E + a combining acute stays one letter with its accent.
    expect(publicName('E\u0301milie Favre', 'iniziali', 'entrants')).toBe('E\u0301. F.')
    expect(publicName('Сергей Иванов', 'iniziali', 'entrants')).toBe('С. И.')
    expect(publicName('νίκος παπαδόπουλος', 'iniziali', 'entrants')).toBe('Ν. Π.')
    expect(publicName('محمد علي', 'iniziali', 'entrants')).toBe('م. ع.')
    expect(publicName('佐藤 由紀', 'iniziali', 'entrants')).toBe('佐. 由.')
    expect(publicName('김 민준', 'iniziali', 'entrants')).toBe('김. 민.')
    // A consonant with its vowel sign is one letter as a reader sees it, never a bare mark.
    expect(publicName('कीर्ति शर्मा', 'iniziali', 'entrants')).toBe('की. श.')
  })
})

describe('the lists as served', () => {
  const social = persona('social')
  const pax = persona('pax')
  type Row = { pettorale: number | null; nome: string | null; paese?: string; regione?: string | null; team?: string | null; categoria: string }

  const subscribers = async (raceId: number) => (await api(`/api/v1/vdatrailers/gare/${String(raceId)}/iscritti`)).body.iscritti as Row[]
  const ranking = async (raceId: number) => (await api(`/api/v1/vdatrailers/gare/${String(raceId)}/classifica`)).body.classifica as Row[]
  async function choose(key: string, visibilita: 'nome' | 'iniziali' | 'nascosto') {
    const token = await signIn(key)
    const [profile] = (await get(token, '/api/v1/vdatrailers/atleta_me')).body.profilo as Profile[]
    const saved = await post(token, '/api/v1/vdatrailers/atleta', { ...writableProfile(profile!), visibilita })
    expect(saved.status).toBe(200)
    expect((saved.body.profilo as Array<{ visibilita: unknown }>)[0]!.visibilita).toBe(visibilita)
  }

  it("names the persona's own row as chosen; initials or hidden keep only country and category, no bib, region or team", async () => {
    const before = await subscribers(204)
    const own = before.find((row) => row.pettorale === 121)!
    expect(own.nome).toBe(`${social.nome} ${social.cognome}`)
    const withdrawn = { ...own, pettorale: null, regione: null, team: null }

    await choose('social', 'iniziali')
    const initials = await subscribers(204)
    expect(initials.filter((row) => row.pettorale === null)).toEqual([{ ...withdrawn, nome: 'S. R.' }])

    await choose('social', 'nascosto')
    const hidden = await subscribers(204)
    expect(hidden.filter((row) => row.pettorale === null)).toEqual([{ ...withdrawn, nome: null }])
    expect(hidden).toHaveLength(before.length)
    // Nobody else's row changes, and no row says whose account it is.
    expect(hidden.filter((row) => row.pettorale !== null)).toEqual(before.filter((row) => row !== own))
    expect(hidden.every((row) => !('athlete_id' in row) && !('race_id' in row))).toBe(true)
  })

  it('the rankings of past races follow the same choice in the name; a result keeps its bib', async () => {
    const rowOf = async (raceId: number, bib: number) => (await ranking(raceId)).find((row) => row.pettorale === bib)!
    const named = await rowOf(102, 88)
    expect(named.nome).toBe(`${pax.nome} ${pax.cognome}`)
    await choose('pax', 'nascosto')
    expect(await rowOf(102, 88)).toEqual({ ...named, nome: null })
    expect((await rowOf(103, 41)).nome).toBeNull()
    await choose('pax', 'iniziali')
    expect((await rowOf(103, 41)).nome).toBe('M. B.')
  })
})
