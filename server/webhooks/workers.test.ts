/**
 * Webhook delivery by several worker processes on one PostgreSQL: two workers share a few hundred events and
 * deliver each exactly once; a worker killed mid-delivery leaves the dispatch to another worker after its lease.
 * PostgreSQL only (PGlite is one process's database).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { POSTGRES, requirePostgres, startTestService, type TestService } from '../testing/harness';
import { startReceiver, type Receiver } from '../testing/receiver';
import { recordEvent } from './outbox';
import { track } from '../testing/children';

const ROOT = resolve(import.meta.dirname, '../..');

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function statuses(db: Db, endpointId: string): Promise<Record<string, number>> {
  const res = await db.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM webhook_dispatches WHERE endpoint_id = $1 GROUP BY status',
    [endpointId],
  );
  return Object.fromEntries(res.rows.map((r) => [r.status, r.n]));
}

describe.skipIf(!POSTGRES)('webhook workers as processes on postgres (needs TEST_DATABASE_URL)', () => {
  let svc: TestService;
  const children: ChildProcess[] = [];
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    svc = await startTestService(requirePostgres(), { RATE_LIMIT_POINTS: '100000' }, { worker: 'off' });
  });
  afterEach(async () => {
    for (const c of children.splice(0)) c.kill('SIGKILL');
    for (const r of receivers.splice(0)) await r.close();
  });
  afterAll(async () => svc?.close());

  function worker(env: Record<string, string> = {}): ChildProcess {
    const child = track(spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', 'worker'], {
      cwd: ROOT,
      // With DATABASE_URL private addresses default to deny; the receivers here are on loopback.
      env: { ...process.env, ...svc.databaseEnv, LOG_LEVEL: 'silent', JOB_POLL_MS: '50', JOB_LEASE_SECONDS: '2', WEBHOOK_PRIVATE_ADDRESSES: 'allow', ...env },
      stdio: 'ignore',
    }));
    children.push(child);
    return child;
  }

  async function endpointFor(url: string): Promise<{ key: string; merchantId: string; id: string }> {
    const { sandboxKey, merchantId } = await svc.newMerchant();
    const res = await svc.call('/v1/webhooks', { method: 'POST', key: sandboxKey, json: { name: 'Workers', endpoint: url, events: ['customer.updated'] } });
    expect(res.status).toBe(201);
    return { key: sandboxKey, merchantId, id: ((await res.json()) as { id: string }).id };
  }

  /** `n` events recorded as a change would record them: each in its database transaction, with its dispatch. */
  async function events(merchantId: string, n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const id = await svc.db.transaction((q) =>
        recordEvent(q, { merchantId, mode: 'sandbox' }, { type: 'customer.updated', resource: 'customer', resourceId: `cus_W${String(i).padStart(15, '0')}`, object: { n: i } }, new Date()),
      );
      ids.push(id);
    }
    return ids;
  }

  it('two worker processes deliver 300 events, every one once', async () => {
    const r = await startReceiver();
    receivers.push(r);
    const { merchantId, id } = await endpointFor(r.url);
    const ids = await events(merchantId, 300);
    worker();
    worker();
    await until('every dispatch to succeed', async () => (await statuses(svc.db, id)).succeeded === 300);
    const delivered = r.received.map((x) => String(x.headers['webhook-id']));
    expect(delivered).toHaveLength(300);
    expect(new Set(delivered)).toEqual(new Set(ids));
    const attempts = await svc.db.query<{ n: number }>('SELECT sum(attempts)::int AS n FROM webhook_dispatches WHERE endpoint_id = $1', [id]);
    expect(attempts.rows[0]!.n).toBe(300);
  });

  it('two workers claiming deliveries in batches of up to 200 at once never make one attempt twice', async () => {
    const r = await startReceiver();
    receivers.push(r);
    const { merchantId, id } = await endpointFor(r.url);
    const ids = await events(merchantId, 400);
    // Both start on a full queue: each claim takes a batch, and the two race for the same rows.
    worker({ WORKER_IO_CONCURRENCY: '200' });
    worker({ WORKER_IO_CONCURRENCY: '200' });
    await until('every dispatch to succeed', async () => (await statuses(svc.db, id)).succeeded === 400);
    const delivered = new Map<string, number>();
    for (const x of r.received) delivered.set(String(x.headers['webhook-id']), (delivered.get(String(x.headers['webhook-id'])) ?? 0) + 1);
    expect(new Set(delivered.keys())).toEqual(new Set(ids));
    // Each attempt is counted before it is sent: a receiver never sees an event more often than its attempts (on this
    // loaded machine an attempt may fail and be retried; it is never made twice).
    const attempts = await svc.db.query<{ event_id: string; attempts: number }>('SELECT event_id, attempts FROM webhook_dispatches WHERE endpoint_id = $1', [id]);
    expect(attempts.rows.filter((d) => (delivered.get(d.event_id) ?? 0) > d.attempts)).toEqual([]);
  });

  it('a worker killed mid-delivery: another worker delivers the event after the lease', async () => {
    const r = await startReceiver();
    receivers.push(r);
    r.answer('hang', { status: 200, body: 'ok' });
    const { id } = await endpointFor(r.url);
    const [eventId] = await events((await svc.db.query<{ merchant_id: string }>('SELECT merchant_id FROM webhook_endpoints WHERE id = $1', [id])).rows[0]!.merchant_id, 1);
    const doomed = worker({ WEBHOOK_TIMEOUT_MS: '60000' });
    await until('the first attempt to reach the receiver', () => r.received.length === 1);
    const exited = new Promise((done) => doomed.once('exit', done));
    doomed.kill('SIGKILL');
    await exited;
    expect(await statuses(svc.db, id)).toEqual({ delivering: 1 });

    worker();
    await until('the dispatch to succeed', async () => (await statuses(svc.db, id)).succeeded === 1);
    expect(r.received.map((x) => x.headers['webhook-id'])).toEqual([eventId, eventId]);
    const d = await svc.db.query<{ attempts: number; response_status_code: number }>('SELECT attempts, response_status_code FROM webhook_dispatches WHERE endpoint_id = $1', [id]);
    expect(d.rows[0]).toEqual({ attempts: 2, response_status_code: 200 });
  });
});
