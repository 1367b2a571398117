/** A variant's recurring plan as subscriptions read it, on every engine (the catalogue's reader takes its place later). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../core/errors';
import type { Db } from '../../db/types';
import { createMerchantWithKeys } from '../access/keys';
import { ENGINES } from '../../testing/harness';
import { recurringPlanOf } from './plan-source';

describe.each(ENGINES)('recurringPlanOf on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let merchantId: string;
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
    merchantId = (await createMerchantWithKeys(db, 'Acme')).merchantId;
    await db.query(`INSERT INTO products (id, merchant_id, mode, name, created_at, updated_at) VALUES ('prd_1', $1, 'sandbox', 'Plano', now(), now())`, [merchantId]);
    const variant = (id: string, cols: string, values: string) =>
      db.query(
        `INSERT INTO variants (id, product_id, merchant_id, mode, name, unit_price, created_at, updated_at, ${cols})
         VALUES ('${id}', 'prd_1', $1, 'sandbox', 'V', 4990, now(), now(), ${values})`,
        [merchantId],
      );
    await variant('var_monthly', 'price_type, billing_type, billing_frequency, billing_frequency_count, cycles, billing_exact_day, trial_interval, trial_interval_count',
      "'recurring', 'prepaid', 'monthly', 3, 4, 10, 'week', 2");
    await variant('var_forever', 'price_type, billing_type, billing_frequency, billing_frequency_count, cycles', "'recurring', 'prepaid', 'yearly', 1, 0");
    await variant('var_once', 'price_type', "'one-time'");
    await variant('var_off', 'price_type, billing_type, billing_frequency, billing_frequency_count, cycles, enabled', "'recurring', 'prepaid', 'daily', 1, 0, false");
  });
  afterAll(async () => drop?.());
  const scope = () => ({ merchantId, mode: 'sandbox' as const });

  it('reads the pricing of a recurring variant; cycles 0 renews until canceled', async () => {
    expect(await recurringPlanOf(db, scope(), 'var_monthly')).toEqual({
      amount: 4990, billingFrequency: 'monthly', billingFrequencyCount: 3, billingExactDay: 10, cycles: 4,
      trialInterval: 'week', trialIntervalCount: 2, daysTrial: 0, billingType: 'prepaid',
    });
    expect(await recurringPlanOf(db, scope(), 'var_forever')).toMatchObject({ billingFrequency: 'yearly', cycles: null, trialInterval: null });
  });

  it.each([
    ['var_once', 'unprocessableEntity'],
    ['var_off', 'unprocessableEntity'],
    ['var_missing', 'variantNotFound'],
  ])('refuses %s (%s)', async (id, code) => {
    const err = await recurringPlanOf(db, scope(), id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(code);
  });

  it("does not read another mode's variant", async () => {
    const err = await recurringPlanOf(db, { merchantId, mode: 'production' }, 'var_monthly').catch((e: unknown) => e);
    expect((err as ApiError).code).toBe('variantNotFound');
  });
});
