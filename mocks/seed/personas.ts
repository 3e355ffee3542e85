import type { CertificateReview } from '../../contracts/athlete.contract'
import type { AthleteRecord } from '../db'
import type { Sex } from './categories'
import { codiceFiscale } from './codice-fiscale'

type PersonaKey = 'nuovo' | 'completo' | 'revisione' | 'scaduto' | 'pax' | 'social'

/** A ready-made athlete to sign in as, one per situation worth trying. */
export interface Persona {
  key: PersonaKey
  mail: string
  password: string
  nome: string
  cognome: string
  description: string
  athleteId: number
}

/** Every seeded account signs in with this password. */
const SEED_PASSWORD = 'Pettorale-2026'

export const ATHLETE_IDS = {
  nuovo: 1,
  completo: 2,
  revisione: 3,
  scaduto: 4,
  pax: 5,
  social: 6,
  /** Registered, never confirmed: the account the confirmation tokens belong to. */
  daConfermare: 7,
} as const satisfies Record<PersonaKey | 'daConfermare', number>

interface Certificate {
  validazione: CertificateReview
  valido: boolean | null
  scadenza: string
  file: string
}

interface Person {
  key: Exclude<PersonaKey, 'nuovo'>
  nome: string
  cognome: string
  sesso: Sex
  data_nascita: string
  /** Birth town, its province and its cadastral code (for the tax code). */
  nascita: readonly [string, string, string]
  /** Town, province, street, number, postcode. */
  residenza: readonly [string, string, string, string, string]
  telefono: string
  emergenza: readonly [string, string]
  taglia: string
  documento: string
  team: string | null
  certificate: Certificate
  torexperience: AthleteRecord['torexperience']
  pax: boolean
  description: string
}

const mailOf = (key: string) => `${key}@pettorale.test`

/** What every account carries whatever its state: the fields the backend fills at registration. */
function account(id: number, key: string, nome: string, cognome: string, confermato: boolean) {
  return {
    id,
    nome,
    cognome,
    mail: mailOf(key),
    username: mailOf(key),
    password: SEED_PASSWORD,
    confermato,
    privacy_policy: true,
    newsletter: false,
    // The personas are QA's: their e-mails (written in this language, decision 030) read as the
    // README and the tests do. An athlete registering in another language gets theirs in it.
    lingua: 'en' as const,
    pax: false,
    file_url: null,
    file_name: null,
    certificato_medico_id: 9000 + id,
  }
}

/** The profile the registration form leaves behind: names, e-mail, privacy consent, nothing else. */
function freshAthlete(id: number, key: string, nome: string, cognome: string, confermato: boolean): AthleteRecord {
  return {
    ...account(id, key, nome, cognome, confermato),
    sesso: null, data_nascita: null, nazione_nascita: null, provincia_nascita: null, citta_nascita: null,
    cod_fiscale: null, paese: null, provincia: null, citta: null, via: null, civico: null, cap: null,
    telefono: null, contatto_emergenza: null, telefono_emergenze: null, taglia_maglietta: null,
    // The experience question is pending (no truthy answer yet), as after any registration.
    torexperience: [{ esperienza_gara: null }],
    certificato_medico_file: null,
    scadenza_certificato: null,
    validazione_certificato: null,
    certificato_valido: null,
    certificato_rinnovo: null,
  }
}

function completeAthlete(person: Person): AthleteRecord {
  const [citta_nascita, provincia_nascita, comune] = person.nascita
  const [citta, provincia, via, civico, cap] = person.residenza
  return {
    ...account(ATHLETE_IDS[person.key], person.key, person.nome, person.cognome, true),
    sesso: person.sesso,
    data_nascita: person.data_nascita,
    nazione_nascita: 'IT',
    provincia_nascita,
    citta_nascita,
    cod_fiscale: codiceFiscale({ ...person, comune }),
    paese: 'IT',
    provincia,
    citta,
    via,
    civico,
    cap,
    telefono: person.telefono,
    contatto_emergenza: person.emergenza[0],
    telefono_emergenze: person.emergenza[1],
    taglia_maglietta: person.taglia,
    torexperience: person.torexperience,
    nazionalita: 'IT',
    documento: person.documento,
    team: person.team,
    pax: person.pax,
    certificato_medico_file: person.certificate.file,
    scadenza_certificato: person.certificate.scadenza,
    validazione_certificato: person.certificate.validazione,
    certificato_valido: person.certificate.valido,
    certificato_rinnovo: null,
  }
}

