/**
 * The catalogue's writes record their recovery point: a request that failed after its work committed is answered
 * on retry (same key) with the product or variant as it stands, with the operation's success status, and nothing
 * is written twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import type { IdempotencyFaults } from './idempotent';

describe.each(ENGINES)('catalogue recovered answers on $name', (engine) => {
  let svc: TestService;
  const play: IdempotencyFaults = {};
  beforeAll(async () => {
    const faults: IdempotencyFaults = { afterHandler: async (op) => play.afterHandler?.(op) };
    svc = await startTestService(engine, {}, { idempotency: { lockSeconds: 1, faults } });
  });
  afterAll(async () => svc?.close());

  let n = 0;
  const send = (method: 'POST' | 'PUT', path: string, json: unknown, key: string) =>
    svc.call(path, { method, ...(json === undefined ? {} : { json }), headers: { 'X-Idempotency-Key': key } });

  /** Sends the request twice under one key, the first failing after its work: the retry's answer. */
  async function failThenRetry(method: 'POST' | 'PUT', path: string, json?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const key = `idem-catalog-${Date.now()}-${++n}`;
    play.afterHandler = async () => {
      delete play.afterHandler;
      throw new Error('broken after the commit');
    };
    expect((await send(method, path, json, key)).status).toBe(500);
    const retry = await send(method, path, json, key);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    return { status: retry.status, body: (await retry.json()) as Record<string, unknown> };
  }
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
