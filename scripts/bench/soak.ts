/**
 * Bench line: a soak of the simulated backend (issue 24 point 5), `npm run bench -- --soak`. Ten
 * minutes of the traffic an opening day and a normal day make, over HTTP, against `npm run
 * mock:server` started for QA in a process of its own (soak-server.ts, on a free port), so that its
 * memory is measured alone: every `sampleEveryMs` it collects its garbage and reports its heap and
 * resident set.
 *
 * `users` virtual athletes act at once, each thinking between two actions: they browse the races
 * and their details in every language, read subscribers lists (the festival race's 20,000 too) and
 * rankings, sign up (confirmed from the e-mail, profile saved, a small certificate uploaded), sign
 * out and in, read and save their profile, enrol and pay at the simulated provider's checkout (some
 * cards declined), withdraw, join and leave a wait list; the QA clock moves on now and then. Every
 * call goes through the portal's API client, so every answer is checked against its contract.
 *
 * "Memory flat": the backend's data grows as athletes sign up, pay and withdraw, and that growth is
 * legitimate, so the traffic is kept at a steady state rather than growing: a fixed pool of staged
 * athletes does the enrolling (each enters a race once at most, as a withdrawn place is never
 * entered again, and withdraws now and then), sessions end as they start, a wait list is joined and
 * left; only sign-ups add athletes, a few a minute. Payments, receipts' e-mails and withdrawals
 * still add records, as a real backend keeps them. So the judged figure compares like with like
 * (decision 056): the heap after a forced collection once the run is warm (after its first fifth:
 * the seed's lazy parts, the JIT, the pool's first reads), and the heap after the run once the QA
 * export taken at that moment is imported back, each the median of `window` samples, within
 * `heapBudgetPercent`: what the server keeps beyond its data. The heap at the end with the run's
 * data, its slope after warm-up, and how much the data itself grew (the QA export's size, and its
 * records by collection) are printed beside.
 *
 * Every answer outside 2xx is an error unless the call expects that refusal (a wait list joined
 * twice); so is a payment that does not end as its card says, and a request the mock failed on (its
 * log). The first few are printed.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import * as account from '../../contracts/account.contract'
import type { ApiError } from '../../contracts/api-error'
import * as athlete from '../../contracts/athlete.contract'
import * as auth from '../../contracts/auth.contract'
import * as certificate from '../../contracts/certificate.contract'
import { CERTIFICATE_FIELD_DEFINITION_ID } from '../../contracts/certificate.contract'
import { RACE_FILTERS } from '../../contracts/constants'
import * as files from '../../contracts/files.contract'
import * as liberatoria from '../../contracts/liberatoria.contract'
import { LOCALES, type Locale } from '../../contracts/locale'
import type { ErrorCodeOf, OperationShape, SuccessOf } from '../../contracts/operation'
import * as payments from '../../contracts/payments.contract'
import * as places from '../../contracts/places.contract'
import * as races from '../../contracts/races.contract'
import { sha256Hex } from '../../contracts/sha256'
import * as subscriptions from '../../contracts/subscriptions.contract'
import * as transactions from '../../contracts/transactions.contract'
import * as waitList from '../../contracts/wait-list.contract'
import { refundQuote } from '../../machines/rules/refund'
import { declineReasonOf, TEST_CARDS } from '../../mocks/provider-cards'
import { createHttpCheckoutProvider } from '../../mocks/provider-http-client'
import { createHttpQaApi } from '../../mocks/qa-http-client'
import { SEED_RACE_IDS } from '../../mocks/seed/races'
import { createRng, type Rng } from '../../mocks/seed/random'
import { callApi, type CallInput } from '../../src/lib/api-client'
import { configureApiClient } from '../../src/lib/api-config'
import { percentile } from './rush'
import type { Line } from './types'

const SECOND_MS = 1_000
const MINUTE_MS = 60 * SECOND_MS
const MB = 1024 * 1024

type Activity = 'browse' | 'subscribers' | 'ranking' | 'profile' | 'myRaces' | 'session' | 'signUp' | 'enrol' | 'withdraw' | 'waitList'

export const SOAK = {
  durationMs: 10 * MINUTE_MS,
  /** The share of the run before the heap is first compared. */
  warmUpShare: 0.2,
  /** A memory sample at least this often, and at least 40 a run. */
  sampleEveryMs: 15 * SECOND_MS,
  /** Samples whose median is the heap at warm-up, and at the end. */
  window: 3,
  users: 20,
  /** Staged eligible athletes, signed in, who enrol, withdraw and queue. */
  athletes: 300,
  thinkMs: [500, 3_000],
  /** The QA clock moves on this much, ten times a run. */
  clockStepMs: 5 * MINUTE_MS,
  activities: [
    ['browse', 30],
    ['subscribers', 8],
    ['ranking', 8],
    ['profile', 10],
    ['myRaces', 5],
    ['session', 6],
    ['signUp', 4],
    ['enrol', 12],
    ['withdraw', 8],
    ['waitList', 6],
  ] as ReadonlyArray<readonly [Activity, number]>,
  /** Payments whose first card is declined; half of those pay with another card at once. */
  declinedShare: 0.25,
  heapBudgetPercent: 10,
  seed: 24,
} as const

