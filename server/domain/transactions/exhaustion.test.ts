/**
 * A charge whose background job runs out of attempts: it ends `failed` (`processingFailed`) with one
 * `transaction.failed` event, whatever a route may hold under its keys is voided, the job is listed as dead and an
 * operator's retry runs it again without doing anything twice. On every engine.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/types';
import { listDeadJobs, retryDeadJob } from '../../jobs/dead';
import type { PaymentRoutes } from '../../payments/orchestrator';
import type { PaymentProvider } from '../../payments/provider';
import { sandboxAntiFraud, sandboxVault } from '../../payments/sandbox/cards';
import { sandboxProvider } from '../../payments/sandbox/provider';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { cardBody, eventTypes, providerOperations, TEST_CARDS, type Transaction } from '../../testing/payments';

/** A sandbox route that, while `broken.on`, never answers anything: not the charge, not its void. */
function breakable(db: Db, id: 'sandbox' | 'sandbox-fallback', broken: { on: boolean }): PaymentProvider {
  const real = sandboxProvider(db, id);
  const gate = <T>(run: () => Promise<T>): Promise<T> => (broken.on ? new Promise<T>(() => undefined) : run());
  return {
    ...real,
    authorize: (req) => gate(() => real.authorize(req)),
    cancel: (req) => gate(() => real.cancel(req)),
  };
}

describe.each(ENGINES)('a charge job that runs out of attempts, on $name', (engine) => {
  let svc: TestService;
  const broken = { on: false };
  const routes = (db: Db): PaymentRoutes => ({
    providers: [breakable(db, 'sandbox', broken), breakable(db, 'sandbox-fallback', broken)],
    vaults: { sandbox: sandboxVault },
    antifraud: { sandbox: sandboxAntiFraud },
  });
  beforeAll(async () => {
    svc = await startTestService(engine, { PROVIDER_TIMEOUT_MS: '50', RATE_LIMIT_POLL_POINTS: '100000' }, { routes });
  });
  afterAll(async () => svc?.close());
  beforeEach(() => {
    broken.on = false;
  });

  async function create(body: unknown): Promise<string> {
    const res = await svc.call('/v1/transactions', { method: 'POST', json: body });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }
  const read = async (id: string) => (await (await svc.call(`/v1/transactions/${id}`)).json()) as Transaction;
  const processJob = async (id: string) =>
    (await svc.db.query<{ id: string; status: string; attempts: number; max_attempts: number }>(
      `SELECT id, status, attempts, max_attempts FROM jobs WHERE kind = 'transaction.process' AND payload->>'transactionId' = $1`, [id])).rows[0]!;

  /** Runs every attempt now instead of after its backoff, until the jobs of `id` have settled one way or the other. */
  async function exhaust(id: string): Promise<void> {
    for (let i = 0; i < 15; i++) {
      await svc.drain();
      const res = await svc.db.query(`UPDATE jobs SET run_at = now() WHERE status = 'pending' AND payload->>'transactionId' = $1`, [id]);
      if (res.rowCount === 0) return;
    }
  }

  it('the charge ends failed (processingFailed) with one event; its keys are voided; the dead job is listed and retried', async () => {
    broken.on = true; // the first route neither answers nor can be voided: every attempt of the job throws
    const id = await create(cardBody());
    // Only this charge's job may run out: a shorter budget keeps the test quick (the default is 10).
    await svc.db.query(`UPDATE jobs SET max_attempts = 3 WHERE kind = 'transaction.process' AND payload->>'transactionId' = $1`, [id]);
    for (let i = 0; i < 3; i++) {
      expect((await read(id)).status).toBe('pending');
      await svc.drain();
      await svc.db.query(`UPDATE jobs SET run_at = now() WHERE status = 'pending' AND payload->>'transactionId' = $1`, [id]);
    }
    const t = await read(id);
    expect(t.status).toBe('failed');
    expect(t.payment.refused).toEqual({ code: 'processingFailed', message: expect.any(String), provider: 'payorch' });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.failed']);
    expect(await processJob(id)).toMatchObject({ status: 'failed', attempts: 3 });

    const dead = await listDeadJobs(svc.db, { kind: 'transaction.process' });
    expect(dead.find((j) => j.payloadSummary === `transactionId=${id}`)).toMatchObject({
      kind: 'transaction.process', attempts: 3, lastError: expect.stringContaining('cannot be voided'),
    });

    // Each route, round 0: told to void whatever it may hold, once it can be reached again.
    const voids = await svc.db.query<{ payload: { key: string } }>(`SELECT payload FROM jobs WHERE kind = 'transaction.void' AND payload->>'transactionId' = $1`, [id]);
    expect(voids.rows.map((r) => r.payload.key).sort()).toEqual([`${id}:authorize:sandbox-fallback:0`, `${id}:authorize:sandbox:0`]);
    broken.on = false;
    await exhaust(id);
    expect(await providerOperations(svc.db, id)).toEqual({ cancel: 2 });

    // The operator's retry: the job runs again and finds the charge ended; nothing is charged, nothing sent twice.
    const job = await processJob(id);
    await retryDeadJob(svc.db, job.id);
    await svc.drain();
    expect(await processJob(id)).toMatchObject({ status: 'done', attempts: 1 });
    expect((await read(id)).status).toBe('failed');
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.failed']);
    expect(await providerOperations(svc.db, id)).toEqual({ cancel: 2 });
  });

  it('an anti-fraud review job that runs out fails the charge from fraud-review the same way', async () => {
    broken.on = true;
    const id = await create(cardBody(TEST_CARDS.review)); // screen → analysis → review clears → the route breaks
    await svc.drain();
    expect((await read(id)).status).toBe('fraud-review');
    await svc.db.query(
      `UPDATE jobs SET max_attempts = 2, run_at = now() WHERE kind = 'transaction.analysis' AND status = 'pending' AND payload->>'transactionId' = $1`, [id]);
    await svc.drain();
    const t = await read(id);
    expect(t).toMatchObject({ status: 'failed', payment: { refused: { code: 'processingFailed' } } });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.analyzing', 'transaction.fraud-review', 'transaction.failed']);
  });
});
