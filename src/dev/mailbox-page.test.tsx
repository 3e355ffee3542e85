import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { MINUTE_MS } from '../../contracts/time'
import { loadDb } from '../../mocks/db'
import { sendMail } from '../../mocks/outbox'
import { createSeed, SEED_NOW_MS } from '../../mocks/seed'
import { setZoneSource } from '../lib/clock'
import { activateLocale, i18n } from '../lib/i18n'
import { ensureTemporal } from '../lib/temporal'
import MailboxPage from './mailbox-page'

beforeAll(async () => {
  await Promise.all([activateLocale('en'), ensureTemporal()])
})
beforeEach(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {})
  // The page from an empty outbox: the seed's payment-link e-mails are the seed's to test.
  await loadDb({ ...createSeed(), outbox: [] })
})
afterEach(cleanup)

/** An e-mail's facts, term and value, in order. */
const factsOf = (mail: { getAllByRole: (role: 'term') => HTMLElement[] }) => mail.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent])

const renderMailbox = () =>
  render(
    <I18nProvider i18n={i18n}>
      <MailboxPage />
    </I18nProvider>,
  )

describe('the mailbox page', () => {
  it('says so when nothing was sent', () => {
    renderMailbox()
    expect(screen.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeInTheDocument()
    expect(screen.getByText('No e-mails yet.')).toBeInTheDocument()
    expect(screen.queryAllByRole('article')).toEqual([])
  })

  it('shows each kind of e-mail with its subject, recipient, time, sentence and link, newest first, as they are sent', async () => {
    renderMailbox()
    await sendMail({ to: 'anna@example.org', lingua: 'en', kind: 'confirm', link: '/confirm-account?contact_id=9&token=cnf-1', sent_at: SEED_NOW_MS })
    await sendMail({ to: 'anna@example.org', lingua: 'en', kind: 'reset', link: '/reset-email/rst-1', sent_at: SEED_NOW_MS + MINUTE_MS })
    await sendMail({
      to: 'bruno@example.org',
      lingua: 'en',
      kind: 'payment_link',
      link: '/checkout?link=lnk-1',
      sent_at: SEED_NOW_MS + 2 * MINUTE_MS,
      gara: 'Tor des Pettorale 330 2026',
      totale: 950,
      scade: Date.parse('2026-03-09T23:59:00+01:00'),
    })

    await screen.findByRole('article', { name: 'Confirm your pettorale account' })
    const mails = screen.getAllByRole('article')
    expect(mails.map((mail) => mail.querySelector('h2')?.textContent)).toEqual([
      'Your payment link',
      'Reset your pettorale password',
      'Confirm your pettorale account',
    ])
    const [payment, reset, confirm] = mails.map((mail) => within(mail))
    expect(payment!.getByText('To: bruno@example.org')).toBeInTheDocument()
    expect(payment!.getByText('The organiser sent you this link to pay for your race entry.')).toBeInTheDocument()
    // What the link asks for: the race, the amount and the deadline, in the zone its sent time names (decision 064).
    const terms = payment!.getAllByRole('term')
    const facts = terms.map((term) => [term.textContent, term.nextElementSibling?.textContent])
    expect(facts).toEqual([
      ['Race', 'Tor des Pettorale 330 2026'],
      ['Amount', '€950.00'],
      ['Pay by', '9 Mar 2026, 22:59'],
    ])
    expect(payment!.getByText('9 Mar 2026, 22:59').closest('time')?.getAttribute('dateTime')).toBe('2026-03-09T22:59:00.000Z')
    // Its button opens the provider's page for the link.
    expect(payment!.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe('/checkout?link=lnk-1')
    // The other e-mails name no payment.
    expect(reset!.queryByText('Amount')).toBeNull()
    expect(reset!.getByRole('link', { name: 'Choose a new password' }).getAttribute('href')).toBe('/reset-email/rst-1')
    // 09:00 in Rome is 08:00 in London, where English shows times.
    expect(confirm!.getByText(/^Sent/).textContent).toBe('Sent 2 Mar 2026, 08:00 GMT')
    expect(confirm!.getByRole('link', { name: 'Confirm my account' }).getAttribute('href')).toBe('/confirm-account?contact_id=9&token=cnf-1')
    expect(screen.queryByText('No e-mails yet.')).toBeNull()
  })

  it('tells a drawn applicant they were drawn in the lottery, with the amount and the deadline of their link', async () => {
    renderMailbox()
    await sendMail({
      to: 'sara@example.org',
      lingua: 'en',
      kind: 'lottery_drawn',
      link: '/checkout?link=lnk-drawn',
      sent_at: SEED_NOW_MS,
      gara: 'Tor des Pettorale 330 2026',
      totale: 950,
      scade: Date.parse('2026-03-12T09:00:00+01:00'),
    })

    const mail = within(await screen.findByRole('article', { name: 'You were drawn in the lottery' }))
    expect(mail.getByText(/^Your application was drawn in the race's lottery/)).toBeInTheDocument()
    expect(factsOf(mail)).toEqual([
      ['Race', 'Tor des Pettorale 330 2026'],
      ['Amount', '€950.00'],
      ['Pay by', '12 Mar 2026, 08:00'],
    ])
    expect(mail.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', '/checkout?link=lnk-drawn')
    expect(screen.queryByRole('article', { name: 'Your payment link' })).not.toBeInTheDocument()
  })

  it('names what each e-mail after the enrolment is about: refund, credit, transfer offer, wait-list offer, lottery not drawn', async () => {
    renderMailbox()
    const base = { to: 'sara@example.org', lingua: 'en', gara: 'Trail dei Larici 2026' } as const
    const deadline = Date.parse('2026-05-31T23:59:00+02:00')
    await sendMail({ ...base, kind: 'refund', link: '/me/races', sent_at: SEED_NOW_MS, importo: 40.5 })
    await sendMail({ ...base, kind: 'credit', link: '/me/races', sent_at: SEED_NOW_MS + MINUTE_MS, importo: 30, edizione: 2027 })
    await sendMail({ ...base, kind: 'transfer_offer', link: '/transfer/TRF-1', sent_at: SEED_NOW_MS + 2 * MINUTE_MS, da: 'Chiara Jaccod', scade: deadline })
    await sendMail({ ...base, kind: 'wait_list_offer', link: '/race/206/wait-list', sent_at: SEED_NOW_MS + 3 * MINUTE_MS, scade: deadline })
    await sendMail({ ...base, kind: 'lottery_not_drawn', link: '/race/201/lottery', sent_at: SEED_NOW_MS + 4 * MINUTE_MS, posizione: 1234 })

    await screen.findByRole('article', { name: 'Your refund is on its way' })
    const mail = (subject: string) => within(screen.getByRole('article', { name: subject }))
    const race = ['Race', 'Trail dei Larici 2026']
    const until = '31 May 2026, 22:59'

    expect(factsOf(mail('Your refund is on its way'))).toEqual([race, ['Refund', '€40.50']])
    expect(mail('Your refund is on its way').getByRole('link', { name: 'See my races' }).getAttribute('href')).toBe('/me/races')

    expect(factsOf(mail('Your place is kept for the next edition'))).toEqual([race, ['Credit', '€30.00'], ['For the edition', '2027']])

    expect(factsOf(mail('A race place is offered to you'))).toEqual([race, ['Offered by', 'Chiara Jaccod'], ['Accept by', until]])
    expect(mail('A race place is offered to you').getByText(until).closest('time')?.getAttribute('dateTime')).toBe('2026-05-31T21:59:00.000Z')
    expect(mail('A race place is offered to you').getByRole('link', { name: 'See the offer' }).getAttribute('href')).toBe('/transfer/TRF-1')

    expect(factsOf(mail('A place is free for you'))).toEqual([race, ['Take it by', until]])
    expect(mail('A place is free for you').getByRole('link', { name: 'Take the place' }).getAttribute('href')).toBe('/race/206/wait-list')

    expect(factsOf(mail('The lottery did not draw you'))).toEqual([race, ['Your place on the wait list', '1,234']])
    expect(mail('The lottery did not draw you').getByRole('link', { name: 'See the draw' }).getAttribute('href')).toBe('/race/201/lottery')
  })

  it('reads every time of an e-mail in one zone, the athlete\'s, named once: on the time it was sent', async () => {
    setZoneSource(() => 'Asia/Tokyo')
    renderMailbox()
    await sendMail({
      to: 'bruno@example.org',
      lingua: 'en',
      kind: 'payment_link',
      link: '/checkout?link=lnk-1',
      sent_at: SEED_NOW_MS,
      gara: 'Tor des Pettorale 330 2026',
      totale: 950,
      scade: Date.parse('2026-03-09T23:59:00+01:00'),
    })
    const article = await screen.findByRole('article', { name: 'Your payment link' })
    const mail = within(article)
    // 08:00 in London is 17:00 in Tokyo; 23:59 in Rome on 9 March is 07:59 on the 10th.
    expect(mail.getByText(/^Sent/).textContent).toBe('Sent 2 Mar 2026, 17:00 GMT+9')
    expect(factsOf(mail)).toContainEqual(['Pay by', '10 Mar 2026, 07:59'])
    expect(article.textContent!.match(/GMT\+9|CET|GMT(?!\+)/g)).toEqual(['GMT+9'])
  })

  it("shows an e-mail in the language it was written in, the athlete's, whatever the portal's", async () => {
    renderMailbox()
    await sendMail({
      to: 'carla@example.org',
      lingua: 'it',
      kind: 'payment_link',
      link: '/checkout?link=lnk-2',
      sent_at: SEED_NOW_MS,
      gara: 'Tor des Pettorale 330 2026',
      totale: 950,
      scade: Date.parse('2026-03-09T23:59:00+01:00'),
    })
    const mail = await screen.findByRole('article', { name: 'Il tuo link di pagamento' })
    expect(mail.getAttribute('lang')).toBe('it')
    const words = within(mail)
    expect(words.getByText("L'organizzatore ti ha inviato questo link per pagare la tua iscrizione alla gara.")).toBeInTheDocument()
    // Italian formats too: the euro after the amount, Rome's time.
    const facts = factsOf(words)
    expect(facts[1]).toEqual(['Importo', '950,00\u00a0€'])
    expect(facts[2]?.[1]).toMatch(/^9 mar 2026, 23:59/)
    expect(words.getByRole('link', { name: 'Paga ora' }).getAttribute('href')).toBe('/checkout?link=lnk-2')
    // The page around it stays in the portal's language.
    expect(screen.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeInTheDocument()
  })

  it('is current when opened again after e-mails were sent while it was closed', async () => {
    renderMailbox()
    await sendMail({ to: 'anna@example.org', lingua: 'en', kind: 'confirm', link: '/confirm-account?contact_id=9&token=cnf-1', sent_at: SEED_NOW_MS })
    await screen.findByRole('article')
    cleanup()
    await sendMail({ to: 'anna@example.org', lingua: 'en', kind: 'reset', link: '/reset-email/rst-1', sent_at: SEED_NOW_MS + MINUTE_MS })
    renderMailbox()
    expect(screen.getAllByRole('article').map((mail) => mail.querySelector('h2')?.textContent)).toEqual([
      'Reset your pettorale password',
      'Confirm your pettorale account',
    ])
  })
})

/** The giver's e-mails of a place passed on (issue 42 point 12): passed on, to whom, or declined; never "you withdrew". */
const giverMail = { to: 'completo@pettorale.test', lingua: 'en' as const, link: '/me/races', sent_at: SEED_NOW_MS, gara: 'Sentiero dei Larici 25K 2026' }

describe("the giver's transfer e-mails", () => {
  it('say the place was passed on, to whom, and the refund; or that the offer was declined and the place is still theirs', async () => {
    renderMailbox()
    await sendMail({ ...giverMail, kind: 'transfer_completed', a: 'pax@pettorale.test', importo: 40.5 })
    await sendMail({ ...giverMail, kind: 'transfer_declined', a: 'social@pettorale.test' })

    const passedOn = await screen.findByRole('article', { name: 'Your place has been passed on' })
    expect(passedOn).toHaveTextContent('The athlete you offered your place to has taken it and paid')
    expect(passedOn).not.toHaveTextContent('withdrew')
    expect(factsOf(within(passedOn))).toEqual([
      ['Race', 'Sentiero dei Larici 25K 2026'],
      ['Passed on to', 'pax@pettorale.test'],
      ['Refund', '€40.50'],
    ])
    const declined = screen.getByRole('article', { name: 'Your place offer was declined' })
    expect(declined).toHaveTextContent('The place is still yours: keep it, or offer it to someone else.')
    expect(factsOf(within(declined))).toEqual([
      ['Race', 'Sentiero dei Larici 25K 2026'],
      ['Declined by', 'social@pettorale.test'],
    ])
    expect(within(declined).getByRole('link', { name: 'See my races' })).toHaveAttribute('href', '/me/races')
  })
})
