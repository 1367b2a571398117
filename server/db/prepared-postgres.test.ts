/**
 * Named prepared statements on a real PostgreSQL (db/prepared.ts): a text run again is prepared on the connection and
 * executed by name; a prepared statement whose result columns a migration changed is dropped for good and its call
 * answered all the same; with the setting off nothing is prepared. Always straight to PostgreSQL (the session URL):
 * through `.ci/pgbouncer` the pool URL is a PgBouncer 1.18, which cannot carry named statements.
 */
import { describe, expect, it } from 'vitest';
import { POSTGRES, requirePostgres } from '../testing/harness';
import { until } from '../testing/until';
import { openPostgres } from './postgres';

const prepared = (q: { query: <T>(sql: string) => Promise<{ rows: T[] }> }) =>
  q.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements ORDER BY statement').then((r) => r.rows.map((x) => x.statement));

describe.skipIf(!POSTGRES)('named prepared statements, on postgres (needs TEST_DATABASE_URL)', () => {
  it('prepares a text from its second run on, and survives a migration that changes its result columns', async () => {
    const opened = await requirePostgres().open();
    // One connection, so every call below meets the statements the earlier ones prepared.
    const db = await openPostgres(opened.sessionUrl ?? opened.url!, 1);
    try {
      await db.exec('CREATE TABLE prep_probe (a int); INSERT INTO prep_probe VALUES (1)');
      const text = 'SELECT * FROM prep_probe WHERE a = $1';
      for (let i = 0; i < 3; i++) expect((await db.query(text, [1])).rows).toEqual([{ a: 1 }]);
      expect(await prepared(db)).toContain(text);
      // A prepared `SELECT *` whose table gained a column: PostgreSQL refuses it from now on ("cached plan must not
      // change result type"); the call is answered unnamed, and so is every later one.
      await db.exec('ALTER TABLE prep_probe ADD COLUMN b int DEFAULT 7');
      expect((await db.query(text, [1])).rows).toEqual([{ a: 1, b: 7 }]);
      expect((await db.query(text, [1])).rows).toEqual([{ a: 1, b: 7 }]);
      // Inside a transaction the refusal aborts it (it cannot be sent again there); the text is unnamed afterwards.
      await db.exec('ALTER TABLE prep_probe ADD COLUMN c int DEFAULT 8');
      const again = 'SELECT * FROM prep_probe WHERE a = $1 AND true';
      await db.query(again, [1]);
      await db.query(again, [1]);
      await db.exec('ALTER TABLE prep_probe ADD COLUMN d int DEFAULT 9');
      await expect(db.transaction((q) => q.query(again, [1]))).rejects.toThrow(/cached plan must not change result type/);
      expect((await db.transaction((q) => q.query(again, [1]))).rows).toEqual([{ a: 1, b: 7, c: 8, d: 9 }]);
    } finally {
      await db.close();
      await opened.drop();
    }
  });

  it('stops naming, and answers the call unnamed, when the connection lost what it prepared (a pooler between them)', async () => {
    const opened = await requirePostgres().open();
    const db = await openPostgres(opened.sessionUrl ?? opened.url!, 1);
    const warnings: string[] = [];
    const onWarning = (w: Error & { code?: string }) => {
      if (w.code === 'PAYMENTS_PREPARED_STATEMENTS') warnings.push(w.message);
    };
    process.on('warning', onWarning);
    try {
      const text = 'SELECT $1::int + 1 AS x';
      await db.query(text, [1]);
      await db.query(text, [1]);
      expect(await prepared(db)).toEqual([text]);
      // What a pooler does: the server connection under the client no longer holds the statement.
      await db.exec('DEALLOCATE ALL');
      expect((await db.query<{ x: number }>(text, [2])).rows).toEqual([{ x: 3 }]);
      for (let i = 0; i < 3; i++) await db.query('SELECT $1::int * 2 AS y', [i]);
      expect(await prepared(db)).toEqual([]);
      await until('the warning', () => warnings.length > 0);
      expect(warnings[0]).toMatch(/DATABASE_SESSION_URL/);
    } finally {
      process.off('warning', onWarning);
      await db.close();
      await opened.drop();
    }
  });

  it('prepares nothing when off', async () => {
    const opened = await requirePostgres().open();
    const url = opened.sessionUrl ?? opened.url!;
    const db = await openPostgres(url, 1, url, false);
    try {
      for (let i = 0; i < 3; i++) await db.query('SELECT $1::int AS x', [i]);
      expect(await prepared(db)).toEqual([]);
    } finally {
      await db.close();
      await opened.drop();
    }
  });
});
