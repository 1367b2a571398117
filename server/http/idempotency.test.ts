import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { createMerchant } from '../domain/access/keys';
import { migrate } from '../db/migrate';
import { ENGINES } from '../testing/harness';
import { ApiError } from './errors';
import { claim, complete, extend, fingerprint, recoveryFor, release } from './idempotency';

describe('idempotency fingerprint', () => {
  it('ignores key order and tells method, path and body apart', () => {
    expect(fingerprint('POST', '/v1/x', { a: 1, b: { c: 2, d: 3 } })).toBe(fingerprint('post', '/v1/x', { b: { d: 3, c: 2 }, a: 1 }));
    expect(fingerprint('POST', '/v1/x', { a: 1 })).not.toBe(fingerprint('POST', '/v1/x', { a: 2 }));
    expect(fingerprint('POST', '/v1/x', { a: 1 })).not.toBe(fingerprint('PUT', '/v1/x', { a: 1 }));
    expect(fingerprint('POST', '/v1/x', { a: 1 })).not.toBe(fingerprint('POST', '/v1/y', { a: 1 }));
  });
});

describe.each(ENGINES)('idempotency store on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let scope: { merchantId: string; mode: 'sandbox' };
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
    scope = { merchantId: await createMerchant(db, 'Acme'), mode: 'sandbox' };
  });
  afterAll(async () => drop?.());

  async function codeOf(p: Promise<unknown>): Promise<string> {
    try {
      await p;
      return 'none';
    } catch (err) {
      return err instanceof ApiError ? err.code : 'unexpected';
    }
  }

  it('lets the first request run, replays its answer, and refuses another body', async () => {
    expect(await claim(db, scope, 'key-replay-0001', 'fp1', 24)).toEqual({ kind: 'proceed' });
    expect(await codeOf(claim(db, scope, 'key-replay-0001', 'fp1', 24))).toBe('idempotencyInProgress');
    await complete(db, scope, 'key-replay-0001', 201, '{"id":"cus_1","amount":1}');
    expect(await claim(db, scope, 'key-replay-0001', 'fp1', 24)).toEqual({ kind: 'replay', status: 201, text: '{"id":"cus_1","amount":1}' });
    expect(await codeOf(claim(db, scope, 'key-replay-0001', 'fp2', 24))).toBe('idempotencyMismatch');
  });

  it('scopes keys per merchant and mode', async () => {
    await claim(db, scope, 'key-scoped-0001', 'fp', 24);
    const other = { merchantId: await createMerchant(db, 'Other'), mode: 'sandbox' as const };
    expect(await claim(db, other, 'key-scoped-0001', 'fp', 24)).toEqual({ kind: 'proceed' });
    expect(await claim(db, { ...scope, mode: 'production' }, 'key-scoped-0001', 'fp', 24)).toEqual({ kind: 'proceed' });
  });

  it('forgets a released key, so a corrected request may reuse it', async () => {
    await claim(db, scope, 'key-release-001', 'fp1', 24);
    await release(db, scope, 'key-release-001');
    expect(await claim(db, scope, 'key-release-001', 'fp2', 24)).toEqual({ kind: 'proceed' });
  });

  it('treats a key past its retention as new', async () => {
    await claim(db, scope, 'key-expired-001', 'fp1', 24);
    await complete(db, scope, 'key-expired-001', 201, '{"n":1}');
    await db.query(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1`, ['key-expired-001']);
    expect(await claim(db, scope, 'key-expired-001', 'fp2', 24)).toEqual({ kind: 'proceed' });
  });

  it('takes over a request whose process died (lock expired), once', async () => {
    await claim(db, scope, 'key-crashed-001', 'fp', 24);
    await db.query(`UPDATE idempotency_keys SET locked_until = now() - interval '1 second' WHERE key = $1`, ['key-crashed-001']);
    const results = await Promise.all([1, 2, 3].map(() => codeOf(claim(db, scope, 'key-crashed-001', 'fp', 24))));
    expect(results.filter((r) => r === 'none')).toHaveLength(1);
    expect(results.filter((r) => r === 'idempotencyInProgress')).toHaveLength(2);
  });

  async function lapse(key: string): Promise<void> {
    await db.query(`UPDATE idempotency_keys SET locked_until = now() - interval '1 second' WHERE key = $1`, [key]);
  }

  it('recovers a dead request that recorded its work, once, and never while its lock is live', async () => {
    const key = 'key-recover-0001';
    await claim(db, scope, key, 'fp', 24);
    await db.transaction((q) => recoveryFor(scope, key).mark(q, { resource: 'customer', id: 'cus_1', status: 201 }));
    expect(await codeOf(claim(db, scope, key, 'fp', 24))).toBe('idempotencyInProgress');
    await lapse(key);
    const results = await Promise.allSettled([1, 2, 3].map(() => claim(db, scope, key, 'fp', 24)));
    const won = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
    expect(won).toEqual([{ kind: 'recover', ref: { resource: 'customer', id: 'cus_1', status: 201 } }]);
    expect(await codeOf(claim(db, scope, key, 'other-fp', 24))).toBe('idempotencyMismatch');
  });

  it('keeps no recovery point whose transaction rolled back, and none that was cleared: the key is taken over', async () => {
    await claim(db, scope, 'key-rollback-01', 'fp', 24);
    const failed = db.transaction(async (q) => {
      await recoveryFor(scope, 'key-rollback-01').mark(q, { resource: 'refund', id: 'rfd_1', status: 201 });
      throw new Error('the work failed');
    });
    await expect(failed).rejects.toThrow('the work failed');
    await lapse('key-rollback-01');
    expect(await claim(db, scope, 'key-rollback-01', 'fp', 24)).toEqual({ kind: 'proceed' });

    const recovery = recoveryFor(scope, 'key-cleared-001');
    await claim(db, scope, 'key-cleared-001', 'fp', 24);
    await db.transaction((q) => recovery.mark(q, { resource: 'refund', id: 'rfd_2', status: 201 }));
    await db.transaction((q) => recovery.clear(q));
    await lapse('key-cleared-001');
    expect(await claim(db, scope, 'key-cleared-001', 'fp', 24)).toEqual({ kind: 'proceed' });
  });

  it('keeps the key of a failed request that recorded its work, its lock lapsed at once', async () => {
    await claim(db, scope, 'key-failed-0001', 'fp', 24);
    await db.transaction((q) => recoveryFor(scope, 'key-failed-0001').mark(q, { resource: 'wallet', id: 'wall_1', status: 201 }));
    expect(await release(db, scope, 'key-failed-0001')).toBe('kept');
    expect(await claim(db, scope, 'key-failed-0001', 'fp', 24)).toEqual({ kind: 'recover', ref: { resource: 'wallet', id: 'wall_1', status: 201 } });
    await claim(db, scope, 'key-nothing-001', 'fp', 24);
    expect(await release(db, scope, 'key-nothing-001')).toBe('forgotten');
  });

  it('renews the lock of a running request only', async () => {
    await claim(db, scope, 'key-extend-0001', 'fp', 24, 1);
    await lapse('key-extend-0001');
    await extend(db, scope, 'key-extend-0001', 30);
    expect(await codeOf(claim(db, scope, 'key-extend-0001', 'fp', 24))).toBe('idempotencyInProgress');
    await complete(db, scope, 'key-extend-0001', 201, '{"id":"x"}');
    await extend(db, scope, 'key-extend-0001', 30);
    const row = await db.query<{ state: string }>('SELECT state FROM idempotency_keys WHERE key = $1', ['key-extend-0001']);
    expect(row.rows[0]!.state).toBe('done');
  });

  it('migration 013 runs on a table that has rows, which keep their meaning (no recovery point)', async () => {
    await db.exec(`ALTER TABLE idempotency_keys DROP COLUMN recovery; DELETE FROM schema_migrations WHERE version = 13;`);
    await db.query(
      `INSERT INTO idempotency_keys (merchant_id, mode, key, fingerprint, state, locked_until, expires_at)
       VALUES ($1, 'sandbox', 'key-old-running1', 'fp', 'running', now() - interval '1 second', now() + interval '1 day')`,
      [scope.merchantId],
    );
    expect(await migrate(db)).toEqual(['013_idempotency_recovery.sql']);
    expect(await claim(db, scope, 'key-old-running1', 'fp', 24)).toEqual({ kind: 'proceed' });
    expect(await claim(db, scope, 'key-replay-0001', 'fp1', 24)).toEqual({ kind: 'replay', status: 201, text: '{"id":"cus_1","amount":1}' });
  });

  it('lets exactly one of 50 simultaneous claims run', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => codeOf(claim(db, scope, 'key-race-00001', 'fp', 24))));
    expect(results.filter((r) => r === 'none')).toHaveLength(1);
    expect(results.filter((r) => r === 'idempotencyInProgress')).toHaveLength(49);
  });
});
