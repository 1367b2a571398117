/**
 * A real API process killed with SIGKILL inside a provider-call window (capture, cancel, refund), after the sandbox
 * acted and before the outcome was written: the operation row written before the call is the recovery point, and
 * the background job of another process (this test's service, on the same PostgreSQL schema) finishes it exactly
 * once. PostgreSQL only (two processes on one database). Each test ends with `svc.db` at hand.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../testing/ledger';
import { operationsOf } from '../../payments/operations';
import { POSTGRES, requirePostgres, startTestService, type TestService } from '../../testing/harness';
import { cardBody, eventTypes, providerOperations } from '../../testing/payments';
import { freePort, ROOT } from '../../testing/processes';
import { transactionsApi } from '../../testing/transactions-api';
import { track } from '../../testing/children';

type Window = { op: 'capture' | 'cancel' | 'refund'; capture: boolean; path: string; job: 'operation.reconcile' | 'refund.confirm' };

const WINDOWS: Window[] = [
  { op: 'capture', capture: false, path: 'capture', job: 'operation.reconcile' },
  { op: 'cancel', capture: false, path: 'cancel', job: 'operation.reconcile' },
  { op: 'refund', capture: true, path: 'refunds', job: 'refund.confirm' },
];

const EXPECTED = {
  capture: { status: 'approved', events: ['transaction.created', 'transaction.pre-authorized', 'transaction.approved'] },
  cancel: { status: 'canceled', events: ['transaction.created', 'transaction.pre-authorized', 'transaction.canceled'] },
  refund: { status: 'refunded', events: ['transaction.created', 'transaction.approved', 'transaction.refunded'] },
} as const;

describe.skipIf(!POSTGRES)('an API process killed inside a provider call, on postgres', () => {
  let svc: TestService;
  afterEach(async () => { if (svc) await expectLedgerConsistent(svc.db); });
  const api = transactionsApi(() => svc);
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    svc = await startTestService(requirePostgres(), { PROVIDER_TIMEOUT_MS: '1000' });
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await svc?.close();
  });

  /** The API alone (no worker) on the test's schema; the sandbox acts at once and answers 30 s later. */
  async function doomedApi(): Promise<{ child: ChildProcess; url: string }> {
    const port = await freePort();
    const child = track(spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', 'api'], {
      cwd: ROOT,
      env: {
        ...process.env, DATABASE_URL: svc.databaseUrl!, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent',
        NODE_ENV: 'test', SANDBOX_LATENCY_MS: '30000', PROVIDER_TIMEOUT_MS: '60000',
      },
      stdio: 'ignore',
    }));
    children.push(child);
    const url = `http://127.0.0.1:${port}`;
    await until('the API to listen', async () => (await fetch(`${url}/health`).catch(() => null))?.status === 200, 60_000);
    return { child, url };
  }

  it.each(WINDOWS)('SIGKILL inside the $op call: the $job job finishes it once', async (w) => {
    const id = await api.create(cardBody(undefined, { capture: w.capture }));
    await svc.drain();
    const { child, url } = await doomedApi();
    const sent = fetch(`${url}/v1/transactions/${id}/${w.path}`, {
      method: 'POST',
      headers: { ServiceKey: svc.merchant.sandboxKey, 'content-type': 'application/json' },
      body: '{}',
    }).catch(() => null);
    await until(`the sandbox to ${w.op}`, async () => (await providerOperations(svc.db, id))[w.op] === 1);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    expect(await sent).toBeNull(); // the request died with its process
    const [op] = (await operationsOf(svc.db, id)).filter((o) => o.kind === w.op);
    expect(op).toMatchObject({ state: 'started', attempts: 1 });

    // The recovery job written with the operation runs in another process (here, the test's service).
    await svc.db.query(`UPDATE jobs SET run_at = now() WHERE kind = $1 AND status = 'pending'`, [w.job]);
    await svc.drain();
    const t = await api.read(id);
    expect(t.status).toBe(EXPECTED[w.op].status);
    expect(await eventTypes(svc.db, id)).toEqual(EXPECTED[w.op].events);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, [w.op]: 1 });
    const after = (await operationsOf(svc.db, id)).filter((o) => o.kind === w.op);
    expect(after).toEqual([expect.objectContaining({ id: op!.id, state: 'succeeded', attempts: 1 })]);
    if (w.op === 'capture') expect(t).toMatchObject({ capturedAmount: 30000, receivables: [expect.objectContaining({ grossAmount: 30000 })] });
    if (w.op === 'refund') expect(t).toMatchObject({ refundedAmount: 30000, refunds: [expect.objectContaining({ status: 'succeeded' })] });
  }, 120_000); // a process start on a busy machine takes most of the default time-out
});

/** Waits for `check` to hold; fails after `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
