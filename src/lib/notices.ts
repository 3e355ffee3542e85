import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

export type NoticeTone = 'positive' | 'negative' | 'warning'

/**
 * Every message of the spec's error catalogue (section 8), by code. Machines and the API layer
 * speak in these codes; only this table turns them into words.
 */
export const NOTICES = {
  wrong_password: { tone: 'negative', message: msg`Wrong e-mail or password. Check them and try again.` },
  account_not_confirmed: {
    tone: 'negative',
    message: msg`Your registration is not confirmed yet: open the link we sent to your e-mail.`,
  },
  cannot_confirm_account: {
    tone: 'negative',
    message: msg`We could not confirm your account: the link is invalid or has expired.`,
  },
  // A session kept while its profile cannot be read (decision 061): each says why, and that the
  // athlete is still logged in.
  profile_offline: {
    tone: 'warning',
    message: msg`You are still logged in, but we could not reach the server to load your profile. Check your connection: we will keep trying.`,
  },
  profile_server_unavailable: {
    tone: 'warning',
    message: msg`You are still logged in, but the service is not answering, so your profile could not be loaded. We will try again in a moment.`,
  },
  profile_unreadable: {
    tone: 'negative',
    message: msg`You are still logged in, but your profile could not be loaded. Try again; if it happens again, reload the page.`,
  },
  account_confirmed: { tone: 'positive', message: msg`Your account is confirmed. Welcome!` },
  password_changed: {
    tone: 'positive',
    // Addressed by sex where a language must (decision 032): the region passes `sex`.
    message: msg({
      message:
        '{sex, select, F {Your new password is saved and you are logged in. You have been logged out on every other device.} M {Your new password is saved and you are logged in. You have been logged out on every other device.} other {Your new password is saved and you are logged in. You have been logged out on every other device.}}',
    }),
  },
  session_expired: { tone: 'warning', message: msg`Your session has expired. Please log in again.` },
  network_error: {
    tone: 'negative',
    message: msg`We could not reach the server. Check your connection and try again.`,
  },
  unexpected_answer: {
    tone: 'negative',
    message: msg`The server sent an answer we did not understand. Please try again later.`,
  },
  page_fault: {
    tone: 'negative',
    message: msg`Something went wrong in this page, not on the server. Reload the page and try again.`,
  },
  server_error: {
    tone: 'negative',
    message: msg`The service is not answering right now. Please try again in a moment.`,
  },
  too_many_requests: { tone: 'warning', message: msg`The service is busy. Wait a moment, then try again.` },
  too_many_attempts: {
    tone: 'warning',
    message: msg`Too many login attempts. Wait a moment before trying again.`,
  },
  already_signed_in: {
    tone: 'warning',
    message: msg`You are already logged in, so the other login was ignored. Log out first to use another account.`,
  },
  sign_in_link_refused: {
    tone: 'warning',
    message: msg`This login link was not started from this browser, so it was ignored.`,
  },
  signed_out_elsewhere: { tone: 'warning', message: msg`You logged out in another tab of this browser.` },
  unsafe_redirect: {
    tone: 'negative',
    message: msg`The service sent an address we do not trust, so you stayed on this page.`,
  },
  require_login_to_access: { tone: 'warning', message: msg`You must log in to access this section.` },
  complete_profile: {
    tone: 'warning',
    message: msg`Complete your profile before continuing: some required details are missing.`,
  },
  login_to_enroll: { tone: 'warning', message: msg`You must log in to enrol in a race.` },
  must_be_registered: { tone: 'warning', message: msg`You need an account to enrol in races.` },
  registration_failed: { tone: 'negative', message: msg`Registration failed. Please try again.` },
  user_exists: { tone: 'negative', message: msg`An account with this e-mail already exists. Log in instead.` },
  unknown_mail: {
    tone: 'negative',
    message: msg`This e-mail is incorrect or not registered. Correct it or register.`,
  },
  payment_failed: { tone: 'negative', message: msg`The payment failed. You have not been charged.` },
  request_expired: { tone: 'negative', message: msg`This request has expired.` },
  race_not_found: { tone: 'negative', message: msg`Race not found.` },
  race_sold_out: { tone: 'negative', message: msg`This race is sold out.` },
  invalid_medical_certificate: { tone: 'negative', message: msg`Your medical certificate is not valid.` },
  no_subscriptions_available: { tone: 'warning', message: msg`No place is waiting for payment.` },
  email_sent: { tone: 'positive', message: msg`We have sent you an e-mail: check your inbox.` },
  registration_successful: {
    tone: 'positive',
    message: msg`Registration successful. Check your e-mail to confirm your account.`,
  },
  file_uploaded: { tone: 'positive', message: msg`File uploaded.` },
  profile_updated: { tone: 'positive', message: msg`Profile updated.` },
  operation_saved: { tone: 'positive', message: msg`Certificate saved.` },
  payment_successful: { tone: 'positive', message: msg`Payment successful.` },
  race_registration_successful: { tone: 'positive', message: msg`You are enrolled in the race.` },
  experience_reported: { tone: 'positive', message: msg`Race reported. The organiser's staff will verify it.` },
  language_unavailable: {
    tone: 'negative',
    message: msg`The language could not be loaded. Check your connection and try again.`,
  },
  logged_out: { tone: 'positive', message: msg`You have logged out.` },
  payment_in_progress: {
    tone: 'warning',
    message: msg`A payment for this place is already being confirmed, perhaps in another tab: we are waiting for it instead of starting another.`,
  },
  race_questions_changed: {
    tone: 'warning',
    message: msg`The organiser has changed this race's questions. Answer them again to enrol: nothing was charged.`,
  },
  wizard_not_resumed: {
    tone: 'warning',
    message: msg`Your enrolment in progress could not be resumed after an update, so it starts again. Nothing you had already saved with the organiser is lost.`,
  },
} as const satisfies Record<string, { tone: NoticeTone; message: MessageDescriptor }>

export type NoticeCode = keyof typeof NOTICES
