import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PLAN,
  feeFor,
  isPercent,
  NoRateError,
  receivableSchedule,
  settlementDays,
  simulate,
  splitEvenly,
  type CardBrand,
  type FeePlan,
  type PaymentMethod,
  type SimulateInput,
} from './plan';
import { saoPauloDate } from '../../core/calendar';

/** An independent reference: `hundredths` hundredths of a percent of `cents`, half up, in BigInt. */
function reference(cents: number, hundredths: number): number {
  const n = BigInt(cents) * BigInt(hundredths);
  return Number((n * 2n + 10_000n) / 20_000n);
}

const PAID = new Date('2026-03-14T15:00:00.000Z');
const fee = (plan: FeePlan, method: PaymentMethod, amount: number, installments = 1, extra: { brand?: CardBrand; feeOverride?: number } = {}) =>
  feeFor(plan, { method, amount, installments, ...extra });

const CUSTOM: FeePlan = {
  id: 'plan_Test0000000000',
  isCustom: true,
  pix: { percent: 0.5, fixed: 10 },
  billet: null,
  credit: { percent: 2.99, fixed: 50, installmentPercent: 1.5, brands: { visa: 3.19, amex: 4.5 } },
};

describe('the default plan', () => {
  it('charges PIX 0.99 % and nothing flat', () => {
    expect(fee(DEFAULT_PLAN, 'pix', 10_000)).toEqual({ kind: 'fee', percent: 0.99, fixed: 0, total: 99 });
    expect(fee(DEFAULT_PLAN, 'pix', 12_345)).toMatchObject({ total: reference(12_345, 99) });
  });

  it('charges a billet a flat 349 cents whatever the amount, with no percentage', () => {
    for (const amount of [100, 349, 10_000, 1_000_000_000]) {
      expect(fee(DEFAULT_PLAN, 'billet', amount)).toEqual({ kind: 'fee', percent: null, fixed: 349, total: 349 });
    }
  });

  it('charges a card 3.99 % plus 2.49 % for each installment after the first, 1 to 12 installments', () => {
    for (let n = 1; n <= 12; n++) {
      const hundredths = 399 + 249 * (n - 1);
      for (const amount of [100, 10_000, 12_345, 30_000, 999_999_999]) {
        const f = fee(DEFAULT_PLAN, 'credit', amount, n);
        expect(f, `${n}x ${amount}`).toEqual({ kind: 'fee', percent: hundredths / 100, fixed: 0, total: reference(amount, hundredths) });
      }
    }
    // By hand: 3 installments are 3.99 + 2 × 2.49 = 8.97 %; 12 are 3.99 + 11 × 2.49 = 31.38 %.
    expect(fee(DEFAULT_PLAN, 'credit', 30_000, 3)).toMatchObject({ percent: 8.97, total: 2691 });
    expect(fee(DEFAULT_PLAN, 'credit', 10_000, 12)).toMatchObject({ percent: 31.38, total: 3138 });
  });

  it('refuses installments a method does not allow (the caller validates first)', () => {
    expect(() => fee(DEFAULT_PLAN, 'pix', 10_000, 2)).toThrow(RangeError);
    expect(() => fee(DEFAULT_PLAN, 'billet', 10_000, 3)).toThrow(RangeError);
    expect(() => fee(DEFAULT_PLAN, 'credit', 10_000, 13)).toThrow(RangeError);
    expect(() => fee(DEFAULT_PLAN, 'credit', 10_000, 0)).toThrow(RangeError);
  });
});

describe('rounding', () => {
  const flat = (percent: number): FeePlan => ({ ...DEFAULT_PLAN, pix: { percent, fixed: 0 } });

  it('rounds half a cent up and anything less down', () => {
    expect(fee(flat(0.5), 'pix', 100)).toMatchObject({ total: 1 }); // 0.5 cent
    expect(fee(flat(0.5), 'pix', 99)).toMatchObject({ total: 0 }); // 0.495 cent
    expect(fee(flat(2.5), 'pix', 10_020)).toMatchObject({ total: 251 }); // 250.5
    expect(fee(flat(2.5), 'pix', 10_019)).toMatchObject({ total: 250 }); // 250.475
    expect(fee(DEFAULT_PLAN, 'pix', 50)).toMatchObject({ total: 0 }); // 0.495
  });

  it('has no floating-point drift where a naive float product lands just under half a cent', () => {
    // 0.57 % of 5000 is exactly 28.5 cents; 5000 * 0.57 / 100 in floating point is 28.499999999999996.
    expect(Math.round((5000 * 0.57) / 100)).toBe(28);
    expect(fee(flat(0.57), 'pix', 5000)).toMatchObject({ total: 29 });
    expect(fee(flat(0.35), 'pix', 11_000)).toMatchObject({ total: 39 });
  });

  it('knows which percentages a plan can hold', () => {
    for (const ok of [0, 0.01, 0.99, 8.97, 99.99]) expect(isPercent(ok), String(ok)).toBe(true);
    for (const bad of [-1, 100, 2.555, 0.001, Number.NaN, Infinity]) expect(isPercent(bad), String(bad)).toBe(false);
  });
});

