/** The division rule of a split charge, on numbers worked out by hand: shares, fees, remainders, caps, burdens. */
import { describe, expect, it } from 'vitest';
import { burdens, checkSplits, divideInstallment, splitAmounts } from './allocate';
import type { AppliedSplit } from './template';
import { apiValue, storedValue } from './values';

const M = 'bus_main';
function split(over: Partial<AppliedSplit> & Pick<AppliedSplit, 'type' | 'value'>): AppliedSplit {
  return { splitId: `ssp_${over.recipient ?? 'a'}`, recipient: 'bus_a', liable: false, chargeProcessingFee: false, ...over };
}
const one = (gross: number, fee: number) => ({ gross, fee, number: 1, of: 1 });
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('dividing a split charge', () => {
  it('70/30 of an odd amount: the share rounds down, the merchant keeps the remainder cent and the rest of the fee', () => {
    const a = split({ type: 'percentage', value: 3000, chargeProcessingFee: true });
    const { shares, short } = divideInstallment([a], M, one(10001, 99));
    expect(short).toBe(0);
    // 30 % of 10001 is 3000.3 → 3000; its fee 99 × 3000 / 10001 = 29.7 → 29; the merchant 7001 and 70.
    expect(shares.map((s) => [s.recipient, s.gross, s.fee])).toEqual([[M, 7001, 70], ['bus_a', 3000, 29]]);
    expect(sum(shares.map((s) => s.gross))).toBe(10001);
    expect(sum(shares.map((s) => s.fee))).toBe(99);
  });

  it('a recipient without chargeProcessingFee bears no fee: the merchant bears all of it', () => {
    const { shares } = divideInstallment([split({ type: 'fixed', value: 1000 })], M, one(5000, 349));
    expect(shares.map((s) => [s.gross, s.fee])).toEqual([[4000, 349], [1000, 0]]);
  });

  it('a fixed split spreads over installments as the charge does, the remainder on installment 1', () => {
    const b = split({ recipient: 'bus_b', splitId: 'ssp_b', type: 'fixed', value: 1000 });
    const parts = [1, 2, 3].map((n) => divideInstallment([b], M, { gross: 10000, fee: 897, number: n, of: 3 }).shares[1]!.gross);
    expect(parts).toEqual([334, 333, 333]);
    expect(splitAmounts([b], M, 30000, 3).get('ssp_b')).toBe(1000);
  });

  it('never negative: shares are capped in order and the shortfall is reported', () => {
    const a = split({ type: 'fixed', value: 4000 });
    const b = split({ recipient: 'bus_b', splitId: 'ssp_b', type: 'fixed', value: 2000 });
    const { shares, short } = divideInstallment([a, b], M, one(5000, 100));
    expect(shares.map((s) => [s.gross, s.fee])).toEqual([[0, 0], [4000, 0], [1000, 0]]);
    expect(short).toBe(1000 + 100);
  });

  it('refunds and chargebacks: each liable recipient bears its proportion (rounded down), the merchant the rest', () => {
    const a = split({ type: 'percentage', value: 3000, liable: true });
    const b = split({ recipient: 'bus_b', splitId: 'ssp_b', type: 'fixed', value: 1000 });
    const out = burdens([a, b], M, 10001, 1, 5001);
    // a's share is 3000 of 10001: 5001 × 3000 / 10001 = 1500.15 → 1500; b is not liable, so the merchant bears its part.
    expect(out.map((x) => [x.merchantId, x.amount])).toEqual([[M, 3501], ['bus_a', 1500]]);
    // Two partial refunds never take more from a than its share.
    const first = burdens([a], M, 10001, 1, 3333)[1]!.amount;
    const second = burdens([a], M, 10001, 1, 6668)[1]!.amount;
    expect(first + second).toBeLessThanOrEqual(3000);
  });

  it('partial refunds are divided cumulatively: three refunds take from a liable recipient what one of their total would', () => {
    const a = split({ type: 'percentage', value: 3000, liable: true });
    const parts: number[] = [];
    let before = 0;
    for (const amount of [3333, 3334, 3334]) {
      parts.push(burdens([a], M, 10001, 1, amount, before)[1]!.amount);
      before += amount;
    }
    // Each rounded down on its own would be 999 + 1000 + 1000 = 2999: a cent short of the share.
    expect(parts).toEqual([999, 1000, 1001]);
    expect(sum(parts)).toBe(burdens([a], M, 10001, 1, 10001)[1]!.amount);
    expect(sum(parts)).toBe(3000);
    // Taken beyond the charge (which the callers refuse): the excess is the merchant's, never more than the share.
    expect(burdens([a], M, 10001, 1, 500, 10001).map((b) => [b.merchantId, b.amount])).toEqual([[M, 500]]);
  });

  it('checks a rule when it is written: percentages above 100, shares beyond the net of the fee', () => {
    const pct = (value: number, r = 'a') => split({ recipient: `bus_${r}`, splitId: `ssp_${r}`, type: 'percentage', value });
    expect(checkSplits([pct(6000), pct(4001, 'b')], M, 5000, 0)).toEqual({ kind: 'percentage', total: 10001 });
    expect(checkSplits([pct(6000), pct(4000, 'b')], M, 5000, 0)).toBeNull();
    // 100 % split, the merchant bearing a 50-cent fee it has nothing to pay it from.
    expect(checkSplits([pct(6000), pct(4000, 'b')], M, 5000, 50)).toEqual({ kind: 'amount', short: 50 });
    // The same with recipients that bear the fee: fits.
    const bearing = [{ ...pct(6000), chargeProcessingFee: true }, { ...pct(4000, 'b'), chargeProcessingFee: true }];
    expect(checkSplits(bearing, M, 5000, 50)).toBeNull();
    const fixed = split({ type: 'fixed', value: 4951 });
    expect(checkSplits([fixed], M, 5000, 50)).toEqual({ kind: 'amount', short: 1 });
    expect(checkSplits([{ ...fixed, value: 4950 }], M, 5000, 50)).toBeNull();
  });

  it('values: percentages with up to two decimals as hundredths, cents as they are', () => {
    expect(storedValue('percentage', 25.51)).toBe(2551);
    expect(storedValue('percentage', 100)).toBe(10000);
    expect(storedValue('percentage', 0.01)).toBe(1);
    for (const bad of [0, -1, 100.01, 25.555, Number.NaN]) expect(storedValue('percentage', bad)).toBeNull();
    expect(storedValue('fixed', 1000)).toBe(1000);
    for (const bad of [0, 10.5, -3]) expect(storedValue('fixed', bad)).toBeNull();
    expect(apiValue({ type: 'percentage', value: 2550 })).toBe(25.5);
    expect(apiValue({ type: 'fixed', value: 1200 })).toBe(1200);
  });
});
