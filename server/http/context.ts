/** What every handler receives besides the request: who is calling, in which mode, and where to store. */
import type { components } from '../../generated/schema';
import type { Db } from '../db/types';
import type { Engine } from '../domain/transactions/engine';
import type { Webhooks } from '../webhooks/delivery';
import type { Mode } from '../domain/access/keys';
import type { RoleId } from '../domain/access/roles';

export type Merchant = components['schemas']['Merchant'];

export interface Ctx {
  db: Db;
  merchant: Merchant;
  mode: Mode;
  role: RoleId;
  keyId: string;
  correlationId: string;
  /** The payments engine: orchestrator, settings, and the worker to wake after enqueuing. */
  payments: Engine;
  /** Webhook secrets' sealer and delivery settings. */
  webhooks: Webhooks;
}

/** The tenancy every query is scoped by: one merchant, one mode. */
export interface Scope {
  merchantId: string;
  mode: Mode;
}

export function scopeOf(ctx: Ctx): Scope {
  return { merchantId: ctx.merchant.merchantId, mode: ctx.mode };
}
