/** The ledger's invariant as a test's closing check: after any scenario, however it failed, the books add up. */
import { expect } from 'vitest';
import type { Queryable } from '../db/types';
import { verifyLedger } from '../domain/ledger/verify';

export async function expectLedgerConsistent(db: Queryable): Promise<void> {
  expect(await verifyLedger(db)).toEqual([]);
}
