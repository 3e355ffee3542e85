interface ImportMetaEnv {
  /** Base URL of the organiser's API; empty for the same origin. */
  readonly VITE_API_BASE_URL?: string
  /**
   * 'false' turns the simulated backend off; 'server' is the QA build against a shared
   * `npm run mock:server` started for QA (the controls panel over HTTP, no backend in the page).
   */
  readonly VITE_API_MOCK?: string
  readonly VITE_OAUTH_CLIENT_ID?: string
  readonly VITE_OAUTH_CLIENT_SECRET?: string
  readonly VITE_PRIVACY_POLICY_URL?: string
}

interface Window {
  /** A GET src/first-paint.js sent before the app's code loaded; the API client takes it once. */
  pettoraleEarlyAnswer?: { url: string; answer: Promise<Response> }
}
