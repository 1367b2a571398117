/**
 * A split's `value` between the API and storage: the API's percentage is a number with up to two decimals (25.5),
 * stored as an integer in hundredths of a percent (2550) so that shares are exact integer arithmetic; a `fixed`
 * value is cents both ways.
 */
import type { AppliedSplit } from './template';
import { WHOLE } from './allocate';

/** The stored value of an API value, or null when it is not valid for the type (the service answers 400). */
export function storedValue(type: AppliedSplit['type'], value: number): number | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  if (type === 'fixed') return Number.isSafeInteger(value) ? value : null;
  const hundredths = Math.round(value * 100);
  // 25.51 × 100 is 2550.9999999999995 in binary floating point: "two decimals" means within rounding noise.
  // A positive value too small to round to a hundredth (1e-9) would store 0, which is no share at all.
  if (Math.abs(value * 100 - hundredths) > 1e-6 || hundredths < 1 || hundredths > WHOLE) return null;
  return hundredths;
}

/** The API value of a stored one: a percentage as a number (2550 → 25.5), cents as they are. */
export function apiValue(s: Pick<AppliedSplit, 'type' | 'value'>): number {
  return s.type === 'percentage' ? s.value / 100 : s.value;
}
