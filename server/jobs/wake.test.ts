/**
 * Wake-ups: once the work that enqueued jobs has committed, a poke wakes this process's worker and, on PostgreSQL,
 * every other process's through one NOTIFY sent on its own (never inside the writing transaction), so a worker whose
 * poll is far away runs the jobs at once. The notification only hurries a poll, the claim still decides.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { listenPostgres } from '../db/notify';
import { openPostgres } from '../db/postgres';
import type { Db } from '../db/types';
import { createMerchantWithKeys } from '../domain/access/keys';
import { randomBase62 } from '../ids';
import { createLogger } from '../logger';
import { loadConfig } from '../config';
import { startService } from '../service';
import { ENGINES, keyedFetch, POSTGRES } from '../testing/harness';
import { pixBody } from '../testing/payments';
import { claim } from './sql/claim';
import { revive } from './sql/dead';
import { enqueue } from './sql/enqueue';
import { createJobsPoke } from './poke';
import { jobsChannel, notifyJobsDue } from './sql/wake';
import { createWorker, LISTEN_RETRY_MS, type Worker } from './worker';

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

/**
 * On PostgreSQL a second pool on the same schema (`url`: the schema's own; its LISTEN on `sessionUrl`), as another
 * process would have; PGlite has one connection.
 */
async function otherConnection(db: Db, url: string | undefined, sessionUrl: string | undefined): Promise<Db> {
  return db.kind === 'postgres' ? openPostgres(url!, 10, sessionUrl) : db;
}

