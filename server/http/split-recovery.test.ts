/**
 * Split writes record their recovery point: a create or change that committed and then failed before answering is
 * answered on its retry under the same key with the split as it stands, and nothing is done twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { insertSubscription, subAccount } from '../testing/split-fixtures';
import type { IdempotencyFaults } from './idempotent';

describe.each(ENGINES)('recovered split answers on $name', (engine) => {
  let svc: TestService;
  const play: IdempotencyFaults = {};
  beforeAll(async () => {
    const faults: IdempotencyFaults = { afterHandler: async (op) => play.afterHandler?.(op) };
    svc = await startTestService(engine, {}, { idempotency: { lockSeconds: 1, faults } });
  });
  afterAll(async () => svc?.close());

  let n = 0;
  async function failThenRetry(method: 'POST' | 'PUT', path: string, json: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const key = `idem-split-${Date.now()}-${++n}`;
    const send = () => svc.call(path, { method, json, headers: { 'X-Idempotency-Key': key } });
    play.afterHandler = async () => {
      delete play.afterHandler;
      throw new Error('broken after the commit');
    };
    expect((await send()).status).toBe(500);
    const retry = await send();
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    return { status: retry.status, body: (await retry.json()) as Record<string, unknown> };
  }

  it('a split added, then changed: the split, 201 then 200, one of it', async () => {
    const { merchantId } = svc.merchant;
    const partner = await subAccount(svc.db, merchantId);
    const sub = await insertSubscription(svc.db, { merchantId, amount: 5000 });
    const path = `/v1/subscriptions/${sub}/splits`;
    const created = await failThenRetry('POST', path, { recipient: partner.merchantId, type: 'percentage', value: 12.5 });
    expect(created).toMatchObject({ status: 201, body: { recipient: partner.merchantId, value: 12.5, merchant: { merchantId } } });
    const rows = await svc.db.query('SELECT 1 FROM subscription_splits WHERE subscription_id = $1', [sub]);
    expect(rows.rowCount).toBe(1);
    const changed = await failThenRetry('PUT', `${path}/${String(created.body.id)}`, { type: 'fixed', value: 900 });
    expect(changed).toMatchObject({ status: 200, body: { id: created.body.id, type: 'fixed', value: 900 } });
  });
});
