/** Card brands as the pages name them, and the brand table as the checkout page's script receives it. */
import { BRAND_RULES, type CardBrand } from '../../payments/card-brands';

export const BRAND_NAME: Record<CardBrand, string> = { visa: 'Visa', mastercard: 'Mastercard', elo: 'Elo', amex: 'American Express', hipercard: 'Hipercard' };

/**
 * The server's own brand table (`BRAND_RULES`, what `detectBrand` reads) with the names above, as JSON for the card
 * number field's `data-brands`: the script names and groups by it, so it can never disagree with the server's table.
 */
export const BRANDS_JSON = JSON.stringify(BRAND_RULES.map((r) => ({ ...r, name: BRAND_NAME[r.brand] })));
