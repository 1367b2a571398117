/**
 * The money after approval: receivables created from the captured amount on the fee plan's schedule, settled into
 * the ledger on their day, reduced by refunds and by lost disputes (pending ones first, last installment first,
 * replaced by smaller ones; then settled money, debited from the balance). Every ledger entry is posted here, in the
 * caller's change, so it commits or not with the change that causes it.
 */
import { methodOf } from '../../payments/methods';
import { DEFAULT_PLAN, NoRateError, receivableSchedule, type FeePlan } from '../fees/plan';
import { saoPauloDate } from '../../core/calendar';
import { planFor } from '../fees/service';
import type { Change } from './change';
import * as ledger from './ledger-repo';
import * as postings from '../ledger/postings';
import { divideInstallment, type Burden, type Share } from '../splits/allocate';
import { disputeParties, lockParties, partiesOf, refundParties, scopeOf } from './parties';

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
 * The parts of one planned installment: the merchant's alone, or, on a split charge, each party's (splits/allocate);
 * `short` is what the split rule and the merchant's fee wanted beyond the installment (capped, so not charged).
 */
function sharesOf(c: Change, r: { grossAmount: number; fee: number; installmentNumber: number }, of: number): { shares: Share[]; short: number } {
  const i = { gross: r.grossAmount, fee: r.fee, number: r.installmentNumber, of };
  if (c.row.splits) return divideInstallment(c.row.splits, c.row.merchant_id, i);
  return { shares: [{ split: null, recipient: c.row.merchant_id, gross: i.gross, fee: Math.min(i.fee, i.gross) }], short: 0 };
}

/**
 * The receivables of a newly approved charge, one per installment and party (the merchant, and each split's
 * recipient on a split charge; a party whose part is 0 gets none). One due today (PIX, D+0) is settled at once into
 * its recipient's balance; the others wait for the settlement job of their day. A fee larger than an installment (a
 * flat billet fee on a tiny amount) is capped at the installment, so no receivable is negative. Returns the later
 * settlement days.
 */
export async function createReceivables(c: Change, amount: number, paidAt: Date, authorizationCode: string | null): Promise<string[]> {
  const today = saoPauloDate(c.at);
  const plan = await planFor(c.q, c.row.merchant_id);
  const later = new Set<string>();
  const planned = schedule(plan, c, amount, paidAt);
  let short = 0;
  for (const r of planned) {
    const due = r.expectedOn <= today;
    if (!due) later.add(r.expectedOn);
    const divided = sharesOf(c, r, planned.length);
    short += divided.short;
    for (const share of divided.shares) {
      if (share.gross === 0 && share.split) continue;
      const { gross, fee, split } = share;
      const id = await ledger.insertReceivable(
        c.q,
        c.row.id,
        {
          recipient: share.recipient,
          status: due ? 'paid' : 'pending',
          grossAmount: gross,
          fee,
          installmentNumber: r.installmentNumber,
          description: methodOf(c.row.method).receivable(r.installmentNumber, planned.length),
          authorizationCode,
          paidAt: due ? c.at : null,
          expectedOn: r.expectedOn,
          ...(split ? { split: { id: split.splitId, liable: split.liable, chargeProcessingFee: split.chargeProcessingFee } } : {}),
        },
        c.at,
      );
      if (due) await postings.postSettlement(c.q, scopeOf(c, share.recipient), { id, gross_amount: gross, fee }, c.row.id, c.at);
    }
  }
  if (short > 0) {
    // Only a capture for less than the split rule was checked against gets here: said on the charge, never silent.
    await c.timeline(
      'note',
      `The split shares and the merchant's processing fee wanted ${short} cents more than the captured amount: capped, not charged`,
      { reason: 'split-shortfall', short },
      'split-shortfall',
    );
  }
  return [...later].sort();
}

/** The settlement job's day: the receivables due by `day` are paid into their recipients' balances, each with its entries. */
export async function settleDue(c: Change, day: string): Promise<number> {
  const settled = await ledger.settleReceivables(c.q, c.row.id, day, c.at);
  for (const r of settled) await postings.postSettlement(c.q, scopeOf(c, r.recipient), r, c.row.id, c.at);
  return settled.length;
}

/** Rounded half up, in integers: the share `part / whole` of `fee`. */
function proportion(fee: number, part: number, whole: number): number {
  return whole === 0 ? 0 : Math.floor((2 * fee * part + whole) / (2 * whole));
}

