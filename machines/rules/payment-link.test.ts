import { describe, expect, it } from 'vitest'
import type { PaymentLinkStatus } from '../../contracts/payments.contract'
import { isLinkOpen, isLinkPayable, livePaymentLink } from './payment-link'

/** 9 March 2026, 23:59 in Rome. */
const DEADLINE = '2026-03-09T23:59:00+01:00'
const DEADLINE_MS = Date.UTC(2026, 2, 9, 22, 59, 0)

describe("a link's deadline", () => {
  it('keeps the place until it, not on it', () => {
    expect(isLinkOpen(DEADLINE, DEADLINE_MS - 1)).toBe(true)
    expect(isLinkOpen(DEADLINE, DEADLINE_MS)).toBe(false)
    expect(isLinkOpen('2026-03-09T22:59:00Z', DEADLINE_MS + 1)).toBe(false)
  })
})

describe('a link that may be paid now', () => {
  const url = 'https://pay.example.org/link/lnk-1'
  it.each<[string, Pick<PaymentLinkStatus, 'stato' | 'checkout_url'>, boolean]>([
    ["pending, the provider's page named", { stato: 'pending', checkout_url: url }, true],
    ['pending without it: a card with the provider', { stato: 'pending' }, false],
    ['paid', { stato: 'success' }, false],
    ['paid, even were a page named', { stato: 'success', checkout_url: url }, false],
    ['voided', { stato: 'failed' }, false],
    ['expired', { stato: 'expired' }, false],
  ])('%s', (_, link, payable) => {
    expect(isLinkPayable(link)).toBe(payable)
  })
})

describe("the organiser's link that pays a place (issue 42)", () => {
  const place = { pagato: false, codice_link: 'lnk-1', scadenza_pagamento: DEADLINE }
  it.each<[string, Parameters<typeof livePaymentLink>[0], number, string | null]>([
    ['open: its code', place, DEADLINE_MS - 1, 'lnk-1'],
    ['past its deadline: none, the place is paid otherwise', place, DEADLINE_MS, null],
    ['a place already paid: none', { ...place, pagato: true }, DEADLINE_MS - 1, null],
    ['no code said: none', { ...place, codice_link: null }, DEADLINE_MS - 1, null],
    ['a link without a deadline, which does not lapse: its code', { ...place, scadenza_pagamento: null }, DEADLINE_MS + 1, 'lnk-1'],
  ])('%s', (_, subscription, now, code) => {
    expect(livePaymentLink(subscription, now)).toBe(code)
  })
})
