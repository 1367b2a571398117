/**
 * The splits given with a new subscription, as the subscription's creation writes them in its own database
 * transaction: checked as one by one additions are, refused as a whole when the rule cannot be applied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../core/errors';
import type { Db } from '../../db/types';
import { createMerchantWithKeys } from '../access/keys';
import { ENGINES } from '../../testing/harness';
import { insertSubscription, subAccount } from '../../testing/split-fixtures';
import { lockSubscription } from './repo';
import { checkSplitsStillFit, writeInitialSplits } from './service';
import { splitTemplateOf } from './template';
import { splitItemsOf } from './view';

describe.each(ENGINES)('initial splits of a subscription on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let merchantId: string;
  let partners: string[];
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
    merchantId = (await createMerchantWithKeys(db, 'Escola Ltda')).merchantId;
    partners = [(await subAccount(db, merchantId, 'A')).merchantId, (await subAccount(db, merchantId, 'B')).merchantId];
  });
  afterAll(async () => drop());
  const scope = () => ({ merchantId, mode: 'sandbox' as const });

  it('writes a valid rule with the subscription; the template and the items read it back in order', async () => {
    const id = await insertSubscription(db, { merchantId, amount: 10000, method: 'pix' });
    const rows = await db.transaction(async (q) => {
      const sub = (await lockSubscription(q, scope(), id))!;
      return writeInitialSplits(q, scope(), sub, [
        { recipient: partners[0]!, type: 'percentage', value: 12.34, liable: true },
        { recipient: partners[1]!, type: 'fixed', value: 2500, chargeProcessingFee: true },
      ]);
    });
    expect(rows.map((r) => [r.recipient, r.type, r.value])).toEqual([[partners[0], 'percentage', 1234], [partners[1], 'fixed', 2500]]);
    expect((await splitTemplateOf(db, id))?.map((s) => [s.splitId, s.value, s.liable, s.chargeProcessingFee])).toEqual([
      [rows[0]!.splitId, 1234, true, false],
      [rows[1]!.splitId, 2500, false, true],
    ]);
    expect((await splitItemsOf(db, [id])).get(id)!.map((s) => [s.recipient, s.value])).toEqual([[partners[0], 12.34], [partners[1], 2500]]);
  });

  it('a change of the subscription after which its rule no longer fits is refused; one that fits passes', async () => {
    const id = await insertSubscription(db, { merchantId, amount: 10000, method: 'pix' });
    const sub = await db.transaction(async (q) => {
      const s = (await lockSubscription(q, scope(), id))!;
      await writeInitialSplits(q, scope(), s, [{ recipient: partners[0]!, type: 'fixed', value: 5000 }]);
      return s;
    });
    await expect(checkSplitsStillFit(db, { ...sub, amount: 9000 })).resolves.toBeUndefined();
    // A billet's flat fee (349) on 5300: 300 left for the merchant after the 5000 share, not enough.
    await expect(checkSplitsStillFit(db, { ...sub, amount: 5300, method: 'billet' })).rejects.toMatchObject({ code: 'splitPercentageExceeded' });
  });

  it('refuses the whole rule (nothing written) when the splits together do not fit, or name a recipient twice', async () => {
    for (const splits of [
      [{ recipient: partners[0]!, type: 'percentage' as const, value: 70 }, { recipient: partners[1]!, type: 'fixed' as const, value: 3000 }],
      [{ recipient: partners[0]!, type: 'fixed' as const, value: 100 }, { recipient: partners[0]!, type: 'fixed' as const, value: 200 }],
    ]) {
      const id = await insertSubscription(db, { merchantId, amount: 10000, method: 'pix' });
      const attempt = db.transaction(async (q) => writeInitialSplits(q, scope(), (await lockSubscription(q, scope(), id))!, splits));
      await expect(attempt).rejects.toBeInstanceOf(ApiError);
      expect(await splitTemplateOf(db, id)).toBeNull();
    }
  });
});
