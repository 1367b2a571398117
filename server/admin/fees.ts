/** `set-fee-plan`: a merchant's negotiated fee plan from flags, every rate not given keeping the default plan's. */
import { CARD_BRANDS, DEFAULT_PLAN, type CardBrand, type FeePlan } from '../domain/fees/plan';
import { removeFeePlan, setFeePlan, type FeePlanRates } from '../domain/fees/service';
import { required, UsageError, type AdminCommand, type Flags } from './command';

const RATE_FLAGS = ['pix', 'pix-fixed', 'no-pix', 'billet', 'billet-fixed', 'no-billet', 'credit', 'credit-fixed', 'credit-installment', 'brand', 'no-credit'];

/** A number flag, or `fallback` when it was not given. */
function numberFlag(flags: Flags, name: string, fallback: number): number {
  const raw = flags[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '' || !Number.isFinite(n)) throw new UsageError(`--${name} must be a number, got ${String(raw)}`);
  return n;
}

/** True when the method is offered: `--no-<method>` not given (and then none of its rate flags may be). */
function offered(flags: Flags, method: string, rateFlags: string[]): boolean {
  if (!flags[`no-${method}`]) return true;
  const given = rateFlags.filter((f) => flags[f] !== undefined);
  if (given.length > 0) throw new UsageError(`--no-${method} contradicts --${given.join(', --')}`);
  return false;
}

/**
 * The per-brand card rates. A brand named gets its own base rate, `off` refuses it, and every brand not named keeps
 * the general card rate: naming one brand never silently stops the others from being charged.
 */
function brandRates(entries: string[], base: number): Partial<Record<CardBrand, number>> | null {
  if (entries.length === 0) return null;
  const rates: Partial<Record<CardBrand, number>> = Object.fromEntries(CARD_BRANDS.map((b) => [b, base]));
  for (const entry of entries) {
    const [brand, percent, ...extra] = entry.split('=');
    const valid = CARD_BRANDS.includes(brand as CardBrand) && percent !== undefined && extra.length === 0 &&
      (percent === 'off' || (percent.trim() !== '' && Number.isFinite(Number(percent))));
    if (!valid) throw new UsageError(`--brand takes <brand>=<percent> or <brand>=off, a brand among ${CARD_BRANDS.join(', ')}; got ${entry}`);
    if (percent === 'off') delete rates[brand as CardBrand];
    else rates[brand as CardBrand] = Number(percent);
  }
  if (Object.keys(rates).length === 0) throw new UsageError('every brand is off: use --no-credit to stop card payments');
  return rates;
}

/** The rates of `set-fee-plan`: the default plan's, overridden by the flags given. */
function ratesFromFlags(flags: Flags): FeePlanRates {
  const { pix, billet, credit } = DEFAULT_PLAN;
  const creditPercent = numberFlag(flags, 'credit', credit!.percent);
  return {
    pix: offered(flags, 'pix', ['pix', 'pix-fixed'])
      ? { percent: numberFlag(flags, 'pix', pix!.percent), fixed: numberFlag(flags, 'pix-fixed', pix!.fixed) }
      : null,
    billet: offered(flags, 'billet', ['billet', 'billet-fixed'])
      ? { percent: numberFlag(flags, 'billet', billet!.percent), fixed: numberFlag(flags, 'billet-fixed', billet!.fixed) }
      : null,
    credit: offered(flags, 'credit', ['credit', 'credit-fixed', 'credit-installment', 'brand'])
      ? {
          percent: creditPercent,
          fixed: numberFlag(flags, 'credit-fixed', credit!.fixed),
          installmentPercent: numberFlag(flags, 'credit-installment', credit!.installmentPercent),
          brands: brandRates((flags.brand as string[] | undefined) ?? [], creditPercent),
        }
      : null,
  };
}

function describePlan(plan: FeePlan): string {
  const rate = (r: { percent: number; fixed: number } | null) => (r ? `${r.percent} % + ${r.fixed} cents` : 'not offered');
  const brands = plan.credit?.brands
    ? ` (per brand: ${Object.entries(plan.credit.brands).map(([b, p]) => `${b} ${p} %`).join(', ')}; other brands refused)`
    : '';
  return [
    `fee plan ${plan.id}`,
    `  pix:    ${rate(plan.pix)}`,
    `  billet: ${rate(plan.billet)}`,
    `  credit: ${rate(plan.credit)}${plan.credit ? ` + ${plan.credit.installmentPercent} % per installment after the first${brands}` : ''}`,
    '',
  ].join('\n');
}

const str = { type: 'string' } as const;
const bool = { type: 'boolean', default: false } as const;

export const feeCommands: Record<string, AdminCommand> = {
  'set-fee-plan': {
    summary: "a merchant's negotiated fee plan (both modes), or --default to go back to the standard plan",
    usage: `set-fee-plan --merchant bus_… [rates] [--json]
set-fee-plan --merchant bus_… --default
Creates or replaces (under a new plan_… id) the merchant's negotiated fee plan, for both modes. Every rate not
given keeps the default plan's value; percentages take up to two decimals (0.89 means 0.89 %), flat fees are
integer cents.
  --pix <percent> --pix-fixed <cents> | --no-pix          (default: ${DEFAULT_PLAN.pix!.percent} %)
  --billet <percent> --billet-fixed <cents> | --no-billet (default: 0 % + ${DEFAULT_PLAN.billet!.fixed} cents)
  --credit <percent> --credit-fixed <cents>               base card rate (default: ${DEFAULT_PLAN.credit!.percent} %)
  --credit-installment <percent>                          added per installment after the first (default: ${DEFAULT_PLAN.credit!.installmentPercent} %)
  --brand <brand>=<percent> | <brand>=off                 repeatable: that brand's own base rate, or off to refuse
                                                          it; brands not named keep the --credit rate.
                                                          Brands: ${CARD_BRANDS.join(', ')}
  --no-credit                                             no card payments
  --default                                               remove the negotiated plan (no rate flags with it)
  --json                                                  the plan as JSON`,
    options: {
      merchant: str, json: bool, default: bool,
      pix: str, 'pix-fixed': str, 'no-pix': bool,
      billet: str, 'billet-fixed': str, 'no-billet': bool,
      credit: str, 'credit-fixed': str, 'credit-installment': str, brand: { type: 'string', multiple: true }, 'no-credit': bool,
    },
    check(flags) {
      required(flags, 'merchant', 'set-fee-plan');
      if (flags.default) {
        if (RATE_FLAGS.some((f) => flags[f] !== undefined && flags[f] !== false)) throw new UsageError('--default takes no rate flags');
      } else ratesFromFlags(flags);
    },
    async run(db, flags) {
      const merchantId = required(flags, 'merchant', 'set-fee-plan');
      if (flags.default) {
        if (RATE_FLAGS.some((f) => flags[f] !== undefined && flags[f] !== false)) throw new UsageError('--default takes no rate flags');
        const removed = await removeFeePlan(db, merchantId);
        return flags.json ? `${JSON.stringify({ planId: 'default', removed })}\n` : 'default plan\n';
      }
      const plan = await setFeePlan(db, merchantId, ratesFromFlags(flags));
      return flags.json ? `${JSON.stringify(plan)}\n` : describePlan(plan);
    },
  },
};
