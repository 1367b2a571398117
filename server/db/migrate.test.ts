import { describe, expect, it } from 'vitest';
import { ENGINES } from '../testing/harness';
import { loadMigrations, migrate } from './migrate';

describe('migrations', () => {
  it('are numbered plain SQL files, in order, without gaps', () => {
    const versions = loadMigrations().map((m) => m.version);
    expect(versions.length).toBeGreaterThan(0);
    expect(versions).toEqual(versions.map((_, i) => i + 1));
  });
});

describe.each(ENGINES)('migrations on $name', (engine) => {
  it('apply once: a second run applies nothing and the schema is there', async () => {
    const { db, drop } = await engine.open();
    try {
      expect(await migrate(db)).toEqual([]);
      const applied = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      expect(applied.rows[0]!.n).toBe(loadMigrations().length);
      const tables = await db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1`,
      );
      expect(tables.rows.map((r) => r.table_name)).toEqual(
        expect.arrayContaining(['merchants', 'api_keys', 'idempotency_keys', 'customers', 'addresses', 'wallets']),
      );
    } finally {
      await drop();
    }
  });

  it('roll back a failing migration whole, leaving it to be applied again', async () => {
    const { db, drop } = await engine.open();
    try {
      const broken = { version: 999, name: '999_broken.sql', sql: 'CREATE TABLE half_done (id int); SELECT 1/0;' };
      await expect(migrate(db, [broken])).rejects.toThrow();
      const left = await db.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done' AND table_schema = current_schema()`);
      expect(left.rowCount).toBe(0);
      const recorded = await db.query('SELECT 1 FROM schema_migrations WHERE version = 999');
      expect(recorded.rowCount).toBe(0);
    } finally {
      await drop();
    }
  });
});
