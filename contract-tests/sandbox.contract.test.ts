import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../client/src/index';
import type { PaymentsClient } from './support/client';
import type { Db } from '../server/db/types';
import { saoPauloDate } from '../server/core/calendar';
import type { PaymentRoutes } from '../server/payments/orchestrator';
import type { PaymentProvider } from '../server/payments/provider';
import { sandboxAntiFraud, sandboxVault } from '../server/payments/sandbox/cards';
import { sandboxProvider } from '../server/payments/sandbox/provider';
import { ENGINES } from '../server/testing/harness';
import { billetBody, cardBody, pixBody, TEST_CARDS } from '../server/testing/payments';
import { contractContext, errorOf, idem, type ContractContext, expectError, type Answer } from './support/context';
import { flushCoverage } from './support/coverage';

afterAll(() => flushCoverage('sandbox'));

type Action = Schemas['SimulateTransactionRequest']['action'];
type Transaction = Schemas['Transaction'];
const UNKNOWN = 'tra_0000000000000000';
const keysOf = (params: Record<string, string>[] | undefined) => (params ?? []).flatMap((p) => Object.keys(p));

const simulate = (client: PaymentsClient, transactionId: string, action: Action) =>
  client.POST('/v1/sandbox/transactions/{transactionId}/simulate', { params: { path: { transactionId } }, body: { action } });
/** A request body the schema refuses, sent as is (the typed client would not let it through otherwise). */
const simulateRaw = (client: PaymentsClient, transactionId: string, body: unknown) =>
  client.POST('/v1/sandbox/transactions/{transactionId}/simulate', {
    params: { path: { transactionId } },
    body: body as Schemas['SimulateTransactionRequest'],
  });


/** Creating and reading transactions, the merchant's side of what the simulator plays the payer of. */
function steps(ctx: () => ContractContext) {
  async function create(body: Record<string, unknown>, client: PaymentsClient = ctx().api): Promise<string> {
    // The fixtures of server/testing/payments.ts, typed loosely there: the contract client checks the answer.
    const res = await client.POST('/v1/transactions', { body: body as Schemas['CreateTransactionRequest'], params: idem() });
    expect(res.response.status, JSON.stringify(res.error)).toBe(201);
    return res.data!.id;
  }
  async function read(transactionId: string): Promise<Transaction> {
    const res = await ctx().api.GET('/v1/transactions/{transactionId}', { params: { path: { transactionId } } });
    expect(res.response.status).toBe(200);
    return res.data!;
  }
  /** Created and processed: a PIX or billet issued and `pending`, a card `approved` or `pre-authorized`. */
  async function processed(body: Record<string, unknown>, status: Transaction['status']): Promise<string> {
    const id = await create(body);
    await ctx().svc.drain();
    expect((await read(id)).status).toBe(status);
    return id;
  }
  async function act(transactionId: string, action: Action): Promise<Transaction> {
    const res = await simulate(ctx().api, transactionId, action);
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data?.id).toBe(transactionId);
    return res.data!;
  }
  return { create, read, processed, act };
}

