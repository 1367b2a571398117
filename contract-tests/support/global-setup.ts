/**
 * Vitest global setup of the contract tests: names a fresh temporary folder for the coverage records of this run
 * and, at the end of the run, prints which operations and (operation, status) pairs were exercised.
 * Registered with `globalSetup: ['contract-tests/support/global-setup.ts']` in `vitest.config.ts`.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { COVERAGE_FILE, summarize, type CoverageRecord } from './summary';

export function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'contract-coverage-'));
  project.provide('contractCoverageDir', dir);
  return () => {
    const file = join(dir, COVERAGE_FILE);
    if (existsSync(file)) {
      const records = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as CoverageRecord);
      console.log(summarize(records));
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
