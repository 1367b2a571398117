/**
 * One describe block's service over the flaky routes: started before the block (1 s provider time-out), switches
 * reset before each test, the ledger checked after each (whatever the scenario broke, the books add up), closed after.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { Orchestrator } from '../payments/orchestrator';
import { flakyRoutes, switches, type Switches } from './flaky-provider';
import { startTestService, type ENGINES, type TestService } from './harness';
import { expectLedgerConsistent } from './ledger';

export interface FlakySuite {
  s: Switches;
  svc(): TestService;
  /** The engine with a provider time-out longer than the test: a call that never answers stays out for good. */
  patient(): TestService['payments'];
}

export function flakySuite(engine: (typeof ENGINES)[number], env: Record<string, string> = {}): FlakySuite {
  const s = switches();
  let svc: TestService | undefined;
  const current = () => {
    if (!svc) throw new Error('the flaky suite has not started');
    return svc;
  };
  beforeAll(async () => {
    svc = await startTestService(
      engine,
      { PROVIDER_TIMEOUT_MS: '1000', RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000', ...env },
      { routes: flakyRoutes(s) },
    );
  });
  afterAll(async () => svc?.close());
  afterEach(async () => expectLedgerConsistent(current().db));
  beforeEach(() => {
    s.ops = {};
    s.calls.length = 0;
  });
  return {
    s,
    svc: current,
    patient: () => {
      const { payments } = current();
      return { ...payments, orchestrator: new Orchestrator(payments.orchestrator.routes, 3_600_000) };
    },
  };
}