/**
 * Takes `amount` of the charge back out of its money: first from pending receivables, last installment first (one
 * fully covered is closed as `closing`; one partly covered is `canceled` and replaced by a pending one for the rest,
 * its fee in proportion), then from settled money. Returns the part taken from settled money, for the caller's
 * debit. A `paid` receivable is closed as `closing` once everything it brought in has been taken (earlier partial
 * takes, which left it `paid`, count: they are what its gross and the ledger's settled money differ by).
 */
async function take(c: Change, amount: number, closing: 'refunded' | 'chargeback', party: Burden): Promise<number> {
  const all = await ledger.listReceivables(c.q, c.row.id);
  const split = party.split?.splitId ?? null;
  const byLast = (status: 'pending' | 'paid') =>
    all.filter((r) => r.status === status && r.split === split).sort((a, b) => b.installment_number - a.installment_number);
  let left = amount;
  for (const r of byLast('pending')) {
    if (left <= 0) break;
    if (left >= r.gross_amount) {
      await ledger.closeReceivable(c.q, r.id, closing, c.at);
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
        ...(r.split ? { split: { id: r.split, liable: r.liable, chargeProcessingFee: r.charge_processing_fee } } : {}),
      },
      c.at,
    );
    left = 0;
  }
  const fromBalance = left;
  const paid = byLast('paid');
  let takenBefore = paid.reduce((n, r) => n + r.gross_amount, 0) - (await postings.grossInBalance(c.q, c.row.id, party.merchantId));
  for (const r of paid) {
    if (left <= 0) break;
    const already = Math.min(Math.max(takenBefore, 0), r.gross_amount);
    takenBefore -= already;
    const remaining = r.gross_amount - already;
    if (left < remaining) break;
    await ledger.closeReceivable(c.q, r.id, closing, c.at);
    left -= remaining;
  }
  return fromBalance;
}

/**
 * A succeeded refund: each party's part, as set aside when it was requested (`parties.ts`), is taken from its
 * schedule first and the rest debited from its balance as a `refund` entry caused by the refund, under the parties'
 * balance locks. The processing fee of settled money is kept.
 */
export async function refundReceivables(c: Change, refund: { id: string; amount: number }): Promise<void> {
  const parties = await refundParties(c, refund);
  await lockParties(c, parties);
  for (const party of parties) {
    const fromBalance = await take(c, party.amount, 'refunded', party);
    await postings.postRefund(c.q, scopeOf(c, party.merchantId), refund.id, c.row.id, fromBalance, c.at);
  }
}

/**
 * A dispute opened: its amount is held until it is decided, in the balance of each party that would bear it (the
 * merchant alone, or on a split charge each liable recipient its part and the merchant the rest), so no party can
 * withdraw what a chargeback may take. The holds are the dispute's division, kept for its chargeback.
 */
export async function holdDispute(c: Change, dispute: { id: string; amount: number }): Promise<void> {
  const parties = (await partiesOf(c, dispute.id, dispute.amount)).filter((p) => p.amount > 0);
  await lockParties(c, parties);
  for (const p of parties) await postings.postDisputeHold(c.q, scopeOf(c, p.merchantId), dispute.id, c.row.id, p.amount, c.at);
}

/**
 * A dispute decided (won, or lost before its chargeback): each party's hold is released. Only holds that exist are:
 * a dispute opened before the ledger, with no hold written, would otherwise be credited money that was never held.
 */
export async function releaseDispute(c: Change, dispute: { id: string; amount: number }): Promise<void> {
  const holds = await c.q.query<{ merchant_id: string; amount: number }>(
    `SELECT merchant_id, amount::int AS amount FROM ledger_entries WHERE type = 'dispute_hold' AND source_id = $1 ORDER BY merchant_id`,
    [dispute.id],
  );
  for (const h of holds.rows) await postings.postDisputeRelease(c.q, scopeOf(c, h.merchant_id), dispute.id, c.row.id, -h.amount, c.at);
}

/**
 * A dispute lost: the holds are released and the disputed amount charged back, each party its held part, from its
 * schedule first and then, as a `chargeback` entry caused by the dispute, from its settled money. Fees already
 * charged are kept.
 */
export async function chargeBack(c: Change, dispute: { id: string; amount: number }): Promise<void> {
  const parties = await disputeParties(c, dispute);
  await lockParties(c, parties);
  await releaseDispute(c, dispute);
  for (const party of parties) {
    const fromBalance = await take(c, party.amount, 'chargeback', party);
    await postings.postChargeback(c.q, scopeOf(c, party.merchantId), dispute.id, c.row.id, fromBalance, c.at);
  }
}
