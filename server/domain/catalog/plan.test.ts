/**
 * The seams other parts of recurring billing build on: `recurringPlanOf` (subscriptions) and the check of a
 * transaction item's `variantId` (sales), on a real service and database.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../generated/schema';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { pixBody } from '../../testing/payments';
import { transactionsApi } from '../../testing/transactions-api';
import { ApiError } from '../../core/errors';
import type { Scope } from '../../core/tenancy';
import { recurringPlanOf } from './plan';

type Variant = components['schemas']['Variant'];

describe.each(ENGINES)('catalogue seams on $name', (engine) => {
  let svc: TestService;
  let scope: Scope;
  let productId: string;
  beforeAll(async () => {
    svc = await startTestService(engine);
    scope = { merchantId: svc.merchant.merchantId, mode: 'sandbox' };
    productId = await newProduct();
  });
  // Sales are charges: whatever they did (or were refused) leaves the ledger consistent.
  afterEach(async () => expectLedgerConsistent(svc.db));
  afterAll(async () => svc?.close());
  const api = transactionsApi(() => svc);

  async function newProduct(): Promise<string> {
    const res = await svc.call('/v1/products', { method: 'POST', json: { name: 'Plano' } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }
  async function variant(pricing: Record<string, unknown>, product = productId): Promise<Variant> {
    const res = await svc.call('/v1/variants', { method: 'POST', json: { productId: product, name: 'Plano mensal', pricing } });
    const body = (await res.json()) as Variant;
    expect(res.status, JSON.stringify(body)).toBe(201);
    return body;
  }
  const post = (path: string) => svc.call(path, { method: 'POST' });
  async function rejected(p: Promise<unknown>, code: string): Promise<void> {
    const err = await p.then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(code);
  }

  it('recurringPlanOf copies the recurring pricing: until canceled is null, the trial in days', async () => {
    const v = await variant({ type: 'recurring', unitPrice: 4990, billingFrequency: 'monthly', billingExactDay: 31, cycles: 0, trialInterval: 'week', trialIntervalCount: 2 });
    expect(await recurringPlanOf(svc.db, scope, v.id)).toEqual({
      variantId: v.id, amount: 4990, currency: 'BRL', billingType: 'prepaid', billingFrequency: 'monthly', billingFrequencyCount: 1,
      billingExactDay: 31, cycles: null, trialInterval: 'week', trialIntervalCount: 2, daysTrial: 14,
    });
    const fixed = await variant({ type: 'recurring', unitPrice: 100, billingType: 'postpaid', billingFrequency: 'weekly', billingFrequencyCount: 2, cycles: 6 });
    expect(await recurringPlanOf(svc.db, scope, fixed.id)).toMatchObject({ billingType: 'postpaid', billingFrequencyCount: 2, cycles: 6, trialInterval: null, daysTrial: 0 });
  });

  it('recurringPlanOf refuses: 404 unknown or other mode, 422 one-time, disabled variant, variant of a disabled product', async () => {
    await rejected(recurringPlanOf(svc.db, scope, 'var_0000000000000000'), 'variantNotFound');
    const v = await variant({ type: 'recurring', unitPrice: 100, billingFrequency: 'daily' });
    await rejected(recurringPlanOf(svc.db, { ...scope, mode: 'production' }, v.id), 'variantNotFound');
    const once = await variant({ type: 'one-time', unitPrice: 100 });
    await rejected(recurringPlanOf(svc.db, scope, once.id), 'variantNotRecurring');
    expect((await post(`/v1/variants/${v.id}/disable`)).status).toBe(200);
    await rejected(recurringPlanOf(svc.db, scope, v.id), 'variantDisabled');
    const other = await newProduct();
    const w = await variant({ type: 'recurring', unitPrice: 100, billingFrequency: 'yearly' }, other);
    expect((await post(`/v1/products/${other}/disable`)).status).toBe(200);
    await rejected(recurringPlanOf(svc.db, scope, w.id), 'variantDisabled');
  });

  it('a transaction item may name a sellable variant: the item keeps its variantId and its own price', async () => {
    const v = await variant({ type: 'one-time', unitPrice: 7990 });
    const items = [
      { name: 'Camiseta', unitPrice: 5000, quantity: 2, variantId: v.id },
      { name: 'Frete', unitPrice: 10000, quantity: 1 },
    ];
    const id = await api.create(pixBody({ items }));
    const t = await api.read(id);
    expect(t.items.map((i) => [i.unitPrice, i.variantId])).toEqual([[5000, v.id], [10000, null]]);
  });

  it('a transaction item naming an unknown, another merchant\'s or an unsellable variant is 422, naming the item', async () => {
    const v = await variant({ type: 'one-time', unitPrice: 100 });
    const withItem = (variantId: string) => pixBody({ amount: 100, items: [{ name: 'x', unitPrice: 100, quantity: 1, variantId }] });
    const first = { name: 'y', unitPrice: 50, quantity: 1 };
    const unknown = await api.refused(await api.post('/v1/transactions', { ...withItem('var_0000000000000000'), items: [first, { name: 'x', unitPrice: 50, quantity: 1, variantId: 'var_0000000000000000' }] }), 422, 'unprocessableEntity');
    expect(unknown.params).toEqual([{ 'items[1][variantId]': 'names no variant of this merchant and mode' }]);
    // Another merchant's variant names nothing it can sell (production keys have no provider in tests: 422 before).
    const stranger = await svc.newMerchant();
    await api.refused(await api.post('/v1/transactions', withItem(v.id), stranger.sandboxKey), 422, 'unprocessableEntity');
    expect((await post(`/v1/variants/${v.id}/disable`)).status).toBe(200);
    const disabled = await api.refused(await api.post('/v1/transactions', withItem(v.id)), 422, 'variantDisabled');
    expect(disabled.params).toEqual([{ 'items[0][variantId]': 'is disabled' }]);
    const other = await newProduct();
    const w = await variant({ type: 'one-time', unitPrice: 100 }, other);
    expect((await post(`/v1/products/${other}/disable`)).status).toBe(200);
    const byProduct = await api.refused(await api.post('/v1/transactions', withItem(w.id)), 422, 'variantDisabled');
    expect(byProduct.params).toEqual([{ 'items[0][variantId]': 'belongs to a disabled product' }]);
  });
});
