/** Tenancy: every merchant-owned row and query is scoped by one merchant and one mode. */
import type { components } from '../../generated/schema';

/** Sandbox keys see sandbox data only, production keys production data only. */
export type Mode = 'sandbox' | 'production';

export type Merchant = components['schemas']['Merchant'];

/** The tenancy every query is scoped by: one merchant, one mode. */
export interface Scope {
  merchantId: string;
  mode: Mode;
}
