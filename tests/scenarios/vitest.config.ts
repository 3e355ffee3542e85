import { defineConfig } from 'vitest/config'

/**
 * The scenario tests run on their own (`npm run test:coverage:machines`), so the coverage they
 * record is theirs alone; `npm run test:unit` leaves them out (vite.config.ts).
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/scenarios/**/*.scenarios.test.ts'],
    setupFiles: ['tests/setup/vitest.setup.ts'],
    restoreMocks: true,
  },
})
