import type { HttpHandler } from 'msw'
import type { MockContext } from '../handler'
import { accountHandlers } from './account'
import { athleteHandlers } from './athlete'
import { authHandlers } from './auth'
import { experienceHandlers } from './experience'
import { fileHandlers } from './files'
import { paymentHandlers } from './payments'
import { raceHandlers } from './races'

export function createHandlers(ctx: MockContext): HttpHandler[] {
  return [
    ...authHandlers(ctx),
    ...accountHandlers(ctx),
    ...athleteHandlers(ctx),
    ...fileHandlers(ctx),
    ...raceHandlers(ctx),
    ...paymentHandlers(ctx),
    ...experienceHandlers(ctx),
  ]
}
