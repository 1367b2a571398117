import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const ALL = '{spec,scripts,server,client,cli,contract-tests,bench}/**/*.test.ts';
// Files that replace a module with `vi.mock`: the replacement holds only in a process that has not loaded the module.
const MOCKING = ['server/webhooks/sender.test.ts', 'server/webhooks/sender-failures.test.ts'];

/**
 * The files that take longest (each over 40 s on a quiet CI machine, slowest first: `.ci/run`'s log lists every
 * file's time): they start first, so the run does not end with one of them alone on a worker while the others idle.
 * Without its duration cache (a fresh clone) vitest starts large files first, and these are mostly small ones that
 * spend their time in child processes: the one started last decided the run's end by a minute and more.
 */
const SLOW_FIRST = [
  'bench/smoke.test.ts',
  'server/main-settings.test.ts',
  'server/admin.test.ts',
  'server/main.test.ts',
  'server/http/pages/checkout-form.browser.test.ts',
  'contract-tests/fuzz.test.ts',
  'server/db/lock.test.ts',
  'client/test/pack.test.ts',
  'server/http/pages/checkout.browser.test.ts',
  'server/http/dashboard/dashboard.browser.test.ts',
  'server/domain/transactions/races.test.ts',
  'cli/test/pack.test.ts',
  'scripts/code-samples.test.ts',
  'server/domain/ledger/backfill.test.ts',
  'server/domain/withdrawals/payout.test.ts',
];

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((name) => f.moduleId.endsWith(`/${name}`));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    // A stable sort: the rest keep vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

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
    sequence: { sequencer: SlowFirst },
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
