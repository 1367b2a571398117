import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { operations, Schemas } from '../client/src/index';
import type { PaymentsClient } from './support/client';
import type { Db } from '../server/db/types';
import { createKey } from '../server/domain/access/keys';
import { randomBase62 } from '../server/ids';
import type { PaymentRoutes } from '../server/payments/orchestrator';
import type { PaymentProvider } from '../server/payments/provider';
import { sandboxAntiFraud, sandboxVault } from '../server/payments/sandbox/cards';
import { sandboxProvider } from '../server/payments/sandbox/provider';
import { ENGINES } from '../server/testing/harness';
import { CPF, TEST_CARDS } from '../server/testing/payments';
import { contractClient } from './support/client';
import { contractContext, errorOf, idem, idemKey, type ContractContext, expectError, type Answer, expectAuthRefusals } from './support/context';
import { flushCoverage } from './support/coverage';

afterAll(() => flushCoverage('transactions'));

type Create = Schemas['CreateTransactionRequest'];
type Pix = Schemas['CreatePixTransactionRequest'];
type Card = Schemas['CreateCardTransactionRequest'];
type Transaction = Schemas['Transaction'];
type Query = NonNullable<operations['listTransactions']['parameters']['query']>;
const UNKNOWN = 'tra_0000000000000000';
const keysOf = (params: Record<string, string>[] | undefined) => (params ?? []).flatMap((p) => Object.keys(p));
const ref = () => `PED-${randomBase62(12)}`;
const payer = (cpf = CPF): Schemas['TransactionCustomerInput'] => ({
  firstName: 'Maria',
  lastName: 'Silva',
  email: 'maria.silva@example.com',
  document: { type: 'cpf', number: cpf },
});
const pix = (over: Partial<Pix> = {}): Pix => ({ amount: 20_000, externalReference: ref(), customer: payer(), payment: { method: 'pix' }, ...over });
function card(number: string = TEST_CARDS.visa, payment: Partial<Card['payment']> = {}, over: Partial<Card> = {}): Card {
  const cardInput = { number, holderName: 'MARIA SILVA', expMonth: 12, expYear: 2035, cvv: '987' };
  return { amount: 30_000, externalReference: ref(), customer: payer(), payment: { method: 'credit', card: cardInput, ...payment }, ...over };
}
const billet = (over: Partial<Schemas['CreateBilletTransactionRequest']> = {}): Create => ({
  amount: 15_000,
  externalReference: ref(),
  customer: payer(),
  payment: { method: 'billet' },
  ...over,
});

const get = (client: PaymentsClient, transactionId: string) =>
  client.GET('/v1/transactions/{transactionId}', { params: { path: { transactionId } } });
const list = (client: PaymentsClient, query: Query) => client.GET('/v1/transactions', { params: { query } });
const params = (transactionId: string, key?: string) => ({ path: { transactionId }, ...idem(key) });
const cancel = (client: PaymentsClient, id: string, body?: Schemas['CancelTransactionRequest'], key?: string) =>
  client.POST('/v1/transactions/{transactionId}/cancel', { params: params(id, key), ...(body ? { body } : {}) });
const capture = (client: PaymentsClient, id: string, body?: Schemas['CaptureTransactionRequest'], key?: string) =>
  client.POST('/v1/transactions/{transactionId}/capture', { params: params(id, key), ...(body ? { body } : {}) });
const refund = (client: PaymentsClient, id: string, body?: Schemas['CreateRefundRequest'], key?: string) =>
  client.POST('/v1/transactions/{transactionId}/refunds', { params: params(id, key), ...(body ? { body } : {}) });

const OPERATIONS = [
  'listTransactions',
  'createTransaction',
  'getTransaction',
  'cancelTransaction',
  'captureTransaction',
  'createTransactionRefund',
] as const;
const READS: readonly string[] = ['listTransactions', 'getTransaction'];

