/**
 * Migrated test databases handed from one test to the next: what the next test gets is the migrated, empty
 * database, never the rows, sequences, session state or schema changes of the one before, and the giver's handle is
 * dead.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { openTestPglite } from './pglite-template';

/** A row only this database has: a merchant, as every test writes one. */
async function mark(db: Db, name: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`INSERT INTO merchants (id, name) VALUES ($1, $2) RETURNING id`, [`bus_${name.replace(/[^0-9A-Za-z]/g, "")}`, name]);
  return rows[0]!.id;
}

const merchants = async (db: Db) => (await db.query<{ id: string }>('SELECT id FROM merchants ORDER BY id')).rows.map((r) => r.id);
/** The transaction id counter: a database loaded from the snapshot starts at the snapshot's; a reused one goes on. */
const xid = async (db: Db) => BigInt((await db.query<{ x: string }>('SELECT txid_current()::text AS x')).rows[0]!.x);
const migrations = async (db: Db) => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')).rows[0]!.n;

describe('migrated test databases given back and taken again', () => {
  it('are handed on empty, with every migration recorded and sequences restarted', async () => {
    const first = await openTestPglite(true);
    const recorded = await migrations(first);
    expect(recorded).toBeGreaterThan(20);
    await mark(first, 'first');
    const seq = await first.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c WHERE c.relkind = 'S' AND c.relnamespace = 'public'::regnamespace ORDER BY 1 LIMIT 1`,
    );
    const sequence = seq.rows[0]?.name;
    if (sequence) await first.query(`SELECT nextval('"${sequence}"'), nextval('"${sequence}"')`);
    await first.query(`SET TIME ZONE 'Asia/Tokyo'`);
    const last = await xid(first);
    await first.close();

    const second = await openTestPglite(true);
    try {
      // The same database, emptied: not a fresh load of the snapshot.
      expect(await xid(second)).toBeGreaterThan(last);
      expect(await merchants(second)).toEqual([]);
      expect(await migrations(second)).toBe(recorded);
      expect((await second.query<{ tz: string }>('SHOW TIME ZONE')).rows[0]).not.toEqual({ TimeZone: 'Asia/Tokyo' });
      if (sequence) {
        const fresh = await second.query<{ v: string }>(`SELECT nextval('"${sequence}"')::text AS v`);
        expect(fresh.rows[0]!.v).toBe('1');
      }
    } finally {
      await second.close();
    }
  });

  it("refuse every call through the giver's handle once given back", async () => {
    const db = await openTestPglite(true);
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow('this test database was closed');
    await expect(db.exec('SELECT 1')).rejects.toThrow('this test database was closed');
    await expect(db.transaction(async () => undefined)).rejects.toThrow('this test database was closed');
    const next = await openTestPglite(true);
    await mark(next, 'next');
    await expect(db.query('SELECT 1 FROM merchants')).rejects.toThrow();
    await next.close();
  });

  it("do not call the giver's listeners for the next test's notifications", async () => {
    const giver = await openTestPglite(true);
    let heard = 0;
    await giver.listen('jobs', () => (heard += 1));
    await giver.query(`NOTIFY jobs`);
    await new Promise((r) => setTimeout(r, 50));
    const before = heard;
    expect(before).toBeGreaterThan(0);
    await giver.close();
    const next = await openTestPglite(true);
    let nextHeard = 0;
    await next.listen('jobs', () => (nextHeard += 1));
    await next.query(`NOTIFY jobs`);
    await new Promise((r) => setTimeout(r, 50));
    expect(nextHeard).toBeGreaterThan(0);
    expect(heard).toBe(before);
    await next.close();
  });

  it('are not handed on once their schema changed: a trigger, a dropped constraint or a new table stays with its test', async () => {
    const probe = await openTestPglite(true);
    const name = async (sql: string) => (await probe.query<{ n: string }>(sql)).rows[0]!.n;
    const sequence = await name(`SELECT c.oid::regclass::text AS n FROM pg_class c WHERE c.relkind = 'S' AND c.relnamespace = 'public'::regnamespace ORDER BY 1 LIMIT 1`);
    const trigger = await probe.query<{ name: string; on: string; fn: string }>(
      `SELECT t.tgname AS name, t.tgrelid::regclass::text AS on, t.tgfoid::regproc::text AS fn FROM pg_trigger t
        WHERE NOT t.tgisinternal AND t.tgrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace) ORDER BY 1 LIMIT 1`,
    );
    const fn = await name(`SELECT p.oid::regprocedure::text AS n FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f' ORDER BY 1 LIMIT 1`);
    await probe.close();
    const t = trigger.rows[0]!;
    const changes = [
      `CREATE FUNCTION fail_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected'; END $$;
       CREATE TRIGGER fail_merchants BEFORE INSERT ON merchants FOR EACH ROW EXECUTE FUNCTION fail_insert()`,
      `ALTER TABLE merchants ALTER COLUMN name DROP NOT NULL`,
      `CREATE TABLE scratch (x int)`,
      `ALTER SEQUENCE ${sequence} INCREMENT BY 1000`,
      `DROP TRIGGER "${t.name}" ON ${t.on}; CREATE TRIGGER "${t.name}" BEFORE TRUNCATE ON ${t.on} FOR EACH STATEMENT EXECUTE FUNCTION ${t.fn}()`,
      `ALTER FUNCTION ${fn} SET search_path = pg_catalog`,
      `CREATE SCHEMA scratch; CREATE TABLE scratch.kept (x int); INSERT INTO scratch.kept VALUES (1)`,
      `ALTER TABLE merchants ALTER COLUMN name TYPE text COLLATE "C"`,
      `ALTER TABLE merchants ENABLE ROW LEVEL SECURITY`,
    ];
    for (const change of changes) {
      const changed = await openTestPglite(true);
      const at = await xid(changed);
      await changed.exec(change);
      await changed.close();
      const next = await openTestPglite(true);
      try {
        // A fresh load of the snapshot, whose counter is behind the changed database's.
        expect(await xid(next), change).toBeLessThanOrEqual(at);
        await mark(next, 'after-change');
        expect(await merchants(next)).toEqual(['bus_afterchange']);
        const leftovers = await next.query(`SELECT 1 FROM pg_class WHERE relname IN ('scratch', 'fail_merchants', 'kept')`);
        expect(leftovers.rows).toEqual([]);
      } finally {
        await next.close();
      }
    }
  });

  it('are not handed on when a row the migrations wrote was changed', async () => {
    const changed = await openTestPglite(true);
    const recorded = await migrations(changed);
    await changed.query('DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations)');
    await changed.close();
    const next = await openTestPglite(true);
    expect(await migrations(next)).toBe(recorded);
    await next.close();
  });
});