describe('splitEvenly', () => {
  it('splits into equal integer parts, the remainder on the first', () => {
    expect(splitEvenly(10_000, 3)).toEqual([3334, 3333, 3333]);
    expect(splitEvenly(10, 4)).toEqual([4, 2, 2, 2]);
    expect(splitEvenly(2691, 3)).toEqual([897, 897, 897]);
    expect(splitEvenly(5, 12)).toEqual([5, ...Array<number>(11).fill(0)]);
    expect(splitEvenly(349, 1)).toEqual([349]);
  });

  it('always adds up to the total', () => {
    for (const total of [0, 1, 99, 100, 12_345, 1_000_000_000]) {
      for (let n = 1; n <= 12; n++) {
        const parts = splitEvenly(total, n);
        expect(parts).toHaveLength(n);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        // Equal parts after the first, which is at most n − 1 cents larger.
        for (const p of parts.slice(1)) expect(p).toBe(Math.floor(total / n));
        expect(parts[0]! - Math.floor(total / n)).toBeLessThan(n);
      }
    }
  });
});

describe('settlement', () => {
  it('settles PIX on the day, a billet the next day, card installment n after 30·n days', () => {
    expect(settlementDays('pix', 1)).toBe(0);
    expect(settlementDays('billet', 1)).toBe(1);
    expect([1, 2, 3, 12].map((n) => settlementDays('credit', n))).toEqual([30, 60, 90, 360]);
  });

  it('counts from the São Paulo calendar day, not the UTC one', () => {
    const lateNight = new Date('2026-03-15T01:30:00.000Z'); // 22:30 on the 14th in São Paulo (UTC−3)
    expect(saoPauloDate(lateNight)).toBe('2026-03-14');
    expect(saoPauloDate(new Date('2026-03-15T02:59:59.999Z'))).toBe('2026-03-14');
    expect(saoPauloDate(new Date('2026-03-15T03:00:00.000Z'))).toBe('2026-03-15');
    const at = (method: PaymentMethod, installments = 1) =>
      receivableSchedule(DEFAULT_PLAN, { method, installments, brand: null, amount: 10_000, paidAt: lateNight }).map((r) => r.expectedOn);
    expect(at('pix')).toEqual(['2026-03-14']);
    expect(at('billet')).toEqual(['2026-03-15']);
    expect(at('credit', 2)).toEqual(['2026-04-13', '2026-05-13']);
  });

  it('crosses months, years and February', () => {
    const eve = new Date('2026-12-31T12:00:00.000Z');
    const dates = receivableSchedule(DEFAULT_PLAN, { method: 'credit', installments: 12, brand: null, amount: 120_000, paidAt: eve }).map((r) => r.expectedOn);
    expect(dates[0]).toBe('2027-01-30');
    expect(dates[1]).toBe('2027-03-01'); // 2027 is not a leap year: 60 days after 31 Dec is 1 March
    expect(dates[11]).toBe('2027-12-26');
    expect(saoPauloDate(new Date('2028-02-28T12:00:00.000Z'), 1)).toBe('2028-02-29');
  });
});

