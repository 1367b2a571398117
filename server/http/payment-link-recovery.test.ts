/**
 * Payment link writes record their recovery point: a request that failed after its work committed is answered on
 * retry (same key) with the link as it stands, with the operation's success status, and nothing is written twice.
 * PATCH goes through the idempotency store as POST and PUT do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestService } from '../testing/harness';
import { startRecoveryService, type RecoveryService } from '../testing/recovery';

const PATH = '/v1/checkouts/payment-links';

describe.each(ENGINES)('payment link recovered answers on $name', (engine) => {
  let svc: TestService;
  let failThenRetry: RecoveryService['failThenRetry'];
  let recovery: RecoveryService;
  beforeAll(async () => {
    recovery = await startRecoveryService(engine);
    ({ svc, failThenRetry } = recovery);
  });
  afterAll(async () => recovery?.close());

  it('a link created, changed, disabled, enabled: the link, 201 then 200, one of it', async () => {
    const name = `Link ${Date.now()}`;
    const created = await failThenRetry('POST', PATH, { name, amount: 5000 });
    expect(created).toMatchObject({ status: 201, body: { name, amount: 5000, enabled: true, availability: 'open' } });
    const rows = await svc.db.query('SELECT 1 FROM payment_links WHERE merchant_id = $1 AND name = $2', [svc.merchant.merchantId, name]);
    expect(rows.rowCount).toBe(1);
    const id = String(created.body.id);
    expect(await failThenRetry('PATCH', `${PATH}/${id}`, { amount: 7000 })).toMatchObject({ status: 200, body: { id, amount: 7000 } });
    expect(await failThenRetry('POST', `${PATH}/${id}/disable`)).toMatchObject({ status: 200, body: { id, enabled: false } });
    expect(await failThenRetry('POST', `${PATH}/${id}/enable`)).toMatchObject({ status: 200, body: { id, enabled: true } });
  });

  it('a PATCH replayed with its key answers the stored answer without running again', async () => {
    const link = (await (await svc.call(PATH, { method: 'POST', json: { name: 'Replay', amount: 1000 } })).json()) as { id: string };
    const key = `idem-links-replay-${Date.now()}`;
    const send = (method: 'PATCH', path: string, json: unknown, k: string) => svc.call(path, { method, json, headers: { 'X-Idempotency-Key': k } });
    const a = await send('PATCH', `${PATH}/${link.id}`, { name: 'Dois' }, key);
    await svc.call(`${PATH}/${link.id}`, { method: 'PATCH', json: { name: 'Três' } });
    const again = await send('PATCH', `${PATH}/${link.id}`, { name: 'Dois' }, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await a.json());
    const now = (await (await svc.call(`${PATH}/${link.id}`)).json()) as { name: string };
    expect(now.name).toBe('Três');
  });
});
