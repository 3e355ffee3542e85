/**
 * Fixtures for the enrolment gate's tests (eligibility, standing, certificate status): one open
 * race with direct entry, and a certificate that is valid on its day.
 */
import type { GateRace } from './eligibility'

/** Open from 2 February to 30 June 2026, run on 11 July, 110 of 350 places taken, direct entry, 18+. */
export const OPEN_RACE: GateRace = {
  data_evento: '2026-07-11T04:00:00Z',
  tempo_limite_ore: 20,
  apertura_iscrizioni: '2026-02-02T09:00:00Z',
  chiusura_iscrizioni: '2026-06-30T21:59:00Z',
  posti: 350,
  iscritti: 110,
  ammissione: 'diretta',
  eta_minima: 18,
}

/** Accepted by staff, valid until 31 January 2027: well past the race. */
export const VALID_CERTIFICATE = {
  certificato_medico_file: 'cm.pdf',
  validazione_certificato: 'valido' as const,
  certificato_valido: true,
  scadenza_certificato: '2027-01-31',
}
