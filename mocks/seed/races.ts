import type { SubscriptionField, TrailType } from '../../contracts/races.contract'
import type { RaceRecord, WrittenText } from '../db'
import { ADMISSION_S, HOLD_S } from '../queue-defaults'
import { courseProfile, type CourseShape } from './profile'
import { rome } from './time'

/** What a race is, edition after edition. */
interface Course extends Omit<CourseShape, 'distanza_km' | 'dislivello_m'> {
  nome: string
  localita: string
  distanza_km: number
  dislivello_m: number
  tipo_percorso: TrailType
  tempo_limite_ore: number
  categoria: 'Ultra' | 'Trail' | 'Short' | 'Vertical' | 'Snow'
  ammiraglia: boolean
  esperienza: boolean
  qualificante: boolean
  ammissione: 'diretta' | 'lotteria'
  eta_minima: number
  /** ITRA points of the course (0-6); null where the course is not ITRA-rated. */
  itra: number | null
  /** ITRA mountain level (0-12); null where not rated. */
  punti: number | null
  noleggio_gps: number
  /** Italian and English at least (decision 030). */
  descrizione: WrittenText
}

const COURSES = {
  flagship: {
    nome: 'Tor des Pettorale 330',
    localita: 'Courmayeur',
    distanza_km: 330,
    dislivello_m: 24_000,
    tipo_percorso: 'ultra',
    tempo_limite_ore: 150,
    categoria: 'Ultra',
    ammiraglia: true,
    esperienza: false,
    qualificante: false,
    ammissione: 'lotteria',
    eta_minima: 20,
    itra: 6,
    punti: 12,
    noleggio_gps: 25,
    quota_partenza_m: 1224,
    forma: 'loop',
    ristori: ['Rifugio Deffeyes', 'Valgrisenche', 'Cogne', 'Donnas', 'Gressoney', 'Valtournenche', 'Ollomont', 'Rifugio Bertone'],
    descrizione: {
      it:
        'Un giro senza soste della Valle d’Aosta lungo le sue due Alte Vie: 330 km, 24.000 m di dislivello positivo e ' +
        'più di venti colli sopra i 2.000 m. Si sceglie da sé quando dormire nelle sette basi vita e si hanno 150 ore ' +
        'per chiudere l’anello a Courmayeur. I pettorali si assegnano per sorteggio; chi ha il PAX entra direttamente.',
      en:
        'A non-stop loop of the Aosta Valley along its two high routes: 330 km, 24,000 m of climbing and more than ' +
        'twenty passes above 2,000 m. Runners choose when to sleep in the seven life bases and have 150 hours to ' +
        'close the loop back in Courmayeur. Places are drawn by lottery; PAX holders enter directly.',
    },
  },
  larici: {
    nome: 'Sentiero dei Larici 25K',
    localita: 'La Thuile',
    distanza_km: 25,
    dislivello_m: 1_450,
    tipo_percorso: 'trail',
    tempo_limite_ore: 7,
    categoria: 'Short',
    ammiraglia: false,
    esperienza: true,
    qualificante: true,
    ammissione: 'diretta',
    eta_minima: 18,
    itra: 2,
    punti: 4,
    noleggio_gps: 15,
    quota_partenza_m: 1441,
    forma: 'loop',
    ristori: ['Alpe Porassey', 'Lago Verney', 'Plan Praz'],
    descrizione: {
      it:
        'Il primo assaggio dei sentieri d’alta quota: un anello tra lariceti e alpeggi sopra La Thuile, con vista sul ' +
        'ghiacciaio del Rutor dal punto più alto. Percorso ben segnalato, tre punti di ristoro. Vale come gara di ' +
        'esperienza qualificante per il PAX.',
      en:
        'A first taste of high trails: a loop through larch woods and alpine pastures above La Thuile, with a view ' +
        'of the Rutor glacier from the top. Well marked, with three refreshment points. It counts as a qualifying ' +
        'experience race for the PAX.',
    },
  },
  cogne: {
    nome: 'Alte Vie di Cogne 52K',
    localita: 'Cogne',
    distanza_km: 52,
    dislivello_m: 3_100,
    tipo_percorso: 'trail',
    tempo_limite_ore: 15,
    categoria: 'Trail',
    ammiraglia: false,
    esperienza: true,
    qualificante: true,
    ammissione: 'diretta',
    eta_minima: 18,
    itra: 3,
    punti: 6,
    noleggio_gps: 15,
    quota_partenza_m: 1534,
    forma: 'loop',
    ristori: ['Valnontey', 'Rifugio Sella', 'Lillaz', 'Gimillan'],
    descrizione: {
      it:
        'Due colli e il sentiero balcone del Parco nazionale del Gran Paradiso, dove è più facile incontrare uno ' +
        'stambecco che uno spettatore. Una lunga giornata per chi arriva dai trail brevi. Vale come gara di esperienza ' +
        'qualificante per il PAX.',
      en:
        'Two passes and the balcony path of the Gran Paradiso national park, with ibex more likely than spectators. ' +
        'A long day out for runners moving up from short trails. It counts as a qualifying experience race for the PAX.',
    },
  },
  laghi: {
    nome: 'Ultra dei Laghi Blu 100K',
    localita: 'Gressoney-Saint-Jean',
    distanza_km: 100,
    dislivello_m: 6_200,
    tipo_percorso: 'ultra',
    tempo_limite_ore: 30,
    categoria: 'Ultra',
    ammiraglia: false,
    esperienza: true,
    qualificante: true,
    ammissione: 'diretta',
    eta_minima: 20,
    itra: 5,
    punti: 9,
    noleggio_gps: 25,
    quota_partenza_m: 1385,
    forma: 'loop',
    ristori: ['Lago Gabiet', 'Alpe Bettolina', 'Lago Blu', 'Colle Ranzola', 'Ejola'],
    descrizione: {
      it:
        'Da Gressoney ai laghi ai piedi del Monte Rosa e ritorno, attraverso la notte. Si parte alle 5 del mattino e ' +
        'la maggior parte dei concorrenti vede sorgere il sole due volte. Vale come gara di esperienza qualificante ' +
        'per il PAX.',
      en:
        'From Gressoney to the lakes under Monte Rosa and back, through the night. The start is at 5 in the morning ' +
        'and most runners see a second sunrise. It counts as a qualifying experience race for the PAX.',
    },
  },
  becca: {
    nome: 'Skyrace della Becca 21K',
    localita: 'Valtournenche',
    distanza_km: 21,
    dislivello_m: 1_900,
    tipo_percorso: 'skyrace',
    tempo_limite_ore: 6,
    categoria: 'Short',
    ammiraglia: false,
    esperienza: true,
    qualificante: false,
    ammissione: 'diretta',
    eta_minima: 18,
    itra: 2,
    punti: 5,
    noleggio_gps: 15,
    quota_partenza_m: 1524,
    forma: 'loop',
    ristori: ['Cheneil', 'Colle Fontana Fredda'],
    descrizione: {
      it:
        'Dritti fino a una vetta di 3.000 m su terreno roccioso, una breve cresta attrezzata con corde fisse e una ' +
        'discesa veloce su Valtournenche. Gara di esperienza che non vale per il PAX.',
      en:
        'Straight up to a 3,000 m summit on rocky ground, a short ridge with fixed ropes, and a fast descent to ' +
        'Valtournenche. An experience race that does not count towards the PAX.',
    },
  },
  bard: {
    nome: 'Trail del Forte di Bard 30K',
    localita: 'Bard',
    distanza_km: 30,
    dislivello_m: 1_800,
    tipo_percorso: 'trail',
    tempo_limite_ore: 8,
    categoria: 'Trail',
    ammiraglia: false,
    esperienza: true,
    qualificante: false,
    ammissione: 'diretta',
    eta_minima: 18,
    itra: 2,
    punti: 4,
    noleggio_gps: 15,
    quota_partenza_m: 381,
    forma: 'loop',
    ristori: ['Hône', 'Arnad', 'Perloz'],
    descrizione: {
      it:
        'La gara che apre la stagione: castagneti e antiche mulattiere della bassa valle, con arrivo dentro le mura ' +
        'del Forte di Bard. Gara di esperienza che non vale per il PAX.',
      en:
        'The spring opener: chestnut woods and old mule tracks of the lower valley, finishing inside the walls of ' +
        'the Bard fortress. An experience race that does not count towards the PAX.',
    },
  },
  notturna: {
    nome: 'Notturna di Saint-Vincent 12K',
    localita: 'Saint-Vincent',
    distanza_km: 12,
    dislivello_m: 550,
    tipo_percorso: 'trail',
    tempo_limite_ore: 3,
    categoria: 'Short',
    ammiraglia: false,
    esperienza: false,
    qualificante: false,
    ammissione: 'diretta',
    eta_minima: 16,
    itra: 1,
    punti: null,
    noleggio_gps: 15,
    quota_partenza_m: 575,
    forma: 'loop',
    ristori: ['Amay'],
    descrizione: {
      it:
        'Una gara serale alla luce della frontale sui sentieri sopra Saint-Vincent, con partenza alle 19 dai giardini ' +
        'delle terme. Corta, veloce e conviviale; pasta party all’arrivo.',
      en:
        'An evening race by headlamp on the paths above Saint-Vincent, starting at 7 pm from the spa gardens. ' +
        'Short, fast and friendly; pasta party at the finish.',
    },
  },
  snow: {
    nome: 'Snow Trail di Cogne 15K',
    localita: 'Cogne',
    distanza_km: 15,
    dislivello_m: 600,
    tipo_percorso: 'snow',
    tempo_limite_ore: 4,
    categoria: 'Snow',
    ammiraglia: false,
    esperienza: false,
    qualificante: false,
    ammissione: 'diretta',
    eta_minima: 16,
    itra: 1,
    punti: null,
    noleggio_gps: 15,
    quota_partenza_m: 1534,
    forma: 'loop',
    ristori: ['Valnontey', 'Lillaz'],
    descrizione: {
      it:
        'Una gara invernale sulla neve battuta dei prati di Sant’Orso e sulle piste di fondo di Valnontey. ' +
        'Consigliati i ramponcini; il tracciato viene battuto la sera prima.',
      en:
        'A winter race on the packed snow of the Sant’Orso meadows and the Valnontey cross-country tracks. ' +
        'Microspikes recommended; the course is groomed the night before.',
    },
  },
  pila: {
    nome: 'Vertical di Pila',
    localita: 'Gressan (Pila)',
    distanza_km: 3.4,
    dislivello_m: 1_000,
    tipo_percorso: 'vertical',
    tempo_limite_ore: 2,
    categoria: 'Vertical',
    ammiraglia: false,
    esperienza: false,
    qualificante: false,
    ammissione: 'diretta',
    eta_minima: 16,
    itra: null,
    punti: null,
    noleggio_gps: 15,
    quota_partenza_m: 1800,
    forma: 'vertical',
    ristori: ['Baby Pila'],
    descrizione: {
      it:
        'Mille metri di dislivello in 3,4 km sotto gli impianti di Pila, dalla partenza della cabinovia alla cresta ' +
        'del Chamolé. Partenze individuali ogni 30 secondi; si scende a piedi o in cabinovia.',
      en:
        'One thousand metres of climbing in 3.4 km under the Pila ski lifts, from the bottom station to the Chamolé ' +
        'ridge. Individual start every 30 seconds; the descent is on foot or by gondola.',
    },
  },
  grivola: {
    nome: 'Vertical della Grivola',
    localita: 'Valsavarenche',
    distanza_km: 4.2,
    dislivello_m: 1_250,
    tipo_percorso: 'vertical',
    tempo_limite_ore: 2.5,
    categoria: 'Vertical',
    ammiraglia: false,
    esperienza: false,
    qualificante: false,
    ammissione: 'diretta',
    eta_minima: 18,
    itra: null,
    punti: null,
    noleggio_gps: 15,
    quota_partenza_m: 1_541,
    forma: 'vertical',
    ristori: ['Alpe Djouan'],
    descrizione: {
      it:
        'Milleduecentocinquanta metri di salita da Pont verso la Grivola, su un sentiero ripido tra i larici e le ' +
        'pietraie del Gran Paradiso. Dodici pettorali soltanto: le iscrizioni aprono con una sala d’attesa e si ' +
        'esauriscono in pochi minuti.',
      en:
        'Twelve hundred and fifty metres of climbing from Pont towards the Grivola, on a steep path through larch ' +
        'woods and the scree of the Gran Paradiso. Twelve bibs only: registration opens through a waiting room and ' +
        'sells out in minutes.',
    },
  },
  city: {
    nome: 'Aosta Urban Trail 10K',
    localita: 'Aosta',
    distanza_km: 10,
    dislivello_m: 320,
    tipo_percorso: 'trail',
    tempo_limite_ore: 2.5,
    categoria: 'Short',
    ammiraglia: false,
    esperienza: false,
    qualificante: false,
    ammissione: 'diretta',
    eta_minima: 16,
    itra: null,
    punti: null,
    noleggio_gps: 10,
    quota_partenza_m: 583,
    forma: 'loop',
    ristori: ['Arco d’Augusto', 'Porta Pretoria'],
    descrizione: {
      it:
        'La festa di corsa dell’organizzatore: attraverso le porte romane e su per i sentieri tra le vigne sopra Aosta, ' +
        'aperta a tutti con un certificato medico. Ventimila concorrenti riempiono il centro storico la mattina della ' +
        'gara; le onde di partenza si susseguono ogni cinque minuti.',
      en:
        'The organiser’s festival race: through the Roman gates and up the vineyard paths above Aosta, open to ' +
        'everyone with a medical certificate. Twenty thousand runners fill the old town on race morning; start ' +
        'waves leave every five minutes.',
    },
  },
} satisfies Record<string, Course>

