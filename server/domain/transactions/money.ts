/**
 * The money after approval: receivables created from the captured amount on the fee plan's schedule, reduced by
 * refunds (pending ones last installment first, replaced by smaller ones; then paid ones, debited from the
 * balance), and charged back when a dispute is lost.
 */
import { DEFAULT_PLAN, NoRateError, receivableSchedule, saoPauloDate, type FeePlan } from '../fees/plan';
import { planFor } from '../fees/service';
import type { Change } from './change';
import * as ledger from './ledger-repo';

const DESCRIPTION = { pix: 'PIX payment', billet: 'Billet payment' } as const;

function describe(method: 'pix' | 'credit' | 'billet', installment: number, of: number): string {
  return method === 'credit' ? `Card payment, installment ${installment} of ${of}` : DESCRIPTION[method];
}

function schedule(plan: FeePlan, c: Change, amount: number, paidAt: Date) {
  const t = c.row;
  const input = { method: t.method, installments: t.installments, brand: t.processing.card?.brand ?? null, amount, paidAt };
  try {
    return receivableSchedule(plan, input);
  } catch (err) {
    // The plan lost its rate after the charge was accepted: the money is taken, so price it on the default plan.
    if (err instanceof NoRateError) return receivableSchedule(DEFAULT_PLAN, input);
    throw err;
  }
}

/**
 * The receivables of a newly approved charge. One due today (PIX, D+0) is settled at once; the others wait for
 * the settlement job of their day. A fee larger than an installment (a flat billet fee on a tiny amount) is capped
 * at the installment, so no receivable is negative. Returns the later settlement days.
 */
export async function createReceivables(c: Change, amount: number, paidAt: Date, authorizationCode: string | null): Promise<string[]> {
  const today = saoPauloDate(c.at);
  const plan = await planFor(c.q, c.row.merchant_id);
  const later = new Set<string>();
  const planned = schedule(plan, c, amount, paidAt);
  for (const r of planned) {
    const due = r.expectedOn <= today;
    if (!due) later.add(r.expectedOn);
    await ledger.insertReceivable(
      c.q,
      c.row.id,
      {
        recipient: c.row.merchant_id,
        status: due ? 'paid' : 'pending',
        grossAmount: r.grossAmount,
        fee: Math.min(r.fee, r.grossAmount),
        installmentNumber: r.installmentNumber,
        description: describe(c.row.method, r.installmentNumber, planned.length),
        authorizationCode,
        paidAt: due ? c.at : null,
        expectedOn: r.expectedOn,
      },
      c.at,
    );
  }
  return [...later].sort();
}

/** Rounded half up, in integers: the share `part / whole` of `fee`. */
function proportion(fee: number, part: number, whole: number): number {
  return whole === 0 ? 0 : Math.floor((2 * fee * part + whole) / (2 * whole));
}

/**
 * Takes a succeeded refund of `amount` out of the receivables. Pending ones go first, last installment first: one
 * fully covered is `refunded`; one partly covered is `canceled` and replaced by a pending one for the rest (its fee
 * in proportion). Then paid ones, last first: one fully covered is `refunded` (debited from the balance); a part of
 * a paid one is debited from the balance and the receivable stays `paid`.
 */
export async function refundReceivables(c: Change, amount: number): Promise<void> {
  const all = await ledger.listReceivables(c.q, c.row.id);
  const byLast = (status: 'pending' | 'paid') =>
    all.filter((r) => r.status === status && r.split === null).sort((a, b) => b.installment_number - a.installment_number);
  let left = amount;
  for (const r of byLast('pending')) {
    if (left <= 0) break;
    if (left >= r.gross_amount) {
      await ledger.closeReceivable(c.q, r.id, 'refunded', c.at);
      left -= r.gross_amount;
      continue;
    }
    await ledger.closeReceivable(c.q, r.id, 'canceled', c.at);
    const gross = r.gross_amount - left;
    await ledger.insertReceivable(
      c.q,
      c.row.id,
      {
        recipient: r.recipient,
        status: 'pending',
        grossAmount: gross,
        fee: proportion(r.fee, gross, r.gross_amount),
        installmentNumber: r.installment_number,
        description: r.description,
        authorizationCode: r.authorization_code,
        paidAt: null,
        expectedOn: r.expected_on,
      },
      c.at,
    );
    left = 0;
  }
  for (const r of byLast('paid')) {
    if (left < r.gross_amount) break;
    await ledger.closeReceivable(c.q, r.id, 'refunded', c.at);
    left -= r.gross_amount;
  }
}

/** A lost dispute: every receivable still owed or settled is debited. */
export async function chargeBackReceivables(c: Change): Promise<void> {
  for (const r of await ledger.listReceivables(c.q, c.row.id)) {
    if (r.status === 'pending' || r.status === 'paid') await ledger.closeReceivable(c.q, r.id, 'chargeback', c.at);
  }
}
