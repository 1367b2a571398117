/**
 * Which (operationId, status) pairs the contract tests exercised. Each test file records its calls in memory and,
 * in its `afterAll`, appends them to a JSON-lines file in the run's temporary folder (named by the global setup);
 * the global setup's teardown reads them back and prints the summary (`summary.ts`).
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { OperationId } from '../../generated/operations';
import { COVERAGE_FILE, type CoverageRecord } from './summary';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Temporary folder of this run where test files append their coverage records. */
    contractCoverageDir: string;
  }
}

const calls = new Map<string, [OperationId, number]>();

export function recordCall(operationId: OperationId, status: number): void {
  calls.set(`${operationId} ${status}`, [operationId, status]);
}

/** The folder named by the global setup, or undefined when it is not registered (nothing is written then). */
function coverageDir(): string | undefined {
  try {
    return inject('contractCoverageDir') || process.env.CONTRACT_COVERAGE_DIR || undefined;
  } catch {
    return process.env.CONTRACT_COVERAGE_DIR || undefined;
  }
}

/** Appends this file's calls to the run's coverage file; call it from each test file's `afterAll`. */
export function flushCoverage(file: string): void {
  const dir = coverageDir();
  if (!dir || calls.size === 0) return;
  const record: CoverageRecord = { file, calls: [...calls.values()] };
  // One write of one line with O_APPEND: lines of test files running in parallel do not interleave.
  appendFileSync(join(dir, COVERAGE_FILE), `${JSON.stringify(record)}\n`);
  calls.clear();
}
