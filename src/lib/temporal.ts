// Global `Temporal` types come from the polyfill's spec package, so code can use `Temporal.*`
// whether the runtime is native (Chromium) or polyfilled (Node 20, older browsers).
/// <reference types="temporal-polyfill/types/global" />

/**
 * Makes `globalThis.Temporal` available. The app awaits this once before rendering, so the rest of
 * the code can use `Temporal` synchronously. The polyfill is a dynamic import so browsers with a
 * native Temporal never download it (performance budget, DESIGN.md section 9).
 */
export async function ensureTemporal(): Promise<void> {
  if ('Temporal' in globalThis) return
  const { Temporal } = await import('temporal-polyfill')
  Object.defineProperty(globalThis, 'Temporal', { value: Temporal, configurable: true, writable: true })
}