describe.each(ENGINES)('job wake-ups on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let url: string | undefined;
  let sessionUrl: string | undefined;
  let clockId: string;
  beforeAll(async () => {
    ({ db, drop, url, sessionUrl } = await engine.open());
    const { merchantId } = await createMerchantWithKeys(db, 'Wake Ltda');
    clockId = `clk_wake${randomBase62(8)}`;
    await db.query(`INSERT INTO sandbox_clocks (id, merchant_id, mode, now, created_at, updated_at) VALUES ($1, $2, 'sandbox', now(), now(), now())`, [clockId, merchantId]);
  });
  afterAll(async () => drop?.());
  beforeEach(async () => {
    await db.query('DELETE FROM jobs');
  });

  it('enqueues notify nobody: no writing transaction carries a notification (PostgreSQL would serialise its commit)', async () => {
    const heard: number[] = [];
    const listening = await db.listen(await jobsChannel(db), () => heard.push(Date.now()));
    try {
      await db.transaction(async (q) => {
        await enqueue(q, { kind: 'due', payload: {} });
        await enqueue(q, { kind: 'due', payload: {} });
      });
      await enqueue(db, { kind: 'due', payload: {} });
      // A marker sent after them arrives in order: had the enqueues notified, they would be heard first.
      await notifyJobsDue(db);
      await until('the marker arrives', () => heard.length >= 1);
      await new Promise((r) => setTimeout(r, 100));
      expect(heard).toHaveLength(1);
    } finally {
      await listening.close();
    }
  });

  it('a poke wakes this process at once and, on PostgreSQL, the others with one notification per burst', async () => {
    const heard: number[] = [];
    let local = 0;
    const listening = await db.listen(await jobsChannel(db), () => heard.push(Date.now()));
    try {
      const poke = createJobsPoke(db, () => local++, silent);
      for (let i = 0; i < 50; i++) poke();
      expect(local).toBe(50);
      if (db.kind === 'postgres') {
        // One in flight, one more after it for the pokes that came meanwhile: never one per poke.
        await until('the burst is notified', () => heard.length >= 2);
        await new Promise((r) => setTimeout(r, 200));
        expect(heard).toHaveLength(2);
        const lastPoke = Date.now();
        poke();
        await until('a later poke is notified after it', () => heard.length === 3);
        expect(heard[2]!).toBeGreaterThanOrEqual(lastPoke);
      } else {
        // One process: its worker was woken directly; nothing is sent through the embedded database.
        await new Promise((r) => setTimeout(r, 100));
        expect(heard).toEqual([]);
      }
    } finally {
      await listening.close();
    }
  });

  it('a notification that never settles does not hold back the pokes after it', async () => {
    const sent: string[] = [];
    let calls = 0;
    const stuck: Db = {
      ...db,
      kind: 'postgres',
      query: ((sql: string) => {
        calls += 1;
        sent.push(sql);
        // The first notification hangs (a half-open connection); the next ones are answered.
        return calls === 1 ? new Promise(() => undefined) : Promise.resolve({ rows: [], rowCount: 1 });
      }) as Db['query'],
    };
    const poke = createJobsPoke(stuck, () => undefined, silent, 50);
    poke();
    poke(); // while the first hangs: one more is due after it
    await until('the notification after the stuck one is sent', () => calls === 2, 2_000);
    poke();
    await until('a later poke is sent too', () => calls === 3, 2_000);
    expect(sent.every((q) => q.includes('pg_notify'))).toBe(true);
  });

  it('a worker with a poll far away runs a job enqueued elsewhere once the enqueuer pokes', async () => {
    const other = await otherConnection(db, url, sessionUrl);
    const ran: string[] = [];
    const w: Worker = createWorker({ db: other, logger: silent, pollMs: NEVER_MS, handlers: { 'wake.me': async (j) => void ran.push(j.id) } });
    // PostgreSQL: the enqueuer is another process (no worker of its own); PGlite: the one process, whose worker it is.
    const poke = createJobsPoke(db, () => (db.kind === 'postgres' ? undefined : w.wake()), silent);
    try {
      w.start();
      // Its first poll finds nothing; the next one is NEVER_MS away unless something wakes it.
      expect(await w.listening()).toBe(true);
      const id = (await db.transaction((q) => enqueue(q, { kind: 'wake.me', payload: {} })))!;
      poke();
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

  it('a request that enqueued work wakes a worker whose poll is far away (the API answers, then pokes)', async () => {
    const other = await otherConnection(db, url, sessionUrl);
    const ran: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', JOB_POLL_MS: String(NEVER_MS) });
    // PostgreSQL: an API-only service and a worker of another process; PGlite: one service with its own worker.
    const api = await startService(config, silent, db, {
      worker: db.kind === 'postgres' ? 'off' : 'start',
    });
    const w = db.kind === 'postgres'
      ? createWorker({ db: other, logger: silent, pollMs: NEVER_MS, handlers: { 'transaction.process': async (j) => void ran.push(j.id) } })
      : null;
    try {
      w?.start();
      if (w) expect(await w.listening()).toBe(true);
      const { sandboxKey } = await createMerchantWithKeys(db, 'Poked Ltda');
      const res = await keyedFetch(api.url, sandboxKey)('/v1/transactions', { method: 'POST', json: pixBody() });
      expect(res.status).toBe(201);
      const done = async () =>
        (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE kind = 'transaction.process' AND status = 'done'`)).rows[0]!.n === 1;
      await until('the charge\'s processing job ran', done);
      if (w) expect(ran).toHaveLength(1);
    } finally {
      await w?.stop();
      await api.close();
      if (other !== db) await other.close();
    }
  });

  it('a worker whose first LISTEN fails keeps polling and listens once it can', async () => {
    let attempts = 0;
    const flaky: Db = {
      ...db,
      query: (sql, params) => db.query(sql, params),
      exec: (sql) => db.exec(sql),
      transaction: (fn) => db.transaction(fn),
      close: () => db.close(),
      async listen(channel, onNotify) {
        attempts += 1;
        if (attempts === 1) throw new Error('connection refused');
        return db.listen(channel, onNotify);
      },
    };
    const ran: string[] = [];
    const w = createWorker({ db: flaky, logger: silent, pollMs: NEVER_MS, handlers: { 'late.listen': async (j) => void ran.push(j.id) } });
    try {
      w.start();
      await until('the second attempt at LISTEN', () => attempts === 2, 5_000);
      expect(await w.listening()).toBe(true);
      const id = (await enqueue(db, { kind: 'late.listen', payload: {} }))!;
      await notifyJobsDue(db);
      await until('the job ran, woken through the listener', () => ran.includes(id));
    } finally {
      await w.stop();
    }
  });

  it('a stop during a LISTEN attempt that then fails does not wait out a backoff', async () => {
    let fail: (err: Error) => void = () => undefined;
    let attempts = 0;
    const hanging: Db = {
      ...db,
      query: (sql, params) => db.query(sql, params),
      listen: () => {
        attempts += 1;
        return new Promise((_, reject) => (fail = reject));
      },
    };
    const w = createWorker({ db: hanging, logger: silent, pollMs: NEVER_MS, handlers: {} });
    w.start();
    await until('the LISTEN attempt is under way', () => attempts === 1);
    const stopped = w.stop().then(() => 'stopped');
    fail(new Error('connection refused'));
    // The first backoff is LISTEN_RETRY_MS.min (500 ms): a stop that waited it out would lose this race.
    const backoff = new Promise((r) => setTimeout(() => r('waited a backoff'), LISTEN_RETRY_MS.min - 100));
    expect(await Promise.race([stopped, backoff])).toBe('stopped');
    expect(attempts).toBe(1);
  });

  it('a job on a sandbox clock is never claimed by a woken worker', async () => {
    const ran: string[] = [];
    const w = createWorker({ db, logger: silent, pollMs: NEVER_MS, handlers: { 'on.clock': async (j) => void ran.push(j.id), due: async (j) => void ran.push(j.id) } });
    try {
      w.start();
      const onClock = (await enqueue(db, { kind: 'on.clock', payload: {}, clockId, runAt: new Date(0) }))!;
      const due = (await enqueue(db, { kind: 'due', payload: {} }))!;
      w.wake();
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

describe.each(POSTGRES ? [POSTGRES] : [])('the listener on $name', (postgres) => {
  let db: Db;
  let drop: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    const opened = await postgres.open();
    ({ db, drop } = opened);
    // A LISTEN needs a session of its own: PostgreSQL itself, not a pooler in transaction mode.
    url = opened.sessionUrl!;
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
      await notifyJobsDue(db);
      await until('the notification after the reconnection arrives', () => heard > before);
    } finally {
      await listening.close();
    }
    expect(listening.backendPid()).toBeNull();
  });
});