/** The mandatory kit by kind of race, in the languages the organiser writes. */
const KIT: Record<TrailType, Record<'it' | 'en', readonly string[]>> = {
  ultra: {
    it: ['lampada frontale con batterie di ricambio', 'giacca e pantaloni impermeabili', 'uno strato caldo', 'telo di sopravvivenza', '1 litro d’acqua', 'telefono cellulare'],
    en: ['headlamp with spare batteries', 'waterproof jacket and trousers', 'warm layer', 'survival blanket', '1 litre of water', 'phone'],
  },
  trail: {
    it: ['giacca impermeabile', 'telo di sopravvivenza', '0,5 litri d’acqua', 'telefono cellulare'],
    en: ['waterproof jacket', 'survival blanket', '0.5 litres of water', 'phone'],
  },
  skyrace: {
    it: ['giacca antivento', 'telo di sopravvivenza', 'guanti', 'telefono cellulare'],
    en: ['windproof jacket', 'survival blanket', 'gloves', 'phone'],
  },
  vertical: { it: ['giacca antivento per la vetta'], en: ['windproof jacket for the summit'] },
  snow: {
    it: ['ramponcini o scarpe chiodate', 'uno strato caldo', 'guanti', 'berretto'],
    en: ['microspikes or studded shoes', 'warm layer', 'gloves', 'hat'],
  },
}

