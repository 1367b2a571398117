/**
 * `npm run start:api` and `npm run start:worker` apart, on one PostgreSQL: one API process and two worker
 * processes share the work, and every charge created through the API is processed once. PostgreSQL only (PGlite
 * is one process's database).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db/types';
import { createMerchantWithKeys } from './domain/access/keys';
import { POSTGRES, requirePostgres } from './testing/harness';
import { cardBody, eventTypes, pixBody, providerOperations } from './testing/payments';
import { track } from './testing/children';

const root = resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

describe.skipIf(!POSTGRES)('API and workers as separate processes on postgres (needs TEST_DATABASE_URL)', () => {
  const children: ChildProcess[] = [];
  let db: Db;
  let drop: () => Promise<void>;
  let databaseUrl: string;

  function launch(role: 'api' | 'worker', env: Record<string, string> = {}): { child: ChildProcess; output: () => string } {
    const child = track(spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', role], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'production', JOB_POLL_MS: '50', ...env },
    }));
    let out = '';
    child.stdout!.on('data', (d) => (out += String(d)));
    child.stderr!.on('data', (d) => (out += String(d)));
    children.push(child);
    return { child, output: () => out };
  }

  async function ready(p: { child: ChildProcess; output: () => string }, line: string): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (!p.output().includes(line)) {
      if (Date.now() > deadline || p.child.exitCode !== null) throw new Error(`process did not start:\n${p.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    const opened = await requirePostgres().open();
    db = opened.db;
    drop = opened.drop;
    databaseUrl = opened.url!;
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await drop?.();
  });

  it('processes every charge created through the API process exactly once across two worker processes', { timeout: 150_000 }, async () => {
    const port = await freePort();
    const api = launch('api', { PORT: String(port) });
    await ready(api, 'payments service listening');
    const workers = [launch('worker'), launch('worker')];
    for (const w of workers) await ready(w, 'payments worker running');
    const { sandboxKey } = await createMerchantWithKeys(db, 'Acme');

    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const body = i % 2 === 0 ? cardBody(undefined, {}, { amount: 1000 + i }) : pixBody({ amount: 1000 + i });
      const res = await fetch(`http://127.0.0.1:${port}/v1/transactions`, {
        method: 'POST',
        headers: { ServiceKey: sandboxKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    // Wait on what is recorded: the approval of each card, the QR code of each PIX.
    const deadline = Date.now() + 30_000;
    const done = async () => {
      const res = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM transactions WHERE id = ANY($1) AND (status = 'approved' OR payment->>'pixQrCodeEmv' IS NOT NULL)`,
        [ids],
      );
      return res.rows[0]!.n === ids.length;
    };
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('charges were not processed in time');
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const [i, id] of ids.entries()) {
      expect(await providerOperations(db, id)).toEqual({ authorize: 1 });
      expect(await eventTypes(db, id)).toEqual(i % 2 === 0 ? ['transaction.created', 'transaction.approved'] : ['transaction.created']);
    }
  });
});