/** One call of each operation of the tag, on a transaction that need not exist. */
const everyOperation = (cl: PaymentsClient): Record<(typeof OPERATIONS)[number], () => Promise<Answer>> => ({
  listTransactions: () => list(cl, {}),
  createTransaction: () => cl.POST('/v1/transactions', { body: pix(), params: idem() }),
  getTransaction: () => get(cl, UNKNOWN),
  cancelTransaction: () => cancel(cl, UNKNOWN, {}),
  captureTransaction: () => capture(cl, UNKNOWN, {}),
  createTransactionRefund: () => refund(cl, UNKNOWN, {}),
});

/** The steps every test of this file repeats on one context. */
function steps(ctx: () => ContractContext) {
  async function create(body: Create, client: PaymentsClient = ctx().api): Promise<Schemas['TransactionSummary']> {
    const res = await client.POST('/v1/transactions', { body, params: idem() });
    expect(res.response.status, JSON.stringify(res.error)).toBe(201);
    expect(res.data?.status).toBe('pending');
    return res.data!;
  }
  async function read(transactionId: string): Promise<Transaction> {
    const res = await get(ctx().api, transactionId);
    expect(res.response.status).toBe(200);
    return res.data!;
  }
  /** A card transaction authorized with `capture: false`, processed: `pre-authorized`. */
  async function preAuthorized(amount = 30_000): Promise<string> {
    const { id } = await create(card(TEST_CARDS.visa, { capture: false }, { amount }));
    await ctx().svc.drain();
    expect((await read(id)).status).toBe('pre-authorized');
    return id;
  }
  async function approvedCard(amount = 10_000): Promise<string> {
    const { id } = await create(card(TEST_CARDS.visa, { installments: 2 }, { amount }));
    await ctx().svc.drain();
    expect(await read(id)).toMatchObject({ status: 'approved', capturedAmount: amount });
    return id;
  }
  return { create, read, preAuthorized, approvedCard };
}


