import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { MailKind } from '../../mocks/db'

/** What each kind of e-mail says: its subject, one sentence, and the words on its link. */
export const MAIL_WORDING: Record<MailKind, { subject: MessageDescriptor; body: MessageDescriptor; action: MessageDescriptor }> = {
  confirm: {
    subject: msg`Confirm your pettorale account`,
    body: msg`Welcome to pettorale: confirm this e-mail address to activate your account.`,
    action: msg`Confirm my account`,
  },
  reset: {
    subject: msg`Reset your pettorale password`,
    body: msg`Someone asked to reset the password of this account; if it was you, choose a new one.`,
    action: msg`Choose a new password`,
  },
  // Its button opens the provider's page for the link (the simulated checkout), which comes back
  // to the link's status page (decision 026).
  payment_link: {
    subject: msg`Your payment link`,
    body: msg`The organiser sent you this link to pay for your race entry.`,
    action: msg`Pay now`,
  },
  // Sent when the payment settles paid; its button opens the enrolment (bib, options, total).
  enrolment_confirmed: {
    subject: msg`Your enrolment is confirmed`,
    body: msg`Your payment has been received and your place in the race is confirmed.`,
    action: msg`See your enrolment`,
  },
}