describe.each(ENGINES)('Sandbox contract on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await contractContext(engine);
  });
  afterAll(async () => c?.close());
  const { create, read, processed, act } = steps(() => c);

  it('simulateSandboxTransaction 200 pay: a pending PIX or billet becomes approved, captured, with its receivable', async () => {
    const pix = await processed(pixBody(), 'pending');
    const paid = await act(pix, 'pay');
    expect(paid).toMatchObject({ status: 'approved', amount: 20_000, capturedAmount: 20_000, refundedAmount: 0 });
    expect(paid.payment.paidAt).not.toBeNull();
    // 0.99 % of 20000 is 198; PIX settles the day it is paid.
    expect(paid.receivables).toMatchObject([{ grossAmount: 20_000, amount: 19_802, status: 'paid', expectedOn: saoPauloDate(new Date()) }]);
    expect(paid.timeline[0]).toMatchObject({ type: 'status', details: { from: 'pending', to: 'approved' } });
    expect(await read(pix)).toEqual(paid);

    const billet = await processed(billetBody(), 'pending');
    const settled = await act(billet, 'pay');
    expect(settled).toMatchObject({ status: 'approved', capturedAmount: 15_000 });
    // A flat 349 cents; a billet settles the next day.
    const nextDay = saoPauloDate(new Date(settled.payment.paidAt!), 1);
    expect(settled.receivables).toMatchObject([{ grossAmount: 15_000, amount: 14_651, status: 'pending', expectedOn: nextDay }]);
  });

  it('simulateSandboxTransaction 200 dispute (for what was not refunded), win-dispute → approved, lose-dispute → chargeback', async () => {
    const id = await processed(pixBody(), 'pending');
    await act(id, 'pay');
    const params = { path: { transactionId: id }, ...idem() };
    const refund = await c.api.POST('/v1/transactions/{transactionId}/refunds', { params, body: { amount: 5_000 } });
    expect(refund.data).toMatchObject({ amount: 5_000, status: 'succeeded' });
    const opened = await act(id, 'dispute');
    expect(opened).toMatchObject({ status: 'dispute', capturedAmount: 20_000, refundedAmount: 5_000 });
    expect(opened.disputes).toMatchObject([{ status: 'open', amount: 15_000 }]);
    const won = await act(id, 'win-dispute');
    expect(won.status).toBe('approved');
    expect(won.disputes?.map((d) => d.status)).toEqual(['won']);
    await act(id, 'dispute');
    const lost = await act(id, 'lose-dispute');
    expect(lost.status).toBe('chargeback');
    expect(lost.disputes?.map((d) => d.status)).toEqual(['lost', 'won']);
    expect(lost.receivables.some((r) => r.status === 'chargeback')).toBe(true);
    expect((await read(id)).status).toBe('chargeback');
  });

  it('simulateSandboxTransaction 200 expire: a pending PIX or billet, and a pre-authorized card, become canceled', async () => {
    const pix = await processed(pixBody(), 'pending');
    expect(await act(pix, 'expire')).toMatchObject({ status: 'canceled', capturedAmount: 0, receivables: [] });
    const billet = await processed(billetBody(), 'pending');
    expect((await act(billet, 'expire')).status).toBe('canceled');
    const card = await processed(cardBody(TEST_CARDS.visa, { capture: false }), 'pre-authorized');
    const lapsed = await act(card, 'expire');
    expect(lapsed).toMatchObject({ status: 'canceled', capturedAmount: 0 });
    expect(lapsed.timeline[0]).toMatchObject({ type: 'note', details: { reason: 'The authorization lapsed.' } });
    expect((await read(card)).status).toBe('canceled');
  });

  it('simulateSandboxTransaction 422 invalidTransition for an action the status or method does not allow; nothing changes', async () => {
    const refused = async (id: string, action: Action, status: Transaction['status']) => {
      expectError(await simulate(c.api, id, action), 422, 'invalidTransition', 'transaction');
      expect((await read(id)).status, `${action} on ${status}`).toBe(status);
    };
    // A pending PIX, before and after the job issued its QR code: only paying or expiring applies.
    const unissued = await create(pixBody());
    for (const action of ['dispute', 'win-dispute', 'lose-dispute'] as const) await refused(unissued, action, 'pending');
    await c.svc.drain();
    for (const action of ['dispute', 'win-dispute', 'lose-dispute'] as const) await refused(unissued, action, 'pending');
    await act(unissued, 'pay');
    for (const action of ['pay', 'expire', 'win-dispute', 'lose-dispute'] as const) await refused(unissued, action, 'approved');
    const card = await processed(cardBody(), 'approved');
    await refused(card, 'pay', 'approved');
    await refused(card, 'expire', 'approved');
    const pre = await processed(cardBody(TEST_CARDS.visa, { capture: false }), 'pre-authorized');
    await refused(pre, 'pay', 'pre-authorized');
    await refused(pre, 'dispute', 'pre-authorized');
    await act(pre, 'expire');
    await refused(pre, 'expire', 'canceled');
  });

  it('simulateSandboxTransaction 400 invalidParameters: action outside the enum, unknown property, no action, path prefix', async () => {
    for (const [res, field] of [
      [await simulateRaw(c.api, UNKNOWN, { action: 'refund' }), 'action'],
      [await simulateRaw(c.api, UNKNOWN, { action: 'pay', amount: 100 }), 'amount'],
      [await simulateRaw(c.api, UNKNOWN, {}), 'action'],
      [await simulate(c.api, 'cus_3Jd9QwE5rTy2UiOp', 'pay'), 'transactionId'],
      [await simulate(c.api, '123', 'pay'), 'transactionId'],
    ] as const) {
      expectError(res, 400, 'invalidParameters');
      expect(keysOf(errorOf(res).params)).toContain(field);
    }
  });

  it('simulateSandboxTransaction 404 transactionNotFound: unknown, another merchant’s', async () => {
    const mine = await processed(pixBody(), 'pending');
    expectError(await simulate(c.api, UNKNOWN, 'pay'), 404, 'transactionNotFound', 'transaction');
    expectError(await simulate(c.other, mine, 'pay'), 404, 'transactionNotFound', 'transaction');
    expect((await read(mine)).status).toBe('pending');
  });

  it('simulateSandboxTransaction 403 sandboxOnly for a production key, any transaction; forbidden for read-only and fenced keys', async () => {
    const mine = await processed(pixBody(), 'pending');
    for (const id of [mine, UNKNOWN]) {
      const res = await simulate(c.live, id, 'pay');
      expectError(res, 403, 'sandboxOnly', 'client');
      expect(errorOf(res).category).toBe('authorization');
    }
    for (const client of [c.readOnly, c.fenced]) expectError(await simulate(client, mine, 'pay'), 403, 'forbidden', 'client');
    expect((await read(mine)).status).toBe('pending');
  });

  it('simulateSandboxTransaction 401 unauthorized with an unknown key', async () => {
    expectError(await simulate(c.stranger, UNKNOWN, 'pay'), 401, 'unauthorized');
  });

  it('simulateSandboxTransaction 413 payloadTooLarge for a body over the limit', async () => {
    expectError(await simulateRaw(c.api, UNKNOWN, { action: 'pay', note: 'x'.repeat(1_100_000) }), 413, 'payloadTooLarge');
  });
});

