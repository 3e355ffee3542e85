/** Who runs the races: the contacts page and the receipts name the same organiser. */
export const ORGANISER = {
  name: 'pettorale ASD',
  /** Postal address, one line per entry. */
  address: ['Via dei Larici 1', '11100 Aosta (AO)', 'Italia'],
  /** The association's tax code (codice fiscale), printed on receipts. */
  taxCode: '91056780071',
  mail: 'atleti@pettorale.example',
  phone: '+39 0165 000 000',
  phoneHref: 'tel:+390165000000',
} as const