/**
 * The rules as the organiser writes them, in Italian and English: paragraphs separated by blank
 * lines, lists as lines starting with "- " (what the portal's rules renderer reads). The last
 * paragraph points to the refund schedule, which the race page shows beside the rules, and says
 * whether a place may be passed on (`transferable`: the race's `cambi.cessione`).
 */
function regolamento(course: Course, transferable: boolean): WrittenText {
  const kit = KIT[course.tipo_percorso]
  const list = (heading: string, items: readonly string[]) => [heading, ...items.map((item) => `- ${item}`)].join('\n')
  const lottery = course.ammissione === 'lotteria'
  return {
    it: [
      `Età minima il giorno della gara: ${String(course.eta_minima)} anni. È richiesto un certificato medico per ` +
        'l’atletica leggera agonistica in corso di validità, che non scada prima del giorno della gara.',
      lottery
        ? 'I pettorali sono assegnati per sorteggio tra chi ne fa domanda; chi ha il PAX entra direttamente.'
        : 'I pettorali sono assegnati in ordine di iscrizione pagata, fino a esaurimento dei posti.',
      `Tempo massimo: ${String(course.tempo_limite_ore).replace('.', ',')} ore dalla partenza; i cancelli orari ` +
        'intermedi sono fatti rispettare dai commissari.',
      list('Materiale obbligatorio:', kit.it),
      (transferable
        ? 'Un’iscrizione pagata può essere ceduta a un altro atleta registrato, entro la scadenza e alle condizioni indicate per questa gara. '
        : 'L’iscrizione è personale e non può essere ceduta. ') +
        'Quanto rimborsa un ritiro dipende dall’opzione di ' +
        'rimborso scelta all’iscrizione e da quanto tempo prima della partenza avviene (vedi la tabella dei rimborsi).',
    ].join('\n\n'),
    en: [
      `Minimum age on race day: ${String(course.eta_minima)}. A valid medical certificate for competitive ` +
        'athletics is required and must not expire before race day.',
      lottery
        ? 'Places are allocated by lottery among applicants; PAX holders enter directly.'
        : 'Places are allocated in order of paid registration until the race is full.',
      `Time limit: ${String(course.tempo_limite_ore)} hours from the start; intermediate cut-offs are enforced by marshals.`,
      list('Mandatory kit:', kit.en),
      (transferable
        ? 'A paid registration may be passed on to another registered athlete, until the deadline and on the terms given for this race. '
        : 'Registrations are personal and cannot be transferred. ') +
        'What a withdrawal refunds depends on the refund ' +
        'option chosen at enrolment and on how long before the start it happens (see the refund schedule).',
    ].join('\n\n'),
  }
}

