/**
 * The background jobs of checkout, with their handlers:
 *
 * | kind | exhausted |
 * |---|---|
 * | `checkout.abandon` | stays dead: the session stays `open` (and uncounted as abandoned) until an operator retries the job |
 */
import type { Db } from '../../db/types';
import type { HandlerTable } from '../../jobs/kinds';
import { abandonCheckout } from './outcome';

/** A session reached its `expires_at`: abandoned if still open. Enqueued at `expires_at` by `openSession`. */
export type CheckoutJob = { kind: 'checkout.abandon'; payload: { sessionId: string } };

const keepDead = async (): Promise<void> => undefined;

export function checkoutJobHandlers(db: Db): HandlerTable<CheckoutJob> {
  return {
    'checkout.abandon': { run: ({ payload: p }) => abandonCheckout(db, p.sessionId), onExhausted: keepDead },
  };
}