/** Open for direct entry all through the run (the clock moves on about an hour). */
const OPEN_RACES = [SEED_RACE_IDS.open, 203, SEED_RACE_IDS.crowd]
/** Sold out, with a wait list. */
const WAIT_LIST_RACE = SEED_RACE_IDS.full
/** Run and ranked. */
const RANKED_RACES = [91, 92, 101, 102, 103, 104, 105, 106, 107]
const LISTED_RACES = [SEED_RACE_IDS.flagship, SEED_RACE_IDS.open, 203, SEED_RACE_IDS.full, SEED_RACE_IDS.pastWithRanking]

/** The heap after GC and the resident set of the server, `atMs` into the run. */
export interface MemorySample {
  atMs: number
  heapUsed: number
  rss: number
}

export interface MemoryVerdict {
  /** Medians of `window` samples: the first from warm-up on, and the last. */
  heapStart: number
  heapEnd: number
  heapChangePercent: number
  rssStart: number
  rssEnd: number
  rssChangePercent: number
  /** Least-squares slope of the heap over the samples from warm-up on, bytes a minute. */
  heapSlopePerMinute: number
}

const median = (values: readonly number[]) => percentile(values, 0.5)

/** Least-squares slope of `y` over `x`; 0 for fewer than two points. */
export function slope(points: ReadonlyArray<readonly [number, number]>): number {
  if (points.length < 2) return 0
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / points.length
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / points.length
  const covariance = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0)
  const variance = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0)
  return variance === 0 ? 0 : covariance / variance
}

/** How the server's memory went from warm-up to the end; throws when too few samples were taken after warm-up. */
export function memoryVerdict(samples: readonly MemorySample[], warmUpMs: number, window: number = SOAK.window): MemoryVerdict {
  const warm = samples.filter((sample) => sample.atMs >= warmUpMs)
  if (warm.length < 2 * window) throw new Error(`the soak took ${String(warm.length)} memory samples after warm-up, ${String(2 * window)} needed`)
  const [first, last] = [warm.slice(0, window), warm.slice(-window)]
  const of = (group: readonly MemorySample[], key: 'heapUsed' | 'rss') => median(group.map((sample) => sample[key]))
  const change = (start: number, end: number) => ((end - start) / start) * 100
  const [heapStart, heapEnd, rssStart, rssEnd] = [of(first, 'heapUsed'), of(last, 'heapUsed'), of(first, 'rss'), of(last, 'rss')]
  return {
    heapStart,
    heapEnd,
    heapChangePercent: change(heapStart, heapEnd),
    rssStart,
    rssEnd,
    rssChangePercent: change(rssStart, rssEnd),
    heapSlopePerMinute: slope(warm.map((sample) => [sample.atMs / MINUTE_MS, sample.heapUsed])),
  }
}

