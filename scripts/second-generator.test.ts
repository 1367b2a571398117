/**
 * The contract as a partner's code generator reads it: hey-api (`@hey-api/openapi-ts`, its TypeScript types, SDK and
 * zod schemas) makes a client from `generated/openapi.json`, which must type-check under `tsc --strict` with precise
 * types where generators used to get `unknown` (the `daterange*` filters, CreateSubscriptionRequest), and whose zod
 * schemas must refuse what the service refuses.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createClient } from '@hey-api/openapi-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');

/**
 * Compiled with the client: each line states a type the contract must give, or (`@ts-expect-error`) a mistake the
 * types must catch. An `unknown` filter or a CreateSubscriptionRequest that takes any object fails here.
 */
const CHECKS = `
import type { CreateSubscriptionRequest, ListTransactionsData, BalanceAmount } from './client/types.gen';
import { listTransactions } from './client/sdk.gen';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Query = NonNullable<ListTransactionsData['query']>;

export const dateRangesAreStrings: [
  Equal<Query['daterangegt'], string | undefined>,
  Equal<Query['daterangegte'], string | undefined>,
  Equal<Query['daterangelt'], string | undefined>,
  Equal<Query['daterangelte'], string | undefined>,
  Equal<Query['daterange'], string | undefined>,
] = [true, true, true, true, true];

export const filtered = () => listTransactions({ query: { daterangegte: '2026-03-01', daterangelt: '2026-03-14T00:00:00.000Z' } });
// @ts-expect-error a date range bound is a string, not a number
export const numeric = () => listTransactions({ query: { daterangegte: 20260301 } });

export const byVariant: CreateSubscriptionRequest = { customerId: 'cus_3Jd9QwE5rTy2UiOp', variantId: 'var_9Kl3MnB6vCx1ZaQw', payment: { method: 'pix' } };
export const byPlan: CreateSubscriptionRequest = {
  customer: { firstName: 'Maria', lastName: 'Silva', email: 'maria@example.com' },
  plan: { amount: 5000, billingFrequency: 'monthly' },
  payment: { method: 'pix' },
};
// @ts-expect-error neither customer nor customerId
export const noPayer: CreateSubscriptionRequest = { variantId: 'var_9Kl3MnB6vCx1ZaQw', payment: { method: 'pix' } };
// @ts-expect-error neither variantId nor plan
export const noPlan: CreateSubscriptionRequest = { customerId: 'cus_3Jd9QwE5rTy2UiOp', payment: { method: 'pix' } };
// @ts-expect-error plan is an object
export const textPlan: CreateSubscriptionRequest = { customerId: 'cus_3Jd9QwE5rTy2UiOp', plan: 'pro', payment: { method: 'pix' } };
// @ts-expect-error payment is required
export const noPayment: CreateSubscriptionRequest = { customerId: 'cus_3Jd9QwE5rTy2UiOp', variantId: 'var_9Kl3MnB6vCx1ZaQw' };

// Amounts past 2^31 are still numbers to a TypeScript client (int64 is exact in a JS number up to 2^53).
export const big: BalanceAmount['available'] = 2_970_307_306;
`;

describe('a hey-api client made from generated/openapi.json', () => {
  // Inside the repository, so that the generated files' imports (zod) resolve from its node_modules.
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(root, '.hey-api-'));
    await createClient({
      input: join(root, 'generated/openapi.json'),
      output: { path: join(dir, 'client') },
      plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk', 'zod'],
      logs: { level: 'silent' },
    });
    await writeFile(join(dir, 'checks.ts'), CHECKS);
    const tsconfig = {
      compilerOptions: {
        target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2023', 'DOM', 'DOM.Iterable'], types: [],
        strict: true, skipLibCheck: true, noEmit: true,
      },
      include: ['client/**/*.ts', 'checks.ts'],
    };
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  }, 120_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('type-checks under tsc --strict, with the types the contract means', async () => {
    const out = await run(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json', '--pretty', 'false'], { cwd: dir }).then(
      (r) => r.stdout,
      (err: { stdout?: string; message: string }) => err.stdout || err.message,
    );
    const errors = out.split('\n').filter((line) => line.includes('error TS')).map((line) => line.slice(0, 300));
    expect(errors).toEqual([]);
  }, 120_000);

  it('its zod schemas accept a valid subscription body and refuse invalid ones', async () => {
    type Schema = { safeParse(v: unknown): { success: boolean } };
    const zod = (await import(pathToFileURL(join(dir, 'client/zod.gen.ts')).href)) as Record<string, Schema>;
    const body = zod.zCreateSubscriptionRequest!;
    const payment = { method: 'pix' };
    expect(body.safeParse({ customerId: 'cus_3Jd9QwE5rTy2UiOp', variantId: 'var_9Kl3MnB6vCx1ZaQw', payment }).success).toBe(true);
    expect(body.safeParse({ customerId: 'cus_3Jd9QwE5rTy2UiOp', plan: { amount: 5000, billingFrequency: 'monthly' }, payment }).success).toBe(true);
    expect(body.safeParse({ variantId: 'var_9Kl3MnB6vCx1ZaQw', payment }).success).toBe(false);
    expect(body.safeParse({ customerId: 'cus_3Jd9QwE5rTy2UiOp', payment }).success).toBe(false);
    expect(body.safeParse({ customerId: 'cus_3Jd9QwE5rTy2UiOp', variantId: 'var_9Kl3MnB6vCx1ZaQw' }).success).toBe(false);
    expect(body.safeParse('anything').success).toBe(false);

    const query = zod.zListTransactionsQuery!;
    expect(query.safeParse({ daterangegt: '2026-03-14', daterangelte: '2026-03-14T00:00:00.000Z' }).success).toBe(true);
    expect(query.safeParse({ daterangegt: 'yesterday' }).success).toBe(false);
    expect(query.safeParse({ daterangegt: 20260314 }).success).toBe(false);
  });
});
