import { createElement } from 'react'
import { useLocation } from 'wouter'
import TransferOfferPage from './transfer-offer-page'
import TransferPage from './transfer-page'

/** The giver's page and the recipient's, one part loaded on demand (places-pages.ts): they share the transfer's machine. */
export default function TransferPages() {
  const [location] = useLocation()
  return createElement(location.startsWith('/transfer/') ? TransferOfferPage : TransferPage)
}
