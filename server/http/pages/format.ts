/** How amounts and dates read for a payer in Brazil. Amounts are integer cents and stay integers until printed. */
import { splitEvenly } from '../../domain/fees/plan';

/** `R$ 1.234,56` with a plain space (screen readers and text search see one ordinary space, not U+00A0). */
export function brl(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const reais = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}R$ ${reais},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * `n` installments as the engine splits the amount (`splitEvenly`, as the charge's receivables: the remainder on the
 * first), so the parts add up to the total: `3x de R$ 53,00`, or `3x de R$ 53,26 (1ª de R$ 53,28)` for R$ 159,80.
 * It starts with the count (`3x`), which is how a payer scans the list.
 */
export function installmentLabel(amount: number, n: number): string {
  if (n === 1) return `1x de ${brl(amount)} (à vista)`;
  const [first, rest] = splitEvenly(amount, n) as [number, number];
  return first === rest ? `${n}x de ${brl(rest)}` : `${n}x de ${brl(rest)} (1ª de ${brl(first)})`;
}

const DATE_TIME = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

/** `24/11/2026 09:00`, São Paulo time. */
export function dateTime(at: Date | string): string {
  return DATE_TIME.format(typeof at === 'string' ? new Date(at) : at).replace(',', '');
}

/** A calendar day `YYYY-MM-DD` as `24/11/2026` (no time zone: it is a day, not an instant). */
export function day(isoDay: string): string {
  const [y, m, d] = isoDay.split('-');
  return `${d}/${m}/${y}`;
}

/** The digitable line in its printed groups: `34191.57007 01234.567897 01004.500003 6 13880000015000`. */
export function digitableLine(digits: string): string {
  if (!/^\d{47}$/.test(digits)) return digits;
  return `${digits.slice(0, 5)}.${digits.slice(5, 10)} ${digits.slice(10, 15)}.${digits.slice(15, 21)} ${digits.slice(21, 26)}.${digits.slice(26, 32)} ${digits[32]} ${digits.slice(33)}`;
}
