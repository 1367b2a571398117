/**
 * The retry schedule of a failed cycle (the spec's `SubscriptionDunning`): per method defaults and limits (each method
 * module's `dunning`; PIX follows PIX Automático's window), and when the next retry falls.
 */
import { ApiError } from '../../core/errors';
import { methodOf } from '../../payments/methods';
import type { PaymentMethod } from '../../payments/provider';
import type { Dunning } from './repo';

export const BILLET_TOLERANCE_DAYS = 3;

/** The schedule in force for `method`: what was sent, the method's defaults for the rest; 422 out of its limits. */
export function dunningFor(method: PaymentMethod, sent: Partial<Dunning> = {}): Dunning {
  const limit = methodOf(method).dunning;
  const retryDays = sent.retryDays ?? [...limit.defaults];
  const refuse = (why: string) =>
    new ApiError('unprocessableEntity', { resource: 'subscription', message: `The dunning schedule ${why}.`, params: [{ 'dunning[retryDays]': why }] });
  if (retryDays.length > limit.most) throw refuse(`allows at most ${limit.most} retries for ${method}`);
  if (retryDays.some((d, i) => i > 0 && d <= retryDays[i - 1]!)) throw refuse('must be strictly increasing');
  if (retryDays.some((d) => d > limit.withinDays)) throw refuse(`must retry within ${limit.withinDays} days for ${method}`);
  return { retryDays, endAs: sent.endAs ?? 'canceled', billetToleranceDays: sent.billetToleranceDays ?? BILLET_TOLERANCE_DAYS };
}

/** When retry number `done + 1` of a cycle that first failed at `failedAt` falls; null when none is left. */
export function nextRetryAt(d: Dunning, failedAt: Date, done: number): Date | null {
  const days = d.retryDays[done];
  return days === undefined ? null : new Date(failedAt.getTime() + days * 86_400_000);
}

/**
 * The schedule of a subscription whose payment method changes from `from` to `to` (endAs and tolerance kept): the
 * defaults follow the method (a card's 1, 3, 5, 7 becomes PIX's 1, 3, 5); a schedule the merchant chose is kept
 * when it fits `to`'s limits, and gives way to `to`'s defaults when it does not (the change itself is never refused
 * for it: the request carries no schedule the merchant could correct).
 */
export function dunningOnChange(from: PaymentMethod, to: PaymentMethod, d: Dunning): Dunning {
  const own = d.retryDays.join() !== methodOf(from).dunning.defaults.join();
  if (own) {
    try {
      return dunningFor(to, d);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  }
  return dunningFor(to, { endAs: d.endAs, billetToleranceDays: d.billetToleranceDays });
}