interface Edition {
  id: number
  course: Course
  /** Rome wall-clock times. */
  start: string
  opens: string
  closes: string
  posti: number
  /** Generated entrants: one per place taken. */
  iscritti: number
  prezzo: number
  /** The race opens through a waiting room (issue 22): when it opens (Rome) and how it runs. */
  sala?: { apre: string; ammissioni_al_minuto: number; ammissione_s: number; posto_s: number }
  /** Issue 23: transfer and deferral (deadlines in Rome time), a wait list, a lottery. */
  cambi?: {
    cessione: { tassa: number; rimborso_percento: number; chiude: string } | null
    rinvio: { tassa: number; chiude: string } | null
  }
  lista_attesa?: { offerta_ore: number }
  lotteria?: { chiude: string; estrazione: string; posti: number; pagamento_ore: number }
}

const toCents = (euros: number) => Math.round(euros * 100)

function edition({ id, course, start, opens, closes, posti, iscritti, prezzo, sala, cambi, lista_attesa, lotteria }: Edition): RaceRecord {
  const { descrizione, quota_partenza_m, forma, ristori, ...facts } = course
  return {
    id,
    ...facts,
    edizione: Number(start.slice(0, 4)),
    data_evento: rome(start),
    apertura_iscrizioni: rome(opens),
    chiusura_iscrizioni: rome(closes),
    posti,
    iscritti,
    prezzo,
    // The protected option costs a tenth of the fee, to the cent.
    supplemento_rimborso: toCents(prezzo / 10) / 100,
    descrizione,
    regolamento: regolamento(course, cambi?.cessione != null),
    profilo: courseProfile(id, { ...course, quota_partenza_m, forma, ristori }),
    rimborsi: refundSchedule(course),
    liberatoria_versione: FIRST_WAIVER_VERSION,
    ...(sala ? { sala_attesa: { ...sala, apre: rome(sala.apre) } } : {}),
    ...(cambi
      ? {
          cambi: {
            cessione: cambi.cessione && { ...cambi.cessione, chiude: rome(cambi.cessione.chiude) },
            rinvio: cambi.rinvio && { ...cambi.rinvio, chiude: rome(cambi.rinvio.chiude) },
          },
        }
      : {}),
    ...(lista_attesa ? { lista_attesa } : {}),
    ...(lotteria
      ? { lotteria: { ...lotteria, chiude: rome(lotteria.chiude), estrazione: rome(lotteria.estrazione), regola: 'raddoppio' as const } }
      : {}),
  }
}

