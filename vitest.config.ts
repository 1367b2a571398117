import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{spec,scripts,server,client,contract-tests}/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Prints which operations and (operation, status) pairs the contract tests exercised.
    globalSetup: ['contract-tests/support/global-setup.ts'],
  },
});
