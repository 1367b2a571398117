/**
 * A smoke of the service under whichever Node runs this script (CI runs it under the newest LTS, see `.ci/run`):
 * start `server/main.ts` as `npm start` does on an empty database (on PostgreSQL with `DEMO_MERCHANT=1`: there a
 * demo merchant is made only when asked), take the demo key it prints, make one card charge and see it approved,
 * then stop it with SIGTERM and expect a clean exit. On PGlite always; on PostgreSQL too when
 * `TEST_DATABASE_URL` is set, in a schema of its own that is dropped afterwards.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { randomBase62 } from '../server/ids';

const ROOT = resolve(import.meta.dirname, '..');
/** How long a slow machine may take to start the service, or to process the charge. */
const DEADLINE_MS = 90_000;
const CHARGE = {
  amount: 1990,
  customer: { firstName: 'Maria', lastName: 'Silva', email: 'maria.silva@example.com', document: { type: 'cpf', number: '52998224725' } },
  payment: { method: 'credit', card: { number: '4111111111111111', holderName: 'MARIA SILVA', expMonth: 12, expYear: 2035, cvv: '123' } },
};

async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

/** Polls `ready` every 250 ms until it answers a value or the deadline passes (then `undefined`). */
async function poll<T>(ready: () => Promise<T | undefined> | T | undefined): Promise<T | undefined> {
  for (const until = Date.now() + DEADLINE_MS; Date.now() < until; ) {
    const value = await ready();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  return undefined;
}

async function smoke(engine: string, env: Record<string, string>, dataDir: string): Promise<void> {
  const began = Date.now();
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', HOST: '', NODE_ENV: 'production', LOG_FORMAT: 'json', PORT: String(port), RATE_LIMIT_POLL_POINTS: '100000', ...env },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  try {
    // The demo key is printed just before the line saying the service listens: wait for both.
    const key = await poll(() => {
      if (child.exitCode !== null) return '';
      return out.includes('payments service listening') ? /sandbox key: (sk_test_\w+)/.exec(out)?.[1] : undefined;
    });
    if (!key) throw new Error(`the service did not start:\n${out}`);
    const base = `http://127.0.0.1:${port}`;
    const headers = { ServiceKey: key, 'Content-Type': 'application/json' };
    const created = await fetch(`${base}/v1/transactions`, { method: 'POST', headers, body: JSON.stringify(CHARGE) });
    if (created.status !== 201) throw new Error(`POST /v1/transactions answered ${created.status}: ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    // The card is charged by the worker in the background.
    let status = '';
    await poll(async () => {
      const read = await fetch(`${base}/v1/transactions/${id}`, { headers });
      status = ((await read.json()) as { status: string }).status;
      return status === 'approved' ? status : undefined;
    });
    if (status !== 'approved') throw new Error(`charge ${id} is ${status}, not approved:\n${out}`);
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
  // A service that does not stop is a failure too, not a CI run that hangs.
  const killer = setTimeout(() => child.kill('SIGKILL'), DEADLINE_MS);
  const code = await exited;
  clearTimeout(killer);
  if (code !== 0) throw new Error(`the service exited ${code} on SIGTERM:\n${out}`);
  console.log(`smoke on ${engine} under Node ${process.versions.node}: started, one card charge approved, stopped (${Date.now() - began} ms)`);
}

async function onPostgres(url: string, dataDir: string): Promise<void> {
  const schema = `smoke_${randomBase62(10).toLowerCase()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
    const u = new URL(url);
    u.searchParams.set('options', `-c search_path=${schema}`);
    await smoke('PostgreSQL', { DATABASE_URL: u.toString(), HOST: '127.0.0.1', DEMO_MERCHANT: '1' }, dataDir);
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  }
}

const root = mkdtempSync(join(tmpdir(), 'payments-smoke-'));
try {
  await smoke('PGlite', {}, join(root, 'data'));
  if (process.env.TEST_DATABASE_URL) await onPostgres(process.env.TEST_DATABASE_URL, join(root, 'unused'));
} catch (err) {
  console.error(`smoke failed under Node ${process.versions.node}: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  rmSync(root, { recursive: true, force: true });
}