describe.each(ENGINES)('Sandbox contract under a tight quota on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await contractContext(engine, { RATE_LIMIT_POINTS: '2', RATE_LIMIT_WINDOW_SECONDS: '60' });
  });
  afterAll(async () => c?.close());

  it('simulateSandboxTransaction 429 once the quota is spent, with Retry-After', async () => {
    expect((await simulate(c.api, UNKNOWN, 'pay')).response.status).toBe(404);
    expect((await simulate(c.api, UNKNOWN, 'expire')).response.status).toBe(404);
    const res = await simulate(c.api, UNKNOWN, 'pay');
    expectError(res, 429, 'tooManyRequests');
    expect(errorOf(res).category).toBe('rate_limit');
    expect(Number(res.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe.each(ENGINES)('Sandbox contract when the provider cannot be reached on $name', (engine) => {
  let c: ContractContext;
  const state = { down: false };
  const routes = (db: Db): PaymentRoutes => {
    const wrap = (real: PaymentProvider): PaymentProvider => ({
      ...real,
      cancel: (req) => (state.down ? Promise.resolve({ kind: 'unavailable', reason: 'switched off by the test' }) : real.cancel(req)),
    });
    return {
      providers: [wrap(sandboxProvider(db, 'sandbox')), wrap(sandboxProvider(db, 'sandbox-fallback'))],
      vaults: { sandbox: sandboxVault },
      antifraud: { sandbox: sandboxAntiFraud },
    };
  };
  beforeAll(async () => {
    c = await contractContext(engine, {}, { routes });
  });
  afterAll(async () => c?.close());
  const { read, processed } = steps(() => c);

  it('simulateSandboxTransaction 503 providerUnavailable when expire cannot reach the provider to void, changing nothing', async () => {
    // expire goes through the same cancel as cancelTransaction, which asks the provider to void the authorization
    // or the QR code first.
    const card = await processed(cardBody(TEST_CARDS.visa, { capture: false }), 'pre-authorized');
    const pix = await processed(pixBody(), 'pending');
    state.down = true;
    for (const id of [card, pix]) {
      expectError(await simulate(c.api, id, 'expire'), 503, 'providerUnavailable');
    }
    state.down = false;
    expect([(await read(card)).status, (await read(pix)).status]).toEqual(['pre-authorized', 'pending']);
  });
});
