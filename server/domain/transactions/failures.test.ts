/**
 * What the engine does when providers misbehave: routes down (awaiting, retries, routesExhausted), a route that
 * hangs past the time-out, a capture the acquirer declines, a provider unreachable during capture, refund or
 * cancel. The routes here are the sandbox's, wrapped in a switch the test turns.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/types';
import type { PaymentRoutes } from '../../payments/orchestrator';
import type { PaymentProvider } from '../../payments/provider';
import { sandboxAntiFraud, sandboxVault } from '../../payments/sandbox/cards';
import { sandboxProvider } from '../../payments/sandbox/provider';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { processTransaction } from './processing';
import { cardBody, eventTypes, pixBody, providerOperations, TEST_CARDS, timelineOf, type Transaction } from '../../testing/payments';

type Behaviour = 'up' | 'down' | 'hang' | 'throw' | 'decline-capture' | 'act-then-hang';

interface State {
  mode: Behaviour;
  downFor: number;
  /** Only this route misbehaves (both when unset). */
  route?: 'sandbox' | 'sandbox-fallback';
  /** Only this operation misbehaves (all when unset). */
  op?: string;
}

/** A sandbox route whose behaviour the test sets; `calls` counts what reached it. */
function switchable(db: Db, id: 'sandbox' | 'sandbox-fallback', state: State, calls: string[]): PaymentProvider {
  const real = sandboxProvider(db, id);
  const gate = async <T>(op: string, run: () => Promise<T>, down: T): Promise<T> => {
    calls.push(`${id}:${op}`);
    if ((state.route && state.route !== id) || (state.op && state.op !== op)) return run();
    if (state.mode === 'act-then-hang') return run().then(() => new Promise<T>(() => undefined));
    if (state.downFor > 0) {
      state.downFor -= 1;
      return down;
    }
    if (state.mode === 'down') return down;
    if (state.mode === 'hang') return new Promise<T>(() => undefined);
    if (state.mode === 'throw') throw new Error('connection reset by peer');
    return run();
  };
  const unavailable = { kind: 'unavailable' as const, reason: 'switched off by the test' };
  return {
    ...real,
    authorize: (req) => gate('authorize', () => real.authorize(req), unavailable),
    capture: (req) =>
      gate('capture', async () => (state.mode === 'decline-capture' ? { kind: 'declined' as const, message: 'Authorization no longer valid.' } : real.capture(req)), unavailable),
    cancel: (req) => gate('cancel', () => real.cancel(req), unavailable),
    refund: (req) => gate('refund', () => real.refund(req), unavailable),
  };
}

