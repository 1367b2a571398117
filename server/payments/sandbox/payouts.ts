/**
 * The sandbox bank that pays withdrawals. It answers by the last two digits of the amount in cents (the table of
 * the Withdrawals chapter): `01` refuses the transfer, `02` holds it until a tester settles it through the simulate
 * endpoint, anything else is paid at once. Its memory is `sandbox_operations`, by idempotency key: the first answer
 * to a key stands and every later call with the key gets it back, the simulate endpoint's included.
 */
import type { Db } from '../../db/types';
import type { PayoutProvider, PayoutRequest, PayoutResult, SimulatedPayout } from '../payouts';
import { recall, remember } from './ledger';

export const SANDBOX_PAYOUTS_ID = 'sandbox-bank';

export const REFUSED_REASON = 'The receiving bank refused the transfer (account closed).';
export const RETURNED_REASON = 'The receiving bank returned the transfer (simulated).';

/** What the sandbox bank does with a new transfer of `amount` cents. */
export function payoutScenario(amount: number): PayoutResult {
  const cents = amount % 100;
  if (cents === 1) return { kind: 'failed', reason: REFUSED_REASON };
  if (cents === 2) return { kind: 'processing' };
  return { kind: 'paid' };
}

/** `latencyMs` plays a slow bank: the answer to a new transfer arrives that long after the bank made it. */
export function sandboxPayouts(db: Db, latencyMs = 0): PayoutProvider {
  const record = (req: PayoutRequest, result: PayoutResult) =>
    remember<PayoutResult>(db, req.idempotencyKey, {
      provider: SANDBOX_PAYOUTS_ID, operation: 'payout', transactionId: req.withdrawalId, amount: req.amount, result,
    });
  return {
    id: SANDBOX_PAYOUTS_ID,
    modes: ['sandbox'],

    async payout(req) {
      const known = await recall<PayoutResult>(db, req.idempotencyKey);
      if (known) return known.result;
      const answer = await record(req, payoutScenario(req.amount));
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      return answer;
    },

    async simulate(req, action: SimulatedPayout) {
      const answer: PayoutResult = action === 'pay' ? { kind: 'paid' } : { kind: 'failed', reason: RETURNED_REASON };
      // The payout job may be recording its own first answer at this moment: whichever insert wins stands.
      const standing = (await recall<PayoutResult>(db, req.idempotencyKey))?.result ?? (await record(req, answer));
      if (standing.kind !== 'processing') return standing;
      // Only a held transfer is settled; of two testers settling it at once, the first update stands.
      const res = await db.query<{ result: PayoutResult }>(
        `UPDATE sandbox_operations SET result = $2::jsonb
          WHERE idempotency_key = $1 AND result->>'kind' = 'processing' RETURNING result`,
        [req.idempotencyKey, JSON.stringify(answer)],
      );
      if (res.rows[0]) return res.rows[0].result;
      return (await recall<PayoutResult>(db, req.idempotencyKey))?.result ?? answer;
    },
  };
}
