/**
 * A real API process killed with SIGKILL in the window between the commit of a charge and the completion of its
 * idempotency key (PostgreSQL only: two processes share the database). The completion is held in that window by a
 * trigger that waits on an advisory lock the test holds; the process is killed there, the database session it left
 * waiting is ended, and the retry served by another process after the lock lapses answers the charge made.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../testing/ledger';
import { POSTGRES, requirePostgres, startTestService, type TestService } from '../testing/harness';
import { freePort, ROOT } from '../testing/processes';
import { cardBody } from '../testing/payments';
import { lockSecondsFor } from './idempotency';
import { track } from '../testing/children';

const PROVIDER_TIMEOUT_MS = 500;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function until(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe.skipIf(!POSTGRES)('an API process killed between the commit and the key, on postgres', () => {
  let svc: TestService;
  afterEach(async () => { if (svc) await expectLedgerConsistent(svc.db); });
  let holder: pg.Client;
  let child: ChildProcess | undefined;
  /** The advisory lock that holds completions; random, as other suites share the database. */
  const gate = randomInt(1, 2 ** 31 - 1);

  beforeAll(async () => {
    svc = await startTestService(requirePostgres(), { PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS) });
    await svc.db.exec(`
      CREATE FUNCTION hold_completion() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_advisory_xact_lock(${gate}); RETURN NEW; END $$;
      CREATE TRIGGER hold_completion BEFORE UPDATE ON idempotency_keys
        FOR EACH ROW WHEN (NEW.state = 'done') EXECUTE FUNCTION hold_completion();`);
    // A session advisory lock: held by this session across statements, so not through a pooler in transaction mode.
    holder = new pg.Client({ connectionString: svc.databaseSessionUrl });
    await holder.connect();
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await holder?.end();
    await svc?.close();
  });

  async function startApi(): Promise<{ child: ChildProcess; url: string }> {
    const port = await freePort();
    const env = { ...process.env, ...svc.databaseEnv, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', LOG_FORMAT: 'json', PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS) };
    const c = track(spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', 'api'], { cwd: ROOT, env }));
    let out = '';
    c.stdout!.on('data', (d) => (out += String(d)));
    c.stderr!.on('data', (d) => (out += String(d)));
    await until('the API process to listen', async () => {
      if (c.exitCode !== null) throw new Error(`the API process ended:\n${out}`);
      return out.includes('payments service listening');
    });
    return { child: c, url: `http://127.0.0.1:${port}` };
  }

  it('SIGKILL after the charge committed: the retry answers that charge, and there is one charge', async () => {
    requirePostgres();
    const api = await startApi();
    child = api.child;
    const key = `idem-kill-${gate}`;
    const body = cardBody(undefined, {}, { externalReference: `ord-kill-${gate}` });
    const headers = { 'content-type': 'application/json', ServiceKey: svc.merchant.sandboxKey, 'X-Idempotency-Key': key };
    await holder.query('SELECT pg_advisory_lock($1)', [gate]);

    const first = fetch(`${api.url}/v1/transactions`, { method: 'POST', headers, body: JSON.stringify(body) }).catch(() => null);
    const waiting = async () =>
      (await holder.query(`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted`, [gate])).rows.length === 1;
    await until('the completion to wait in the window', waiting);
    const exited = new Promise((r) => api.child.once('exit', r));
    api.child.kill('SIGKILL');
    await exited;
    expect(await first).toBeNull();
    // The dead process's session still waits to complete the key: end it as the death of its host would.
    await holder.query(`SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted`, [gate]);
    await until('the dead session to end', async () => !(await waiting()));
    await holder.query('SELECT pg_advisory_unlock($1)', [gate]);

    const made = await svc.db.query<{ id: string }>('SELECT id FROM transactions WHERE external_reference = $1', [`ord-kill-${gate}`]);
    expect(made.rows).toHaveLength(1);
    const row = await svc.db.query<{ state: string; recovery: unknown }>('SELECT state, recovery FROM idempotency_keys WHERE key = $1', [key]);
    expect(row.rows[0]).toEqual({ state: 'running', recovery: { resource: 'transaction', id: made.rows[0]!.id, status: 201 } });

    const retry = () => svc.call('/v1/transactions', { method: 'POST', json: body, headers: { 'X-Idempotency-Key': key } });
    expect((await retry()).status).toBe(409); // its lock has not lapsed yet
    await sleep(lockSecondsFor(PROVIDER_TIMEOUT_MS) * 1000);
    const answered = await retry();
    const out = (await answered.json()) as { id: string; status: string };
    expect(answered.status, JSON.stringify(out)).toBe(201);
    expect(answered.headers.get('idempotent-replayed')).toBe('true');
    expect(out).toMatchObject({ id: made.rows[0]!.id, status: 'pending' });
    expect((await svc.db.query('SELECT id FROM transactions WHERE external_reference = $1', [`ord-kill-${gate}`])).rows).toHaveLength(1);
  }, 120_000); // a process's start (tsx) and a lock's lapse
});