describe.each(ENGINES)('payments when providers fail, on $name', (engine) => {
  let svc: TestService;
  const state: State = { mode: 'up', downFor: 0 };
  const calls: string[] = [];
  const routes = (db: Db): PaymentRoutes => ({
    providers: [switchable(db, 'sandbox', state, calls), switchable(db, 'sandbox-fallback', state, calls)],
    vaults: { sandbox: sandboxVault },
    antifraud: { sandbox: sandboxAntiFraud },
  });
  beforeAll(async () => {
    svc = await startTestService(
      engine,
      { ROUTE_RETRY_SECONDS: '0,0', PROVIDER_TIMEOUT_MS: '100', RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' },
      { routes },
    );
  });
  afterAll(async () => svc?.close());
  afterEach(() => expectLedgerConsistent(svc.db));
  beforeEach(() => {
    state.mode = 'up';
    state.downFor = 0;
    delete state.route;
    delete state.op;
    calls.length = 0;
  });

  async function create(body: unknown): Promise<string> {
    const res = await svc.call('/v1/transactions', { method: 'POST', json: body });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }
  async function read(id: string): Promise<Transaction> {
    return (await (await svc.call(`/v1/transactions/${id}`)).json()) as Transaction;
  }
  const post = (path: string, json: unknown = {}) => svc.call(path, { method: 'POST', json });
  async function code(res: Response): Promise<[number, string]> {
    return [res.status, ((await res.json()) as { error: { code: string } }).error.code];
  }

  it('every route down: awaiting, retried in the background, approved when a route is back', async () => {
    // Round 1 finds both routes down → awaiting; the retry (due at once: ROUTE_RETRY_SECONDS 0) finds them up.
    state.downFor = 2;
    const id = await create(cardBody());
    await svc.drain();
    const t = await read(id);
    expect(t.status).toBe('approved');
    expect(timelineOf(t)).toContain('status:pending>awaiting');
    expect(timelineOf(t).at(-1)).toBe('status:awaiting>approved');
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.awaiting', 'transaction.approved']);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1 });
  });

  it('every route down until the retries run out: failed with routesExhausted', async () => {
    state.mode = 'down';
    const id = await create(pixBody());
    await svc.drain();
    const t = await read(id);
    expect(t.status).toBe('failed');
    expect(t.payment.refused).toMatchObject({ code: 'routesExhausted' });
    // The first round and the two retries of ROUTE_RETRY_SECONDS, each over both routes.
    expect(calls.filter((c) => c.endsWith(':authorize'))).toHaveLength(6);
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.awaiting', 'transaction.failed']);
  });

  it.each(['hang', 'throw'] as const)('a route whose authorization does not answer (%s) is voided before the next route approves', async (mode) => {
    Object.assign(state, { mode, route: 'sandbox', op: 'authorize' });
    const id = await create(cardBody());
    await svc.drain();
    const t = await read(id);
    expect(t.status).toBe('approved');
    expect(t.payment.provider).toBe('sandbox-fallback');
    expect(timelineOf(t)).toEqual(['status:null>pending', 'route:sandbox:unavailable', 'route:sandbox-fallback:authorized', 'status:pending>approved']);
    expect(calls).toContain('sandbox:cancel');
  });

  it('a retry after a crash never settles on a route that timed out and was voided (no double charge)', async () => {
    // The first route charges but its answer never comes; it is voided and the second route approves.
    Object.assign(state, { mode: 'act-then-hang', route: 'sandbox', op: 'authorize' });
    const id = await create(cardBody());
    await svc.drain();
    expect((await read(id)).payment.provider).toBe('sandbox-fallback');
    // The worker had died before recording the approval: the job runs again from the top. The approval's write
    // (status, captured amount, receivables) is one database transaction, so none of it is there either.
    await svc.db.query(`DELETE FROM receivables WHERE transaction_id = $1`, [id]);
    await svc.db.query(`UPDATE transactions SET status = 'pending', captured_amount = 0, paid_at = NULL, processing = processing - 'route' WHERE id = $1`, [id]);
    state.mode = 'up';
    await processTransaction(svc.payments, id);
    const t = await read(id);
    expect(t.payment.provider).toBe('sandbox-fallback');
    expect(calls.filter((c) => c === 'sandbox:authorize')).toHaveLength(1);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 2, cancel: 1 });
  });

  it('a route that can be neither reached nor voided stops the job until its void is done: nothing charged twice', async () => {
    Object.assign(state, { mode: 'hang', route: 'sandbox' });
    const id = await create(cardBody());
    await svc.drain();
    expect((await read(id)).status).toBe('pending');
    const job = await svc.db.query<{ status: string; last_error: string }>(
      `SELECT status, last_error FROM jobs WHERE kind = 'transaction.process' AND payload->>'transactionId' = $1`, [id]);
    expect(job.rows[0]).toMatchObject({ status: 'pending', last_error: expect.stringContaining('cannot be voided') });
    expect(calls).not.toContain('sandbox-fallback:authorize');
    // The route is back: the job (due again) first finishes the void it started (a cancel that timed out may have
    // landed, so that key is never settled on), then the next route approves.
    state.mode = 'up';
    await svc.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'transaction.process' AND payload->>'transactionId' = $1`, [id]);
    await svc.drain();
    const t = await read(id);
    expect(t).toMatchObject({ status: 'approved', payment: { provider: 'sandbox-fallback' } });
    expect(calls.filter((c) => c === 'sandbox:authorize')).toHaveLength(1);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, cancel: 1 });
  });

  it('two runs of one charge job at once: one records the approval, the other releases nothing', async () => {
    const id = await create(cardBody());
    await Promise.all([processTransaction(svc.payments, id), processTransaction(svc.payments, id)]);
    await svc.drain();
    const t = await read(id);
    expect(t.status).toBe('approved');
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1 });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.approved']);
  });

  it('a capture the acquirer declines is 402 and leaves the authorization in place; unreachable is 503', async () => {
    const id = await create(cardBody(TEST_CARDS.visa, { capture: false }));
    await svc.drain();
    state.mode = 'decline-capture';
    expect(await code(await post(`/v1/transactions/${id}/capture`))).toEqual([402, 'paymentDeclined']);
    const after = await read(id);
    expect(after.status).toBe('pre-authorized');
    expect(after.timeline[0]).toMatchObject({ type: 'capture', details: { amount: 30000, declined: true } });
    state.mode = 'down';
    expect(await code(await post(`/v1/transactions/${id}/capture`))).toEqual([503, 'providerUnavailable']);
    expect(await code(await post(`/v1/transactions/${id}/cancel`))).toEqual([503, 'providerUnavailable']);
    expect((await read(id)).status).toBe('pre-authorized');
  });

  it('a refund the provider takes but never confirms stays pending, is confirmed later, and is never made twice', async () => {
    const id = await create(cardBody());
    await svc.drain();
    Object.assign(state, { mode: 'act-then-hang', op: 'refund' });
    const res = await post(`/v1/transactions/${id}/refunds`, {});
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: 'pending', amount: 30000 });
    expect(await code(await post(`/v1/transactions/${id}/refunds`, { amount: 1 }))).toEqual([422, 'refundAmountInvalid']);
    await svc.drain(); // the provider is asked where the refund stands: it did happen
    const t = await read(id);
    expect(t).toMatchObject({ status: 'refunded', refundedAmount: 30000 });
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, refund: 1 });
  });

  it('a refund the provider cannot take is 503 and creates nothing; the amount stays refundable', async () => {
    const id = await create(cardBody());
    await svc.drain();
    state.mode = 'down';
    expect(await code(await post(`/v1/transactions/${id}/refunds`, { amount: 1000 }))).toEqual([503, 'providerUnavailable']);
    const t = await read(id);
    expect(t).toMatchObject({ status: 'approved', refundedAmount: 0, refunds: null });
    state.mode = 'up';
    const res = await post(`/v1/transactions/${id}/refunds`, {});
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ amount: 30000, status: 'succeeded' });
  });
});
