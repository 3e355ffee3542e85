import type { TrailType } from '../../contracts/races.contract'
import { HOUR_MS, HOUR_S } from '../../contracts/time'
import type { EntrantRecord, RaceRecord, RankingRecord } from '../db'
import { categoryFor } from './categories'
import { categoryAt, ENROLMENTS } from './ledger'
import { COUNTRIES, type Country } from './names'
import { athleteById } from './personas'
import { CROWD_SIZE, SEED_RACE_IDS } from './races'
import { createRng, type Rng } from './random'
import { SEED_NOW_MS } from './time'

type Entrant = Omit<EntrantRecord, 'race_id' | 'pettorale'>

// Shares seen at Alpine trail races: fewer women and more retirements the longer the race.
const WOMEN_SHARE: Record<TrailType, number> = { ultra: 0.16, trail: 0.27, skyrace: 0.24, vertical: 0.3, snow: 0.35 }
const FINISH_RATE: Record<TrailType, number> = { ultra: 0.72, trail: 0.88, skyrace: 0.86, vertical: 0.96, snow: 0.94 }
/** Representative ages of the four category bands, with the share of the field in each. */
const AGE_BANDS = [[30, 40], [45, 35], [55, 19], [65, 6]] as const
const TEAM_SHARE = 0.45
/** Athletes living outside their country of nationality (mostly cross-border Alpine workers). */
const ABROAD_SHARE = 0.06
const COUNTRY_ODDS = COUNTRIES.map((country) => [country, country.weight] as const)

const REGION_OF_PROVINCE: Record<string, string> = { AO: "Valle d'Aosta", TO: 'Piemonte', MI: 'Lombardia' }

function generatedEntrant(rng: Rng, race: RaceRecord): Entrant {
  const nationality = rng.weighted(COUNTRY_ODDS)
  const residence: Country = rng.chance(ABROAD_SHARE)
    ? rng.weighted(COUNTRY_ODDS.filter(([country]) => country !== nationality))
    : nationality
  const sex = rng.chance(WOMEN_SHARE[race.tipo_percorso]) ? 'F' : 'M'
  const first = rng.pick(sex === 'F' ? nationality.female : nationality.male)
  const last = rng.pick(nationality.surnames)
  return {
    nome: nationality.familyFirst ? `${last} ${first}` : `${first} ${last}`,
    nazionalita: nationality.code,
    paese: residence.code,
    regione: residence.regions ? rng.weighted(residence.regions) : null,
    categoria: categoryFor(sex, rng.weighted(AGE_BANDS)),
    team: rng.chance(TEAM_SHARE) ? rng.pick(nationality.teams) : null,
  }
}

function personaEntrant(athleteId: number, race: RaceRecord): Entrant {
  const athlete = athleteById(athleteId)
  return {
    // The account the row belongs to: the lists name it as the athlete chose (decision 038).
    athlete_id: athleteId,
    nome: `${athlete.nome ?? ''} ${athlete.cognome ?? ''}`,
    nazionalita: athlete.nazionalita ?? 'IT',
    paese: athlete.paese ?? 'IT',
    regione: REGION_OF_PROVINCE[athlete.provincia ?? ''] ?? null,
    categoria: categoryAt(athleteId, race),
    team: athlete.team ?? null,
  }
}

/**
 * Winner's time: pace per effort-km (km + 1 km per 100 m of climbing) slows with the size of the
 * effort, roughly as course records do from verticals (~35 min) to 330 km loops (~2 days).
 */
function winnerSeconds(race: RaceRecord): number {
  const effortKm = race.distanza_km + race.dislivello_m / 100
  return effortKm * (150 + 45 * Math.log(effortKm / 10))
}

function rankingOf(rng: Rng, race: RaceRecord, entrants: readonly EntrantRecord[], sure: ReadonlySet<number>): RankingRecord[] {
  const fastest = winnerSeconds(race)
  // The last finishers come in just before the time limit; most of the field sits in its first half.
  const spread = 0.97 * race.tempo_limite_ore * HOUR_S - fastest
  const finishers = entrants
    .filter((entrant) => sure.has(entrant.pettorale) || rng.chance(FINISH_RATE[race.tipo_percorso]))
    .map((entrant) => {
      const bell = (rng.next() + rng.next() + rng.next()) / 3
      return { entrant, tempo_s: Math.round(fastest + spread * bell ** 1.5) }
    })
    .sort((a, b) => a.tempo_s - b.tempo_s || a.entrant.pettorale - b.entrant.pettorale)
  const winner = finishers[0]?.tempo_s ?? 0
  return finishers.map(({ entrant, tempo_s }, index) => ({
    race_id: race.id,
    posizione: index + 1,
    pettorale: entrant.pettorale,
    athlete_id: entrant.athlete_id,
    nome: entrant.nome,
    nazionalita: entrant.nazionalita,
    categoria: entrant.categoria,
    tempo_s,
    distacco_s: tempo_s - winner,
  }))
}

/**
 * Everyone entered in a race, with bibs 1..iscritti, personas on the bibs their enrolments hold;
 * and the ranking once the time limit has passed, where the personas all finished.
 */
export function fieldOf(race: RaceRecord): { entrants: EntrantRecord[]; ranking: RankingRecord[] } {
  if (race.id === SEED_RACE_IDS.crowd) return { entrants: [], ranking: [] }
  const rng = createRng(race.id)
  const personas = new Map(
    ENROLMENTS.flatMap(({ raceId, bib, paid, athleteId }) =>
      raceId === race.id && paid && bib !== null ? [[bib, athleteId] as const] : [],
    ),
  )
  const entrants = Array.from({ length: race.iscritti }, (_, index): EntrantRecord => {
    const pettorale = index + 1
    const athleteId = personas.get(pettorale)
    const entrant = athleteId === undefined ? generatedEntrant(rng, race) : personaEntrant(athleteId, race)
    return { race_id: race.id, pettorale, ...entrant }
  })
  const finished = Date.parse(race.data_evento) + race.tempo_limite_ore * HOUR_MS <= SEED_NOW_MS
  const ranking = finished ? rankingOf(rng, race, entrants, new Set(personas.keys())) : []
  return { entrants, ranking }
}

/**
 * The entrant row of a simulated athlete who paid a place (the seeded rush's others, mocks/queue.ts):
 * a generated name, the same for the same athlete.
 */
export function simulatedEntrant(race: RaceRecord, athleteId: number): Entrant {
  return generatedEntrant(createRng(athleteId), race)
}

let crowd: readonly EntrantRecord[] | undefined

/**
 * The festival race's 20,000 entrants (bibs 1..20,000), the same on every call: generated once, on
 * the first request for them, and never written to the database, since loading them would slow the
 * reset before every test by a quarter of a second. New enrolments in that race are database
 * records, with bibs after these.
 */
export function crowdEntrants(race: RaceRecord): readonly EntrantRecord[] {
  if (!crowd) {
    const rng = createRng(race.id)
    crowd = Array.from({ length: CROWD_SIZE }, (_, index) => ({ race_id: race.id, pettorale: index + 1, ...generatedEntrant(rng, race) }))
  }
  return crowd
}
