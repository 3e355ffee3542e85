import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import type { ApiError } from '../../../contracts/api-error'
import type { Step } from '../../../machines/enrolment/enrolment.machine'

const STEP_TITLES: Record<Step, MessageDescriptor> = {
  dataCheck: msg`Your data`,
  extraFields: msg`Race questions`,
  rules: msg`Rules`,
  refund: msg`Refund option`,
  gps: msg`GPS tracker`,
  summary: msg`Summary`,
  payment: msg`Payment`,
}

export function useStepTitles(): Record<Step, string> {
  const { i18n } = useLingui()
  return Object.fromEntries(Object.entries(STEP_TITLES).map(([step, title]) => [step, i18n._(title)])) as Record<Step, string>
}

/** What went wrong with a call the wizard made, named for what it is, and that nothing is lost. */
export function failureMessage(error: ApiError): MessageDescriptor {
  if (error.kind === 'network') return msg`No response: check your connection and try again. Your choices are kept.`
  if (error.kind === 'unauthorized') return msg`Your session has expired. Log in again to continue where you stopped.`
  if (error.kind === 'http' && error.status === 429) return msg`The service is busy. Wait a moment, then try again. Your choices are kept.`
  if (error.kind === 'contract') return msg`The server sent an answer we did not understand. Try again in a moment. Your choices are kept.`
  if (error.kind === 'fault') return msg`Something went wrong in this page, not on the server. Try again; if it happens again, reload the page: you come back to this step.`
  return msg`The service could not complete this step. Try again in a moment. Your choices are kept.`
}
