import { defineConfig } from 'vitest/config';

const ALL = '{spec,scripts,server,client,cli,contract-tests,bench}/**/*.test.ts';
// Files that replace a module with `vi.mock`: the replacement holds only in a process that has not loaded the module.
const MOCKING = ['server/webhooks/sender.test.ts', 'server/webhooks/sender-failures.test.ts'];

export default defineConfig({
  // tsconfig.json's paths: the CLI's tests and modules import the client by its package name, which names the
  // client's sources here (the workspace link would name its build, dist/, absent until built).
  resolve: { tsconfigPaths: true },
  test: {
    // Generous on purpose: a test that passes waits for conditions, never for these; they only bound a test that hangs,
    // and a loaded machine (load average 8 on 2 cores) must not turn a slow pass into a failure.
    testTimeout: 120_000,
    // Most suites wait (on a real database, child processes, provider time-outs) more than they compute: with the
    // default (one worker below the core count, so one on a 2-core machine) the run is serial and mostly idle.
    maxWorkers: 3,
    hookTimeout: 180_000,
    // No process a test starts outlives it: what a file left running is killed when the file ends, and every Node.js
    // process the tests start loads the orphan guard, which ends it once its parent is gone (server/testing/children.ts).
    setupFiles: ['server/testing/children-setup.ts'],
    // The migrated PGlite snapshot test databases start from; then the contract tests' coverage report.
    // Prints which operations and (operation, status) pairs the contract tests exercised.
    globalSetup: ['server/testing/global-setup.ts', 'contract-tests/support/global-setup.ts'],
    projects: [
      {
        extends: true,
        // Test files share their worker processes: what every file would load and compile again (the spec's
        // validators, the database engine's WebAssembly) is loaded once per worker. Each file still gets its own
        // services and databases.
        test: { name: 'shared', include: [ALL], exclude: MOCKING, isolate: false },
      },
      { extends: true, test: { name: 'mocking', include: MOCKING, isolate: true } },
    ],
  },
});
