import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/types';
import { ENGINES } from '../../testing/harness';
import { createMerchantWithKeys } from '../access/keys';
import { DEFAULT_PLAN, receivableSchedule } from './plan';
import { planFor, removeFeePlan, setFeePlan, type FeePlanRates } from './service';

const RATES: FeePlanRates = {
  pix: { percent: 0.89, fixed: 0 },
  billet: { percent: 0.5, fixed: 299 },
  credit: { percent: 3.49, fixed: 25, installmentPercent: 1.99, brands: { visa: 3.19, amex: 4.29 } },
};

describe.each(ENGINES)('fee plans on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
  });
  afterAll(async () => drop?.());

  const merchant = async () => (await createMerchantWithKeys(db, 'Plano Ltda')).merchantId;

  it('gives a merchant without a negotiated plan the default plan', async () => {
    expect(await planFor(db, await merchant())).toBe(DEFAULT_PLAN);
  });

  it('stores a negotiated plan and reads back exactly the same rates', async () => {
    const id = await merchant();
    const plan = await setFeePlan(db, id, RATES);
    expect(plan).toEqual({ id: expect.stringMatching(/^plan_[0-9A-Za-z]{16}$/), isCustom: true, ...RATES });
    expect(await planFor(db, id)).toEqual(plan);
  });

  it('stores a plan without some methods and one card rate for every brand', async () => {
    const id = await merchant();
    const rates: FeePlanRates = { pix: null, billet: null, credit: { percent: 2, fixed: 0, installmentPercent: 0, brands: null } };
    await setFeePlan(db, id, rates);
    expect(await planFor(db, id)).toMatchObject(rates);
  });

  it('replaces the plan whole under a new id, and removing it puts the merchant back on the default plan', async () => {
    const id = await merchant();
    const first = await setFeePlan(db, id, RATES);
    const second = await setFeePlan(db, id, { ...RATES, pix: null });
    expect(second.id).not.toBe(first.id);
    expect(await planFor(db, id)).toEqual(second);
    const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM fee_plans WHERE merchant_id = $1', [id]);
    expect(rows.rows[0]!.n).toBe(1);
    expect(await removeFeePlan(db, id)).toBe(true);
    expect(await removeFeePlan(db, id)).toBe(false);
    expect(await planFor(db, id)).toBe(DEFAULT_PLAN);
  });

  it('feeds the payments engine: planFor + receivableSchedule', async () => {
    const id = await merchant();
    await setFeePlan(db, id, RATES);
    const schedule = receivableSchedule(await planFor(db, id), {
      method: 'credit', installments: 2, brand: 'visa', amount: 20_000, paidAt: new Date('2026-03-14T12:00:00Z'),
    });
    // 3.19 + 1.99 = 5.18 % of 20000 = 1036, plus 25 cents flat = 1061: 531 on installment 1, 530 on 2.
    expect(schedule).toEqual([
      { installmentNumber: 1, grossAmount: 10_000, fee: 531, amount: 9469, expectedOn: '2026-04-13' },
      { installmentNumber: 2, grossAmount: 10_000, fee: 530, amount: 9470, expectedOn: '2026-05-13' },
    ]);
  });

  it('refuses rates a plan cannot hold and unknown merchants, writing nothing', async () => {
    const id = await merchant();
    const bad: [FeePlanRates, RegExp][] = [
      [{ ...RATES, pix: { percent: 0.895, fixed: 0 } }, /pix: a percentage/],
      [{ ...RATES, pix: { percent: 100, fixed: 0 } }, /pix: a percentage/],
      [{ ...RATES, billet: { percent: 0, fixed: -1 } }, /billet: a flat fee/],
      [{ ...RATES, billet: { percent: 0, fixed: 2.5 } }, /billet: a flat fee/],
      [{ ...RATES, credit: { ...RATES.credit!, brands: {} } }, /at least one brand/],
      [{ ...RATES, credit: { ...RATES.credit!, brands: { diners: 3 } as never } }, /unknown brand diners/],
      [{ ...RATES, credit: { ...RATES.credit!, brands: { visa: -1 } } }, /credit visa: a percentage/],
      [{ ...RATES, credit: { ...RATES.credit!, percent: 50, installmentPercent: 5 } }, /below 100 %/],
    ];
    for (const [rates, message] of bad) await expect(setFeePlan(db, id, rates)).rejects.toThrow(message);
    expect(await planFor(db, id)).toBe(DEFAULT_PLAN);
    await expect(setFeePlan(db, 'bus_0000000000000000', RATES)).rejects.toThrow('merchant bus_0000000000000000 does not exist');
  });
});
