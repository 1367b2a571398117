import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{spec,scripts,server,client,contract-tests}/**/*.test.ts'],
    testTimeout: 30_000,
    // Most suites wait (on a real database, child processes, provider time-outs) more than they compute: with the
    // default (one worker below the core count, so one on a 2-core machine) the run is serial and mostly idle.
    maxWorkers: 3,
    hookTimeout: 90_000,
    // The migrated PGlite snapshot test databases start from; then the contract tests' coverage report.
    // Prints which operations and (operation, status) pairs the contract tests exercised.
    globalSetup: ['server/testing/global-setup.ts', 'contract-tests/support/global-setup.ts'],
  },
});