describe.each(ENGINES)('Transactions contract on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await contractContext(engine);
  });
  afterAll(async () => c?.close());
  const { create, read, preAuthorized, approvedCard } = steps(() => c);

  it('createTransaction 201 pending for PIX, card and billet; getTransaction 200 once the jobs ran', async () => {
    const [p, k, b] = [await create(pix()), await create(card(TEST_CARDS.mastercard, { installments: 3 })), await create(billet())];
    expect(p).toMatchObject({ method: 'pix', amount: 20_000, currency: 'BRL', merchant: { merchantId: c.svc.merchant.merchantId } });
    expect(p._links.self).toMatchObject({ href: `/v1/transactions/${p.id}`, method: 'GET' });
    expect((await read(p.id)).payment.pixQrCodeEmv).toBeNull();
    await c.svc.drain();
    const issued = await read(p.id);
    expect(issued).toMatchObject({ id: p.id, status: 'pending', capturedAmount: 0 });
    expect(issued.payment.pixQrCodeEmv).toMatch(/^000201/);
    const charged = await read(k.id);
    expect(charged).toMatchObject({ status: 'approved', amount: 30_000, capturedAmount: 30_000, refundedAmount: 0 });
    expect(charged.payment).toMatchObject({ cardBrand: 'mastercard', cardFirstDigits: '555555', cardLastDigits: '4444', installments: 3 });
    expect(charged.receivables.map((r) => r.grossAmount)).toEqual([10_000, 10_000, 10_000]);
    const slip = await read(b.id);
    expect(slip.status).toBe('pending');
    expect(slip.payment.billetBarcode?.slice(9, 19)).toBe('0000015000');
  });

  it('createTransaction 201 for every sandbox test card, ending in the status the card names', async () => {
    const outcomes: [string, Transaction['status'], string | null][] = [
      [TEST_CARDS.declined, 'failed', 'issuerDeclined'],
      [TEST_CARDS.noFunds, 'failed', 'insufficientFunds'],
      [TEST_CARDS.review, 'approved', null],
      [TEST_CARDS.fraud, 'refused', 'antiFraudRefused'],
      [TEST_CARDS.fallback, 'approved', null],
    ];
    const ids: string[] = [];
    for (const [number] of outcomes) ids.push((await create(card(number))).id);
    await c.svc.drain();
    for (const [i, [number, status, code]] of outcomes.entries()) {
      const t = await read(ids[i]!);
      expect([t.status, t.payment.refused?.code ?? null], number).toEqual([status, code]);
    }
    expect((await read(ids[4]!)).payment.provider).toBe('sandbox-fallback');
  });

  it('listTransactions 200 with the filters; another merchant and the production mode see none of them', async () => {
    const token = ref();
    const a = await create(pix({ externalReference: token }));
    const b = await create(card(TEST_CARDS.visa, {}, { externalReference: token, amount: 50_000 }));
    await c.svc.drain();
    const ids = async (query: Query, client: PaymentsClient = c.api) => {
      const res = await list(client, query);
      expect(res.response.status).toBe(200);
      return res.data!.data.map((t) => t.id);
    };
    expect(await ids({ externalreference: token })).toEqual([b.id, a.id]);
    expect(await ids({ externalreference: token, status: 'approved' })).toEqual([b.id]);
    expect(await ids({ externalreference: token, method: 'pix' })).toEqual([a.id]);
    expect(await ids({ externalreference: token, sort: 'amount' })).toEqual([a.id, b.id]);
    const page = await list(c.api, { externalreference: token, limit: 1 });
    expect(page.data).toMatchObject({ total: 2, hasMore: true, data: [{ id: b.id, status: 'approved', capturedAmount: 50_000 }] });
    expect(await ids({ externalreference: token, customerid: page.data!.data[0]!.customer.id })).toEqual([b.id, a.id]);
    expect(await ids({ externalreference: token }, c.other)).toEqual([]);
    expect(await ids({ externalreference: token }, c.live)).toEqual([]);
  });

  it('createTransaction replays a retry with its key (201, Idempotent-Replayed, one transaction) and refuses another body (409)', async () => {
    const key = idemKey();
    const body = pix();
    const total = async () => (await list(c.api, { externalreference: body.externalReference! })).data?.total;
    const first = await c.api.POST('/v1/transactions', { body, params: idem(key) });
    const again = await c.api.POST('/v1/transactions', { body, params: idem(key) });
    expect([first.response.status, again.response.status]).toEqual([201, 201]);
    expect(first.response.headers.get('idempotent-replayed')).toBeNull();
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data).toEqual(first.data);
    expect(await total()).toBe(1);
    expectError(await c.api.POST('/v1/transactions', { body: { ...body, amount: 20_001 }, params: idem(key) }), 409, 'idempotencyMismatch');
    expect(await total()).toBe(1);
  });

  it('createTransaction 422 for what cannot be charged, creating nothing', async () => {
    const token = ref();
    const refused = async (body: Create, code: string, resource: string, client: PaymentsClient = c.api) => {
      const res = await client.POST('/v1/transactions', { body: { ...body, externalReference: token }, params: idem() });
      expectError(res, 422, code, resource);
      return errorOf(res);
    };
    const items = await refused(pix({ items: [{ name: 'Camiseta', unitPrice: 5_000, quantity: 3 }] }), 'itemsTotalMismatch', 'transaction');
    expect(items.message).toBe('The items add up to 15000 but amount is 20000.');
    await refused(pix({ customer: payer('52998224726') }), 'invalidDocument', 'customer');
    const luhn = await refused(card('4111111111111112'), 'invalidCard', 'transaction');
    expect(luhn.params).toEqual([{ 'payment[card][number]': 'number fails the Luhn check' }]);
    const expired = card();
    expired.payment.card.expYear = 2020;
    expect(keysOf((await refused(expired, 'invalidCard', 'transaction')).params)).toEqual(['payment[card][expYear]']);
    await refused(pix({ customer: undefined, customerId: 'cus_0000000000000000' }), 'unprocessableEntity', 'transaction');
    const undocumented = { firstName: 'Sem', lastName: 'Documento', email: 'sem.doc@example.com' };
    await refused(billet({ customer: undocumented }), 'unprocessableEntity', 'transaction');
    for (const body of [pix(), card(), billet()]) await refused(body, 'providerNotConfigured', 'payorch', c.live);
    expect((await list(c.api, { externalreference: token })).data?.total).toBe(0);
  });

  it('400 invalidParameters in bracket notation: body, query, path and idempotency key', async () => {
    const bad = (res: Answer, field?: string) => {
      expectError(res, 400, 'invalidParameters');
      if (field) expect(keysOf(errorOf(res).params)).toContain(field);
    };
    const post = (body: unknown, key?: string) => c.api.POST('/v1/transactions', { body: body as Create, params: idem(key) });
    bad(await post(pix({ amount: 99 })), 'amount');
    bad(await post({ amount: 20_000, payment: { method: 'pix' } }));
    bad(await post({ ...pix(), payment: { method: 'boleto' } }));
    bad(await post(card(TEST_CARDS.visa, { installments: 13 })));
    // Header names are case-insensitive; the service names this one in lower case.
    bad(await post(pix(), 'short'), 'x-idempotency-key');
    bad(await list(c.api, { limit: 0 }), 'limit');
    bad(await list(c.api, { status: 'paid' as 'approved' }), 'status');
    bad(await list(c.api, { customerid: 'wall_2Pq7RsT9uVw4XyZa' }), 'customerid');
    bad(await get(c.api, 'cus_3Jd9QwE5rTy2UiOp'), 'transactionId');
    bad(await cancel(c.api, '123'), 'transactionId');
    bad(await cancel(c.api, UNKNOWN, { reason: '' }), 'reason');
    bad(await capture(c.api, 'tra_'), 'transactionId');
    bad(await capture(c.api, UNKNOWN, { amount: 0 }), 'amount');
    bad(await refund(c.api, 'abc'), 'transactionId');
    bad(await refund(c.api, UNKNOWN, { amount: 100, reason: 'changed_mind' as 'other' }), 'reason');
  });

  it('createTransaction 413 payloadTooLarge for a body over the limit', async () => {
    const res = await c.api.POST('/v1/transactions', { body: pix({ externalReference: 'x'.repeat(1_100_000) }), params: idem() });
    expectError(res, 413, 'payloadTooLarge');
  });

  it('cancelTransaction, captureTransaction, createTransactionRefund 413 payloadTooLarge for a body over the limit', async () => {
    const big = 'x'.repeat(1_100_000);
    expectError(await cancel(c.api, UNKNOWN, { reason: big }), 413, 'payloadTooLarge');
    expectError(await capture(c.api, UNKNOWN, { note: big } as Schemas['CaptureTransactionRequest']), 413, 'payloadTooLarge');
    expectError(await refund(c.api, UNKNOWN, { metadata: { note: big } }), 413, 'payloadTooLarge');
  });

  it('listTransactions 422 unprocessableEntity when the lower daterange bound is after the upper one', async () => {
    const res = await list(c.api, { daterangegt: '2026-03-15T00:00:00.000Z', daterangelt: '2026-03-14T00:00:00.000Z' });
    expectError(res, 422, 'unprocessableEntity');
    expect(errorOf(res).resource).toBe('transaction');
  });

  it('404 transactionNotFound for every operation on one: unknown, another merchant, the other mode', async () => {
    const { id } = await create(pix());
    await c.svc.drain();
    for (const client of [c.other, c.live]) {
      for (const res of [await get(client, id), await cancel(client, id, {}), await capture(client, id, {}), await refund(client, id, {})]) {
        expectError(res, 404, 'transactionNotFound', 'transaction');
      }
    }
    for (const res of [await get(c.api, UNKNOWN), await cancel(c.api, UNKNOWN), await capture(c.api, UNKNOWN), await refund(c.api, UNKNOWN)]) {
      expectError(res, 404, 'transactionNotFound', 'transaction');
    }
    expect((await read(id)).status).toBe('pending');
  });

  it('cancelTransaction 200: a pending PIX and a pre-authorized card become canceled; the key replays, another body is 409', async () => {
    const { id } = await create(pix());
    await c.svc.drain();
    const key = idemKey();
    const res = await cancel(c.api, id, { reason: 'Pedido cancelado' }, key);
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ id, status: 'canceled', capturedAmount: 0 });
    expect(res.data?.timeline[0]).toMatchObject({ type: 'note', details: { reason: 'Pedido cancelado' } });
    const again = await cancel(c.api, id, { reason: 'Pedido cancelado' }, key);
    expect([again.response.status, again.response.headers.get('idempotent-replayed'), again.data?.status]).toEqual([200, 'true', 'canceled']);
    expectError(await cancel(c.api, id, { reason: 'Outro motivo' }, key), 409, 'idempotencyMismatch');
    const pre = await preAuthorized();
    expect((await cancel(c.api, pre)).data).toMatchObject({ status: 'canceled', capturedAmount: 0 });
    expect((await read(pre)).status).toBe('canceled');
  });

  it('cancelTransaction 422 invalidTransition for an approved or an already canceled transaction, which stay so', async () => {
    const approved = await approvedCard();
    expectError(await cancel(c.api, approved, {}), 422, 'invalidTransition', 'transaction');
    expect((await read(approved)).status).toBe('approved');
    const { id } = await create(pix());
    expect((await cancel(c.api, id)).data?.status).toBe('canceled');
    expectError(await cancel(c.api, id), 422, 'invalidTransition');
    expect((await read(id)).status).toBe('canceled');
  });

  it('captureTransaction 200 for part of a pre-authorization; 422 captureAmountInvalid above it and invalidTransition after', async () => {
    const id = await preAuthorized(20_000);
    expectError(await capture(c.api, id, { amount: 20_001 }), 422, 'captureAmountInvalid', 'transaction');
    expect((await read(id)).status).toBe('pre-authorized');
    const key = idemKey();
    const res = await capture(c.api, id, { amount: 15_000 }, key);
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ id, status: 'approved', amount: 20_000, capturedAmount: 15_000 });
    expect(res.data?.receivables.reduce((s, r) => s + r.grossAmount, 0)).toBe(15_000);
    expect(res.data?.timeline.find((e) => e.type === 'capture')?.details).toEqual({ amount: 15_000, releasedAmount: 5_000 });
    const replay = await capture(c.api, id, { amount: 15_000 }, key);
    expect([replay.response.status, replay.response.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expectError(await capture(c.api, id, { amount: 10_000 }, key), 409, 'idempotencyMismatch');
    expectError(await capture(c.api, id), 422, 'invalidTransition', 'transaction');
    const whole = await preAuthorized(12_345);
    expect((await capture(c.api, whole)).data).toMatchObject({ status: 'approved', capturedAmount: 12_345 });
    const { id: pending } = await create(pix());
    expectError(await capture(c.api, pending, {}), 422, 'invalidTransition');
  });

  it('createTransactionRefund 201 partial then the rest → refunded; 422 refundAmountInvalid and invalidTransition', async () => {
    const id = await approvedCard(10_000);
    const key = idemKey();
    const body: Schemas['CreateRefundRequest'] = { amount: 3_000, reason: 'requested_by_customer', metadata: { ticket: 'SAC-1' } };
    const first = await refund(c.api, id, body, key);
    expect(first.response.status).toBe(201);
    expect(first.data).toMatchObject({ ...body, transactionId: id, status: 'succeeded' });
    expect(await read(id)).toMatchObject({ status: 'approved', capturedAmount: 10_000, refundedAmount: 3_000 });
    const replay = await refund(c.api, id, body, key);
    expect([replay.response.status, replay.response.headers.get('idempotent-replayed'), replay.data?.id]).toEqual([201, 'true', first.data?.id]);
    expectError(await refund(c.api, id, { amount: 4_000 }, key), 409, 'idempotencyMismatch');
    expect((await read(id)).refundedAmount).toBe(3_000);
    expectError(await refund(c.api, id, { amount: 7_001 }), 422, 'refundAmountInvalid', 'transaction');
    expect((await refund(c.api, id)).data).toMatchObject({ amount: 7_000, status: 'succeeded' });
    const done = await read(id);
    expect(done).toMatchObject({ status: 'refunded', refundedAmount: 10_000 });
    expect(done.refunds?.map((r) => r.amount)).toEqual([7_000, 3_000]);
    expectError(await refund(c.api, id, {}), 422, 'invalidTransition', 'transaction');
    const { id: pending } = await create(pix());
    expectError(await refund(c.api, pending, { amount: 100 }), 422, 'invalidTransition');
  });

  it('a finance key refunds (201) and reads, but may not create, cancel or capture (403)', async () => {
    const { key } = await createKey(c.svc.db, { merchantId: c.svc.merchant.merchantId, mode: 'sandbox', role: 'finance' });
    const finance = contractClient(c.svc.url, key);
    const id = await approvedCard(5_000);
    const ops = everyOperation(finance);
    for (const op of ['createTransaction', 'cancelTransaction', 'captureTransaction'] as const) expectError(await ops[op](), 403, 'forbidden');
    expect((await refund(finance, id, { amount: 1_000 })).data).toMatchObject({ amount: 1_000, status: 'succeeded' });
    expect((await get(finance, id)).data).toMatchObject({ status: 'approved', refundedAmount: 1_000 });
  });

  it.each(OPERATIONS)('%s 401 with an unknown key, 403 with a key that may not call it', async (op) => {
    await expectAuthRefusals(c, (client) => everyOperation(client)[op](), READS.includes(op));
  });
});

