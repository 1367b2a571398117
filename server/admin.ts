/**
 * `npm run admin -- <command>`: merchants and keys from the command line.
 *   create-merchant --name "Acme" [--json]
 *   create-key --merchant bus_… --mode sandbox|production --role <role> [--ip 10.0.0.0/8 ...] [--json]
 *   revoke-key --key-id key_…
 *   set-fee-plan --merchant bus_… [rates] [--json]
 *     Creates or replaces (under a new plan_… id) the merchant's negotiated fee plan, for both modes. Every rate
 *     not given keeps the default plan's value; percentages take up to two decimals (0.89 means 0.89 %), flat fees
 *     are integer cents:
 *       --pix <percent> --pix-fixed <cents> | --no-pix
 *       --billet <percent> --billet-fixed <cents> | --no-billet     (default: 0 % + 349 cents)
 *       --credit <percent> --credit-fixed <cents> --credit-installment <percent per installment after the first>
 *       --brand visa=3.19 [--brand amex=4.5 ...]    base card rate per brand; other brands are then refused
 *       --no-credit
 *   set-fee-plan --merchant bus_… --default    removes the negotiated plan: the merchant is on the default plan again
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { openDb } from './db/open';
import { createKey, createMerchantWithKeys, revokeKey, type Mode } from './domain/access/keys';
import { isRoleId, ROLES } from './domain/access/roles';
import { CARD_BRANDS, DEFAULT_PLAN, type CardBrand, type FeePlan } from './domain/fees/plan';
import { removeFeePlan, setFeePlan, type FeePlanRates } from './domain/fees/service';

function fail(message: string): never {
  process.stderr.write(`admin: ${message}\n`);
  process.exit(2);
}

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    name: { type: 'string' },
    merchant: { type: 'string' },
    mode: { type: 'string' },
    role: { type: 'string' },
    ip: { type: 'string', multiple: true },
    'key-id': { type: 'string' },
    json: { type: 'boolean', default: false },
    pix: { type: 'string' },
    'pix-fixed': { type: 'string' },
    'no-pix': { type: 'boolean', default: false },
    billet: { type: 'string' },
    'billet-fixed': { type: 'string' },
    'no-billet': { type: 'boolean', default: false },
    credit: { type: 'string' },
    'credit-fixed': { type: 'string' },
    'credit-installment': { type: 'string' },
    brand: { type: 'string', multiple: true },
    'no-credit': { type: 'boolean', default: false },
    default: { type: 'boolean', default: false },
  },
});

const flags = values as Record<string, unknown>;

/** A number flag, or `fallback` when it was not given. */
function numberFlag(name: string, fallback: number): number {
  const raw = flags[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '' || !Number.isFinite(n)) fail(`--${name} must be a number, got ${String(raw)}`);
  return n;
}

/** True when the method is offered: `--no-<method>` not given (and then none of its rate flags may be). */
function offered(method: string, rateFlags: string[]): boolean {
  if (!flags[`no-${method}`]) return true;
  const given = rateFlags.filter((f) => flags[f] !== undefined);
  if (given.length > 0) fail(`--no-${method} contradicts --${given.join(', --')}`);
  return false;
}

