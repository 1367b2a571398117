/**
 * Captures and cancels whose provider call does not answer, or whose process dies while it is out: the operation is
 * recorded before the call and never assumed either way. It stays open (the transaction held: no other capture,
 * cancel or expiry) until the reconcile job gets the provider's answer under the same key, and that answer takes
 * effect exactly once. Each test ends with the service's database at hand (`svc.db`) for the ledger check.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { operationsOf } from '../../payments/operations';
import { ENGINES, type TestService } from '../../testing/harness';
import { flakySuite } from '../../testing/flaky-suite';
import { cardBody, eventTypes, pixBody, providerOperations, TEST_CARDS, type Transaction } from '../../testing/payments';
import { transactionsApi } from '../../testing/transactions-api';
import { expireTransaction } from './after-charge';
import { processTransaction } from './processing';
import { captureTransaction, cancelTransaction } from './service';

describe.each(ENGINES)('capture and cancel operations the provider does not confirm, on $name', (engine) => {
  const suite = flakySuite(engine);
  const { s, patient } = suite;
  let svc: TestService;
  beforeAll(() => {
    svc = suite.svc();
  });
  const api = transactionsApi(() => svc);
  const scope = () => ({ merchantId: svc.merchant.merchantId, mode: 'sandbox' as const });

  async function preAuthorized(): Promise<string> {
    const id = await api.create(cardBody(TEST_CARDS.visa, { capture: false }));
    await charge(id);
    expect((await api.read(id)).status).toBe('pre-authorized');
    return id;
  }

  /** Sends the charge with a patient orchestrator (a slow machine must not time the authorization out), then the rest. */
  async function charge(id: string): Promise<void> {
    await processTransaction(patient(), id);
    await svc.drain();
  }

  /** The reconcile jobs of the transaction become due now (they wait for twice the provider time-out), and run. */
  async function reconcileNow(id: string): Promise<void> {
    await svc.db.query(
      `UPDATE jobs SET run_at = now() WHERE kind = 'operation.reconcile' AND status = 'pending'
         AND payload->>'idempotencyKey' LIKE $1`,
      [`${id}:%`],
    );
    await svc.drain();
  }

  async function ops(id: string) {
    return (await operationsOf(svc.db, id)).map((o) => ({ kind: o.kind, state: o.state, amount: o.amount, attempts: o.attempts }));
  }

  it('a capture that timed out after the provider captured is never voided by the expiry, and is approved once', async () => {
    const id = await preAuthorized();
    s.ops.capture = 'act-then-hang';
    const res = await api.post(`/v1/transactions/${id}/capture`, { amount: 20000 });
    const err = await api.refused(res, 503, 'providerUnavailable');
    expect(err).toMatchObject({ resource: 'payorch' });
    expect((await api.read(id)).status).toBe('pre-authorized');
    expect(await ops(id)).toEqual([
      { kind: 'authorize', state: 'succeeded', amount: 30000, attempts: 1 },
      { kind: 'capture', state: 'uncertain', amount: 20000, attempts: 1 },
    ]);

    // The authorization lapses while the capture is unconfirmed: the expiry must not void it, it waits.
    await svc.db.query(
      `UPDATE transactions SET payment = jsonb_set(payment, '{expirationDate}', to_jsonb($2::text)) WHERE id = $1`,
      [id, new Date(Date.now() - 1000).toISOString()],
    );
    const waited = await expireTransaction(svc.payments, id);
    expect(waited).toMatchObject({ retryAt: expect.any(Date) });
    expect((await api.read(id)).status).toBe('pre-authorized');
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, capture: 1 });
    // Neither another capture nor a cancel is sent meanwhile.
    await api.refused(await api.post(`/v1/transactions/${id}/capture`, { amount: 20000 }), 422, 'invalidTransition');
    await api.refused(await api.post(`/v1/transactions/${id}/cancel`, {}), 422, 'invalidTransition');

    s.ops.capture = 'up';
    await reconcileNow(id);
    expect(await expireTransaction(svc.payments, id)).toBeUndefined();
    await svc.drain();
    const t = await api.read(id);
    expect(t).toMatchObject({ status: 'approved', capturedAmount: 20000 });
    expect(t.receivables).toHaveLength(1);
    expect(t.receivables![0]).toMatchObject({ grossAmount: 20000 });
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, capture: 1 });
    expect(await ops(id)).toEqual([
      { kind: 'authorize', state: 'succeeded', amount: 30000, attempts: 1 },
      { kind: 'capture', state: 'succeeded', amount: 20000, attempts: 1 },
    ]);
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.pre-authorized', 'transaction.approved']);
  });

  it('a process that dies after the provider captured and before the outcome was written: the reconcile job approves once', async () => {
    const id = await preAuthorized();
    s.ops.capture = 'act-then-hang';
    // Never awaited: the run is as good as dead once the provider acted (the time-out never reaches it: it is the
    // answer that is lost, as when the process is killed, so the operation stays `started`).
    void captureTransaction(patient(), scope(), id, undefined).catch(() => undefined);
    await until(async () => (await providerOperations(svc.db, id)).capture === 1);
    expect(await ops(id)).toContainEqual({ kind: 'capture', state: 'started', amount: 30000, attempts: 1 });
    await api.refused(await api.post(`/v1/transactions/${id}/cancel`, {}), 422, 'invalidTransition');

    s.ops.capture = 'up';
    await reconcileNow(id);
    const t = await api.read(id);
    expect(t).toMatchObject({ status: 'approved', capturedAmount: 30000 });
    expect(t.receivables).toHaveLength(1);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, capture: 1 });
    expect(await ops(id)).toContainEqual({ kind: 'capture', state: 'succeeded', amount: 30000, attempts: 1 });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.pre-authorized', 'transaction.approved']);
    expect(t.timeline.filter((e) => e.message === 'Amount captured')).toHaveLength(1);
  });

  it('a cancel that timed out after the provider canceled: held, then canceled once by the reconcile job', async () => {
    const id = await preAuthorized();
    s.ops.cancel = 'act-then-throw';
    await api.refused(await api.post(`/v1/transactions/${id}/cancel`, { reason: 'Customer gave up' }), 503, 'providerUnavailable');
    expect((await api.read(id)).status).toBe('pre-authorized');
    expect(await ops(id)).toContainEqual({ kind: 'cancel', state: 'uncertain', amount: 30000, attempts: 1 });
    await api.refused(await api.post(`/v1/transactions/${id}/capture`, {}), 422, 'invalidTransition');
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, cancel: 1 });

    s.ops.cancel = 'up';
    await reconcileNow(id);
    const t = await api.read(id);
    expect(t.status).toBe('canceled');
    expect(t.timeline.filter((e) => e.message === 'Cancel reason')).toEqual([
      expect.objectContaining({ details: { reason: 'Customer gave up' } }),
    ]);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, cancel: 1 });
    expect(await ops(id)).toContainEqual({ kind: 'cancel', state: 'succeeded', amount: 30000, attempts: 1 });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.pre-authorized', 'transaction.canceled']);
  });

  it('a PIX cancel whose process dies after the provider voided the QR code: canceled once, never paid', async () => {
    const id = await api.create(pixBody());
    await charge(id);
    expect((await api.read(id)).payment.pixQrCodeEmv).toEqual(expect.any(String));
    s.ops.cancel = 'act-then-hang';
    void cancelTransaction(patient(), scope(), id, 'Order abandoned').catch(() => undefined);
    await until(async () => (await providerOperations(svc.db, id)).cancel === 1);
    // Nothing is assumed: the transaction is pending until the provider's answer is known.
    expect((await api.read(id)).status).toBe('pending');
    // Nor can the payer pay a QR code the provider may have voided.
    await api.refused(await api.post(`/v1/sandbox/transactions/${id}/simulate`, { action: 'pay' }), 422, 'invalidTransition');
    s.ops.cancel = 'up';
    await reconcileNow(id);
    expect((await api.read(id)).status).toBe('canceled');
    await api.refused(await api.post(`/v1/sandbox/transactions/${id}/simulate`, { action: 'pay' }), 422, 'invalidTransition');
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, cancel: 1 });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.canceled']);
  });

  it('a reconcile that finds the provider did nothing ends failed and gives the transaction back', async () => {
    const id = await preAuthorized();
    s.ops.capture = 'throw'; // the call breaks before it reaches the provider: nothing captured
    await api.refused(await api.post(`/v1/transactions/${id}/capture`, {}), 503, 'providerUnavailable');
    // The provider is still silent: the reconcile keeps the operation open and the job retries.
    s.ops.capture = 'hang';
    await reconcileNow(id);
    const job = await svc.db.query<{ status: string; last_error: string }>(
      `SELECT status, last_error FROM jobs WHERE kind = 'operation.reconcile' AND payload->>'idempotencyKey' LIKE $1`,
      [`${id}:%`],
    );
    expect(job.rows).toEqual([{ status: 'pending', last_error: expect.stringContaining('not confirmed yet') }]);
    expect(await ops(id)).toContainEqual({ kind: 'capture', state: 'uncertain', amount: 30000, attempts: 1 });
    await api.refused(await api.post(`/v1/transactions/${id}/capture`, {}), 422, 'invalidTransition');

    // The provider answers: there is nothing to capture under that key (declined). The operation fails, the
    // authorization is still there, and a new capture goes through.
    s.ops.capture = 'decline';
    await reconcileNow(id);
    expect(await ops(id)).toContainEqual({ kind: 'capture', state: 'failed', amount: 30000, attempts: 1 });
    expect((await api.read(id)).status).toBe('pre-authorized');
    s.ops.capture = 'up';
    const res = await api.post(`/v1/transactions/${id}/capture`, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'approved', capturedAmount: 30000 });
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, capture: 1 });
    expect(await ops(id)).toContainEqual({ kind: 'capture', state: 'succeeded', amount: 30000, attempts: 2 });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.pre-authorized', 'transaction.approved']);
  });

  it('a capture the provider says it cannot take is failed at once: 503, the transaction free, a retry captures', async () => {
    const id = await preAuthorized();
    s.ops.capture = 'down';
    await api.refused(await api.post(`/v1/transactions/${id}/capture`, {}), 503, 'providerUnavailable');
    expect(await ops(id)).toContainEqual({ kind: 'capture', state: 'failed', amount: 30000, attempts: 1 });
    s.ops.capture = 'up';
    expect((await api.post(`/v1/transactions/${id}/capture`, {})).status).toBe(200);
    // The first attempt's reconcile job finds the operation final and does nothing.
    await reconcileNow(id);
    const t: Transaction = await api.read(id);
    expect(t).toMatchObject({ status: 'approved', capturedAmount: 30000 });
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, capture: 1 });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.pre-authorized', 'transaction.approved']);
  });
});

/** Waits for `check` to hold; fails after 20 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
