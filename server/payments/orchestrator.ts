/**
 * The orchestrator: which routes (providers) serve a mode and method, in order, the card vault and anti-fraud of a
 * mode, the payout banks, and the provider time-out every call is bounded by (`timed`). A charge walks its routes in
 * this order, one authorization per route through the operation runner (domain/transactions/processing.ts).
 */
import type { Db } from '../db/types';
import type { Mode } from '../core/tenancy';
import { ApiError } from '../core/errors';
import type { AntiFraud } from './antifraud';
import type { PayoutProvider } from './payouts';
import type { CardVault, PaymentMethod, PaymentProvider } from './provider';
import { sandboxAntiFraud, sandboxVault } from './sandbox/cards';
import { sandboxPayouts } from './sandbox/payouts';
import { sandboxProvider } from './sandbox/provider';
import type { ReceivingRoute } from './api-pix/route';
import type { StripeRoute } from './stripe/route';

/** A route to a real provider, by its kind: an API Pix PSP, or Stripe. */
export type RealRoute = ReceivingRoute | StripeRoute;

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

/** A route the operator configured (`payment_routes`), as loaded: enabled ones take charges, every one is found by id. */
export interface ConfiguredRoute {
  provider: RealRoute;
  enabled: boolean;
  /** The secret of its notification URL, compared in constant time by the notification endpoint. */
  notificationSecret: string;
}

export class Orchestrator {
  /** The operator's routes, in their order; tried before the build's own routes of the same mode. */
  private configured: ConfiguredRoute[] = [];

  constructor(
    readonly routes: PaymentRoutes,
    readonly timeoutMs: number,
  ) {}

  /**
   * Replaces the operator's routes (at start, and when `payment_routes` changed). The ones replaced are closed once
   * every call that may still hold them has ended (twice the time-out), never under a call in flight.
   */
  setConfigured(routes: ConfiguredRoute[], options: { closeNow?: boolean } = {}): void {
    const before = this.configured;
    this.configured = routes;
    if (before.length === 0) return;
    // At shutdown, once the worker has stopped, no call holds them.
    if (options.closeNow) {
      for (const r of before) r.provider.close();
      return;
    }
    const timer = setTimeout(() => {
      for (const r of before) r.provider.close();
    }, 2 * this.timeoutMs + 1000);
    timer.unref();
  }

  /** The configured route `id`, enabled or not (a disabled route still finishes what it started); null when none. */
  configuredRoute(id: string): ConfiguredRoute | null {
    return this.configured.find((r) => r.provider.id === id) ?? null;
  }

  /** Every configured route (the sweep and reconciliation walk them). */
  configuredRoutes(): readonly ConfiguredRoute[] {
    return this.configured;
  }

  /** The providers that serve `method` in `mode`, in order; none is `422 providerNotConfigured`. */
  routesFor(mode: Mode, method: PaymentMethod): PaymentProvider[] {
    const own = this.configured.filter((r) => r.enabled).map((r) => r.provider);
    const list = [...own, ...this.routes.providers].filter((p) => p.modes.includes(mode) && p.methods.includes(method));
    if (list.length === 0) {
      throw new ApiError('providerNotConfigured', {
        message: `No payment provider is configured for ${method} in ${mode} mode.`,
      });
    }
    return list;
  }

  provider(id: string): PaymentProvider {
    const p = this.configuredRoute(id)?.provider ?? this.routes.providers.find((x) => x.id === id);
    if (!p) throw new Error(`no payment provider ${id}`);
    return p;
  }

  /**
   * The card vault of `mode`: the first enabled configured route that takes cards and has a vault of its own (a
   * Stripe route exchanges the card for a PaymentMethod of its account), else the build's (the simulator's).
   */
  vault(mode: Mode): CardVault {
    const own = this.configured.find((r) => r.enabled && r.provider.kind === 'stripe' && r.provider.modes.includes(mode) && r.provider.methods.includes('credit'));
    if (own?.provider.kind === 'stripe') return own.provider.vault;
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
}

/** The idempotency key of a charge's authorization on one route in one round of retries. */
export function authorizeKey(transactionId: string, providerId: string, round: number): string {
  return `${transactionId}:authorize:${providerId}:${round}`;
}
