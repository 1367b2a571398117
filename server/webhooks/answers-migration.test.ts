/**
 * Migration 010: answers stored before the rule "answers from non-public addresses are never kept" are cleared for
 * sandbox endpoints (which may have been on loopback or a private network); production answers, always from public
 * addresses, and every status code stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations } from '../db/migrate';
import type { Db } from '../db/types';
import { createMerchantWithKeys } from '../domain/access/keys';
import { ENGINES } from '../testing/harness';
import { recordEvent } from './outbox';

const migration = loadMigrations().find((m) => m.name === '010_webhook_answers.sql');

describe.each(ENGINES)('migration 010_webhook_answers on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
  });
  afterAll(async () => drop?.());

  async function endpoint(merchantId: string, mode: 'sandbox' | 'production', url: string): Promise<string> {
    const id = `wbe_${mode}${Math.random().toString(36).slice(2, 10)}`;
    await db.query(
      `INSERT INTO webhook_endpoints (id, merchant_id, mode, name, url, events, secret_sealed, created_at, updated_at)
       VALUES ($1, $2, $3, 'Old', $4, '["customer.updated"]'::jsonb, 'sealed', now(), now())`,
      [id, merchantId, mode, url],
    );
    return id;
  }

  it('clears the stored answers of sandbox dispatches and keeps production ones and every status code', async () => {
    expect(migration).toBeDefined();
    const { merchantId } = await createMerchantWithKeys(db, 'Before The Rule Ltda');
    const local = await endpoint(merchantId, 'sandbox', 'http://127.0.0.1:4000/hooks');
    const live = await endpoint(merchantId, 'production', 'https://8.8.8.8/hooks');
    for (const mode of ['sandbox', 'production'] as const) {
      await db.transaction((q) =>
        recordEvent(q, { merchantId, mode }, { type: 'customer.updated', resource: 'customer', resourceId: 'cus_M0000000000000001', object: {} }, new Date()),
      );
    }
    // As the sender recorded answers before the rule.
    await db.query(`UPDATE webhook_dispatches SET status = 'succeeded', attempts = 1, response_status_code = 200, response_body = $2 WHERE endpoint_id = $1`, [local, '{"admin":"panel"}']);
    await db.query(`UPDATE webhook_dispatches SET status = 'succeeded', attempts = 1, response_status_code = 202, response_body = $2 WHERE endpoint_id = $1`, [live, '{"received":true}']);

    await db.exec(migration!.sql);

    const rows = await db.query<{ endpoint_id: string; response_status_code: number; response_body: string | null }>(
      'SELECT endpoint_id, response_status_code, response_body FROM webhook_dispatches WHERE endpoint_id IN ($1, $2) ORDER BY response_status_code',
      [local, live],
    );
    expect(rows.rows).toEqual([
      { endpoint_id: local, response_status_code: 200, response_body: null },
      { endpoint_id: live, response_status_code: 202, response_body: '{"received":true}' },
    ]);
  });
});