/** Every race's waiver starts at this version; `pettoraleMock.reviseWaiver` moves it on. */
export const FIRST_WAIVER_VERSION = 'v1'

/**
 * What a withdrawal gives back, as a share of the fee. The flagship's places are drawn, so a late
 * withdrawal wastes one: it refunds less, sooner.
 */
function refundSchedule(course: Course): RaceRecord['rimborsi'] {
  return course.ammiraglia
    ? [
        { giorni_prima: 90, standard_percento: 50, protetto_percento: 100 },
        { giorni_prima: 30, standard_percento: 25, protetto_percento: 90 },
        { giorni_prima: 0, standard_percento: 0, protetto_percento: 50 },
      ]
    : [
        { giorni_prima: 30, standard_percento: 50, protetto_percento: 100 },
        { giorni_prima: 7, standard_percento: 20, protetto_percento: 80 },
        { giorni_prima: 0, standard_percento: 0, protetto_percento: 50 },
      ]
}

/**
 * Ids of races that tests and QA reach for: at the seed's "now" each 2026 race below shows one
 * registration display state.
 */
export const SEED_RACE_IDS = {
  flagship: 201,
  opening_days: 208,
  opening_hours: 209,
  open: 202,
  closing: 204,
  closed: 205,
  full: 206,
  live: 207,
  pastWithRanking: 101,
  crowd: 210,
  rush: 260,
} as const

