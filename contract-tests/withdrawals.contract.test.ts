import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../client/src/index';
import type { PaymentsClient } from './support/client';
import { ENGINES } from '../server/testing/harness';
import { fund, walletBody } from '../server/testing/withdrawals';
import { contractContext, errorOf, expectError, idem, idemKey, type ContractContext } from './support/context';
import { flushCoverage } from './support/coverage';

afterAll(() => flushCoverage('withdrawals'));

const UNKNOWN = 'wdr_0000000000000000';

describe.each(ENGINES)('Withdrawals contract on $name', (engine) => {
  let c: ContractContext;
  let walletId: string;
  beforeAll(async () => {
    c = await contractContext(engine);
    // Settlements are the ledger's: the merchant's balance is funded as one would fund it.
    await fund(c.svc.db, c.svc.merchant.merchantId, 1_000_000);
    const w = await c.api.POST('/v1/wallets', { body: walletBody(), params: idem() });
    expect(w.response.status).toBe(201);
    walletId = w.data!.id;
  });
  afterAll(async () => c?.close());

  async function create(amount: number, client: PaymentsClient = c.api): Promise<Schemas['Withdrawal']> {
    const res = await client.POST('/v1/withdrawals', { body: { walletId, amount }, params: idem() });
    expect(res.response.status, JSON.stringify(res.error)).toBe(201);
    return res.data!;
  }
  const read = (withdrawalId: string, client: PaymentsClient = c.api) =>
    client.GET('/v1/withdrawals/{withdrawalId}', { params: { path: { withdrawalId } } });
  const simulate = (withdrawalId: string, action: 'pay' | 'fail', client: PaymentsClient = c.api) =>
    client.POST('/v1/sandbox/withdrawals/{withdrawalId}/simulate', { params: { path: { withdrawalId } }, body: { action } });

  it('createWithdrawal 201 pending and getWithdrawal 200 paid once the payout ran', async () => {
    const w = await create(12_345);
    expect(w).toMatchObject({ walletId, amount: 12_345, status: 'pending', currency: 'BRL' });
    await c.svc.drain();
    const { data, response } = await read(w.id);
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ id: w.id, status: 'paid' });
  });

  it('createWithdrawal replays a retry with its key (201, Idempotent-Replayed) and refuses another body with it (409)', async () => {
    const key = idemKey();
    const first = await c.api.POST('/v1/withdrawals', { body: { walletId, amount: 1_000 }, params: idem(key) });
    const again = await c.api.POST('/v1/withdrawals', { body: { walletId, amount: 1_000 }, params: idem(key) });
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data?.id).toBe(first.data?.id);
    const other = await c.api.POST('/v1/withdrawals', { body: { walletId, amount: 2_000 }, params: idem(key) });
    expectError(other, 409, 'idempotencyMismatch');
  });

  it('listWithdrawals 200 filtered by status and wallet; 422 for an empty date range', async () => {
    const held = await create(5_002);
    await c.svc.drain();
    const page = await c.api.GET('/v1/withdrawals', { params: { query: { status: 'pending', walletId } } });
    expect(page.response.status).toBe(200);
    expect(page.data?.data.map((w) => w.id)).toContain(held.id);
    expect(page.data?.data.every((w) => w.status === 'pending')).toBe(true);
    const empty = await c.api.GET('/v1/withdrawals', { params: { query: { daterangegte: '2026-03-15', daterangelte: '2026-03-14' } } });
    expectError(empty, 422, 'unprocessableEntity');
  });

  it('createWithdrawal 422 insufficientBalance, 404 walletNotFound, 400 invalidParameters; 422 providerNotConfigured in production', async () => {
    expectError(await c.api.POST('/v1/withdrawals', { body: { walletId, amount: 99_000_000 }, params: idem() }), 422, 'insufficientBalance', 'withdrawal');
    const foreign = await c.other.POST('/v1/wallets', { body: walletBody(), params: idem() });
    expectError(await c.api.POST('/v1/withdrawals', { body: { walletId: foreign.data!.id, amount: 100 }, params: idem() }), 404, 'walletNotFound', 'wallet');
    const bad = await c.api.POST('/v1/withdrawals', { body: { walletId, amount: -5 }, params: idem() });
    expectError(bad, 400, 'invalidParameters');
    expect(errorOf(bad).params?.flatMap(Object.keys)).toContain('amount');
    expectError(await c.live.POST('/v1/withdrawals', { body: { walletId, amount: 100 }, params: idem() }), 422, 'providerNotConfigured', 'payorch');
  });

  it('createWithdrawal 413 payloadTooLarge for a body over the limit', async () => {
    const res = await c.api.POST('/v1/withdrawals', { body: { walletId, amount: 100, description: 'x'.repeat(1_100_000) }, params: idem() });
    expectError(res, 413, 'payloadTooLarge');
  });

  it('getWithdrawal 404 withdrawalNotFound: unknown, another merchant, the other mode; 400 for a bad id', async () => {
    const mine = await create(700);
    for (const res of [await read(UNKNOWN), await read(mine.id, c.other), await read(mine.id, c.live)]) {
      expectError(res, 404, 'withdrawalNotFound', 'withdrawal');
    }
    const bad = await read('wall_2Pq7RsT9uVw4XyZa');
    expectError(bad, 400, 'invalidParameters');
    expect(errorOf(bad).params?.flatMap(Object.keys)).toContain('withdrawalId');
  });

  it('simulateSandboxWithdrawal 200 fail and pay; 422 once final; 404 unknown; 403 sandboxOnly', async () => {
    const failing = await create(3_002);
    const failed = await simulate(failing.id, 'fail');
    expect(failed.response.status).toBe(200);
    expect(failed.data).toMatchObject({ status: 'failed', failureReason: expect.any(String) });
    const paying = await create(4_002);
    expect((await simulate(paying.id, 'pay')).data?.status).toBe('paid');
    expectError(await simulate(paying.id, 'fail'), 422, 'invalidTransition', 'withdrawal');
    expectError(await simulate(UNKNOWN, 'pay'), 404, 'withdrawalNotFound');
    expectError(await simulate(paying.id, 'pay', c.live), 403, 'sandboxOnly');
  });

  const calls: Record<string, (cl: PaymentsClient) => Promise<{ response: Response; error?: unknown }>> = {
    listWithdrawals: (cl) => cl.GET('/v1/withdrawals'),
    getWithdrawal: (cl) => read(UNKNOWN, cl),
    createWithdrawal: (cl) => cl.POST('/v1/withdrawals', { body: { walletId, amount: 100 }, params: idem() }),
    simulateSandboxWithdrawal: (cl) => simulate(UNKNOWN, 'pay', cl),
  };
  const writes = new Set(['createWithdrawal', 'simulateSandboxWithdrawal']);

  it.each(Object.keys(calls))('%s 401 with an unknown key, 403 with a key that may not call it', async (op) => {
    const call = calls[op]!;
    expectError(await call(c.stranger), 401, 'unauthorized');
    expectError(await call(writes.has(op) ? c.readOnly : c.fenced), 403, 'forbidden');
  });
});