const PEOPLE: readonly Person[] = [
  {
    key: 'completo',
    nome: 'Chiara',
    cognome: 'Jaccod',
    sesso: 'F',
    data_nascita: '1990-05-14',
    nascita: ['Aosta', 'AO', 'A326'],
    residenza: ['Aosta', 'AO', "Via Sant'Anselmo", '42', '11100'],
    telefono: '+39 347 1182290',
    emergenza: ['Paolo Jaccod', '+39 348 5521907'],
    taglia: 'S',
    documento: 'CA48213KD',
    team: 'ASD Gran Paradiso Trail',
    certificate: { validazione: 'valido', valido: true, scadenza: '2026-11-02', file: 'certificato-medico-jaccod-2025.pdf' },
    torexperience: [{ esperienza_gara: true, gara: 'Trail delle Cinque Vette 35K', anno: 2025 }],
    pax: false,
    description:
      'Complete profile, valid certificate. Enrolled and paid in Sentiero dei Larici 25K 2026; enrolment in ' +
      'Alte Vie di Cogne 52K 2026 started but not paid. Has a failed and a refunded payment.',
  },
  {
    key: 'revisione',
    nome: 'Davide',
    cognome: 'Perrier',
    sesso: 'M',
    data_nascita: '1984-11-03',
    nascita: ['Torino', 'TO', 'L219'],
    residenza: ['Courmayeur', 'AO', 'Strada Villair', '7', '11013'],
    telefono: '+39 340 7719034',
    emergenza: ['Marta Perrier', '+39 333 4408126'],
    taglia: 'L',
    documento: 'CA90377BE',
    team: null,
    certificate: { validazione: 'in_revisione', valido: null, scadenza: '2027-01-15', file: 'certificato-perrier.pdf' },
    torexperience: [],
    pax: false,
    description: 'Complete profile; the medical certificate is uploaded and under review. Ran Vertical di Pila 2025.',
  },
  {
    key: 'scaduto',
    nome: 'Elena',
    cognome: 'Chabloz',
    sesso: 'F',
    data_nascita: '1976-02-21',
    nascita: ['Ivrea', 'TO', 'E379'],
    residenza: ['Pont-Saint-Martin', 'AO', 'Via Emile Chanoux', '15', '11026'],
    telefono: '+39 328 6650412',
    emergenza: ['Luca Chabloz', '+39 329 1187345'],
    taglia: 'M',
    documento: 'CA22964FH',
    team: 'Atletica Canavese',
    certificate: { validazione: 'valido', valido: true, scadenza: '2026-02-14', file: 'certificato-chabloz-2025.pdf' },
    torexperience: [],
    pax: false,
    description:
      'Complete profile; the certificate was reviewed as valid but expired on 14 February 2026. Ran Snow Trail di Cogne 2025.',
  },
  {
    key: 'pax',
    nome: 'Marco',
    cognome: 'Bredy',
    sesso: 'M',
    data_nascita: '1988-07-09',
    nascita: ['Aosta', 'AO', 'A326'],
    residenza: ['Cogne', 'AO', 'Rue Bourgeois', '3', '11012'],
    telefono: '+39 349 2216708',
    emergenza: ['Sonia Bredy', '+39 347 9903314'],
    taglia: 'M',
    documento: 'CA63150AA',
    team: 'Valdigne Skyrunning',
    certificate: { validazione: 'valido', valido: true, scadenza: '2026-12-10', file: 'certificato-bredy-2025.pdf' },
    torexperience: [{ esperienza_gara: true, gara: 'Sentiero dei Larici 25K', anno: 2025 }],
    pax: true,
    description:
      'Holds the PAX: two qualifying experience races accepted in 2025, a third report under verification. ' +
      'Not yet enrolled in the 2026 flagship; its payment link is pending.',
  },
  {
    key: 'social',
    nome: 'Sara',
    cognome: 'Rosset',
    sesso: 'F',
    data_nascita: '1995-09-30',
    nascita: ['Milano', 'MI', 'F205'],
    residenza: ['Milano', 'MI', 'Via Paolo Sarpi', '18', '20154'],
    telefono: '+39 338 4127765',
    emergenza: ['Giorgio Rosset', '+39 335 6021148'],
    taglia: 'XS',
    documento: 'CA71842GC',
    team: null,
    certificate: { validazione: 'valido', valido: true, scadenza: '2026-10-20', file: 'certificato-rosset.pdf' },
    torexperience: [],
    pax: false,
    description:
      'The account the simulated social sign-in returns; complete profile, paid Trail del Forte di Bard 30K 2026 by link.',
  },
]

const NUOVO = { nome: 'Matteo', cognome: 'Vuillermin' }

export const ATHLETES: readonly AthleteRecord[] = [
  freshAthlete(ATHLETE_IDS.nuovo, 'nuovo', NUOVO.nome, NUOVO.cognome, true),
  ...PEOPLE.map(completeAthlete),
  freshAthlete(ATHLETE_IDS.daConfermare, 'daconfermare', 'Paolo', 'Cerise', false),
]

export const PERSONAS: readonly Persona[] = [
  {
    key: 'nuovo' as const,
    ...NUOVO,
    description:
      'Account confirmed, profile still empty: after sign-in the portal asks about experience races, then to complete the profile.',
  },
  ...PEOPLE,
].map(({ key, nome, cognome, description }) => ({
  key,
  mail: mailOf(key),
  password: SEED_PASSWORD,
  nome,
  cognome,
  description,
  athleteId: ATHLETE_IDS[key],
}))

export function athleteById(id: number): AthleteRecord {
  const athlete = ATHLETES.find((candidate) => candidate.id === id)
  if (!athlete) throw new Error(`the seed has no athlete ${String(id)}`)
  return athlete
}
