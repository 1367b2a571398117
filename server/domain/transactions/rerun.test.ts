/**
 * A worker killed mid-charge with the fallback test card (the first route unavailable, the second acting and then
 * never answering): the run wrote "route unavailable; trying the next one" before it died, and the run that takes
 * the job over meets the same unavailable route in the same round. The entry reports one fact, and is written once.
 * The death is played in-process (a claim that is never settled), on every engine.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/types';
import { claim } from '../../jobs/sql/claim';
import type { PaymentRoutes } from '../../payments/orchestrator';
import { sandboxAntiFraud, sandboxVault } from '../../payments/sandbox/cards';
import { sandboxProvider } from '../../payments/sandbox/provider';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { cardBody, eventTypes, hangingFirstAuthorize, providerOperations, TEST_CARDS, timelineOf, type Transaction } from '../../testing/payments';
import { processTransaction } from './processing';

describe.each(ENGINES)('a charge re-run after a crash, on $name', (engine) => {
  let svc: TestService;
  /** The fallback route's first authorization acts and then never answers: its worker is as good as dead. */
  const routes = (db: Db): PaymentRoutes => {
    return {
      providers: [sandboxProvider(db, 'sandbox'), hangingFirstAuthorize(sandboxProvider(db, 'sandbox-fallback'))],
      vaults: { sandbox: sandboxVault },
      antifraud: { sandbox: sandboxAntiFraud },
    };
  };
  beforeAll(async () => {
    svc = await startTestService(engine, { JOB_LEASE_SECONDS: '1', PROVIDER_TIMEOUT_MS: '3600000' }, { routes });
  });
  afterAll(async () => svc?.close());
  afterEach(() => expectLedgerConsistent(svc.db));

  it('writes the "route unavailable" entry of the round once, and charges once', async () => {
    const res = await svc.call('/v1/transactions', { method: 'POST', json: cardBody(TEST_CARDS.fallback) });
    const { id } = (await res.json()) as { id: string };
    const [job] = await claim(svc.db, { workerId: 'doomed', leaseSeconds: 1, limit: 1 });
    expect(job?.payload).toEqual({ transactionId: id });
    void processTransaction(svc.payments, id); // the doomed run: notes the first route down, the second charges, silence
    const deadline = Date.now() + 20_000;
    while ((await providerOperations(svc.db, id)).authorize !== 1) {
      if (Date.now() > deadline) throw new Error('the fallback route never acted');
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 1100)); // the lease of the dead worker runs out
    expect(await svc.drain()).toBe(1);

    const t = (await (await svc.call(`/v1/transactions/${id}`)).json()) as Transaction;
    expect(timelineOf(t)).toEqual(['status:null>pending', 'route:sandbox:unavailable', 'route:sandbox-fallback:authorized', 'status:pending>approved']);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1 });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.approved']);
  });
});
