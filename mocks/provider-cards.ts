import type { PaymentDeclineReason } from '../contracts/payments.contract'

/**
 * The simulated provider's sentinel cards and timing, apart from its ledger (provider.ts) so the
 * checkout page and the e2e tests can read them without the mock database: a QA build against a
 * shared server has none in the page.
 */

/** How long after checkout the provider tells the backend. */
export const SETTLE_DELAY_MS = 3_000

/**
 * Sentinel cards (any future expiry, any CVC): the one that succeeds, the ones declined, each for
 * the reason a provider gives (any number ending in 0002 is declined with no reason given,
 * `card_declined`), and the one whose bank asks for a 3-D Secure confirmation. Other valid numbers
 * succeed. The numbers are the ones a real provider's test mode uses for the same answers.
 */
export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  expiredCard: '4000 0000 0000 0069',
  incorrectCvc: '4000 0000 0000 0127',
  threeDSecure: '4000 0000 0000 3220',
} as const

const digitsOf = (cardNumber: string) => cardNumber.replace(/\D/g, '')

/** Why the provider declines a card number; `null` for a card it does not decline. */
export function declineReasonOf(cardNumber: string): PaymentDeclineReason | null {
  const digits = digitsOf(cardNumber)
  if (digits.endsWith('0002')) return 'card_declined'
  if (digits === digitsOf(TEST_CARDS.insufficientFunds)) return 'insufficient_funds'
  if (digits === digitsOf(TEST_CARDS.expiredCard)) return 'expired_card'
  if (digits === digitsOf(TEST_CARDS.incorrectCvc)) return 'incorrect_cvc'
  return null
}

/** What a card number asks of the checkout: pay, be declined, or confirm with the bank first. */
export function cardBehaviour(cardNumber: string): 'pay' | 'decline' | 'confirm' {
  if (declineReasonOf(cardNumber) !== null) return 'decline'
  if (digitsOf(cardNumber) === digitsOf(TEST_CARDS.threeDSecure)) return 'confirm'
  return 'pay'
}
