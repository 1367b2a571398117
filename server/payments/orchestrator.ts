/**
 * The orchestrator: which routes (providers) serve a mode and method, in order, and how a charge walks them. A
 * route that is unavailable or does not answer within the time-out is skipped for the next one; the caller records
 * each skip in the timeline. Provider calls happen outside any database transaction.
 */
import type { Db } from '../db/types';
import type { Mode } from '../core/tenancy';
import { ApiError } from '../core/errors';
import type { AntiFraud } from './antifraud';
import type { PayoutProvider } from './payouts';
import type { AuthorizeRequest, AuthorizeResult, CardVault, PaymentMethod, PaymentProvider } from './provider';
import { sandboxAntiFraud, sandboxVault } from './sandbox/cards';
import { sandboxPayouts } from './sandbox/payouts';
import { sandboxProvider } from './sandbox/provider';

/** What a deployment plugs in: its providers in route order, and per mode a card vault and an anti-fraud. */
export interface PaymentRoutes {
  providers: PaymentProvider[];
  vaults: Partial<Record<Mode, CardVault>>;
  antifraud: Partial<Record<Mode, AntiFraud>>;
  /** The banks that pay withdrawals; the first serving a mode is its route. */
  payouts?: PayoutProvider[];
}

/**
 * The routes of this build: the two sandbox routes for sandbox keys. Production has none until a real acquirer's
 * provider is registered here (its folder beside `sandbox/`), so production keys get `providerNotConfigured`.
 */
export function defaultRoutes(db: Db, sandboxLatencyMs = 0): PaymentRoutes {
  return {
    providers: [sandboxProvider(db, 'sandbox', sandboxLatencyMs), sandboxProvider(db, 'sandbox-fallback', sandboxLatencyMs)],
    vaults: { sandbox: sandboxVault },
    antifraud: { sandbox: sandboxAntiFraud },
    payouts: [sandboxPayouts(db, sandboxLatencyMs)],
  };
}

export type Settled = Exclude<AuthorizeResult, { kind: 'unavailable' }>;

export interface RouteOutcome {
  provider: PaymentProvider;
  attempt: number;
  result: Settled;
  /** The key the settling route answered under; capture, cancel and refund name the authorization by it. */
  key: string;
}

export class Orchestrator {
  constructor(
    readonly routes: PaymentRoutes,
    readonly timeoutMs: number,
  ) {}

  /** The providers that serve `method` in `mode`, in order; none is `422 providerNotConfigured`. */
  routesFor(mode: Mode, method: PaymentMethod): PaymentProvider[] {
    const list = this.routes.providers.filter((p) => p.modes.includes(mode) && p.methods.includes(method));
    if (list.length === 0) {
      throw new ApiError('providerNotConfigured', {
        message: `No payment provider is configured for ${method} in ${mode} mode.`,
      });
    }
    return list;
  }

  provider(id: string): PaymentProvider {
    const p = this.routes.providers.find((x) => x.id === id);
    if (!p) throw new Error(`no payment provider ${id}`);
    return p;
  }

  vault(mode: Mode): CardVault {
    const v = this.routes.vaults[mode];
    if (!v) throw new ApiError('providerNotConfigured', { message: `No card vault is configured in ${mode} mode.` });
    return v;
  }

  /** The payout provider of `mode`; none is `422 providerNotConfigured`. */
  payoutRoute(mode: Mode): PayoutProvider {
    const p = (this.routes.payouts ?? []).find((x) => x.modes.includes(mode));
    if (!p) throw new ApiError('providerNotConfigured', { message: `No payout provider is configured in ${mode} mode.` });
    return p;
  }

  payoutProvider(id: string): PayoutProvider {
    const p = (this.routes.payouts ?? []).find((x) => x.id === id);
    if (!p) throw new Error(`no payout provider ${id}`);
    return p;
  }

  antifraud(mode: Mode): AntiFraud | null {
    return this.routes.antifraud[mode] ?? null;
  }

  /** `call` bounded by the time-out; a call that does not answer in time counts as `unavailable`. */
  async timed<T>(call: () => Promise<T>, unavailable: (reason: string) => T): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<T>((resolve) => {
      timer = setTimeout(() => resolve(unavailable(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
      // A pending provider call alone does not keep a process that is shutting down alive.
      timer.unref();
    });
    try {
      return await Promise.race([
        call().catch((err: unknown) => unavailable(err instanceof Error ? err.message : String(err))),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Sends the charge to each route in turn until one settles it. Every route gets its own idempotency key per
   * background round (`<transaction>:authorize:<route>:<round>`), so a job retried after a crash asks the same route
   * the same question and gets the same answer. A route that timed out or broke may have charged anyway: before the
   * next route is tried, `hooks.voidAmbiguous` must void it for good under that key (it throws when it cannot, which
   * stops here: the job is retried later and asks that route again); it answers `stop` when the walk must end there
   * (another run settled the charge meanwhile). Keys `hooks.skip` names were voided by an earlier run and are not
   * asked again; `hooks.started` records each call before it is sent. Returns null when every route was unavailable, or the walk was stopped.
   */
  async authorize(
    mode: Mode,
    req: Omit<AuthorizeRequest, 'idempotencyKey'>,
    round: number,
    hooks: {
      skip(key: string): boolean;
      /** Before the route is asked under `key`: the caller records the operation it is about to send. */
      started(provider: PaymentProvider, key: string): Promise<unknown>;
      onUnavailable(provider: PaymentProvider, attempt: number, reason: string): Promise<void>;
      voidAmbiguous(provider: PaymentProvider, attempt: number, key: string, reason: string): Promise<'voided' | 'stop'>;
    },
  ): Promise<RouteOutcome | null> {
    const routes = this.routesFor(mode, req.method);
    for (const [i, provider] of routes.entries()) {
      const idempotencyKey = authorizeKey(req.transactionId, provider.id, round);
      if (hooks.skip(idempotencyKey)) continue;
      await hooks.started(provider, idempotencyKey);
      // A route that said "unavailable" did nothing; one that timed out or broke may have charged.
      let ambiguous = false;
      const result = await this.timed<AuthorizeResult>(
        () => provider.authorize({ ...req, idempotencyKey }),
        (reason) => {
          ambiguous = true;
          return { kind: 'unavailable', reason };
        },
      );
      if (result.kind !== 'unavailable') return { provider, attempt: i + 1, result, key: idempotencyKey };
      if (!ambiguous) await hooks.onUnavailable(provider, i + 1, result.reason);
      else if ((await hooks.voidAmbiguous(provider, i + 1, idempotencyKey, result.reason)) === 'stop') return null;
    }
    return null;
  }
}

/** The idempotency key of a charge's authorization on one route in one round of retries. */
export function authorizeKey(transactionId: string, providerId: string, round: number): string {
  return `${transactionId}:authorize:${providerId}:${round}`;
}
