import * as liberatoria from '../../../contracts/liberatoria.contract'
import type { Locale } from '../../../contracts/locale'
import * as payments from '../../../contracts/payments.contract'
import * as races from '../../../contracts/races.contract'
import { apiQuery } from '../../lib/api-query'

export const enrolmentQueries = {
  /** The race's waiver in the language on screen. */
  waiver: (raceId: number, lingua: Locale) => apiQuery(liberatoria.get, { params: { id: raceId }, query: { lingua } }),
  /** The race's extra questions (`campi_per_iscrizione`). */
  extraFields: (raceId: number) => apiQuery(races.subscriptionFields, { params: { id: raceId } }),
  payment: (paymentId: string) => apiQuery(payments.status, { params: { id: paymentId } }),
  paymentByLink: (code: string) => apiQuery(payments.byLink, { params: { code } }),
}
