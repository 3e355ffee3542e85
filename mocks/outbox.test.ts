// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { MINUTE_MS } from '../contracts/time'
import { db } from './db'
import { controls, TEST_API_BASE } from './node'
import { sendMail, sentMail, watchOutbox } from './outbox'
import { createProvider, PAYMENT_LINK_TTL_MS } from './provider'
import { createSeed, PERSONAS, SEED_NOW_MS, SEED_TOKENS } from './seed'
import '../tests/setup/mock-backend'

/**
 * The simulated backend sends no e-mail: it keeps what it would have sent in its outbox, which the
 * mailbox page lists. Requests go straight to the handlers, as the portal's would.
 */

const completo = PERSONAS.find((candidate) => candidate.key === 'completo')!
const mailOf = (key: string) => PERSONAS.find((candidate) => candidate.key === key)!.mail

// The payment links the organiser e-mailed before the seed's "now" are in the outbox from the start.
const SEEDED = new Set(createSeed().outbox.map((mail) => mail.id))
const sentSinceSeed = () => sentMail().filter((mail) => !SEEDED.has(mail.id))

async function api(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${TEST_API_BASE}${path}`, init)
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null }
}

const register = (mail: string) =>
  api('/api/v1/vdatrailers/new_user', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nome: 'Anna', cognome: 'Rey', mail, password: 'Sentiero-2026!', privacy_policy: true }),
  })

const forgot = (mail: string) => api(`/api/v1/users/forgot?mail=${encodeURIComponent(mail)}`)

beforeEach(() => {
  // The console line that stands in for delivery is expected; it is not what these tests read.
  vi.spyOn(console, 'info').mockImplementation(() => {})
})

describe('the outbox', () => {
  it("holds the payment links the seed e-mailed, newest first, each to its athlete, naming race, amount and deadline, linking the provider's page", () => {
    expect(sentMail().map((mail) => [mail.kind, mail.to, mail.link])).toEqual([
      ['payment_link', mailOf('pax'), `/checkout?link=${SEED_TOKENS.paymentLinkPending}`],
      ['payment_link', mailOf('social'), `/checkout?link=${SEED_TOKENS.paymentLinkSuccess}`],
      ['payment_link', mailOf('pax'), `/checkout?link=${SEED_TOKENS.paymentLinkExpired}`],
    ])
    for (const mail of sentMail()) expect(mail.sent_at).toBeLessThan(SEED_NOW_MS)
    // What each e-mail says is what its payment is for.
    for (const mail of sentMail()) {
      if (mail.kind !== 'payment_link') throw new Error('a payment-link e-mail expected')
      const code = new URL(mail.link, 'http://portal.test').searchParams.get('link')
      const payment = db.payments.findFirst((q) => q.where({ link_code: code }))!
      const race = db.races.findFirst((q) => q.where({ id: payment.project_id }))!
      expect([mail.gara, mail.totale, mail.scade]).toEqual([`${race.nome} ${String(race.edizione)}`, payment.totale, payment.scade])
    }
    expect(sentMail()[0]).toMatchObject({ gara: 'Tor des Pettorale 330 2026', totale: 950, scade: Date.parse('2026-03-09T23:59:00+01:00') })
  })

  it("gets the organiser's payment-link e-mail when the back office sends a link, with the race, amount and deadline", async () => {
    const pax = PERSONAS.find((candidate) => candidate.key === 'pax')!
    // A second link for pax's 330 km, as the back office would send after the first lapsed.
    const code = await createProvider(controls.now, () => undefined).sendLink(pax.athleteId, 201)
    const [mail, ...others] = sentSinceSeed()
    expect(others).toEqual([])
    const payment = db.payments.findFirst((q) => q.where({ link_code: code }))!
    expect(mail).toEqual({
      id: mail!.id,
      to: pax.mail,
      lingua: 'en',
      kind: 'payment_link',
      link: `/checkout?link=${code}`,
      sent_at: Date.parse(payment.aggiornato),
      gara: 'Tor des Pettorale 330 2026',
      totale: payment.totale,
      scade: payment.scade,
    })
    expect(payment.totale).toBe(950)
    expect(payment.scade! - mail!.sent_at).toBe(PAYMENT_LINK_TTL_MS)
  })

  it('gets a confirmation e-mail on registration, whose link confirms the account', async () => {
    const before = controls.now()
    const answer = await register('anna.rey@example.org')
    const after = controls.now()
    expect(answer.status).toBe(201)
    const { contact_id } = answer.body as { contact_id: number }

    const [mail, ...others] = sentSinceSeed()
    expect(others).toEqual([])
    expect(mail).toMatchObject({ to: 'anna.rey@example.org', kind: 'confirm' })
    // Sent at the mock clock's "now" (it runs).
    expect(mail!.sent_at).toBeGreaterThanOrEqual(before)
    expect(mail!.sent_at).toBeLessThanOrEqual(after)
    const link = new URL(mail!.link, 'http://portal.test')
    expect(link.pathname).toBe('/confirm-account')
    expect(link.searchParams.get('contact_id')).toBe(String(contact_id))

    // What /confirm-account does with the link: the token is the bearer.
    const confirmed = await api(`/api/v1/vdatrailers/confirm_new_user?contact_id=${String(contact_id)}`, {
      headers: { authorization: `Bearer ${link.searchParams.get('token') ?? ''}` },
    })
    expect(confirmed.status).toBe(200)
    expect(db.athletes.findFirst((q) => q.where({ id: contact_id }))?.confermato).toBe(true)
  })

  it('gets nothing when the registration is refused', async () => {
    expect((await register(completo.mail)).status).toBe(409)
    expect(sentSinceSeed()).toEqual([])
  })

  it('gets a password-reset e-mail on a forgot request, whose token resets the password', async () => {
    expect((await forgot(completo.mail)).status).toBe(200)
    const [mail] = sentMail()
    expect(mail).toMatchObject({ to: completo.mail, kind: 'reset' })
    const token = /^\/reset-email\/([^/?#]+)$/.exec(mail!.link)?.[1]
    expect(token).toBeDefined()

    const reset = await api(`/api/v1/reset/${token!}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { attributes: { password: 'Nuova-Password-9' } } }),
    })
    expect(reset.status).toBe(200)
    expect(db.athletes.findFirst((q) => q.where({ id: completo.athleteId }))?.password).toBe('Nuova-Password-9')
  })

  it("writes each e-mail in the athlete's language for communications: the one chosen at registration, then the profile's", async () => {
    await api('/api/v1/vdatrailers/new_user', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nome: 'Aiko', cognome: 'Sato', mail: 'aiko@example.org', password: 'Sentiero-2026!', privacy_policy: true, lingua: 'ja' }),
    })
    await register('anna@example.org')
    expect(sentSinceSeed().map((mail) => [mail.to, mail.lingua])).toEqual([
      ['anna@example.org', 'it'],
      ['aiko@example.org', 'ja'],
    ])
    await db.athletes.update((q) => q.where({ id: completo.athleteId }), { data: (record) => void (record.lingua = 'fr') })
    await forgot(completo.mail)
    expect(sentMail()[0]).toMatchObject({ to: completo.mail, kind: 'reset', lingua: 'fr' })
  })

  it('lists the newest first, by the mock clock', async () => {
    await register('first@example.org')
    controls.advance(5 * MINUTE_MS)
    await forgot(completo.mail)
    const sent = sentSinceSeed()
    expect(sent.map((mail) => [mail.kind, mail.to])).toEqual([
      ['reset', completo.mail],
      ['confirm', 'first@example.org'],
    ])
    expect(sent[0]!.sent_at - sent[1]!.sent_at).toBeGreaterThanOrEqual(5 * MINUTE_MS)
  })

  it('puts the later of two e-mails sent in the same millisecond first', async () => {
    const link = { kind: 'payment_link', lingua: 'it', gara: 'Sentiero dei Larici 25K 2026', totale: 45, scade: SEED_NOW_MS + MINUTE_MS } as const
    await sendMail({ to: 'a@example.org', link: '/checkout?link=a', sent_at: SEED_NOW_MS, ...link })
    await sendMail({ to: 'b@example.org', link: '/checkout?link=b', sent_at: SEED_NOW_MS, ...link })
    expect(sentSinceSeed().map((mail) => mail.to)).toEqual(['b@example.org', 'a@example.org'])
    // Reading it does not reorder the collection itself.
    expect(db.outbox.all().slice(SEEDED.size).map((mail) => mail.to)).toEqual(['a@example.org', 'b@example.org'])
  })

  it('tells a watcher once the new e-mail is there to read', async () => {
    const seen: number[] = []
    const stop = watchOutbox(() => seen.push(sentSinceSeed().length))
    await register('watched@example.org')
    await vi.waitFor(() => expect(seen).toEqual([1]))
    stop()
    await forgot(completo.mail)
    await new Promise((resolve) => setTimeout(resolve))
    expect(seen).toEqual([1])
  })
})

describe('a new account', () => {
  it('has the experience question pending, so the portal asks it', async () => {
    const { contact_id } = (await register('nuova@example.org')).body as { contact_id: number }
    expect(db.athletes.findFirst((q) => q.where({ id: contact_id }))?.torexperience).toEqual([{ esperienza_gara: null }])
  })
})
