/**
 * The authorization window: the route acts and its answer is lost (the run dies, or the call times out). Every
 * authorization is an operation row written before the call; a re-run asks the same key and closes the same row,
 * and a route that timed out is voided (its own `void` operation) before the next round: charged once, one operation
 * per key, each in a final state. Each test ends with `svc.db` at hand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { operationsOf } from '../../payments/operations';
import { authorizeKey } from '../../payments/orchestrator';
import { ENGINES, type TestService } from '../../testing/harness';
import { flakySuite } from '../../testing/flaky-suite';
import { cardBody, eventTypes, providerOperations } from '../../testing/payments';
import { transactionsApi } from '../../testing/transactions-api';
import { processTransaction } from './processing';

describe.each(ENGINES)('authorizations whose answer is lost, on $name', (engine) => {
  const suite = flakySuite(engine, { ROUTE_RETRY_SECONDS: '0,0' });
  const { s, patient } = suite;
  let svc: TestService;
  beforeAll(() => {
    svc = suite.svc();
  });
  const api = transactionsApi(() => svc);

  async function ops(id: string) {
    return (await operationsOf(svc.db, id)).map((o) => ({ kind: o.kind, key: o.idempotency_key, state: o.state, attempts: o.attempts }));
  }

  it('the run dies after the route authorized: the re-run gets the same answer and closes the same operation', async () => {
    const id = await api.create(cardBody());
    s.ops.authorize = 'act-then-hang';
    void processTransaction(patient(), id).catch(() => undefined); // the doomed run: never answered
    await until(async () => (await providerOperations(svc.db, id)).authorize === 1);
    const key = authorizeKey(id, 'sandbox', 0);
    expect(await ops(id)).toEqual([{ kind: 'authorize', key, state: 'started', attempts: 1 }]);
    expect((await api.read(id)).status).toBe('pending');

    s.ops.authorize = 'up';
    await processTransaction(patient(), id); // the job run again once the dead run's lease is out
    await svc.drain();
    const t = await api.read(id);
    expect(t.status).toBe('approved');
    expect(t.receivables).toHaveLength(1);
    expect(await ops(id)).toEqual([{ kind: 'authorize', key, state: 'succeeded', attempts: 2 }]);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1 });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.approved']);
  });

  it('the call times out after the route authorized: voided under its own operation, the next round charges once', async () => {
    const id = await api.create(cardBody());
    s.ops.authorize = 'act-then-hang';
    const first = await processTransaction(svc.payments, id); // times out, voids the route, finds no other: retry
    expect(first).toMatchObject({ retryAt: expect.any(Date) });
    expect((await api.read(id)).status).toBe('awaiting');
    const round0 = authorizeKey(id, 'sandbox', 0);
    expect(await ops(id)).toEqual([
      { kind: 'authorize', key: round0, state: 'failed', attempts: 1 },
      { kind: 'void', key: `${round0}:void`, state: 'succeeded', attempts: 1 },
    ]);

    s.ops.authorize = 'up';
    await processTransaction(patient(), id);
    await svc.drain();
    const t = await api.read(id);
    expect(t.status).toBe('approved');
    expect(t.receivables).toHaveLength(1);
    const round1 = authorizeKey(id, 'sandbox', 1);
    expect(await ops(id)).toEqual([
      { kind: 'authorize', key: round0, state: 'failed', attempts: 1 },
      { kind: 'void', key: `${round0}:void`, state: 'succeeded', attempts: 1 },
      { kind: 'authorize', key: round1, state: 'succeeded', attempts: 1 },
    ]);
    // The voided authorization was canceled at the provider; the charge stands on the second one alone.
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 2, cancel: 1 });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.awaiting', 'transaction.approved']);
  });

  it('a route that says it cannot take the charge: its operation failed at once, nothing voided', async () => {
    const id = await api.create(cardBody());
    s.ops.authorize = 'down';
    expect(await processTransaction(svc.payments, id)).toMatchObject({ retryAt: expect.any(Date) });
    expect(await ops(id)).toEqual([{ kind: 'authorize', key: authorizeKey(id, 'sandbox', 0), state: 'failed', attempts: 1 }]);
    expect(await providerOperations(svc.db, id)).toEqual({});
  });
});

/** Waits for `check` to hold; fails after 20 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
