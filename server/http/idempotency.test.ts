import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { createMerchant } from '../domain/access/keys';
import { ENGINES } from '../testing/harness';
import { ApiError } from './errors';
import { claim, complete, fingerprint, release } from './idempotency';

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
    await complete(db, scope, 'key-replay-0001', 201, { id: 'cus_1' });
    expect(await claim(db, scope, 'key-replay-0001', 'fp1', 24)).toEqual({ kind: 'replay', status: 201, body: { id: 'cus_1' } });
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
    await complete(db, scope, 'key-expired-001', 201, { n: 1 });
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

  it('lets exactly one of 50 simultaneous claims run', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => codeOf(claim(db, scope, 'key-race-00001', 'fp', 24))));
    expect(results.filter((r) => r === 'none')).toHaveLength(1);
    expect(results.filter((r) => r === 'idempotencyInProgress')).toHaveLength(49);
  });
});
