/**
 * A worker that dies mid-charge, after the provider acted and before the result was written: after its lease runs
 * out another worker runs the job again, the provider answers the same key with the same answer, and the charge
 * completes exactly once. On every engine the death is played in-process (a claim that is never settled); on
 * PostgreSQL a real worker process is killed with SIGKILL and another one started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/types';
import { claim } from '../../jobs/sql/claim';
import type { PaymentRoutes } from '../../payments/orchestrator';
import { sandboxAntiFraud, sandboxVault } from '../../payments/sandbox/cards';
import { sandboxProvider } from '../../payments/sandbox/provider';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { cardBody, eventTypes, hangingFirstAuthorize, providerOperations, type Transaction } from '../../testing/payments';
import { entriesOfTransaction } from '../ledger/entries';
import { processTransaction } from './processing';
import { track } from '../../testing/children';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Waits for `check` to hold, reading what was recorded; fails after `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function recorded(db: Db, id: string, type: string): Promise<boolean> {
  return (await eventTypes(db, id)).includes(type);
}

async function create(svc: TestService): Promise<string> {
  const res = await svc.call('/v1/transactions', { method: 'POST', json: cardBody() });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function expectChargedOnce(svc: TestService, id: string): Promise<void> {
  const t = (await (await svc.call(`/v1/transactions/${id}`)).json()) as Transaction;
  expect(t.status).toBe('approved');
  expect(t.receivables).toHaveLength(1);
  expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1 });
  expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.approved']);
  expect(await jobStatuses(svc.db, id)).toEqual(['done']);
}

async function jobStatuses(db: Db, id: string): Promise<string[]> {
  const jobs = await db.query<{ status: string }>(`SELECT status FROM jobs WHERE payload->>'transactionId' = $1 AND kind = 'transaction.process'`, [id]);
  return jobs.rows.map((j) => j.status);
}

describe.each(ENGINES)('a worker dying mid-charge, on $name', (engine) => {
  let svc: TestService;
  /** The first authorization acts and then never answers: the worker holding it is as good as dead. */
  const routes = (db: Db): PaymentRoutes => {
    return {
      providers: [hangingFirstAuthorize(sandboxProvider(db, 'sandbox'))],
      vaults: { sandbox: sandboxVault },
      antifraud: { sandbox: sandboxAntiFraud },
    };
  };
  beforeAll(async () => {
    // The provider time-out is longer than the test: the doomed run must never resume.
    svc = await startTestService(engine, { JOB_LEASE_SECONDS: '1', PROVIDER_TIMEOUT_MS: '3600000' }, { routes });
  });
  afterAll(async () => svc?.close());
  afterEach(() => expectLedgerConsistent(svc.db));

  it('completes the charge exactly once after the lease of the dead worker runs out', async () => {
    const id = await create(svc);
    const [job] = await claim(svc.db, { workerId: 'doomed', leaseSeconds: 1, limit: 1 });
    expect(job?.payload).toEqual({ transactionId: id });
    void processTransaction(svc.payments, id); // the doomed worker's run: it charges, then is never heard from
    await until('the provider to act', async () => (await providerOperations(svc.db, id)).authorize === 1);
    expect(await svc.drain()).toBe(0); // the job is still leased to the dead worker
    await new Promise((r) => setTimeout(r, 1100));
    expect(await svc.drain()).toBe(1);
    await expectChargedOnce(svc, id);
  });
});

describe.each(ENGINES)('a change whose event cannot be written, on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine);
  });
  afterAll(async () => svc?.close());
  afterEach(() => expectLedgerConsistent(svc.db));

  it('is not made at all: status, timeline, receivables and event commit together or not at all', async () => {
    const res = await svc.call('/v1/transactions', { method: 'POST', json: { amount: 5000, customer: { firstName: 'A', lastName: 'B', email: 'a@example.com' }, payment: { method: 'pix' } } });
    const { id } = (await res.json()) as { id: string };
    await svc.drain();
    const before = (await (await svc.call(`/v1/transactions/${id}`)).json()) as Transaction;
    // The outbox refuses this one event type: the write of the approval fails halfway.
    await svc.db.query(`ALTER TABLE events ADD CONSTRAINT refuse_approved CHECK (type <> 'transaction.approved')`);
    const pay = await svc.call(`/v1/sandbox/transactions/${id}/simulate`, { method: 'POST', json: { action: 'pay' } });
    expect(pay.status).toBe(500);
    const after = (await (await svc.call(`/v1/transactions/${id}`)).json()) as Transaction;
    expect(after).toEqual(before);
    expect(after.status).toBe('pending');
    expect(after.receivables).toEqual([]);
    expect(await entriesOfTransaction(svc.db, id)).toEqual([]);
    await svc.db.query('ALTER TABLE events DROP CONSTRAINT refuse_approved');
    const again = await svc.call(`/v1/sandbox/transactions/${id}/simulate`, { method: 'POST', json: { action: 'pay' } });
    expect(again.status).toBe(200);
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.approved']);
    expect((await entriesOfTransaction(svc.db, id)).map((e) => e.type)).toEqual(['settlement', 'fee']);
  });
});

const postgres = ENGINES.filter((e) => e.name === 'postgres');

describe.each(postgres)('a worker process killed mid-charge, on $name', (engine) => {
  let svc: TestService;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    svc = await startTestService(engine, {}, { worker: 'off' });
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await svc?.close();
  });
  afterEach(() => expectLedgerConsistent(svc.db));

  function worker(env: Record<string, string>): ChildProcess {
    const child = track(spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', 'worker'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: svc.databaseUrl!, LOG_LEVEL: 'silent', JOB_LEASE_SECONDS: '2', JOB_POLL_MS: '50', ...env },
      stdio: 'ignore',
    }));
    children.push(child);
    return child;
  }

  it('SIGKILL after the provider charged: a new worker finishes the charge, charged once', async () => {
    const id = await create(svc);
    // A slow acquirer: the sandbox charges at once but answers 30 s later; the worker is killed while it waits.
    const doomed = worker({ SANDBOX_LATENCY_MS: '30000' });
    await until('the provider to act', async () => (await providerOperations(svc.db, id)).authorize === 1);
    const exited = new Promise((r) => doomed.once('exit', r));
    doomed.kill('SIGKILL');
    await exited;
    expect((await svc.db.query<{ status: string }>('SELECT status FROM transactions WHERE id = $1', [id])).rows[0]?.status).toBe('pending');

    worker({});
    await until('transaction.approved to be recorded', () => recorded(svc.db, id, 'transaction.approved'));
    // The job is marked done in its own statement after the charge commits: wait for that one too.
    await until('the job to be settled', async () => (await jobStatuses(svc.db, id)).every((s) => s !== 'running' && s !== 'pending'));
    await expectChargedOnce(svc, id);
  });
});
