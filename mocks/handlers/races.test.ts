// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { db } from '../db'
import { controls } from '../node'
import { quoteOf } from '../places'
import { createProvider, SETTLE_DELAY_MS } from '../provider'
import { SEED_RACE_IDS } from '../seed/races'
import { api, get, persona, post, signIn } from '../test-api'
import '../../tests/setup/mock-backend'

/** Decision 030: a race's texts and questions and a transaction's description, in the language asked or the fallback. */

const RACE = SEED_RACE_IDS.open
const race = (query: string) => api(`/api/v1/vdatrailers/gare/${String(RACE)}${query}`)
const fields = (token: string, lingua: string) => get(token, `/api/v1/vdatrailers/campi_per_iscrizione/${String(SEED_RACE_IDS.flagship)}?lingua=${lingua}`)

describe("a race's description and rules", () => {
  it('come in the language asked where the organiser wrote it: Italian and English', async () => {
    const italian = await race('?lingua=it')
    expect(italian.body).toMatchObject({ lingua: 'it', descrizione: expect.stringContaining('lariceti') as unknown })
    expect(italian.body.regolamento).toContain('Materiale obbligatorio:')
    const english = await race('?lingua=en')
    expect(english.body).toMatchObject({ lingua: 'en', descrizione: expect.stringContaining('larch woods') as unknown })
    expect(english.body.regolamento).toContain('Mandatory kit:')
  })

  it('fall back to English, named so, where the organiser wrote none in the language asked', async () => {
    const japanese = await race('?lingua=ja')
    expect(japanese.body.lingua).toBe('en')
    expect(japanese.body.regolamento).toContain('Mandatory kit:')
  })

  it('come in Japanese once the organiser writes them in Japanese, and in Italian when only Italian is written', async () => {
    await db.races.update((q) => q.where({ id: RACE }), {
      data(record) {
        record.descrizione = { it: 'Un anello tra i larici.', ja: 'カラマツ林のループ。' }
        record.regolamento = { it: 'Regolamento.', ja: '規則。' }
      },
    })
    expect((await race('?lingua=ja')).body).toMatchObject({ lingua: 'ja', descrizione: 'カラマツ林のループ。', regolamento: '規則。' })
    // English missing too: Italian, which the organiser always writes.
    expect((await race('?lingua=fr')).body).toMatchObject({ lingua: 'it', descrizione: 'Un anello tra i larici.' })
  })

  it('never mix two languages: one text missing in the language asked serves both in the fallback', async () => {
    await db.races.update((q) => q.where({ id: RACE }), {
      data(record) {
        record.descrizione = { ...record.descrizione, fr: 'Une boucle dans les mélèzes.' }
      },
    })
    const french = await race('?lingua=fr')
    expect(french.body.lingua).toBe('en')
    expect(french.body.descrizione).toContain('larch woods')
  })

  it('come in Italian to a client that asks no language, and an unknown language is refused', async () => {
    expect((await race('')).body.lingua).toBe('it')
    expect((await race('?lingua=de')).status).toBe(400)
  })
})

describe("a race's questions", () => {
  it('are labelled in the language asked, or English, their choices keeping one value in every language', async () => {
    const token = await signIn('completo')
    const italian = await fields(token, 'it')
    const japanese = await fields(token, 'ja')
    expect(italian.body.lingua).toBe('it')
    expect(japanese.body.lingua).toBe('en')
    const shuttle = (answer: typeof italian) =>
      (answer.body.campi as Array<{ nome: string; etichetta: string; opzioni?: Array<{ valore: string; etichetta: string }> }>).find(
        (field) => field.nome === 'navetta',
      )!
    expect(shuttle(italian).etichetta).toBe('Navetta per la partenza')
    expect(shuttle(japanese).etichetta).toBe('Shuttle bus to the start')
    expect(shuttle(italian).opzioni!.map((option) => option.valore)).toEqual(shuttle(japanese).opzioni!.map((option) => option.valore))
    expect(shuttle(italian).opzioni!.at(-1)).toEqual({ valore: 'none', etichetta: 'Nessuna navetta' })
    expect(shuttle(japanese).opzioni!.at(-1)).toEqual({ valore: 'none', etichetta: 'No shuttle' })
  })

  it('are answered by value: a label is not a choice', async () => {
    const token = await signIn('completo')
    const enrol = (navetta: string) =>
      post(token, '/api/v1/vdatrailers/iscrizione', { project_id: SEED_RACE_IDS.closing, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta } })
    expect((await enrol('No shuttle')).status).toBe(422)
    expect((await enrol('none')).status).toBe(200)
  })
})

