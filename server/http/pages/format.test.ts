import { describe, expect, it } from 'vitest';
import { brl, dateTime, day, digitableLine, installmentLabel } from './format';

describe('page formats', () => {
  it('prints cents as reais with thousands dots and a decimal comma', () => {
    expect(brl(15980)).toBe('R$ 159,80');
    expect(brl(5)).toBe('R$ 0,05');
    expect(brl(123456789)).toBe('R$ 1.234.567,89');
  });

  it('prints installments as the engine splits them, adding up to the total (the remainder on the first)', () => {
    expect(installmentLabel(15980, 3)).toBe('3x de R$ 53,26 (1ª de R$ 53,28)');
    expect(installmentLabel(15900, 3)).toBe('3x de R$ 53,00');
    expect(installmentLabel(15981, 2)).toBe('2x de R$ 79,90 (1ª de R$ 79,91)');
    expect(installmentLabel(15980, 1)).toBe('1x de R$ 159,80 (à vista)');
  });

  it('prints instants in São Paulo time and days as they are', () => {
    expect(dateTime('2026-11-24T12:00:00.000Z')).toBe('24/11/2026 09:00');
    expect(day('2026-11-27')).toBe('27/11/2026');
  });

  it('groups the digitable line as printed on a billet', () => {
    expect(digitableLine('34191570070123456789701004500003613880000015000')).toBe('34191.57007 01234.567897 01004.500003 6 13880000015000');
  });
});
