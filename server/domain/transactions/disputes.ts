/**
 * A dispute's life on a charge, the same whoever reports it: the sandbox simulator (`simulate`), or a provider's
 * notification (a Stripe `charge.dispute.*` event). Opening holds the disputed amount in the ledger and moves the
 * charge to `dispute`; closing it won releases the hold (`approved` again), lost turns it into a chargeback.
 * Inside the caller's change (the charge's row lock).
 */
import type { Change } from './change';
import * as ledger from './ledger-repo';
import { chargeBack, holdDispute, releaseDispute } from './money';
import { invalidTransition } from './status';

/** Days the merchant has to answer a dispute with evidence, when the provider does not say. */
const EVIDENCE_DAYS = 14;

export interface DisputeOpening {
  reason: ledger.DisputeReason;
  /** The amount the provider disputes; at most what is left of the charge (captured minus refunds). Default: all of it. */
  amount?: number;
  evidenceDueBy?: Date;
  /** The provider's id of the dispute (a Stripe `dp_…`), so a repeated or late event finds it. */
  providerDisputeId?: string;
}

export async function openDispute(c: Change, o: DisputeOpening): Promise<ledger.DisputeRow> {
  const t = c.row;
  if (t.status !== 'approved') throw invalidTransition(t.id, t.status, 'disputed');
  // Refunds still pending are money on its way back: they are not disputed.
  const refunding = (await ledger.listRefunds(c.q, t.id)).filter((r) => r.status === 'pending').reduce((n, r) => n + r.amount, 0);
  const left = t.captured_amount - t.refunded_amount - refunding;
  const amount = Math.min(left, o.amount ?? left);
  if (amount <= 0) throw invalidTransition(t.id, t.status, 'disputed: nothing is left that is not being refunded');
  const dispute = await ledger.insertDispute(
    c.q,
    {
      transactionId: t.id, reason: o.reason, amount, evidenceDueBy: o.evidenceDueBy ?? new Date(c.at.getTime() + EVIDENCE_DAYS * 86_400_000),
      providerDisputeId: o.providerDisputeId ?? null,
    },
    c.at,
  );
  await holdDispute(c, dispute);
  await c.timeline('dispute', 'Dispute opened', { disputeId: dispute.id, amount: dispute.amount, status: 'open' });
  await c.move('dispute');
  return dispute;
}

export async function closeDispute(c: Change, outcome: 'won' | 'lost'): Promise<void> {
  const t = c.row;
  if (t.status !== 'dispute') throw invalidTransition(t.id, t.status, outcome === 'won' ? 'settled as won' : 'settled as lost');
  const dispute = await ledger.closeDispute(c.q, t.id, outcome, c.at);
  await c.timeline('dispute', outcome === 'won' ? 'Dispute won' : 'Dispute lost', { disputeId: dispute.id, amount: dispute.amount, status: outcome });
  if (outcome === 'lost') await chargeBack(c, dispute);
  else await releaseDispute(c, dispute);
  await c.move(outcome === 'won' ? 'approved' : 'chargeback');
  // Refunds that completed during the dispute may have given everything back.
  if (outcome === 'won' && c.row.refunded_amount >= c.row.captured_amount) await c.move('refunded');
}