describe('receivableSchedule', () => {
  it('holds the worked example of the spec: BRL 300.00 in 3 installments costs 8.97 % (BRL 26.91), BRL 91.03 each', () => {
    const schedule = receivableSchedule(DEFAULT_PLAN, { method: 'credit', installments: 3, brand: 'visa', amount: 30_000, paidAt: PAID });
    expect(schedule).toEqual([
      { installmentNumber: 1, grossAmount: 10_000, fee: 897, amount: 9103, expectedOn: '2026-04-13' },
      { installmentNumber: 2, grossAmount: 10_000, fee: 897, amount: 9103, expectedOn: '2026-05-13' },
      { installmentNumber: 3, grossAmount: 10_000, fee: 897, amount: 9103, expectedOn: '2026-06-12' },
    ]);
    expect(schedule.reduce((a, r) => a + r.fee, 0)).toBe(2691);
  });

  it('leaves the remainders of the gross amount and of the fee on installment 1', () => {
    const amount = 10_001;
    const total = reference(amount, 399 + 249 * 2);
    const schedule = receivableSchedule(DEFAULT_PLAN, { method: 'credit', installments: 3, brand: null, amount, paidAt: PAID });
    expect(schedule.map((r) => r.grossAmount)).toEqual([3335, 3333, 3333]);
    const rest = Math.floor(total / 3);
    expect(schedule.map((r) => r.fee)).toEqual([total - 2 * rest, rest, rest]);
    for (const r of schedule) expect(r.amount).toBe(r.grossAmount - r.fee);
    expect(schedule.reduce((a, r) => a + r.amount, 0)).toBe(amount - total);
  });

  it('gives PIX and billet one receivable; a small billet nets a negative amount', () => {
    const pix = receivableSchedule(DEFAULT_PLAN, { method: 'pix', installments: 1, brand: 'visa', amount: 20_000, paidAt: PAID });
    expect(pix).toEqual([{ installmentNumber: 1, grossAmount: 20_000, fee: 198, amount: 19_802, expectedOn: '2026-03-14' }]);
    const billet = receivableSchedule(DEFAULT_PLAN, { method: 'billet', installments: 1, brand: null, amount: 100, paidAt: PAID });
    expect(billet).toEqual([{ installmentNumber: 1, grossAmount: 100, fee: 349, amount: -249, expectedOn: '2026-03-15' }]);
  });

  it('throws NoRateError naming the plan, the method and the brand when the plan cannot price the charge', () => {
    const noBillet = () => receivableSchedule(CUSTOM, { method: 'billet', installments: 1, brand: null, amount: 10_000, paidAt: PAID });
    expect(noBillet).toThrow(NoRateError);
    expect(noBillet).toThrow('The fee plan plan_Test0000000000 has no rate for billet.');
    const elo = () => receivableSchedule(CUSTOM, { method: 'credit', installments: 1, brand: 'elo', amount: 10_000, paidAt: PAID });
    expect(elo).toThrow('The fee plan plan_Test0000000000 has no rate for credit with brand elo.');
  });
});

describe('fee override (the simulator’s what-if `fee`)', () => {
  it('replaces the whole PIX rate, flat part included', () => {
    expect(fee(DEFAULT_PLAN, 'pix', 10_000, 1, { feeOverride: 2.5 })).toEqual({ kind: 'fee', percent: 2.5, fixed: 0, total: 250 });
    expect(fee(CUSTOM, 'pix', 10_000, 1, { feeOverride: 2.5 })).toEqual({ kind: 'fee', percent: 2.5, fixed: 0, total: 250 });
  });

  it('replaces the base card rate; the per-installment surcharge and the flat fee stay', () => {
    expect(fee(DEFAULT_PLAN, 'credit', 10_000, 1, { feeOverride: 2.5 })).toEqual({ kind: 'fee', percent: 2.5, fixed: 0, total: 250 });
    // 2.5 + 2 × 2.49 = 7.48 %
    expect(fee(DEFAULT_PLAN, 'credit', 10_000, 3, { feeOverride: 2.5 })).toEqual({ kind: 'fee', percent: 7.48, fixed: 0, total: 748 });
    // A brand rate is replaced too: 2 + 1.5 = 3.5 % plus 50 cents.
    expect(fee(CUSTOM, 'credit', 10_000, 2, { brand: 'amex', feeOverride: 2 })).toEqual({ kind: 'fee', percent: 3.5, fixed: 50, total: 400 });
  });

  it('charges a billet the percentage instead of the flat fee', () => {
    expect(fee(DEFAULT_PLAN, 'billet', 10_000, 1, { feeOverride: 1.5 })).toEqual({ kind: 'fee', percent: 1.5, fixed: 0, total: 150 });
    expect(fee(DEFAULT_PLAN, 'billet', 10_000, 1, { feeOverride: 0 })).toEqual({ kind: 'fee', percent: 0, fixed: 0, total: 0 });
  });

  it('never makes a method or brand the plan lacks chargeable', () => {
    expect(fee(CUSTOM, 'billet', 10_000, 1, { feeOverride: 1 })).toEqual({ kind: 'noRate', planId: CUSTOM.id, method: 'billet', brand: null });
    expect(fee(CUSTOM, 'credit', 10_000, 1, { brand: 'elo', feeOverride: 1 })).toMatchObject({ kind: 'noRate', brand: 'elo' });
  });
});

