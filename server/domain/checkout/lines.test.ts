import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { createMerchant } from '../access/keys';
import { createProduct, setProductEnabled } from '../catalog/products';
import { createVariant, setVariantEnabled, updateVariant } from '../catalog/variants';
import type { VariantInput } from '../catalog/input';
import { ENGINES } from '../../testing/harness';
import { linesOf, type LinkSold } from './lines';

describe.each(ENGINES)('linesOf on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let scope: Scope;
  let productId: string;
  const variant = (name: string, unitPrice: number): VariantInput => ({ productId, name, pricing: { type: 'one-time', unitPrice } }) as VariantInput;
  const sold = (items: LinkSold['items'], amount: number | null = null): LinkSold => ({
    merchant_id: scope.merchantId, mode: scope.mode, name: 'Link', items, amount,
  });

  beforeAll(async () => {
    ({ db, drop } = await engine.open());
    scope = { merchantId: await createMerchant(db, 'Acme'), mode: 'sandbox' };
    productId = (await createProduct(db, scope, { name: 'Camiseta' })).id;
  });
  afterAll(async () => drop?.());

  it('a fixed amount is one line under the link name, always sellable', async () => {
    expect(await linesOf(db, sold(null, 25000))).toEqual({
      lines: [{ name: 'Link', quantity: 1, unitPrice: 25000, variantId: null }], amount: 25000, sellable: true,
    });
  });

  it('items sell at the current prices, quantities multiplied', async () => {
    const m = await createVariant(db, scope, variant('Camiseta (M)', 7990));
    const g = await createVariant(db, scope, variant('Camiseta (G)', 8990));
    const link = sold([{ variantId: m.id, quantity: 2 }, { variantId: g.id, quantity: 1 }]);
    expect(await linesOf(db, link)).toEqual({
      lines: [
        { name: 'Camiseta (M)', quantity: 2, unitPrice: 7990, variantId: m.id },
        { name: 'Camiseta (G)', quantity: 1, unitPrice: 8990, variantId: g.id },
      ],
      amount: 24970,
      sellable: true,
    });
    await updateVariant(db, scope, m.id, variant('Camiseta (M)', 5000));
    expect((await linesOf(db, link)).amount).toBe(2 * 5000 + 8990);
  });

  it('a disabled variant, or a variant of a disabled product, is not sellable', async () => {
    const v = await createVariant(db, scope, variant('Boné', 3000));
    const link = sold([{ variantId: v.id, quantity: 1 }]);
    await setVariantEnabled(db, scope, v.id, false);
    expect((await linesOf(db, link)).sellable).toBe(false);
    await setVariantEnabled(db, scope, v.id, true);
    await setProductEnabled(db, scope, productId, false);
    expect((await linesOf(db, link)).sellable).toBe(false);
    await setProductEnabled(db, scope, productId, true);
    expect((await linesOf(db, link)).sellable).toBe(true);
  });

  it("reads the catalogue of the link's merchant and mode, not another's", async () => {
    const v = await createVariant(db, scope, variant('Meia', 1000));
    const other = { ...sold([{ variantId: v.id, quantity: 1 }]), mode: 'production' as const };
    await expect(linesOf(db, other)).rejects.toThrow(/missing/);
  });
});