/** Entrants of the festival race (SEED_RACE_IDS.crowd): the subscribers list at scale. */
export const CROWD_SIZE = 20_000

export const RACES: readonly RaceRecord[] = [
  // 2024: two courses run, ranked; with 2025 they make editions to compare in the rankings.
  edition({ id: 91, course: COURSES.flagship, start: '2024-09-08T10:00', opens: '2024-02-19T10:00', closes: '2024-03-31T18:00', posti: 550, iscritti: 430, prezzo: 850 }),
  edition({ id: 92, course: COURSES.larici, start: '2024-06-16T09:00', opens: '2024-01-22T10:00', closes: '2024-06-09T23:59', posti: 400, iscritti: 240, prezzo: 40 }),

  // 2025: all run, all ranked.
  edition({ id: 101, course: COURSES.flagship, start: '2025-09-14T10:00', opens: '2025-02-17T10:00', closes: '2025-03-31T18:00', posti: 600, iscritti: 480, prezzo: 900 }),
  edition({ id: 102, course: COURSES.larici, start: '2025-06-15T09:00', opens: '2025-01-20T10:00', closes: '2025-06-08T23:59', posti: 400, iscritti: 260, prezzo: 42 }),
  edition({ id: 103, course: COURSES.cogne, start: '2025-07-12T06:00', opens: '2025-01-20T10:00', closes: '2025-07-01T23:59', posti: 350, iscritti: 200, prezzo: 80 }),
  edition({ id: 104, course: COURSES.becca, start: '2025-08-02T08:00', opens: '2025-02-03T10:00', closes: '2025-07-20T23:59', posti: 250, iscritti: 160, prezzo: 38 }),
  edition({ id: 105, course: COURSES.pila, start: '2025-10-04T10:00', opens: '2025-03-03T10:00', closes: '2025-09-28T23:59', posti: 200, iscritti: 120, prezzo: 25 }),
  edition({ id: 106, course: COURSES.snow, start: '2025-03-02T08:30', opens: '2024-12-02T10:00', closes: '2025-02-26T23:59', posti: 300, iscritti: 150, prezzo: 28 }),
  edition({ id: 107, course: COURSES.laghi, start: '2025-07-26T05:00', opens: '2025-03-17T10:00', closes: '2025-07-13T23:59', posti: 400, iscritti: 220, prezzo: 170 }),

  // 2026, as seen on Monday 2 March at 09:00 in Rome.
  // Issue 23: the lottery's applications are open until the end of March, the draw two days later;
  // 280 places are drawn (the others go to PAX holders); a deferral is allowed until July.
  edition({
    id: 201,
    course: COURSES.flagship,
    start: '2026-09-13T10:00',
    opens: '2026-02-16T10:00',
    closes: '2026-03-31T18:00',
    posti: 600,
    iscritti: 320,
    prezzo: 950,
    lotteria: { chiude: '2026-03-31T18:00', estrazione: '2026-04-02T12:00', posti: 280, pagamento_ore: 240 },
    lista_attesa: { offerta_ore: 72 },
    cambi: { cessione: null, rinvio: { tassa: 50, chiude: '2026-07-31T23:59' } },
  }),
  // Issue 23: a place can be passed on (10 EUR, 90% of the fee back to the giver) or deferred (15 EUR) until May's end.
  edition({
    id: 202,
    course: COURSES.larici,
    start: '2026-06-14T09:00',
    opens: '2026-02-02T10:00',
    closes: '2026-06-07T23:59',
    posti: 400,
    iscritti: 170,
    prezzo: 45,
    cambi: { cessione: { tassa: 10, rimborso_percento: 90, chiude: '2026-05-31T23:59' }, rinvio: { tassa: 15, chiude: '2026-05-31T23:59' } },
  }),
  // Passed on only (15 EUR, the whole fee back to the giver), not deferred.
  edition({
    id: 203,
    course: COURSES.cogne,
    start: '2026-07-11T06:00',
    opens: '2026-02-02T10:00',
    closes: '2026-06-30T23:59',
    posti: 350,
    iscritti: 110,
    prezzo: 85,
    cambi: { cessione: { tassa: 15, rimborso_percento: 100, chiude: '2026-06-20T23:59' }, rinvio: null },
  }),
  // Closes on Wednesday night: under 72 hours left.
  edition({ id: 204, course: COURSES.bard, start: '2026-04-19T09:00', opens: '2026-01-12T10:00', closes: '2026-03-04T23:59', posti: 300, iscritti: 140, prezzo: 35 }),
  // Closed last night, runs in three weeks.
  edition({ id: 205, course: COURSES.notturna, start: '2026-03-21T19:00', opens: '2025-12-15T10:00', closes: '2026-03-01T23:59', posti: 250, iscritti: 160, prezzo: 25 }),
  // Sold out in six weeks; registration would otherwise stay open until July.
  // Issue 23: it keeps a wait list (48 hours to take a place offered); places pass on and defer until July.
  edition({
    id: 206,
    course: COURSES.becca,
    start: '2026-08-01T08:00',
    opens: '2026-01-15T10:00',
    closes: '2026-07-19T23:59',
    posti: 180,
    iscritti: 180,
    prezzo: 40,
    lista_attesa: { offerta_ore: 48 },
    cambi: { cessione: { tassa: 10, rimborso_percento: 80, chiude: '2026-07-12T23:59' }, rinvio: { tassa: 10, chiude: '2026-07-12T23:59' } },
  }),
  // Started half an hour before "now".
  edition({ id: 207, course: COURSES.snow, start: '2026-03-02T08:30', opens: '2025-12-01T10:00', closes: '2026-02-26T23:59', posti: 300, iscritti: 190, prezzo: 30 }),
  // Registration opens in 14 days.
  edition({ id: 208, course: COURSES.laghi, start: '2026-07-25T05:00', opens: '2026-03-16T10:00', closes: '2026-07-12T23:59', posti: 400, iscritti: 0, prezzo: 175 }),
  // Registration opens at 18:00 today.
  edition({ id: 209, course: COURSES.pila, start: '2026-10-03T10:00', opens: '2026-03-02T18:00', closes: '2026-09-27T23:59', posti: 200, iscritti: 0, prezzo: 25 }),
  // The festival race, with places still left: its 20,000 entrants are generated on first request
  // (crowdEntrants in entrants.ts) rather than loaded into the database before every test.
  edition({ id: SEED_RACE_IDS.crowd, course: COURSES.city, start: '2026-05-17T09:00', opens: '2025-11-03T10:00', closes: '2026-05-10T23:59', posti: 24_000, iscritti: CROWD_SIZE, prezzo: 25 }),
  // The rush (issue 22): twelve places, registration at 11:00 today through a waiting room open
  // from 10:30, four admissions a minute; sixty simulated others queue for it (seed/rush.ts).
  edition({
    id: SEED_RACE_IDS.rush,
    course: COURSES.grivola,
    start: '2026-06-21T08:00',
    opens: '2026-03-02T11:00',
    closes: '2026-06-14T23:59',
    posti: 12,
    iscritti: 0,
    prezzo: 30,
    sala: { apre: '2026-03-02T10:30', ammissioni_al_minuto: 4, ammissione_s: ADMISSION_S, posto_s: HOLD_S },
    // Issue 23: once every place is paid, the room's athletes can join its wait list.
    lista_attesa: { offerta_ore: 48 },
  }),
]