describe('brand rates and missing rates', () => {
  it('uses the brand’s base rate, the general rate without a brand, and 404s other brands', () => {
    expect(fee(CUSTOM, 'credit', 10_000, 1, { brand: 'visa' })).toEqual({ kind: 'fee', percent: 3.19, fixed: 50, total: 319 + 50 });
    // 4.5 + 3 × 1.5 = 9 %
    expect(fee(CUSTOM, 'credit', 10_000, 4, { brand: 'amex' })).toEqual({ kind: 'fee', percent: 9, fixed: 50, total: 900 + 50 });
    expect(fee(CUSTOM, 'credit', 10_000)).toEqual({ kind: 'fee', percent: 2.99, fixed: 50, total: 299 + 50 });
    for (const brand of ['mastercard', 'elo', 'hipercard'] as const) {
      expect(fee(CUSTOM, 'credit', 10_000, 1, { brand })).toEqual({ kind: 'noRate', planId: CUSTOM.id, method: 'credit', brand });
    }
  });

  it('uses one rate for every brand when the plan has no brand rates, and ignores the brand for PIX', () => {
    for (const brand of ['visa', 'mastercard', 'elo', 'amex', 'hipercard'] as const) {
      expect(fee(DEFAULT_PLAN, 'credit', 10_000, 1, { brand })).toMatchObject({ percent: 3.99, total: 399 });
    }
    expect(fee(CUSTOM, 'pix', 10_000, 1, { brand: 'elo' })).toEqual({ kind: 'fee', percent: 0.5, fixed: 10, total: 60 });
  });

  it('answers noRate for a method absent from the plan', () => {
    expect(fee(CUSTOM, 'billet', 10_000)).toEqual({ kind: 'noRate', planId: CUSTOM.id, method: 'billet', brand: null });
    expect(simulate({ ...CUSTOM, credit: null }, { method: 'credit', amount: 10_000, installments: 1, brand: 'visa' })).toEqual({
      kind: 'noRate', planId: CUSTOM.id, method: 'credit', brand: null,
    });
  });
});

describe('simulate', () => {
  type Example = { value: Record<string, unknown> & { _links: { self: { href: string } } } };
  const spec = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../generated/openapi.json'), 'utf8')) as {
    paths: Record<string, { get: { responses: { 200: { content: { 'application/json': { examples: Record<string, Example> } } } } } }>;
  };
  const examples = spec.paths['/v1/simulators/payment-methods']!.get.responses[200].content['application/json'].examples;

  it.each(Object.keys(examples))('reproduces the spec example %s under the default plan', (name) => {
    const { merchant: _m, _links, ...expected } = examples[name]!.value;
    const q = new URL(_links.self.href, 'http://x').searchParams;
    const query: SimulateInput = {
      method: q.get('method') as PaymentMethod,
      amount: Number(q.get('amount')),
      installments: Number(q.get('installment') ?? 1),
      brand: q.get('brand') as CardBrand | null,
      ...(q.has('fee') ? { feeOverride: Number(q.get('fee')) } : {}),
    };
    expect(simulate(DEFAULT_PLAN, query)).toEqual(expected);
  });

  it('marks a negotiated plan or a what-if fee as custom and names the plan', () => {
    const custom = simulate(CUSTOM, { method: 'pix', amount: 10_000, installments: 1 });
    expect(custom).toMatchObject({ planId: CUSTOM.id, isCustom: true, feePercentage: 0.5, fixedFee: { cents: 10 }, totalFees: { cents: 60 } });
    expect(simulate(DEFAULT_PLAN, { method: 'pix', amount: 10_000, installments: 1 })).toMatchObject({ planId: 'default', isCustom: false });
    expect(simulate(DEFAULT_PLAN, { method: 'pix', amount: 10_000, installments: 1, feeOverride: 0.99 })).toMatchObject({
      planId: 'default', isCustom: true, totalFees: { cents: 99 },
    });
  });

  it('adds up: original − totalFees = amount, and the installments add up to each', () => {
    for (let n = 1; n <= 12; n++) {
      const s = simulate(DEFAULT_PLAN, { method: 'credit', amount: 98_765, installments: n });
      if ('kind' in s) throw new Error('unexpected noRate');
      expect(s.amount.cents).toBe(s.original.cents - s.totalFees.cents);
      expect(s.installments.reduce((a, i) => a + i.amount.cents, 0)).toBe(98_765);
      expect(s.installments.reduce((a, i) => a + i.fees.cents, 0)).toBe(s.totalFees.cents);
      expect(s.installments.reduce((a, i) => a + i.net.cents, 0)).toBe(s.amount.cents);
      expect(s.installments.map((i) => i.settlesInDays)).toEqual(Array.from({ length: n }, (_, k) => 30 * (k + 1)));
      for (const m of [s.amount, s.totalFees, ...s.installments.map((i) => i.net)]) expect(m.decimal).toBe(Number((m.cents / 100).toFixed(2)));
    }
  });

  it('reports a negative amount for a billet smaller than its flat fee', () => {
    expect(simulate(DEFAULT_PLAN, { method: 'billet', amount: 100, installments: 1 })).toMatchObject({
      amount: { cents: -249, decimal: -2.49 },
      installments: [{ net: { cents: -249, decimal: -2.49 }, settlesInDays: 1 }],
    });
  });
});
