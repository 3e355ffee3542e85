/** What wouter and @xstate/react import from `use-sync-external-store/shim` (vite.config.ts aliases it here). */
export { useSyncExternalStore } from 'react'