describe('the race list', () => {
  const ids = async (filter: string) => ((await api(`/api/v1/vdatrailers/gare?filter=${filter}`)).body.gare as Array<{ id: number }>).map((r) => r.id)

  it('lists as closed only the races whose registration has closed, not those still to open', async () => {
    const closed = await ids('closed')
    expect(closed).toContain(SEED_RACE_IDS.closed)
    expect(closed).toContain(SEED_RACE_IDS.pastWithRanking)
    expect(closed).not.toContain(SEED_RACE_IDS.opening_days)
    expect(closed).not.toContain(SEED_RACE_IDS.opening_hours)
    expect(closed).not.toContain(SEED_RACE_IDS.open)
  })

  it('lists as open the races taking registrations, and everything under all', async () => {
    const open = await ids('open')
    expect(open).toEqual(expect.arrayContaining([SEED_RACE_IDS.open, SEED_RACE_IDS.closing]))
    expect(open).not.toContain(SEED_RACE_IDS.opening_days)
    expect(open).not.toContain(SEED_RACE_IDS.closed)
    expect(await ids('all')).toHaveLength(db.races.count())
  })
})

describe("the athlete's transactions", () => {
  type Line = { id: string; descrizione: string; lingua: string; stato: string }
  const COGNE = 203
  const lines = async (token: string, lingua: string) =>
    (await get(token, `/api/v1/vdatrailers/transazioni?lingua=${lingua}`)).body.transazioni as Line[]

  it('are described in the language asked, an entry and a refunded entry alike', async () => {
    const token = await signIn('completo')
    const described = async (lingua: string) =>
      Object.fromEntries((await lines(token, lingua)).map(({ id, lingua: written, descrizione }) => [id, { lingua: written, descrizione }]))
    expect(await described('it')).toMatchObject({
      'TX-2026-0002': { lingua: 'it', descrizione: 'Iscrizione Sentiero dei Larici 25K 2026' },
      'TX-2025-0003': { lingua: 'it', descrizione: 'Iscrizione Skyrace della Becca 21K 2025' },
    })
    expect(await described('ja')).toMatchObject({
      'TX-2026-0002': { lingua: 'ja', descrizione: 'レースエントリー：Sentiero dei Larici 25K 2026' },
      'TX-2025-0003': { lingua: 'ja', descrizione: 'レースエントリー：Skyrace della Becca 21K 2025' },
    })
    expect(await described('ko')).toMatchObject({
      'TX-2026-0002': { lingua: 'ko', descrizione: '대회 참가 신청: Sentiero dei Larici 25K 2026' },
      'TX-2025-0003': { lingua: 'ko', descrizione: '대회 참가 신청: Skyrace della Becca 21K 2025' },
    })
  })

  it('a line the provider writes is described in every language too, and still once refunded', async () => {
    const token = await signIn('completo')
    const race = db.races.findFirst((q) => q.where({ id: COGNE }))!
    await post(token, '/api/v1/vdatrailers/iscrizione', { project_id: COGNE, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'Cogne' } })
    await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: COGNE })
    const order = { project_id: COGNE, opzione_rimborso: 'standard', noleggio_gps: false, totale_atteso: race.prezzo, idempotency_key: 'key-cogne-entry' }
    const payment = String((await post(token, '/api/v1/vdatrailers/pagamenti', order)).body.pagamento_id)
    await createProvider(controls.now, () => undefined).decide(payment, 'authorised')
    controls.advance(SETTLE_DELAY_MS)
    expect((await get(token, `/api/v1/vdatrailers/pagamenti/${payment}`)).body).toMatchObject({ stato: 'success' })
    const line = async (lingua: string) => (await lines(token, lingua)).find((candidate) => candidate.id === `TX-${payment}`)
    expect(await line('ja')).toMatchObject({ lingua: 'ja', descrizione: 'レースエントリー：Alte Vie di Cogne 52K 2026' })
    expect(await line('es')).toMatchObject({ lingua: 'es', descrizione: 'Inscripción en la carrera: Alte Vie di Cogne 52K 2026' })

    const place = db.subscriptions.findFirst((q) => q.where({ athlete_id: persona('completo').athleteId, project_id: COGNE }))!
    const refund = quoteOf(race, place, controls.now()).totale
    const withdrawn = await post(token, `/api/v1/vdatrailers/iscrizione/${String(COGNE)}/ritiro`, { rimborso_atteso: refund, chiave: 'key-cogne-withdrawal' })
    expect(withdrawn.status).toBe(200)
    expect(await line('ja')).toMatchObject({ stato: 'refunded', lingua: 'ja', descrizione: 'レースエントリー：Alte Vie di Cogne 52K 2026' })
    expect(await line('fr')).toMatchObject({ stato: 'refunded', lingua: 'fr', descrizione: 'Inscription à la course : Alte Vie di Cogne 52K 2026' })
  })

  it('a line written in Italian only is served in Italian, named so', async () => {
    await db.transactions.update((q) => q.where({ id: 'TX-2026-0002' }), { data: (record) => void (record.descrizione = 'Iscrizione') })
    const token = await signIn('completo')
    expect((await lines(token, 'ja')).find((line) => line.id === 'TX-2026-0002')).toMatchObject({ lingua: 'it', descrizione: 'Iscrizione' })
  })
})
