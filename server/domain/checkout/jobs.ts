/**
 * The background jobs of checkout, with their handlers:
 *
 * | kind | exhausted |
 * |---|---|
 * | `checkout.abandon` | stays dead: the session stays `open` (and uncounted as abandoned) until an operator retries the job; a session whose PIX or billet can still be paid is not a failure: the job reschedules itself after that charge's expiry |
 */
import type { Db } from '../../db/types';
import type { HandlerTable } from '../../jobs/kinds';
import { abandonCheckout } from './outcome';

/**
 * A session reached its `expires_at`: abandoned if still open, unless its PIX or billet can still be paid (the job
 * then reschedules itself after that charge's expiry). Enqueued at `expires_at` by `openSession`.
 */
export type CheckoutJob = { kind: 'checkout.abandon'; payload: { sessionId: string } };

const keepDead = async (): Promise<void> => undefined;

export function checkoutJobHandlers(db: Db): HandlerTable<CheckoutJob> {
  return {
    'checkout.abandon': { run: ({ payload: p }) => abandonCheckout(db, p.sessionId), onExhausted: keepDead },
  };
}
