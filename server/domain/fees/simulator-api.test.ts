import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../generated/schema';
import { createKey } from '../access/keys';
import { setFeePlan } from './service';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';

type Simulation = components['schemas']['PaymentMethodSimulation'];
type ErrorBody = components['schemas']['Error']['error'];

const PATH = '/v1/simulators/payment-methods';
/** `hundredths` hundredths of a percent of `cents`, rounded half up (BigInt: an independent reference). */
const pct = (cents: number, hundredths: number) => Number((BigInt(cents) * BigInt(hundredths) * 2n + 10_000n) / 20_000n);
const money = (cents: number) => ({ cents, decimal: cents / 100 });

describe.each(ENGINES)('fee simulator on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine);
  });
  afterAll(async () => svc?.close());

  async function simulate(query: string, key?: string): Promise<Simulation> {
    const res = await svc.call(`${PATH}?${query}`, key ? { key } : {});
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Simulation;
  }
  async function error(query: string, status: number, code: string, key?: string): Promise<ErrorBody> {
    const res = await svc.call(`${PATH}?${query}`, key ? { key } : {});
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: ErrorBody };
    expect(body.error.code).toBe(code);
    return body.error;
  }

  it('simulates PIX under the default plan: 0.99 %, settles the same day', async () => {
    const s = await simulate('amount=12345&method=pix');
    const fee = pct(12_345, 99);
    expect(s).toEqual({
      planId: 'default',
      resource: 'pix',
      isCustom: false,
      installment: 1,
      feePercentage: 0.99,
      fixedFee: money(0),
      amount: money(12_345 - fee),
      original: money(12_345),
      totalFees: money(fee),
      installments: [{ number: 1, amount: money(12_345), fees: money(fee), net: money(12_345 - fee), settlesInDays: 0 }],
      merchant: { name: 'Acme Comércio Ltda', merchantId: svc.merchant.merchantId, isSubAccount: false },
      _links: {
        self: { href: `${PATH}?amount=12345&method=pix`, method: 'GET', description: 'This simulation' },
        installment: { href: `${PATH}?amount=12345&method=pix&installment=1`, method: 'GET', description: 'The same in a single installment' },
        installments: {
          href: `${PATH}?amount=12345&method=pix&installment=1`,
          method: 'GET',
          description: 'The same in the most installments the method allows',
        },
      },
    });
  });

  it('simulates a billet under the default plan: a flat 349 cents, no percentage, settles the next day', async () => {
    const s = await simulate('amount=10000&method=billet&installment=1');
    expect(s).toMatchObject({ feePercentage: null, fixedFee: money(349), totalFees: money(349), amount: money(10_000 - 349) });
    expect(s.installments).toEqual([{ number: 1, amount: money(10_000), fees: money(349), net: money(9651), settlesInDays: 1 }]);
    const small = await simulate('amount=100&method=billet');
    expect(small.amount).toEqual(money(100 - 349));
  });

  it('simulates a card in every number of installments: 3.99 % + 2.49 % each after the first, split evenly', async () => {
    for (let n = 1; n <= 12; n++) {
      const amount = 10_007;
      const hundredths = 399 + 249 * (n - 1);
      const fee = pct(amount, hundredths);
      const s = await simulate(`amount=${amount}&method=credit&installment=${n}`);
      expect(s).toMatchObject({ installment: n, feePercentage: hundredths / 100, totalFees: money(fee), amount: money(amount - fee) });
      expect(s.installments).toHaveLength(n);
      const gross = Math.floor(amount / n);
      const part = Math.floor(fee / n);
      s.installments.forEach((i, k) => {
        expect(i.number).toBe(k + 1);
        expect(i.settlesInDays).toBe(30 * (k + 1));
        expect(i.amount.cents).toBe(k === 0 ? amount - gross * (n - 1) : gross);
        expect(i.fees.cents).toBe(k === 0 ? fee - part * (n - 1) : part);
        expect(i.net.cents).toBe(i.amount.cents - i.fees.cents);
      });
    }
  });

  it('links the same simulation in one installment and in the most the method allows, keeping fee and brand', async () => {
    // Parameters in the spec's order whatever the request's; the default installment (1) is left out of `self`.
    const one = await simulate('installment=1&method=credit&amount=10000');
    expect(one._links.self!.href).toBe(`${PATH}?amount=10000&method=credit`);
    const s = await simulate('brand=visa&installment=3&method=credit&amount=10000&fee=2.5');
    const base = `${PATH}?amount=10000&method=credit&fee=2.5`;
    expect(s._links.self!.href).toBe(`${base}&installment=3&brand=visa`);
    expect(s._links.installment!.href).toBe(`${base}&installment=1&brand=visa`);
    expect(s._links.installments!.href).toBe(`${base}&installment=12&brand=visa`);
    expect((await simulate(s._links.installments!.href.split('?')[1]!)).installment).toBe(12);
  });

  it('applies a what-if fee: the whole PIX rate, the base card rate plus surcharges, a billet percentage', async () => {
    expect(await simulate('amount=10000&method=pix&fee=2.5')).toMatchObject({ planId: 'default', isCustom: true, feePercentage: 2.5, totalFees: money(250) });
    expect(await simulate('amount=10000&method=credit&fee=2.5&installment=2')).toMatchObject({
      isCustom: true, feePercentage: 4.99, totalFees: money(pct(10_000, 250 + 249)),
    });
    expect(await simulate('amount=10000&method=billet&fee=1.25')).toMatchObject({
      isCustom: true, feePercentage: 1.25, fixedFee: money(0), totalFees: money(125),
    });
  });

  it('refuses more than one installment of PIX or billet, and a fee with more than two decimals (400)', async () => {
    for (const method of ['pix', 'billet']) {
      const e = await error(`amount=10000&method=${method}&installment=2`, 400, 'invalidParameters');
      expect(e.params).toEqual([{ installment: `must be 1 for ${method}` }]);
    }
    const fee = await error('amount=10000&method=credit&fee=2.555', 400, 'invalidParameters');
    expect(fee.params).toEqual([{ fee: 'must have at most two decimals' }]);
  });

  it('refuses what the schema refuses, naming the parameter (400)', async () => {
    const cases: [string, string][] = [
      ['amount=99&method=pix', 'amount'],
      ['amount=1000000001&method=pix', 'amount'],
      ['amount=100.5&method=pix', 'amount'],
      ['method=pix', 'amount'],
      ['amount=10000&method=debit', 'method'],
      ['amount=10000&method=credit&installment=13', 'installment'],
      ['amount=10000&method=credit&installment=0', 'installment'],
      ['amount=10000&method=credit&fee=100', 'fee'],
      ['amount=10000&method=credit&fee=-1', 'fee'],
      ['amount=10000&method=credit&brand=diners', 'brand'],
      ['amount=10000&method=credit&color=red', 'color'],
    ];
    for (const [query, field] of cases) {
      const e = await error(query, 400, 'invalidParameters');
      expect(e.params?.flatMap((p) => Object.keys(p)), query).toContain(field);
    }
  });

  it('prices a merchant with a negotiated plan by that plan in both modes, and nobody else', async () => {
    const m = await svc.newMerchant('Negotiated Ltda');
    const plan = await setFeePlan(svc.db, m.merchantId, {
      pix: { percent: 0.89, fixed: 0 },
      billet: { percent: 0, fixed: 299 },
      credit: { percent: 3.49, fixed: 10, installmentPercent: 1.99, brands: null },
    });
    expect(plan.id).toMatch(/^plan_[0-9A-Za-z]{16}$/);
    for (const key of [m.sandboxKey, m.productionKey]) {
      expect(await simulate('amount=10000&method=pix', key)).toMatchObject({ planId: plan.id, isCustom: true, feePercentage: 0.89, totalFees: money(89) });
      expect(await simulate('amount=10000&method=billet', key)).toMatchObject({ planId: plan.id, isCustom: true, feePercentage: null, totalFees: money(299) });
      expect(await simulate('amount=10000&method=credit&installment=2', key)).toMatchObject({
        planId: plan.id, isCustom: true, feePercentage: 5.48, fixedFee: money(10), totalFees: money(pct(10_000, 349 + 199) + 10),
      });
    }
    expect(await simulate('amount=10000&method=pix')).toMatchObject({ planId: 'default', isCustom: false, totalFees: money(99) });
  });

  it('answers 404 resourceNotFound (resource simulator) when the plan has no rate for the method or the brand', async () => {
    const m = await svc.newMerchant('Cards Only Ltda');
    const plan = await setFeePlan(svc.db, m.merchantId, {
      pix: null,
      billet: null,
      credit: { percent: 2.99, fixed: 0, installmentPercent: 1.5, brands: { visa: 3.19, mastercard: 3.09 } },
    });
    const pix = await error('amount=10000&method=pix', 404, 'resourceNotFound', m.sandboxKey);
    expect(pix).toMatchObject({ resource: 'simulator', message: `The fee plan ${plan.id} has no rate for pix.` });
    const what = await error('amount=10000&method=billet&fee=1', 404, 'resourceNotFound', m.sandboxKey);
    expect(what.message).toBe(`The fee plan ${plan.id} has no rate for billet.`);
    const amex = await error('amount=10000&method=credit&brand=amex', 404, 'resourceNotFound', m.sandboxKey);
    expect(amex).toMatchObject({ resource: 'simulator', message: `The fee plan ${plan.id} has no rate for credit with brand amex.` });
    expect(await simulate('amount=10000&method=credit&brand=visa', m.sandboxKey)).toMatchObject({ feePercentage: 3.19, totalFees: money(319) });
    expect(await simulate('amount=10000&method=credit', m.sandboxKey)).toMatchObject({ feePercentage: 2.99, totalFees: money(299) });
  });

  it('ignores the brand for PIX and billet', async () => {
    const m = await svc.newMerchant('Visa Only Ltda');
    await setFeePlan(svc.db, m.merchantId, {
      pix: { percent: 1, fixed: 0 },
      billet: { percent: 0, fixed: 300 },
      credit: { percent: 3, fixed: 0, installmentPercent: 2, brands: { visa: 3 } },
    });
    expect(await simulate('amount=10000&method=pix&brand=elo', m.sandboxKey)).toMatchObject({ totalFees: money(100) });
    expect(await simulate('amount=10000&method=billet&brand=amex', m.sandboxKey)).toMatchObject({ totalFees: money(300) });
  });

  it('is a read: a read-only key may simulate; no key is 401', async () => {
    const ro = await createKey(svc.db, { merchantId: svc.merchant.merchantId, mode: 'sandbox', role: 'read-only' });
    expect((await simulate('amount=10000&method=pix', ro.key)).planId).toBe('default');
    const res = await svc.call(`${PATH}?amount=10000&method=pix`, { key: null });
    expect(res.status).toBe(401);
  });
});
