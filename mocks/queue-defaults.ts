import { hexOf } from '../contracts/hex'

/**
 * The waiting room's lengths by default (decision 037 says why): an admission lasts 5 minutes and
 * a held place 10. The room opens half an hour before registration (the seeded rush's 10:30 for
 * 11:00); the admission rate is the race's own (`ammissioni_al_minuto`): what the organiser's
 * backend and provider can take.
 */
export const ADMISSION_S = 300
export const HOLD_S = 600

/**
 * A room's draw seed: 32 random bytes from the platform's cryptographic generator, in hex, drawn
 * when the room is made (decision 037, amended). Never derived from the race: a seed anyone can
 * guess lets whoever opens accounts keep the one whose ticket draws first.
 */
export function newRoomSeed(): string {
  return hexOf(crypto.getRandomValues(new Uint8Array(32)))
}
