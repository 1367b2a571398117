/**
 * How a split divides a charge (pure: no I/O). The rule, also written in the spec ("Splits" in
 * descriptions/tag-subscriptions.md):
 *
 * - Each installment of the charge is divided on its own. A `percentage` split takes its percentage of the
 *   installment, rounded down to the cent; a `fixed` split takes its cents spread over the installments as the
 *   schedule spreads the charge (equal parts, the remainder on installment 1). The charge's merchant gets the rest,
 *   so the shares of an installment add up to it to the cent and every remainder cent is the merchant's.
 * - The processing fee of an installment is borne by the recipients whose split has `chargeProcessingFee`, each in
 *   proportion to its share (rounded down), and by the merchant for the rest.
 * - Nothing is ever negative: a share never takes more than is left of the installment (splits in their order) and
 *   a fee never more than its share. A split that would need either is refused when it is written (`checkSplits`),
 *   so at billing time this only guards a charge captured for less than its amount.
 */
import { splitEvenly } from '../fees/plan';
import type { AppliedSplit } from './template';

/** A percentage split's value is in hundredths of a percent: 10000 is 100 %. */
export const WHOLE = 10_000;

/** One party's part of one installment. */
export interface Share {
  /** The split it pays; null for the charge's merchant's own part. */
  split: AppliedSplit | null;
  recipient: string;
  gross: number;
  fee: number;
}

export interface Installment {
  gross: number;
  fee: number;
  /** 1-based. */
  number: number;
  of: number;
}

/** ⌊a·b / c⌋ of non-negative integers, exact: a product of two amounts in cents can pass 2^53. */
export function mulDiv(a: number, b: number, c: number): number {
  return c === 0 ? 0 : Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/** What a split wants of one installment before any cap. */
function wanted(s: AppliedSplit, i: Installment): number {
  if (s.type === 'percentage') return mulDiv(i.gross, s.value, WHOLE);
  return splitEvenly(s.value, i.of)[i.number - 1]!;
}

/**
 * Divides one installment between the charge's merchant (first) and the split recipients (in the splits' order).
 * `short` is how many cents the splits and the merchant's fee wanted beyond what there was (0 when the split applies
 * as written).
 */
export function divideInstallment(splits: readonly AppliedSplit[], merchantId: string, i: Installment): { shares: Share[]; short: number } {
  let left = i.gross;
  let short = 0;
  const theirs: Share[] = [];
  for (const s of splits) {
    const want = wanted(s, i);
    const gross = Math.min(want, left);
    short += want - gross;
    left -= gross;
    // Rounded down: the recipients' parts of the fee never add up to more than the fee; the merchant bears the rest.
    const fee = s.chargeProcessingFee && i.gross > 0 ? Math.min(mulDiv(i.fee, gross, i.gross), gross) : 0;
    theirs.push({ split: s, recipient: s.recipient, gross, fee });
  }
  const mine = i.fee - theirs.reduce((n, s) => n + s.fee, 0);
  short += Math.max(mine - left, 0);
  return { shares: [{ split: null, recipient: merchantId, gross: left, fee: Math.min(mine, left) }, ...theirs], short };
}

/** Each split's share of a whole charge of `amount` in `installments` (what the transaction's `splits` show). */
export function splitAmounts(splits: readonly AppliedSplit[], merchantId: string, amount: number, installments: number): Map<string, number> {
  const out = new Map<string, number>(splits.map((s) => [s.splitId, 0]));
  splitEvenly(amount, installments).forEach((gross, n) => {
    for (const sh of divideInstallment(splits, merchantId, { gross, fee: 0, number: n + 1, of: installments }).shares) {
      if (sh.split) out.set(sh.split.splitId, out.get(sh.split.splitId)! + sh.gross);
    }
  });
  return out;
}

/** Who bears a refund or chargeback of `amount` of a split charge, and how much each. */
export interface Burden {
  /** null: the charge's merchant. */
  split: AppliedSplit | null;
  merchantId: string;
  amount: number;
}

/**
 * Divides a refund or chargeback of `amount` of a charge that captured `captured`, after `takenBefore` of it was
 * already taken back (or is being taken: refunds not failed, disputes not won): each `liable` recipient bears its
 * share's proportion of the total taken so far less what it bore before, ⌊(before + amount)·share/captured⌋ −
 * ⌊before·share/captured⌋, and the charge's merchant the rest (its own part and that of recipients that are not
 * liable). Counted cumulatively, rounding never lets a recipient bear less across N partial refunds than it would
 * across one of their total, and never more than its share.
 */
export function burdens(
  splits: readonly AppliedSplit[],
  merchantId: string,
  captured: number,
  installments: number,
  amount: number,
  takenBefore = 0,
): Burden[] {
  const shares = splitAmounts(splits, merchantId, captured, installments);
  // Capped at the charge: a take beyond it (which the callers' checks prevent) leaves the excess to the merchant.
  const before = Math.min(takenBefore, captured);
  const after = Math.min(takenBefore + amount, captured);
  const theirs: Burden[] = splits
    .filter((s) => s.liable)
    .map((s) => {
      const share = shares.get(s.splitId)!;
      return { split: s, merchantId: s.recipient, amount: mulDiv(after, share, captured) - mulDiv(before, share, captured) };
    });
  const mine = amount - theirs.reduce((n, b) => n + b.amount, 0);
  return [{ split: null, merchantId, amount: mine }, ...theirs.filter((b) => b.amount > 0)];
}

/** Why a split rule cannot be applied to a charge of `amount` with fee `fee`, or null when it can. */
export type SplitProblem = { kind: 'percentage'; total: number } | { kind: 'amount'; short: number };

/**
 * Checks a split rule against the subscription's charge as it will be billed (one installment): percentages add up
 * to at most 100 %, and the shares plus the part of the fee the merchant bears fit in the amount.
 */
export function checkSplits(splits: readonly AppliedSplit[], merchantId: string, amount: number, fee: number): SplitProblem | null {
  const total = splits.filter((s) => s.type === 'percentage').reduce((n, s) => n + s.value, 0);
  if (total > WHOLE) return { kind: 'percentage', total };
  const { short } = divideInstallment(splits, merchantId, { gross: amount, fee, number: 1, of: 1 });
  return short > 0 ? { kind: 'amount', short } : null;
}
