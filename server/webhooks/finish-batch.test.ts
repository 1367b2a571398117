/**
 * The statements deliveries share (`beginAttempts`, `finishAttempts`): several attempts started in one statement,
 * their outcomes recorded in one with the endpoint counted once per batch in the order of the attempts, and each
 * delivery job settled with its outcome only while its worker still holds it. On every engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claim } from '../jobs/sql/claim';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { beginAttempts, finishAttempts, type AttemptOutcome } from './dispatches-repo';

const ok = (ms = 5): AttemptOutcome => ({ status: 'succeeded', responseStatusCode: 204, responseBody: null, responseTimeMs: ms, lastError: null, nextAttemptAt: null });
const failed = (next: Date): AttemptOutcome => ({ status: 'pending', responseStatusCode: 500, responseBody: 'no', responseTimeMs: 5, lastError: 'httpStatus', nextAttemptAt: next });

describe.each(ENGINES)('batched delivery statements on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    // Nothing delivers by itself: the test plays the worker. The receiver's address is never called.
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000' }, { worker: 'off' });
  });
  afterAll(async () => svc?.close());

  /** A merchant with an endpoint and `n` customer.created events: their dispatches and delivery jobs, claimed by `workerId`. */
  async function deliveries(n: number, workerId: string) {
    const { sandboxKey } = await svc.newMerchant();
    const res = await svc.call('/v1/webhooks', { method: 'POST', key: sandboxKey, json: { name: 'Batch', endpoint: 'http://127.0.0.1:9/hooks', events: ['customer.created'] } });
    expect(res.status).toBe(201);
    const endpointId = ((await res.json()) as { id: string }).id;
    for (let i = 0; i < n; i++) {
      const c = await svc.call('/v1/customers', { method: 'POST', key: sandboxKey, json: { firstName: 'Ana', lastName: `Lima ${i}`, email: `ana${i}@example.com` } });
      expect(c.status).toBe(201);
    }
    const jobs = await claim(svc.db, { workerId, leaseSeconds: 30, limit: 100, kinds: ['webhook.deliver'] });
    const mine = await svc.db.query<{ id: string; job_id: string }>(
      `SELECT d.id, j.id AS job_id FROM webhook_dispatches d JOIN jobs j ON j.payload->>'dispatchId' = d.id
        WHERE d.endpoint_id = $1 ORDER BY d.seq`,
      [endpointId],
    );
    expect(mine.rows).toHaveLength(n);
    expect(jobs.map((j) => j.id)).toEqual(expect.arrayContaining(mine.rows.map((r) => r.job_id)));
    return { endpointId, dispatches: mine.rows };
  }

  it('starts several attempts in one statement and settles each job only while its worker holds it', async () => {
    const { endpointId, dispatches } = await deliveries(3, 'w-a');
    const starts = await beginAttempts(svc.db, dispatches.map((d) => d.id), 8, new Date());
    expect(starts.map((s) => s.kind)).toEqual(['started', 'started', 'started']);
    // The third job's lease ran out and another worker took it over (before it began its own attempt).
    await svc.db.query(`UPDATE jobs SET locked_by = 'w-b' WHERE id = $1`, [dispatches[2]!.job_id]);
    const t = Date.now();
    const next = new Date(t + 60_000);
    const out = await finishAttempts(svc.db, [
      { dispatchId: dispatches[0]!.id, attempt: 1, outcome: ok(), at: new Date(t), endpointId, job: { id: dispatches[0]!.job_id, workerId: 'w-a' } },
      { dispatchId: dispatches[1]!.id, attempt: 1, outcome: failed(next), at: new Date(t + 1), endpointId, job: { id: dispatches[1]!.job_id, workerId: 'w-a' } },
      { dispatchId: dispatches[2]!.id, attempt: 1, outcome: ok(), at: new Date(t + 2), endpointId, job: { id: dispatches[2]!.job_id, workerId: 'w-a' } },
    ]);
    expect(out.map((o) => [o.dispatch?.status, o.jobSettled])).toEqual([['succeeded', true], ['pending', true], ['succeeded', false]]);
    const jobs = await svc.db.query<{ id: string; status: string; locked_by: string | null; attempts: number; run_at: Date }>(
      'SELECT id, status, locked_by, attempts, run_at FROM jobs WHERE id = ANY($1)',
      [dispatches.map((d) => d.job_id)],
    );
    const byId = new Map(jobs.rows.map((r) => [r.id, r]));
    expect(byId.get(dispatches[0]!.job_id)).toMatchObject({ status: 'done', locked_by: null });
    // A receiver's failure is not the job's: pending again at the dispatch's next attempt, the claim given back.
    expect(byId.get(dispatches[1]!.job_id)).toMatchObject({ status: 'pending', locked_by: null, attempts: 0 });
    expect(byId.get(dispatches[1]!.job_id)!.run_at.getTime()).toBe(next.getTime());
    // The worker that lost the lease did not settle the job another worker holds now.
    expect(byId.get(dispatches[2]!.job_id)).toMatchObject({ status: 'running', locked_by: 'w-b' });
    // Counted once for the batch, in the order of the attempts: the last one succeeded, so the endpoint is not failing.
    const ep = await svc.db.query<{ shots_qty: number; failed_shots_qty: number; failing_since: Date | null }>(
      'SELECT shots_qty, failed_shots_qty, failing_since FROM webhook_endpoints WHERE id = $1',
      [endpointId],
    );
    expect(ep.rows[0]).toEqual({ shots_qty: 3, failed_shots_qty: 1, failing_since: null });
  });

  it('records an answer holding NUL characters (a binary body) without failing the batch it shares', async () => {
    const { endpointId, dispatches } = await deliveries(2, 'w-n');
    await beginAttempts(svc.db, dispatches.map((d) => d.id), 8, new Date());
    const binary: AttemptOutcome = { ...ok(), responseStatusCode: 200, responseBody: 'gz\u0000\u0001body\u0000' };
    const t = Date.now();
    const out = await finishAttempts(svc.db, [
      { dispatchId: dispatches[0]!.id, attempt: 1, outcome: binary, at: new Date(t), endpointId, job: { id: dispatches[0]!.job_id, workerId: 'w-n' } },
      { dispatchId: dispatches[1]!.id, attempt: 1, outcome: ok(), at: new Date(t + 1), endpointId, job: { id: dispatches[1]!.job_id, workerId: 'w-n' } },
    ]);
    expect(out.map((o) => [o.dispatch?.status, o.jobSettled])).toEqual([['succeeded', true], ['succeeded', true]]);
    const d = await svc.db.query<{ response_body: string }>('SELECT response_body FROM webhook_dispatches WHERE id = $1', [dispatches[0]!.id]);
    expect(d.rows[0]!.response_body).toBe('gz\u0001body');
  });

  it('an attempt no longer the dispatch\'s records nothing, and its job is done', async () => {
    const { endpointId, dispatches } = await deliveries(1, 'w-c');
    await beginAttempts(svc.db, [dispatches[0]!.id], 8, new Date());
    await svc.db.query(`UPDATE webhook_dispatches SET status = 'canceled' WHERE id = $1`, [dispatches[0]!.id]);
    const [out] = await finishAttempts(svc.db, [
      { dispatchId: dispatches[0]!.id, attempt: 1, outcome: ok(), at: new Date(), endpointId, job: { id: dispatches[0]!.job_id, workerId: 'w-c' } },
    ]);
    expect(out).toEqual({ dispatch: null, endpoint: null, jobSettled: true });
    const d = await svc.db.query<{ status: string }>('SELECT status FROM webhook_dispatches WHERE id = $1', [dispatches[0]!.id]);
    expect(d.rows[0]!.status).toBe('canceled');
    const ep = await svc.db.query<{ shots_qty: number }>('SELECT shots_qty FROM webhook_endpoints WHERE id = $1', [endpointId]);
    expect(ep.rows[0]!.shots_qty).toBe(0);
  });

  it('failing since the first failure after the batch\'s last success; since before the batch when none succeeded', async () => {
    const { endpointId, dispatches } = await deliveries(4, 'w-d');
    await beginAttempts(svc.db, dispatches.map((d) => d.id), 8, new Date());
    const t = Date.now();
    const next = new Date(t + 60_000);
    const at = (i: number) => new Date(t + i * 1000);
    // Given out of order: the order that counts is the attempts' time. fail, ok, fail, fail → failing since the third.
    const order = [3, 0, 2, 1];
    const outcomes = [failed(next), ok(), failed(next), failed(next)];
    await finishAttempts(svc.db, order.map((i) => ({ dispatchId: dispatches[i]!.id, attempt: 1, outcome: outcomes[i]!, at: at(i), endpointId, job: null })));
    const read = async () =>
      (await svc.db.query<{ shots_qty: number; failed_shots_qty: number; failing_since: Date | null }>(
        'SELECT shots_qty, failed_shots_qty, failing_since FROM webhook_endpoints WHERE id = $1',
        [endpointId],
      )).rows[0]!;
    expect(await read()).toEqual({ shots_qty: 4, failed_shots_qty: 3, failing_since: at(2) });
    // Without a job to settle, the jobs stay as they are (their runner settles them).
    const running = await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE id = ANY($1) AND status = 'running'`, [dispatches.map((d) => d.job_id)]);
    expect(running.rows[0]!.n).toBe(4);
    // A later batch of failures only keeps the streak's start.
    await beginAttempts(svc.db, [dispatches[0]!.id], 8, new Date(t + 120_000));
    await finishAttempts(svc.db, [{ dispatchId: dispatches[0]!.id, attempt: 2, outcome: failed(next), at: at(10), endpointId, job: null }]);
    expect(await read()).toEqual({ shots_qty: 5, failed_shots_qty: 4, failing_since: at(2) });
  });
});