describe.each(ENGINES)('Transactions contract under a tight quota on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await contractContext(engine, { RATE_LIMIT_POINTS: '6', RATE_LIMIT_WINDOW_SECONDS: '60', RATE_LIMIT_POLL_POINTS: '2' });
  });
  afterAll(async () => c?.close());

  it('getTransaction 429 when one transaction is read too often; then every operation 429 once the quota is spent', async () => {
    const { create } = steps(() => c);
    const { id } = await create(pix());
    expect((await get(c.api, id)).response.status).toBe(200);
    expect((await get(c.api, id)).response.status).toBe(200);
    const polled = await get(c.api, id);
    expectError(polled, 429, 'tooManyRequests');
    expect(errorOf(polled).message).toMatch(/polling/);
    expect(Number(polled.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The polling rule is per transaction: another one is still read (404 here), until the quota of the key runs out.
    expect((await get(c.api, UNKNOWN)).response.status).toBe(404);
    expect((await list(c.api, {})).response.status).toBe(200);
    for (const [op, call] of Object.entries(everyOperation(c.api))) {
      const res = await call();
      expect(res.response.status, op).toBe(429);
      expect(errorOf(res)).toMatchObject({ code: 'tooManyRequests', category: 'rate_limit' });
      expect(Number(res.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });
});

type Behaviour = 'up' | 'down' | 'decline-capture' | 'hold';

/** The sandbox routes behind a switch the test turns; `hold` keeps a capture waiting until `release()`. */
function switchedRoutes(state: { mode: Behaviour; held: number; release: () => void }) {
  const unavailable = { kind: 'unavailable' as const, reason: 'switched off by the test' };
  const wrap = (real: PaymentProvider): PaymentProvider => {
    const gate = <T>(run: () => Promise<T>, down: T): Promise<T> => (state.mode === 'down' ? Promise.resolve(down) : run());
    return {
      ...real,
      authorize: (req) => gate(() => real.authorize(req), unavailable),
      cancel: (req) => gate(() => real.cancel(req), unavailable),
      refund: (req) => gate(() => real.refund(req), unavailable),
      capture: (req) =>
        gate(async () => {
          if (state.mode === 'decline-capture') return { kind: 'declined' as const, message: 'Authorization no longer valid.' };
          if (state.mode === 'hold') {
            state.held += 1;
            await new Promise<void>((resolve) => (state.release = resolve));
          }
          return real.capture(req);
        }, unavailable),
    };
  };
  return (db: Db): PaymentRoutes => ({
    providers: [wrap(sandboxProvider(db, 'sandbox')), wrap(sandboxProvider(db, 'sandbox-fallback'))],
    vaults: { sandbox: sandboxVault },
    antifraud: { sandbox: sandboxAntiFraud },
  });
}

describe.each(ENGINES)('Transactions contract when the providers fail on $name', (engine) => {
  let c: ContractContext;
  const state = { mode: 'up' as Behaviour, held: 0, release: () => undefined };
  beforeAll(async () => {
    // Retries of a charge whose routes are all down are far off: it stays `awaiting` for the test.
    c = await contractContext(engine, { ROUTE_RETRY_SECONDS: '3600' }, { routes: switchedRoutes(state) });
  });
  afterAll(async () => c?.close());
  beforeEach(() => {
    state.mode = 'up';
    state.held = 0;
  });
  const { create, read, preAuthorized, approvedCard } = steps(() => c);

  it('captureTransaction 402 paymentDeclined and 503 providerUnavailable leave it pre-authorized; cancelTransaction 503 too', async () => {
    const id = await preAuthorized(20_000);
    state.mode = 'decline-capture';
    expectError(await capture(c.api, id), 402, 'paymentDeclined');
    const declined = await read(id);
    expect(declined).toMatchObject({ status: 'pre-authorized', capturedAmount: 0 });
    expect(declined.timeline[0]).toMatchObject({ type: 'capture', details: { amount: 20_000, declined: true } });
    state.mode = 'down';
    expectError(await capture(c.api, id, { amount: 10_000 }), 503, 'providerUnavailable', 'payorch');
    expectError(await cancel(c.api, id, { reason: 'Desistência' }), 503, 'providerUnavailable', 'payorch');
    expect(await read(id)).toMatchObject({ status: 'pre-authorized', capturedAmount: 0 });
    state.mode = 'up';
    expect((await capture(c.api, id)).data).toMatchObject({ status: 'approved', capturedAmount: 20_000 });
  });

  it('createTransactionRefund 503 providerUnavailable creates nothing; the amount stays refundable', async () => {
    const id = await approvedCard(8_000);
    state.mode = 'down';
    expectError(await refund(c.api, id, { amount: 1_000 }), 503, 'providerUnavailable', 'payorch');
    expect(await read(id)).toMatchObject({ status: 'approved', refundedAmount: 0, refunds: null });
    state.mode = 'up';
    expect((await refund(c.api, id)).data).toMatchObject({ amount: 8_000, status: 'succeeded' });
    expect((await read(id)).status).toBe('refunded');
  });

  it('captureTransaction 409 idempotencyInProgress while the first request with the key is still at the acquirer', async () => {
    const id = await preAuthorized();
    const key = idemKey();
    state.mode = 'hold';
    const first = capture(c.api, id, {}, key);
    for (let i = 0; i < 500 && state.held === 0; i += 1) await sleep(10);
    expect(state.held).toBe(1);
    expectError(await capture(c.api, id, {}, key), 409, 'idempotencyInProgress');
    state.mode = 'up';
    state.release();
    expect((await first).data).toMatchObject({ status: 'approved', capturedAmount: 30_000 });
    const replay = await capture(c.api, id, {}, key);
    expect([replay.response.status, replay.response.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
  });

  it('createTransaction with every route down is 201 all the same (never the 503): awaiting, then cancelTransaction 200', async () => {
    state.mode = 'down';
    const { id } = await create(card());
    await c.svc.drain();
    expect(await read(id)).toMatchObject({ status: 'awaiting', capturedAmount: 0 });
    const res = await cancel(c.api, id, { reason: 'Sem rota' });
    expect(res.response.status).toBe(200);
    expect(res.data?.status).toBe('canceled');
  });
});
