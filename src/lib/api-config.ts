import { SECOND_MS } from '../../contracts/time'

/*
 * The API client's settings, apart from the client (api-client.ts) so the first page can set them
 * without loading the contracts and zod the client validates with.
 */

export interface ApiClientConfig {
  /** Base URL of the organiser's API, '' for same origin. */
  baseUrl: string
  /** The portal's fixed OAuth client, for the password grant's Basic header. */
  clientId: string
  clientSecret: string
  getToken: () => string | null
  /** A Bearer call was refused: the session is no longer valid on the server. */
  onUnauthorized: (operation: string) => void
  /** How long a call may wait for its answer before it counts as lost. */
  timeoutMs: number
  /** Uploads get longer: this much more per byte sent (a slow mountain uplink, about 0.5 Mbit/s). */
  uploadMsPerByte: number
}

let config: ApiClientConfig = {
  baseUrl: '',
  clientId: '',
  clientSecret: '',
  getToken: () => null,
  onUnauthorized: () => {},
  timeoutMs: 20 * SECOND_MS,
  uploadMsPerByte: 1 / 64,
}

export function configureApiClient(next: Partial<ApiClientConfig>): void {
  config = { ...config, ...next }
}

/** The settings in force, for the client. */
export function apiConfig(): ApiClientConfig {
  return config
}
