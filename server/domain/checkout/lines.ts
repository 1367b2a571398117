/**
 * What a payment link sells, line by line, and its total: read from the catalogue each time, because a link always
 * sells at the variants' current prices (`PaymentLinkItem`). The API's answers and the checkout page both read a
 * link's lines here, so the merchant and the payer always see the same total.
 */
import type { Queryable } from '../../db/types';
import { findVariants } from '../catalog/repo';
import { CHARGE_MAX, CHARGE_MIN } from './link-input';
import type { LinkRow } from './links-repo';

/** One line as the payer sees it; `variantId` is null for the one line of a fixed-amount link. */
export interface LinkLine {
  name: string;
  quantity: number;
  /** Cents. */
  unitPrice: number;
  variantId: string | null;
}

export interface LinkLines {
  lines: LinkLine[];
  /** The sum of the lines, in cents. */
  amount: number;
  /**
   * The link can be charged as it stands: every variant sold is enabled and so is its product, and the total is an
   * amount one charge can carry (`CHARGE_MIN` to `CHARGE_MAX`: prices changed since the link was written may have
   * taken it out). A link that is not sellable is `unavailable`, on the API and on its page.
   */
  sellable: boolean;
}

export type LinkSold = Pick<LinkRow, 'merchant_id' | 'mode' | 'name' | 'items' | 'amount'>;

const chargeable = (amount: number) => Number.isSafeInteger(amount) && amount >= CHARGE_MIN && amount <= CHARGE_MAX;

/**
 * The lines of `link` and their total, now, in one query. The catalogue is read in the link's own merchant and mode
 * (never the caller's), so the public page, which has no key, reads it the same way as the API.
 */
export async function linesOf(q: Queryable, link: LinkSold): Promise<LinkLines> {
  if (link.items === null) {
    if (link.amount === null) throw new Error('a payment link has neither items nor an amount');
    return { lines: [{ name: link.name, quantity: 1, unitPrice: link.amount, variantId: null }], amount: link.amount, sellable: chargeable(link.amount) };
  }
  const scope = { merchantId: link.merchant_id, mode: link.mode };
  const variants = new Map((await findVariants(q, scope, [...new Set(link.items.map((i) => i.variantId))])).map((v) => [v.id, v]));
  let amount = 0;
  let sellable = true;
  const lines = link.items.map((item): LinkLine => {
    const v = variants.get(item.variantId);
    // Variants are never deleted and a link only names its own merchant's: a missing one is a broken invariant.
    if (!v) throw new Error(`variant ${item.variantId} of payment link items is missing`);
    if (!v.enabled || !v.product_enabled) sellable = false;
    amount += v.unit_price * item.quantity;
    return { name: v.name, quantity: item.quantity, unitPrice: v.unit_price, variantId: v.id };
  });
  return { lines, amount, sellable: sellable && chargeable(amount) };
}