export function raceById(id: number): RaceRecord {
  const race = RACES.find((candidate) => candidate.id === id)
  if (!race) throw new Error(`the seed has no race ${String(id)}`)
  return race
}

/** A race question as the organiser writes it: labels in the languages written, choices by stable value. */
export interface SeedQuestion {
  nome: string
  etichetta: WrittenText
  tipo: SubscriptionField['tipo']
  obbligatorio: boolean
  opzioni?: Array<{ valore: string; etichetta: WrittenText }>
}

/**
 * The extra questions of a race's entry form (`campi_per_iscrizione`), in Italian and English; the
 * lottery asks for the ITRA id. A shuttle's value is its stop, or `none`, whatever the language.
 */
export function extraFieldsOf(race: Pick<RaceRecord, 'ammissione'>): SeedQuestion[] {
  const stop = (name: string) => ({ valore: name, etichetta: { it: name, en: name } })
  return [
    { nome: 'team', etichetta: { it: 'Squadra o società', en: 'Team or club' }, tipo: 'text', obbligatorio: false },
    {
      nome: 'navetta',
      etichetta: { it: 'Navetta per la partenza', en: 'Shuttle bus to the start' },
      tipo: 'select',
      obbligatorio: true,
      opzioni: [stop('Aosta'), stop('Courmayeur'), stop('Cogne'), { valore: 'none', etichetta: { it: 'Nessuna navetta', en: 'No shuttle' } }],
    },
    { nome: 'pasta_party', etichetta: { it: 'Pasta party dopo l’arrivo', en: 'Pasta party after the finish' }, tipo: 'boolean', obbligatorio: false },
    ...(race.ammissione === 'lotteria'
      ? [{ nome: 'itra_id', etichetta: { it: 'Codice atleta ITRA', en: 'ITRA runner id' }, tipo: 'text' as const, obbligatorio: true }]
      : []),
  ]
}
