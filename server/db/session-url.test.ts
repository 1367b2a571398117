/**
 * `DATABASE_SESSION_URL`: the pool's statements go to `DATABASE_URL` (a pooler in transaction mode may stand there) and
 * the LISTEN, which needs a session that outlives its transactions, to the session URL. Through `.ci/pgbouncer` the two
 * are PgBouncer and PostgreSQL; straight to PostgreSQL they differ by their `application_name` alone, which is enough to
 * see which connection LISTENs.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig, SettingError } from '../config';
import { randomBase62 } from '../ids';
import { POSTGRES, requirePostgres } from '../testing/harness';
import { until } from '../testing/until';
import { openDatabase } from './open';

function named(url: string, applicationName: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', applicationName);
  return u.toString();
}

function settingOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof SettingError) return err.setting;
    throw err;
  }
  return undefined;
}

describe('the DATABASE_SESSION_URL setting', () => {
  const URL_A = 'postgres://app@pooler.internal:6432/payments';
  const URL_B = 'postgres://app@db.internal:5432/payments';

  it('is DATABASE_URL unless set, and unset without a database', () => {
    expect(loadConfig({ DATABASE_URL: URL_A }).databaseSessionUrl).toBe(URL_A);
    expect(loadConfig({ DATABASE_URL: URL_A, DATABASE_SESSION_URL: URL_B }).databaseSessionUrl).toBe(URL_B);
    expect(loadConfig({}).databaseSessionUrl).toBeUndefined();
  });

  it('is refused, naming it, when malformed or without DATABASE_URL', () => {
    expect(settingOf(() => loadConfig({ DATABASE_URL: URL_A, DATABASE_SESSION_URL: 'db.internal:5432' }))).toBe('DATABASE_SESSION_URL');
    expect(settingOf(() => loadConfig({ DATABASE_SESSION_URL: URL_B }))).toBe('DATABASE_SESSION_URL');
  });
});

describe.skipIf(!POSTGRES)('LISTEN on DATABASE_SESSION_URL, the pool on DATABASE_URL, on postgres (needs TEST_DATABASE_URL)', () => {
  it('the configured database listens on the session URL and hears what its pool notifies', async () => {
    const opened = await requirePostgres().open();
    const tag = randomBase62(10).toLowerCase();
    const config = loadConfig({ DATABASE_URL: named(opened.url!, `pool_${tag}`), DATABASE_SESSION_URL: named(opened.sessionUrl!, `session_${tag}`) });
    const { db } = await openDatabase(config);
    try {
      const channel = `probe_${tag}`;
      let heard = 0;
      const listening = await db.listen(channel, () => heard++);
      try {
        const listener = await db.query<{ application_name: string }>(`SELECT application_name FROM pg_stat_activity WHERE query = $1`, [`LISTEN "${channel}"`]);
        expect(listener.rows).toEqual([{ application_name: `session_${tag}` }]);
        // The pool's statements are the pool URL's (through a pooler too: it passes application_name on).
        const pool = await db.query<{ name: string }>(`SELECT current_setting('application_name') AS name`);
        expect(pool.rows[0]!.name).toBe(`pool_${tag}`);
        await db.query('SELECT pg_notify($1, $2)', [channel, '']);
        await until('the notification sent through the pool is heard', () => heard === 1, 10_000);
      } finally {
        await listening.close();
      }
    } finally {
      await db.close();
      await opened.drop();
    }
  });

  it('a session URL that does not answer stops the start, naming DATABASE_SESSION_URL', async () => {
    const opened = await requirePostgres().open();
    try {
      const config = loadConfig({ DATABASE_URL: opened.url!, DATABASE_SESSION_URL: 'postgres://postgres@127.0.0.1:1/nowhere' });
      const refused = await openDatabase(config).then(
        () => null,
        (err: unknown) => err,
      );
      expect(refused).toBeInstanceOf(SettingError);
      expect((refused as SettingError).setting).toBe('DATABASE_SESSION_URL');
      expect((refused as SettingError).message).toMatch(/^DATABASE_SESSION_URL postgres:\/\/127\.0\.0\.1:1\/nowhere: cannot connect/);
    } finally {
      await opened.drop();
    }
  });
});
