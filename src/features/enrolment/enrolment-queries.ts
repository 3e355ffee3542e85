import { keepPreviousData } from '@tanstack/react-query'
import * as liberatoria from '../../../contracts/liberatoria.contract'
import type { Locale } from '../../../contracts/locale'
import * as payments from '../../../contracts/payments.contract'
import * as races from '../../../contracts/races.contract'
import { apiQuery } from '../../lib/api-query'
import type { AddressedSex } from '../../lib/athlete-queries'
import { contentLanguage } from '../../lib/content-language'

export const enrolmentQueries = {
  /** The race's waiver in the language on screen. */
  /** The waiver in a language, and in the athlete's grammatical form where known (neutral otherwise). */
  waiver: (raceId: number, lingua: Locale, sex: AddressedSex) =>
    apiQuery(liberatoria.get, { params: { id: raceId }, query: sex === 'other' ? { lingua } : { lingua, forma: sex } }),
  /**
   * The race's extra questions (`campi_per_iscrizione`), labelled in a language, the interface's unless
   * told; the last labels stay on screen while another language's arrive.
   */
  extraFields: (raceId: number, lingua: Locale = contentLanguage()) => ({
    ...apiQuery(races.subscriptionFields, { params: { id: raceId }, query: { lingua } }),
    placeholderData: keepPreviousData,
  }),
  payment: (paymentId: string) => apiQuery(payments.status, { params: { id: paymentId } }),
  paymentByLink: (code: string) => apiQuery(payments.byLink, { params: { code } }),
}
