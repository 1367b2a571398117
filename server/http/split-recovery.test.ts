/**
 * Split writes record their recovery point: a create or change that committed and then failed before answering is
 * answered on its retry under the same key with the split as it stands, and nothing is done twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestService } from '../testing/harness';
import { startRecoveryService, type RecoveryService } from '../testing/recovery';
import { insertSubscription, subAccount } from '../testing/split-fixtures';

describe.each(ENGINES)('recovered split answers on $name', (engine) => {
  let svc: TestService;
  let failThenRetry: RecoveryService['failThenRetry'];
  let recovery: RecoveryService;
  beforeAll(async () => {
    recovery = await startRecoveryService(engine);
    ({ svc, failThenRetry } = recovery);
  });
  afterAll(async () => recovery?.close());

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