/** The data a QA export holds: its size, and its records changed over the seed, by collection. */
export function dataOf(exported: string): { size: number; records: Record<string, number> } {
  const { changes } = JSON.parse(exported) as { changes: Record<string, unknown[]> }
  return { size: exported.length, records: Object.fromEntries(Object.entries(changes).map(([name, entries]) => [name, entries.length])) }
}

/** What grew between two exports, largest first: `payments +412, outbox +380`. */
export function dataGrowth(before: ReturnType<typeof dataOf>, after: ReturnType<typeof dataOf>): string {
  const grown = Object.entries(after.records)
    .map(([name, count]) => [name, count - (before.records[name] ?? 0)] as const)
    .filter(([, added]) => added !== 0)
    .sort((a, b) => b[1] - a[1])
  return `${(before.size / 1024).toFixed(0)} -> ${(after.size / 1024).toFixed(0)} KB (${grown.map(([name, added]) => `${name} ${added > 0 ? '+' : ''}${String(added)}`).join(', ') || 'no record changed'})`
}

/** The soak's server, in a process of its own, and its memory on demand. */
async function startSoakServer() {
  const script = fileURLToPath(new URL('./soak-server.ts', import.meta.url))
  const child: ChildProcess = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', script], {
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    // Its stdout is the mock's e-mail log: not read.
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4_000)))
  const failures: string[] = []
  let exited = false
  child.once('exit', () => void (exited = true))
  let onMemory: ((sample: { heapUsed: number; rss: number }) => void) | null = null
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the soak's server did not start within 60 s\n${stderr}`)), 60_000)
    child.on('message', (message: { type: string; url?: string; text?: string; heapUsed?: number; rss?: number }) => {
      if (message.type === 'listening') {
        clearTimeout(timer)
        resolve(message.url!)
      } else if (message.type === 'failed') failures.push(message.text!)
      else if (message.type === 'memory') onMemory?.({ heapUsed: message.heapUsed!, rss: message.rss! })
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the soak's server exited (${String(code)}) before listening\n${stderr}`))
    })
  })
  return {
    url,
    /** Requests the mock failed on (its own bugs), as it logged them. */
    failures,
    memory: () =>
      new Promise<{ heapUsed: number; rss: number }>((resolve, reject) => {
        if (exited) return reject(new Error(`the soak's server exited\n${stderr}`))
        onMemory = resolve
        child.send({ type: 'memory' })
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** A staged athlete of the pool, used by one virtual user at a time. */
interface PoolAthlete {
  mail: string
  token: string
  id: number | null
  busy: boolean
  /** What became of the athlete's place in each open race: signed and unpaid, paid, withdrawn. */
  places: Map<number, 'signed' | 'paid' | 'withdrawn'>
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const between = (rng: Rng, low: number, high: number) => Math.round(low + rng.next() * (high - low))
const iso = (ms: number) => new Date(ms).toISOString()
/** A PDF as small as a scan's first bytes: the server reads the type from `%PDF-`. */
const CERTIFICATE = new Blob([`%PDF-1.4\n% pettorale soak\n${'0'.repeat(2_000)}\n%%EOF\n`], { type: 'application/pdf' })
const SIGN_UP_PASSWORD = 'Soak-2026-password'

export async function soak(options: { durationMs?: number } = {}): Promise<Line[]> {
  // Node 20 has no Temporal, which the refund schedule's calendar uses.
  if (!('Temporal' in globalThis)) await import('temporal-polyfill/global')
  const durationMs = options.durationMs ?? SOAK.durationMs
  const warmUpMs = durationMs * SOAK.warmUpShare
  const sampleEveryMs = Math.max(SECOND_MS, Math.min(SOAK.sampleEveryMs, durationMs / 40))
  const server = await startSoakServer()
  try {
    // No slow uplink to allow for on 127.0.0.1.
    configureApiClient({ baseUrl: server.url, clientId: 'pettorale-portal', clientSecret: '', timeoutMs: 30 * SECOND_MS, uploadMsPerByte: 0 })
    const qa = createHttpQaApi(server.url)
    const checkout = createHttpCheckoutProvider(server.url)
    const run = randomUUID().slice(0, 8)

    /** The mock clock, which keeps running between two settings. */
    let clockOffset = Date.parse((await qa.state()).now) - Date.now()
    const serverNow = () => Date.now() + clockOffset

    // The pool: eligible athletes signed in, for a waiting-room race of their own nobody queues for.
    const opensMs = serverNow() + 90 * 24 * 60 * MINUTE_MS
    const staged = await qa.stageRush({ athletes: SOAK.athletes, places: 10, admissionsPerMinute: 10, admissionSeconds: 300, holdSeconds: 600, roomOpensAt: iso(opensMs), registrationOpensAt: iso(opensMs) })
    const password = (await qa.personas()).find((persona) => persona.key === 'completo')!.password
    const pool: PoolAthlete[] = staged.tokens.map((token, index) => ({
      mail: `rush-${String(staged.raceId)}-${String(index + 1)}@pettorale.test`,
      token,
      id: null,
      busy: false,
      places: new Map(),
    }))

    const timings: Array<readonly [number, number]> = []
    const calls = new Map<string, number>()
    const errors: string[] = []
    let errorCount = 0
    const started = performance.now()
    const elapsed = () => performance.now() - started
    const fail = (what: string) => {
      errorCount += 1
      if (errors.length < 5) errors.push(what)
    }
    const describe = (error: ApiError) =>
      error.kind === 'http' ? `${error.operation} ${String(error.status)} ${error.code ?? JSON.stringify(error.body).slice(0, 120)}` : error.kind === 'contract' ? `${error.operation} contract (${error.direction}): ${error.detail.slice(0, 200)}` : `${error.operation} ${error.kind}`

    /** One API call, timed from the call to its decoded answer; a refusal not in `expected` is an error. */
    async function call<O extends OperationShape>(operation: O, input: CallInput<O>, expected: ReadonlyArray<ErrorCodeOf<O>> = []): Promise<SuccessOf<O> | null> {
      const at = performance.now()
      const result = await callApi(operation, input)
      timings.push([at - started, performance.now() - at])
      calls.set(operation.name, (calls.get(operation.name) ?? 0) + 1)
      if (result.ok) return result.data
      const { error } = result
      if (!(error.kind === 'http' && error.code !== null && expected.includes(error.code))) fail(describe(error as ApiError))
      return null
    }
    /** A call of the QA or provider route (not an API operation): counted, failing as an error. */
    async function mockRoute<T>(name: string, run: () => Promise<T>): Promise<T | null> {
      calls.set(name, (calls.get(name) ?? 0) + 1)
      try {
        return await run()
      } catch (error) {
        fail(`${name}: ${error instanceof Error ? error.message : String(error)}`)
        return null
      }
    }

    /**
     * `act` with an athlete of the pool nobody else is using (and who is `wanted`), who is free again
     * after; nothing when every such athlete is busy.
     */
    async function withAthlete(user: Rng, act: (someone: PoolAthlete) => Promise<void>, wanted: (candidate: PoolAthlete) => boolean = () => true) {
      const free = pool.filter((candidate) => !candidate.busy && wanted(candidate))
      if (free.length === 0) return
      const someone = user.pick(free)
      someone.busy = true
      try {
        await act(someone)
      } finally {
        someone.busy = false
      }
    }
    async function idOf(someone: PoolAthlete): Promise<number | null> {
      someone.id ??= (await call(athlete.me, { token: someone.token }))?.profilo[0]?.id ?? null
      return someone.id
    }
    /** A race the athlete can still enter: never paid there (a withdrawn place is not entered again). */
    const enterable = (someone: PoolAthlete, raceId: number) => [undefined, 'signed'].includes(someone.places.get(raceId))
    const paidRaces = (someone: PoolAthlete) => [...someone.places].filter(([, state]) => state === 'paid').map(([raceId]) => raceId)
    const mySubscriptions = (id: number, token: string) => call(athlete.subscriptions, { query: { contact_id: id, from_date: '2000-01-01', to_date: '2030-12-31' }, token })

    const counts = { signedUp: 0, paid: 0, declined: 0, withdrawn: 0 }

    const activities: Record<Activity, (user: Rng) => Promise<void>> = {
      async browse(user) {
        const filter = user.pick([...RACE_FILTERS, null])
        const list = await call(races.list, { query: filter ? { filter } : {} })
        const race = list && list.gare.length ? user.pick(list.gare) : null
        if (race) await call(races.get, { params: { id: race.id }, query: { lingua: user.pick(LOCALES) } })
      },
      async subscribers(user) {
        // The festival race's 20,000 entrants, one list in four; the portal filters them itself.
        const id = user.chance(0.25) ? SEED_RACE_IDS.crowd : user.pick(LISTED_RACES)
        await call(races.get, { params: { id }, query: { lingua: user.pick(LOCALES) } })
        await call(races.subscribers, { params: { id } })
      },
      async ranking(user) {
        const id = user.pick(RANKED_RACES)
        await call(races.get, { params: { id }, query: { lingua: user.pick(LOCALES) } })
        await call(races.ranking, { params: { id } })
      },
      profile: (user) =>
        withAthlete(user, async ({ token }) => {
          const profile = (await call(athlete.me, { token }))?.profilo[0]
          if (profile && user.chance(0.5)) await call(athlete.save, { body: athlete.writableProfile(profile), token })
        }),
      myRaces: (user) =>
        withAthlete(user, async (someone) => {
          const id = await idOf(someone)
          if (id !== null) await mySubscriptions(id, someone.token)
          await call(transactions.list, { query: { lingua: user.pick(LOCALES) }, token: someone.token })
          await call(waitList.mine, { token: someone.token })
        }),
      session: (user) =>
        withAthlete(user, async (someone) => {
          await call(auth.logout, { token: someone.token })
          const signedIn = await call(auth.token, { body: { grant_type: 'password', username: someone.mail, password } })
          if (signedIn) someone.token = signedIn.access_token
        }),
      async signUp(user) {
        counts.signedUp += 1
        const mail = `soak-${run}-${String(counts.signedUp)}@pettorale.test`
        const lingua: Locale = user.pick(LOCALES)
        const created = await call(account.register, { body: { nome: 'Atleta', cognome: `Soak ${String(counts.signedUp)}`, mail, password: SIGN_UP_PASSWORD, privacy_policy: true, lingua } })
        if (!created) return
        const link = (await mockRoute('qa.mailbox', () => qa.mailbox()))?.find((sent) => sent.to === mail && sent.kind === 'confirm')?.link
        const token = link ? new URL(link, server.url).searchParams.get('token') : null
        if (!token) return fail(`no confirmation e-mail to ${mail}`)
        // The link's token becomes the session, as the confirmation page keeps it.
        if ((await call(account.confirm, { query: { contact_id: created.contact_id }, token })) === null) return
        const profile = (await call(athlete.me, { token }))?.profilo[0]
        if (!profile) return
        await call(athlete.save, { body: { ...athlete.writableProfile(profile), telefono: '+39 333 123 4567', citta: 'Aosta' }, token })
        const upload = await call(files.requestUpload, {
          body: { d: created.contact_id, type: 'contact', tags: ['CM'], size: CERTIFICATE.size, content_type: CERTIFICATE.type, extension: 'pdf', originalname: 'certificato.pdf' },
          token,
        })
        if (upload && (await call(files.putSigned, { params: { signedurl: upload.signedurl }, body: CERTIFICATE })) !== null && profile.certificato_medico_id) {
          const id = String(profile.certificato_medico_id)
          const value = iso(serverNow() + 300 * 24 * 60 * MINUTE_MS).slice(0, 10)
          await call(certificate.save, {
            params: { id },
            body: {
              data: {
                type: 'custom_fields',
                id,
                attributes: { value, number_value: null, boolean_value: null, my_dirty: true },
                relationships: { custom_field_definition: { data: { type: 'custom_field_definitions', id: CERTIFICATE_FIELD_DEFINITION_ID } } },
              },
            },
            token,
          })
        }
        await call(auth.logout, { token })
      },
      enrol: (user) =>
        withAthlete(
          user,
          async (someone) => {
            const raceId = user.pick(OPEN_RACES.filter((id) => enterable(someone, id)))
            const lingua: Locale = user.pick(LOCALES)
            const { token } = someone
            // The wizard's reads: the race, its questions, its waiver.
            const [, fields, waiver] = await Promise.all([
              call(races.get, { params: { id: raceId }, query: { lingua } }),
              call(races.subscriptionFields, { params: { id: raceId }, query: { lingua }, token }),
              call(liberatoria.get, { params: { id: raceId }, query: { lingua } }),
            ])
            if (!fields || !waiver) return
            const campi = Object.fromEntries(
              fields.campi.filter((field) => field.obbligatorio).map((field) => [field.nome, field.tipo === 'boolean' ? true : field.tipo === 'select' ? (field.opzioni?.[0]?.valore ?? '') : 'soak']),
            )
            const choice = { opzione_rimborso: user.pick(['standard', 'protetto'] as const), noleggio_gps: user.chance(0.3) }
            const entered = await call(subscriptions.create, { body: { project_id: raceId, ...choice, campi }, token })
            if (!entered) return
            // Signed on an earlier try whose card was declined: the unpaid place keeps its signature.
            if (!someone.places.has(raceId)) {
              const sha256 = await sha256Hex(waiver.testo)
              if (!(await call(liberatoria.sign, { body: { project_id: raceId, versione: waiver.versione, lingua: waiver.lingua, forma: waiver.forma, sha256 }, token }))) return
              someone.places.set(raceId, 'signed')
            }
            const declinedFirst = user.chance(SOAK.declinedShare)
            const cards = declinedFirst ? (user.chance(0.5) ? [TEST_CARDS.declined, TEST_CARDS.succeeds] : [TEST_CARDS.declined]) : [TEST_CARDS.succeeds]
            for (const card of cards) {
              const body = { project_id: raceId, ...choice, totale_atteso: entered.iscrizione.totale ?? 0, idempotency_key: randomUUID() }
              const payment = await call(payments.start, { body, token })
              if (!payment) return
              const reason = declineReasonOf(card)
              // The athlete types the card at the provider's checkout.
              await sleep(between(user, 1_000, 4_000))
              if ((await mockRoute('checkout.decide', () => checkout.decide(payment.pagamento_id, reason ? 'declined' : 'authorised', reason ?? undefined))) === null) return
              const outcome = await settled(payment.pagamento_id, token)
              if (outcome === 'success' && !reason) {
                counts.paid += 1
                someone.places.set(raceId, 'paid')
              } else if (outcome === 'failed' && reason) counts.declined += 1
              else return fail(`payment ${payment.pagamento_id} ${outcome ?? 'unread'} after a ${reason ? 'declined' : 'good'} card`)
            }
          },
          (candidate) => OPEN_RACES.some((id) => enterable(candidate, id)),
        ),
      withdraw: (user) =>
        withAthlete(
          user,
          async (someone) => {
            const raceId = user.pick(paidRaces(someone))
            const [race, id] = await Promise.all([call(races.get, { params: { id: raceId }, query: { lingua: user.pick(LOCALES) } }), idOf(someone)])
            const list = id === null ? null : await mySubscriptions(id, someone.token)
            if (!race || !list) return
            const place = list.iscrizioni.find((subscription) => subscription.project_id === raceId)
            if (!place) return fail(`no place of athlete ${String(id)} in race ${String(raceId)} to withdraw from`)
            // The refund the withdrawal page shows, sent back as the one expected.
            const outlook = refundQuote(race, place, serverNow())
            if (!outlook.open) return fail(`withdrawal from race ${String(raceId)} closed on the portal's quote (${outlook.reason})`)
            const body = { rimborso_atteso: outlook.quote.totale, chiave: randomUUID() }
            if (await call(places.withdraw, { params: { id: raceId }, body, token: someone.token })) {
              counts.withdrawn += 1
              someone.places.set(raceId, 'withdrawn')
            }
          },
          (candidate) => paidRaces(candidate).length > 0,
        ),
      waitList: (user) =>
        withAthlete(user, async ({ token }) => {
          const params = { id: WAIT_LIST_RACE }
          await call(waitList.join, { params, token }, ['already_listed'])
          await sleep(between(user, ...SOAK.thinkMs))
          await call(waitList.status, { params, token })
          await call(waitList.leave, { params, token })
        }),
    }

    /** The payment's outcome once the provider has told the backend (a few seconds after the checkout), `null` when it never did. */
    async function settled(id: string, token: string): Promise<string | null> {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const status = await call(payments.status, { params: { id }, token })
        if (!status) return null
        if (status.stato !== 'pending') return status.stato
        await sleep(SECOND_MS)
      }
      return 'pending'
    }

    const endsAt = durationMs
    const user = async (index: number) => {
      const own = createRng(SOAK.seed * 1_000 + index + 1)
      // Arrivals spread over the first think time, not all at once.
      await sleep(between(own, 0, SOAK.thinkMs[1]))
      while (elapsed() < endsAt) {
        await activities[own.weighted(SOAK.activities)](own)
        await sleep(between(own, ...SOAK.thinkMs))
      }
    }

    const samples: MemorySample[] = []
    const exported = () => mockRoute('qa.exportDatabase', () => qa.exportDatabase())
    let exportAtWarmUp: string | null = null
    /** The heap after GC (median of a window) once `text` is the server's whole data again. */
    const heapWithData = async (text: string): Promise<number | null> => {
      const imported = await mockRoute('qa.importDatabase', () => qa.importDatabase(text))
      if (!imported?.ok) {
        fail(`the warm-up's export was not imported back${imported ? ` (${imported.refusal})` : ''}`)
        return null
      }
      const heaps: number[] = []
      for (let sample = 0; sample < SOAK.window; sample += 1) heaps.push((await server.memory()).heapUsed)
      return median(heaps)
    }
    const sampler = async () => {
      for (let next = 0; next <= endsAt; next += sampleEveryMs) {
        await sleep(Math.max(0, next - elapsed()))
        const { heapUsed, rss } = await server.memory()
        samples.push({ atMs: elapsed(), heapUsed, rss })
        if (exportAtWarmUp === null && elapsed() >= warmUpMs) exportAtWarmUp = await exported()
      }
    }
    const clock = async () => {
      for (let step = 1; step < 10; step += 1) {
        await sleep(Math.max(0, (step * durationMs) / 10 - elapsed()))
        const at = serverNow() + SOAK.clockStepMs
        await mockRoute('qa.setNow', () => qa.setNow(iso(at)))
        clockOffset = at - Date.now()
      }
    }
    await Promise.all([sampler(), clock(), ...Array.from({ length: SOAK.users }, (_, index) => user(index))])
    const wallMs = elapsed()
    const exportAtEnd = await exported()
    const [dataAtWarmUp, dataAtEnd] = [exportAtWarmUp, exportAtEnd].map((text) => (text === null ? null : dataOf(text)))
    // The warm-up's data imported back: what the server holds beyond its data (a leak) stays.
    const sameData = exportAtWarmUp === null ? null : await heapWithData(exportAtWarmUp)
    for (const failure of server.failures) fail(`the mock failed: ${failure.slice(0, 300)}`)

    const memory = memoryVerdict(samples, warmUpMs)
    const p = (share: number, of: ReadonlyArray<readonly [number, number]> = timings) => percentile(of.map(([, ms]) => ms), share)
    const lastMinute = timings.filter(([at]) => at >= wallMs - Math.min(MINUTE_MS, durationMs / 10))
    const firstMinute = timings.filter(([at]) => at >= warmUpMs && at < warmUpMs + Math.min(MINUTE_MS, durationMs / 10))
    const requests = [...calls.values()].reduce((sum, count) => sum + count, 0)
    const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`
    const minutes = (ms: number) => `${(ms / MINUTE_MS).toFixed(1)} min`
    console.log(`\nSoak: ${minutes(wallMs)}, ${String(SOAK.users)} users, a pool of ${String(SOAK.athletes)} athletes; requests: ${[...calls].map(([name, count]) => `${name} ${String(count)}`).join(', ')}`)
    for (const error of errors) console.log(`  error: ${error}`)

    return [
      {
        name: 'soak: requests',
        value: requests,
        unit: '',
        budget: null,
        kind: 'max',
        note: `${minutes(wallMs)}, ${String(SOAK.users)} users; ${String(counts.signedUp)} signed up, ${String(counts.paid)} places paid (${String(counts.declined)} cards declined), ${String(counts.withdrawn)} withdrawn`,
      },
      { name: 'soak: request errors', value: errorCount, unit: '', budget: 0, kind: 'max', note: errorCount ? errors.join(' | ') : 'none: every answer 2xx or a refusal the call expects' },
      {
        name: 'soak: p95 answer time at the client',
        value: p(0.95),
        unit: 'ms',
        budget: null,
        kind: 'max',
        note: `p50 ${p(0.5).toFixed(1)} ms; p95 ${p(0.95, firstMinute).toFixed(1)} ms in the first minute after warm-up, ${p(0.95, lastMinute).toFixed(1)} ms in the last`,
      },
      {
        name: 'soak: server heap after GC, warm-up to end',
        value: memory.heapChangePercent,
        unit: '%',
        budget: null,
        kind: 'max',
        note:
          `${mb(memory.heapStart)} at ${minutes(warmUpMs)} -> ${mb(memory.heapEnd)} at the end (medians of ${String(SOAK.window)} samples every ${String(sampleEveryMs / SECOND_MS)} s), ` +
          `slope ${(memory.heapSlopePerMinute / MB).toFixed(2)} MB/min; the athletes' data over the seed (QA export) ${dataAtWarmUp && dataAtEnd ? dataGrowth(dataAtWarmUp, dataAtEnd) : 'not read'}`,
      },
      {
        name: "soak: server heap after GC, the warm-up's data imported back",
        value: sameData === null ? Number.NaN : ((sameData - memory.heapStart) / memory.heapStart) * 100,
        unit: '%',
        budget: SOAK.heapBudgetPercent,
        kind: 'max',
        note: `${mb(memory.heapStart)} at ${minutes(warmUpMs)} -> ${sameData === null ? 'not measured' : mb(sameData)} with the same data after the run (median of ${String(SOAK.window)}): what the server keeps beyond its data`,
      },
      { name: 'soak: server RSS, warm-up to end', value: memory.rssChangePercent, unit: '%', budget: null, kind: 'max', note: `${mb(memory.rssStart)} -> ${mb(memory.rssEnd)}` },
    ]
  } finally {
    await server.stop()
  }
}
