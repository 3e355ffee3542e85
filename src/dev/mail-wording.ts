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
  // Sent when a withdrawal is refunded; its button opens the athlete's races.
  refund: {
    subject: msg`Your refund is on its way`,
    body: msg`You withdrew from the race: part of what you paid goes back to the card or account you paid with.`,
    action: msg`See my races`,
  },
  // Sent when a place is deferred to the next edition; its button opens the athlete's races.
  credit: {
    subject: msg`Your place is kept for the next edition`,
    body: msg`You deferred your place: the credit below is yours for the next edition of the race.`,
    action: msg`See my races`,
  },
  // Sent to the recipient of a transfer; its button opens the offer, which asks them to log in.
  transfer_offer: {
    subject: msg`A race place is offered to you`,
    body: msg`An athlete entered in the race offers you their place. Accept it and pay before the deadline, or it stays theirs.`,
    action: msg`See the offer`,
  },
  // Sent to the giver when the recipient has paid for the place passed on; its button opens the athlete's races.
  transfer_completed: {
    subject: msg`Your place has been passed on`,
    body: msg`The athlete you offered your place to has taken it and paid: the place is theirs now, and part of what you paid goes back to the card or account you paid with.`,
    action: msg`See my races`,
  },
  // Sent to the giver when the recipient declines the offer; its button opens the athlete's races.
  transfer_declined: {
    subject: msg`Your place offer was declined`,
    body: msg`The athlete you offered your place to has declined it. The place is still yours: keep it, or offer it to someone else.`,
    action: msg`See my races`,
  },
  // Sent to the first on a wait list when a place comes back; its button opens the wait list.
  wait_list_offer: {
    subject: msg`A place is free for you`,
    body: msg`A place in the race came back and you are first on the wait list. Take it and pay before the deadline, or it goes to the next in line.`,
    action: msg`Take the place`,
  },
  // Sent after a draw to an application drawn; its button opens the provider's page for the
  // place's payment link, as the organiser's payment-link e-mail does.
  lottery_drawn: {
    subject: msg`You were drawn in the lottery`,
    body: msg`Your application was drawn in the race's lottery: a place is yours if you pay for it through this link by the deadline. After it, the place goes to the wait list.`,
    action: msg`Pay now`,
  },
  // Sent after a draw to an application not drawn; its button opens the race's lottery page.
  lottery_not_drawn: {
    subject: msg`The lottery did not draw you`,
    body: msg`Your application was not drawn. You are on the wait list: if a place comes back, we write to you in turn.`,
    action: msg`See the draw`,
  },
}
