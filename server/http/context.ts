/** What every handler receives besides the request: who is calling, in which mode, and where to store. */
import type { Db } from '../db/types';
import type { ClockDeps } from '../domain/clock/advance';
import type { Engine } from '../domain/transactions/engine';
import type { Webhooks } from '../webhooks/delivery';
import type { Merchant, Mode, Scope } from '../core/tenancy';
import type { RoleId } from '../domain/access/roles';
import type { Recovery } from '../domain/recovery';

export type { Merchant, Mode, Scope } from '../core/tenancy';

export interface Ctx {
  db: Db;
  merchant: Merchant;
  mode: Mode;
  /** The merchant and mode of the key, which scope every read and write of the request (set once, at authentication). */
  scope: Scope;
  role: RoleId;
  keyId: string;
  correlationId: string;
  /** The payments engine: orchestrator, settings, and the worker to wake after enqueuing. */
  payments: Engine;
  /** Webhook secrets' sealer and delivery settings. */
  webhooks: Webhooks;
  /** What advancing a sandbox clock runs its jobs with: the service's job handler table, the workers' own. */
  clocks: ClockDeps;
  /**
   * Where the service records the recovery point of this request, in the database transaction of its effect
   * (`NO_RECOVERY` without an `X-Idempotency-Key`).
   */
  recovery: Recovery;
}
