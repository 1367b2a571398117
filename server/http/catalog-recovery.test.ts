/**
 * The catalogue's writes record their recovery point: a request that failed after its work committed is answered
 * on retry (same key) with the product or variant as it stands, with the operation's success status, and nothing
 * is written twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestService } from '../testing/harness';
import { startRecoveryService, type RecoveryService } from '../testing/recovery';

describe.each(ENGINES)('catalogue recovered answers on $name', (engine) => {
  let svc: TestService;
  let failThenRetry: RecoveryService['failThenRetry'];
  let recovery: RecoveryService;
  beforeAll(async () => {
    recovery = await startRecoveryService(engine);
    ({ svc, failThenRetry } = recovery);
  });
  afterAll(async () => recovery?.close());
  const count = async (table: 'products' | 'variants', name: string) =>
    (await svc.db.query(`SELECT 1 FROM ${table} WHERE merchant_id = $1 AND name = $2`, [svc.merchant.merchantId, name])).rowCount;

  it('a product created, replaced, disabled: the product, 201 then 200, one of it', async () => {
    const name = `Produto ${Date.now()}`;
    const created = await failThenRetry('POST', '/v1/products', { name });
    expect(created).toMatchObject({ status: 201, body: { name, enabled: true } });
    expect(await count('products', name)).toBe(1);
    const id = String(created.body.id);
    expect(await failThenRetry('PUT', `/v1/products/${id}`, { name: `${name} 2` })).toMatchObject({ status: 200, body: { id, name: `${name} 2` } });
    expect(await failThenRetry('POST', `/v1/products/${id}/disable`)).toMatchObject({ status: 200, body: { id, enabled: false } });
    expect(await failThenRetry('POST', `/v1/products/${id}/enable`)).toMatchObject({ status: 200, body: { id, enabled: true } });
  });

  it('a variant created, replaced, disabled: the variant, 201 then 200, one of it', async () => {
    const product = (await (await svc.call('/v1/products', { method: 'POST', json: { name: 'Base' } })).json()) as { id: string };
    const name = `Variante ${Date.now()}`;
    const json = { productId: product.id, name, pricing: { type: 'one-time', unitPrice: 990 } };
    const created = await failThenRetry('POST', '/v1/variants', json);
    expect(created).toMatchObject({ status: 201, body: { name, productId: product.id, enabled: true } });
    expect(await count('variants', name)).toBe(1);
    const id = String(created.body.id);
    const replaced = await failThenRetry('PUT', `/v1/variants/${id}`, { ...json, pricing: { type: 'one-time', unitPrice: 1990 } });
    expect(replaced).toMatchObject({ status: 200, body: { id, pricing: { unitPrice: 1990 } } });
    expect(await failThenRetry('POST', `/v1/variants/${id}/disable`)).toMatchObject({ status: 200, body: { id, enabled: false } });
    expect(await failThenRetry('POST', `/v1/variants/${id}/enable`)).toMatchObject({ status: 200, body: { id, enabled: true } });
  });
});
