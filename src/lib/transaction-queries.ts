import { keepPreviousData } from '@tanstack/react-query'
import type { Locale } from '../../contracts/locale'
import * as transactions from '../../contracts/transactions.contract'
import { apiQuery } from './api-query'
import { contentLanguage } from './content-language'

export const transactionQueries = {
  /** The athlete's transactions, described in a language, the interface's unless told; the last list stays while another language's arrives. */
  list: (lingua: Locale = contentLanguage()) => ({
    ...apiQuery(transactions.list, { query: { lingua } }),
    placeholderData: keepPreviousData,
  }),
}
