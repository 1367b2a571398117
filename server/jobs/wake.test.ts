/**
 * Wake-ups: an enqueue of a job due now notifies the workers when its transaction commits (PostgreSQL: LISTEN/NOTIFY
 * to any process; PGlite: in this process), so a worker whose poll is far away runs it at once. Jobs due later, on a
 * sandbox clock or rolled back notify nobody; the notification only hurries a poll, the claim still decides.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { listenPostgres } from '../db/notify';
import { openPostgres } from '../db/postgres';
import type { Db } from '../db/types';
import { createMerchantWithKeys } from '../domain/access/keys';
import { randomBase62 } from '../ids';
import { createLogger } from '../logger';
import { ENGINES, POSTGRES } from '../testing/harness';
import { claim } from './sql/claim';
import { revive } from './sql/dead';
import { enqueue } from './sql/enqueue';
import { jobsChannel } from './sql/wake';
import { createWorker, type Worker } from './worker';

const silent = createLogger('silent');
/** Far longer than any test: a job that runs did so because something woke the worker. */
const NEVER_MS = 600_000;

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** On PostgreSQL a second pool on the same schema, as another process would have; PGlite has one connection. */
async function otherConnection(db: Db): Promise<Db> {
  if (db.kind !== 'postgres') return db;
  const { rows } = await db.query<{ schema: string }>(`SELECT current_schema() AS schema`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
  return openPostgres(url.toString());
}

describe.each(ENGINES)('job wake-ups on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let clockId: string;
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
    const { merchantId } = await createMerchantWithKeys(db, 'Wake Ltda');
    clockId = `clk_wake${randomBase62(8)}`;
    await db.query(`INSERT INTO sandbox_clocks (id, merchant_id, mode, now, created_at, updated_at) VALUES ($1, $2, 'sandbox', now(), now(), now())`, [clockId, merchantId]);
  });
  afterAll(async () => drop?.());
  beforeEach(async () => {
    await db.query('DELETE FROM jobs');
  });

  it('notifies on commit only for wall-clock jobs due now: not later ones, not a clock\'s, not rolled back', async () => {
    const heard: string[] = [];
    let marker = 0;
    const listening = await db.listen(await jobsChannel(db), () => heard.push(`n${marker}`));
    try {
      // Each step ends with a due job whose notification marks the step: notifications arrive in commit order.
      marker = 1;
      await enqueue(db, { kind: 'later', payload: {}, runAt: new Date(Date.now() + 60_000) });
      await enqueue(db, { kind: 'on.clock', payload: {}, clockId, runAt: new Date(0) });
      await db.transaction(async (q) => {
        await enqueue(q, { kind: 'due', payload: {} });
        await enqueue(q, { kind: 'due', payload: {} });
      });
      await until('the transaction\'s notification arrives', () => heard.length >= 1);
      marker = 2;
      await db
        .transaction(async (q) => {
          await enqueue(q, { kind: 'due', payload: {} });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await enqueue(db, { kind: 'due', payload: {} });
      await until('the second due job\'s notification arrives', () => heard.length >= 2);
      // One per committed transaction (PostgreSQL folds a transaction's identical notifications), none for the rest.
      expect(heard).toEqual(['n1', 'n2']);
    } finally {
      await listening.close();
    }
  });

  it('wakes for a job inserted by any statement: a part of a larger statement, several rows at once', async () => {
    const heard: number[] = [];
    const listening = await db.listen(await jobsChannel(db), () => heard.push(Date.now()));
    try {
      // As a charge's single statement does (db/statement.ts): the jobs are one part of a WITH, fanned out per row.
      await db.query(
        `WITH rows AS (SELECT g FROM generate_series(1, 3) AS g),
              ins AS (INSERT INTO jobs (id, kind, payload, max_attempts, run_at)
                      SELECT 'job_part' || g || $1::text, 'due', '{}'::jsonb, 10, now() FROM rows RETURNING id)
         SELECT count(*) FROM ins`,
        [randomBase62(8)],
      );
      await until('the statement\'s notification arrives', () => heard.length >= 1);
      // A statement that inserts only jobs due later sends nothing (checked after a due one's, which comes in order).
      await db.query(`INSERT INTO jobs (id, kind, payload, max_attempts, run_at) SELECT 'job_late' || g || $1::text, 'later', '{}'::jsonb, 10, now() + interval '1 hour' FROM generate_series(1, 2) AS g`, [randomBase62(8)]);
      await enqueue(db, { kind: 'due', payload: {} });
      await until('the marker\'s notification arrives', () => heard.length >= 2);
      await new Promise((r) => setTimeout(r, 100));
      expect(heard).toHaveLength(2);
    } finally {
      await listening.close();
    }
  });

  it('a worker with a poll far away runs a job enqueued elsewhere because of the notification', async () => {
    const other = await otherConnection(db);
    const ran: string[] = [];
    const w: Worker = createWorker({ db: other, logger: silent, pollMs: NEVER_MS, handlers: { 'wake.me': async (j) => void ran.push(j.id) } });
    try {
      w.start();
      // Its first poll finds nothing; the next one is NEVER_MS away unless the enqueue wakes it.
      await new Promise((r) => setTimeout(r, 200));
      const id = (await db.transaction((q) => enqueue(q, { kind: 'wake.me', payload: {} })))!;
      await until('the woken worker ran the job', () => ran.includes(id));
      // Revived by an operator: due now, so it wakes the worker too.
      await db.query(`UPDATE jobs SET status = 'failed', failed_at = now(), attempts = max_attempts, locked_by = NULL, locked_until = NULL WHERE id = $1`, [id]);
      await revive(db, id);
      await until('the revived job ran again', () => ran.filter((r) => r === id).length === 2);
    } finally {
      await w.stop();
      if (other !== db) await other.close();
    }
  });

  it('a job on a sandbox clock is never claimed by a woken worker', async () => {
    const ran: string[] = [];
    const w = createWorker({ db, logger: silent, pollMs: NEVER_MS, handlers: { 'on.clock': async (j) => void ran.push(j.id), due: async (j) => void ran.push(j.id) } });
    try {
      w.start();
      const onClock = (await enqueue(db, { kind: 'on.clock', payload: {}, clockId, runAt: new Date(0) }))!;
      const due = (await enqueue(db, { kind: 'due', payload: {} }))!;
      await until('the due job ran', () => ran.includes(due));
      expect(ran).toEqual([due]);
      expect((await db.query<{ status: string }>(`SELECT status FROM jobs WHERE id = $1`, [onClock])).rows[0]!.status).toBe('pending');
    } finally {
      await w.stop();
    }
  });

  it('claims both lanes in one statement, each up to its own limit', async () => {
    for (let i = 0; i < 5; i++) await enqueue(db, { kind: 'io.kind', payload: { i } });
    for (let i = 0; i < 5; i++) await enqueue(db, { kind: 'cpu.kind', payload: { i } });
    const first = await claim(db, { workerId: 'w', leaseSeconds: 30, limit: 2, ioKinds: ['io.kind'], ioLimit: 3 });
    expect(first.filter((j) => j.kind === 'io.kind')).toHaveLength(3);
    expect(first.filter((j) => j.kind === 'cpu.kind')).toHaveLength(2);
    const second = await claim(db, { workerId: 'w2', leaseSeconds: 30, limit: 0, ioKinds: ['io.kind'], ioLimit: 10 });
    expect(second.map((j) => j.kind)).toEqual(['io.kind', 'io.kind']);
    expect(new Set([...first, ...second].map((j) => j.id)).size).toBe(7);
  });
});

describe.skipIf(!POSTGRES)('the PostgreSQL listener', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    const opened = await POSTGRES!.open();
    ({ db, drop } = opened);
    url = opened.url!;
  });
  afterAll(async () => drop?.());

  it('survives pg_terminate_backend of its connection: it re-opens it, polls once, and hears the next notification', async () => {
    let heard = 0;
    const channel = await jobsChannel(db);
    const listening = await listenPostgres(url, channel, () => heard++, { minBackoffMs: 20 });
    try {
      const first = listening.backendPid();
      expect(first).not.toBeNull();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [first]);
      await admin.end();
      await until('the listener is back on a new connection', () => listening.backendPid() !== null && listening.backendPid() !== first);
      // Back: it says so once (what was sent meanwhile is lost, the worker polls).
      await until('the reconnection is reported', () => heard >= 1);
      const before = heard;
      await enqueue(db, { kind: 'after.reconnect', payload: {} });
      await until('the notification after the reconnection arrives', () => heard > before);
    } finally {
      await listening.close();
    }
    expect(listening.backendPid()).toBeNull();
  });
});
