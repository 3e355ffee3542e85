import { defineConfig } from 'vitest/config'

/**
 * The tests Stryker runs against each mutant (`npm run test:mutation`): the logic tests and the
 * machines' scenario tests, all in Node. The screens' tests render through React and happy-dom and
 * would make every mutant of a machine cost seconds; what they add over these is the view, not the rule.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['{contracts,machines,mocks}/**/*.test.ts', 'tests/scenarios/**/*.scenarios.test.ts'],
    setupFiles: ['tests/setup/vitest.setup.ts'],
    restoreMocks: true,
  },
})
