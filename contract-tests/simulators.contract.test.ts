import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { operations, Schemas } from '../client/src/index';
import type { PaymentsClient } from './support/client';
import { setFeePlan } from '../server/domain/fees/service';
import { ENGINES } from '../server/testing/harness';
import { contractClient } from './support/client';
import { contractContext, errorOf, type ContractContext } from './support/context';
import { flushCoverage } from './support/coverage';

afterAll(() => flushCoverage('simulators'));

type Query = operations['simulatePaymentMethod']['parameters']['query'];
const PATH = '/v1/simulators/payment-methods';
/** `hundredths` hundredths of a percent of `cents`, rounded half up (BigInt, independent of the service's arithmetic). */
const pct = (cents: number, hundredths: number) => Number((BigInt(cents) * BigInt(hundredths) * 2n + 10_000n) / 20_000n);
const keysOf = (params: Record<string, string>[] | undefined) => (params ?? []).flatMap((p) => Object.keys(p));

describe.each(ENGINES)('Simulators contract on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await contractContext(engine);
  });
  afterAll(async () => c?.close());

  const simulate = (query: Query, client: PaymentsClient = c.api) => client.GET(PATH, { params: { query } });
  async function ok(query: Query, client?: PaymentsClient): Promise<Schemas['PaymentMethodSimulation']> {
    const res = await simulate(query, client);
    expect(res.response.status).toBe(200);
    return res.data!;
  }

  it('simulatePaymentMethod 200 for each method under the default plan', async () => {
    const pix = await ok({ amount: 25_050, method: 'pix' });
    expect(pix).toMatchObject({ planId: 'default', resource: 'pix', isCustom: false, installment: 1, feePercentage: 0.99 });
    expect(pix.totalFees.cents).toBe(pct(25_050, 99));
    expect(pix.installments).toEqual([expect.objectContaining({ number: 1, settlesInDays: 0 })]);
    expect(pix.merchant.merchantId).toBe(c.svc.merchant.merchantId);

    const billet = await ok({ amount: 25_050, method: 'billet' });
    expect(billet).toMatchObject({ feePercentage: null, fixedFee: { cents: 349 }, totalFees: { cents: 349 }, amount: { cents: 25_050 - 349 } });
    expect(billet.installments[0]?.settlesInDays).toBe(1);

    const credit = await ok({ amount: 25_050, method: 'credit', installment: 6, brand: 'mastercard' });
    const fee = pct(25_050, 399 + 5 * 249);
    expect(credit).toMatchObject({ installment: 6, feePercentage: (399 + 5 * 249) / 100, totalFees: { cents: fee }, amount: { cents: 25_050 - fee } });
    expect(credit.installments.map((i) => i.settlesInDays)).toEqual([30, 60, 90, 120, 150, 180]);
    expect(credit.installments.reduce((a, i) => a + i.net.cents, 0)).toBe(25_050 - fee);
    expect(credit._links).toMatchObject({
      self: { href: `${PATH}?amount=25050&method=credit&installment=6&brand=mastercard`, method: 'GET' },
      installment: { href: `${PATH}?amount=25050&method=credit&installment=1&brand=mastercard`, method: 'GET' },
      installments: { href: `${PATH}?amount=25050&method=credit&installment=12&brand=mastercard`, method: 'GET' },
    });
  });

  it('simulatePaymentMethod 200 with a what-if fee: isCustom, the plan still named', async () => {
    const s = await ok({ amount: 10_000, method: 'credit', fee: 2.5, installment: 2 });
    expect(s).toMatchObject({ planId: 'default', isCustom: true, feePercentage: 4.99, totalFees: { cents: pct(10_000, 250 + 249) } });
  });

  it('simulatePaymentMethod 200 under a negotiated plan: planId and isCustom, in both modes', async () => {
    const m = await c.svc.newMerchant('Negociado Ltda');
    const plan = await setFeePlan(c.svc.db, m.merchantId, {
      pix: { percent: 0.79, fixed: 0 },
      billet: { percent: 0, fixed: 250 },
      credit: { percent: 2.99, fixed: 0, installmentPercent: 1.49, brands: null },
    });
    for (const key of [m.sandboxKey, m.productionKey]) {
      const s = await ok({ amount: 10_000, method: 'pix' }, contractClient(c.svc.url, key));
      expect(s).toMatchObject({ planId: plan.id, isCustom: true, feePercentage: 0.79, totalFees: { cents: 79 } });
    }
  });

  it('simulatePaymentMethod 400 invalidParameters in bracket notation: range, enum, installments of PIX and billet', async () => {
    for (const [query, field] of [
      [{ amount: 99, method: 'pix' }, 'amount'],
      [{ amount: 10_000, method: 'credit', installment: 13 }, 'installment'],
      [{ amount: 10_000, method: 'credit', fee: 100 }, 'fee'],
      [{ amount: 10_000, method: 'boleto' as 'billet' }, 'method'],
      [{ amount: 10_000, method: 'pix', installment: 2 }, 'installment'],
      [{ amount: 10_000, method: 'billet', installment: 12 }, 'installment'],
      [{ amount: 10_000, method: 'credit', fee: 1.005 }, 'fee'],
    ] as [Query, string][]) {
      const res = await simulate(query);
      expect(res.response.status, JSON.stringify(query)).toBe(400);
      expect(errorOf(res).code).toBe('invalidParameters');
      expect(keysOf(errorOf(res).params)).toContain(field);
    }
  });

  it('simulatePaymentMethod 404 resourceNotFound when the plan has no rate for the method or the card brand', async () => {
    const m = await c.svc.newMerchant('Só Cartão Ltda');
    const plan = await setFeePlan(c.svc.db, m.merchantId, {
      pix: null,
      billet: { percent: 0, fixed: 349 },
      credit: { percent: 3.99, fixed: 0, installmentPercent: 2.49, brands: { visa: 3.5 } },
    });
    const api = contractClient(c.svc.url, m.sandboxKey);
    const pix = await simulate({ amount: 10_000, method: 'pix' }, api);
    expect(pix.response.status).toBe(404);
    expect(errorOf(pix)).toMatchObject({ code: 'resourceNotFound', resource: 'simulator', message: `The fee plan ${plan.id} has no rate for pix.` });
    const amex = await simulate({ amount: 10_000, method: 'credit', brand: 'amex' }, api);
    expect(amex.response.status).toBe(404);
    expect(errorOf(amex).message).toBe(`The fee plan ${plan.id} has no rate for credit with brand amex.`);
    expect((await ok({ amount: 10_000, method: 'credit', brand: 'visa' }, api)).totalFees.cents).toBe(350);
  });

  it('simulatePaymentMethod 401 with an unknown key, 403 with a key outside its IP allow-list, 200 read-only', async () => {
    const unknown = await simulate({ amount: 10_000, method: 'pix' }, c.stranger);
    expect(unknown.response.status).toBe(401);
    expect(errorOf(unknown).code).toBe('unauthorized');
    const fenced = await simulate({ amount: 10_000, method: 'pix' }, c.fenced);
    expect(fenced.response.status).toBe(403);
    expect(errorOf(fenced).code).toBe('forbidden');
    expect((await simulate({ amount: 10_000, method: 'pix' }, c.readOnly)).response.status).toBe(200);
  });
});

describe.each(ENGINES)('Simulators contract under a tight quota on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await contractContext(engine, { RATE_LIMIT_POINTS: '2', RATE_LIMIT_WINDOW_SECONDS: '60' });
  });
  afterAll(async () => c?.close());

  it('simulatePaymentMethod 429 once the quota is spent, with Retry-After', async () => {
    const call = () => c.api.GET(PATH, { params: { query: { amount: 10_000, method: 'pix' } } });
    expect((await call()).response.status).toBe(200);
    expect((await call()).response.status).toBe(200);
    const res = await call();
    expect(res.response.status).toBe(429);
    expect(errorOf(res)).toMatchObject({ code: 'tooManyRequests', category: 'rate_limit' });
    expect(Number(res.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