/** The rates of `set-fee-plan`: the default plan's, overridden by the flags given. */
function ratesFromFlags(): FeePlanRates {
  const { pix, billet, credit } = DEFAULT_PLAN;
  let brands: Partial<Record<CardBrand, number>> | null = null;
  for (const entry of values.brand ?? []) {
    const [brand, percent, ...extra] = entry.split('=');
    if (!CARD_BRANDS.includes(brand as CardBrand) || percent === undefined || percent.trim() === '' || extra.length > 0) {
      fail(`--brand takes <brand>=<percent> with a brand among ${CARD_BRANDS.join(', ')}, got ${entry}`);
    }
    brands = { ...(brands ?? {}), [brand as CardBrand]: Number(percent) };
  }
  return {
    pix: offered('pix', ['pix', 'pix-fixed'])
      ? { percent: numberFlag('pix', pix!.percent), fixed: numberFlag('pix-fixed', pix!.fixed) }
      : null,
    billet: offered('billet', ['billet', 'billet-fixed'])
      ? { percent: numberFlag('billet', billet!.percent), fixed: numberFlag('billet-fixed', billet!.fixed) }
      : null,
    credit: offered('credit', ['credit', 'credit-fixed', 'credit-installment', 'brand'])
      ? {
          percent: numberFlag('credit', credit!.percent),
          fixed: numberFlag('credit-fixed', credit!.fixed),
          installmentPercent: numberFlag('credit-installment', credit!.installmentPercent),
          brands,
        }
      : null,
  };
}

function describePlan(plan: FeePlan): string {
  const rate = (r: { percent: number; fixed: number } | null) => (r ? `${r.percent} % + ${r.fixed} cents` : 'not offered');
  const brands = plan.credit?.brands ? ` (per brand: ${Object.entries(plan.credit.brands).map(([b, p]) => `${b} ${p} %`).join(', ')})` : '';
  return [
    `fee plan ${plan.id}`,
    `  pix:    ${rate(plan.pix)}`,
    `  billet: ${rate(plan.billet)}`,
    `  credit: ${rate(plan.credit)}${plan.credit ? ` + ${plan.credit.installmentPercent} % per installment after the first${brands}` : ''}`,
    '',
  ].join('\n');
}

const db = await openDb(loadConfig());
try {
  if (command === 'create-merchant') {
    if (!values.name) fail('create-merchant needs --name');
    const out = await createMerchantWithKeys(db, values.name);
    process.stdout.write(
      values.json
        ? `${JSON.stringify(out)}\n`
        : `merchant ${out.merchantId}\n  sandbox key:    ${out.sandboxKey}\n  production key: ${out.productionKey}\n`,
    );
  } else if (command === 'create-key') {
    const mode = values.mode;
    if (!values.merchant) fail('create-key needs --merchant');
    if (mode !== 'sandbox' && mode !== 'production') fail('--mode must be sandbox or production');
    const role = values.role ?? 'developer';
    if (!isRoleId(role)) fail(`--role must be one of ${ROLES.map((r) => r.id).join(', ')}`);
    const out = await createKey(db, { merchantId: values.merchant, mode: mode as Mode, role, ipAllowlist: values.ip ?? null });
    process.stdout.write(values.json ? `${JSON.stringify(out)}\n` : `key ${out.keyId} (${mode}, ${role}): ${out.key}\n`);
  } else if (command === 'revoke-key') {
    if (!values['key-id']) fail('revoke-key needs --key-id');
    await revokeKey(db, values['key-id']);
    process.stdout.write(values.json ? '{"revoked":true}\n' : 'revoked\n');
  } else if (command === 'set-fee-plan') {
    if (!values.merchant) fail('set-fee-plan needs --merchant');
    if (values.default) {
      const RATE_FLAGS = ['pix', 'pix-fixed', 'no-pix', 'billet', 'billet-fixed', 'no-billet', 'credit', 'credit-fixed', 'credit-installment', 'brand', 'no-credit'];
      if (RATE_FLAGS.some((f) => flags[f] !== undefined && flags[f] !== false)) fail('--default takes no rate flags');
      const removed = await removeFeePlan(db, values.merchant);
      process.stdout.write(values.json ? `${JSON.stringify({ planId: 'default', removed })}\n` : 'default plan\n');
    } else {
      const plan = await setFeePlan(db, values.merchant, ratesFromFlags());
      process.stdout.write(values.json ? `${JSON.stringify(plan)}\n` : describePlan(plan));
    }
  } else {
    fail('commands: create-merchant, create-key, revoke-key, set-fee-plan');
  }
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
} finally {
  await db.close();
}
