/**
 * Money past 2^31 cents (BRL 21,474,836.47), which a merchant's balance reaches after a few large PIX charges: the
 * balance, a withdrawal of more than 2^31 and a variant priced above it are stored and answered to the cent, the
 * answers checked against the contract (`format: int64`) by the service's own response validation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../generated/schema';
import { ENGINES, startTestService, type TestMerchant, type TestService } from '../../testing/harness';
import { balance, entriesOfWithdrawal, fund, walletBody } from '../../testing/withdrawals';

type Balance = components['schemas']['Balance'];
type Withdrawal = components['schemas']['Withdrawal'];
type Variant = components['schemas']['Variant'];

const INT32_MAX = 2 ** 31 - 1;
/** Three PIX charges just under the per-charge maximum (BRL 10,000,000.00): the balance the defect report saw. */
const CHARGES = [990_102_436, 990_102_435, 990_102_435];
const FUNDED = 2_970_307_306;

describe.each(ENGINES)('amounts past 2^31 cents on $name', (engine) => {
  let svc: TestService;
  let m: TestMerchant;
  beforeAll(async () => {
    svc = await startTestService(engine);
    m = await svc.newMerchant();
    for (const amount of CHARGES) await fund(svc.db, m.merchantId, amount);
  });
  afterAll(async () => svc?.close());

  const call = async <T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<{ status: number; body: T }> => {
    const res = await svc.call(path, { ...init, key: m.sandboxKey });
    return { status: res.status, body: (await res.json()) as T };
  };
  const available = async () => (await call<Balance>('/v1/balance')).body.balances.find((b) => b.currency === 'BRL')!.available;

  it('answers a balance above 2^31 exactly', async () => {
    expect(CHARGES.reduce((a, b) => a + b, 0)).toBe(FUNDED);
    expect(FUNDED).toBeGreaterThan(INT32_MAX);
    const res = await call<Balance>('/v1/balance');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await available()).toBe(FUNDED);
  });

  it('takes a withdrawal above 2^31, stores it, debits it and answers it to the cent', async () => {
    const wallet = await call<{ id: string }>('/v1/wallets', { method: 'POST', json: walletBody() });
    expect(wallet.status).toBe(201);
    const amount = 2_500_000_000;
    const created = await call<Withdrawal>('/v1/withdrawals', { method: 'POST', json: { walletId: wallet.body.id, amount } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.amount).toBe(amount);
    const read = await call<Withdrawal>(`/v1/withdrawals/${created.body.id}`);
    expect(read.body.amount).toBe(amount);
    expect(await entriesOfWithdrawal(svc.db, created.body.id)).toEqual([`withdrawal -${amount}`]);
    expect(await balance(svc.db, m.merchantId)).toBe(FUNDED - amount);
    expect(await available()).toBe(FUNDED - amount);
  });

  it('prices a variant above 2^31 and answers the price exactly', async () => {
    const product = await call<{ id: string }>('/v1/products', { method: 'POST', json: { name: 'Frota' } });
    expect(product.status).toBe(201);
    const unitPrice = 99_999_999_999;
    const created = await call<Variant>('/v1/variants', {
      method: 'POST',
      json: { productId: product.body.id, name: 'Frota inteira', pricing: { type: 'one-time', unitPrice, costPerItem: 3_000_000_000 } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await call<Variant>(`/v1/variants/${created.body.id}`);
    expect(read.body.pricing.unitPrice).toBe(unitPrice);
    expect(read.body.pricing.costPerItem).toBe(3_000_000_000);
  });

  it('refuses an amount above the documented maximum instead of storing it', async () => {
    const wallet = await call<{ id: string }>('/v1/wallets', { method: 'POST', json: walletBody() });
    const res = await call<{ error: { code: string } }>('/v1/withdrawals', { method: 'POST', json: { walletId: wallet.body.id, amount: 100_000_000_001 } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalidParameters');
  });
});
