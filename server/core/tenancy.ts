/** Tenancy: every merchant-owned row and query is scoped by one merchant and one mode. */
import type { components } from '../../generated/schema';
import { ApiError, type ErrorResource } from './errors';

/** Sandbox keys see sandbox data only, production keys production data only. */
export type Mode = 'sandbox' | 'production';

export type Merchant = components['schemas']['Merchant'];

/** The tenancy every query is scoped by: one merchant, one mode. */
export interface Scope {
  merchantId: string;
  mode: Mode;
}

/** `403 sandboxOnly` unless the request's key is a sandbox key; `message` says what needs one. */
export function requireSandbox(scope: Scope, message: string, resource?: ErrorResource): void {
  if (scope.mode !== 'sandbox') throw new ApiError('sandboxOnly', { message, ...(resource ? { resource } : {}) });
}
