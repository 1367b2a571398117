/**
 * Every operation that records a recovery point answers its retry with its resource, rendered as its success: a
 * request fails after its work committed (a fault of the app), and the retry under the same key must be that
 * answer with nothing done twice. Work that was undone (the provider could not be reached) leaves no point: the
 * key is forgotten and the request may run again.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../testing/ledger';
import type { Db } from '../db/types';
import type { PaymentRoutes } from '../payments/orchestrator';
import { sandboxAntiFraud, sandboxVault } from '../payments/sandbox/cards';
import { sandboxProvider } from '../payments/sandbox/provider';
import { ENGINES, type TestService } from '../testing/harness';
import { startRecoveryService, type RecoveryService } from '../testing/recovery';
import { cardBody, providerOperations, TEST_CARDS } from '../testing/payments';
import { loadSealer } from '../webhooks/sealer';

describe.each(ENGINES)('recovered answers on $name', (engine) => {
  let svc: TestService;
  let providerDown = false;
  /** How the acquirer answers captures besides `providerDown`: as the sandbox, never, or with a refusal. */
  let captureMode: 'sandbox' | 'hang' | 'decline' = 'sandbox';
  const routes = (db: Db): PaymentRoutes => {
    const sandbox = sandboxProvider(db, 'sandbox');
    const down = { kind: 'unavailable' as const, reason: 'down for the test' };
    return {
      providers: [
        {
          ...sandbox,
          refund: async (req) => (providerDown ? down : sandbox.refund(req)),
          capture: async (req) => {
            if (providerDown) return down;
            if (captureMode === 'hang') return new Promise<never>(() => undefined);
            if (captureMode === 'decline') return { kind: 'declined' as const, message: 'Refused by the issuer (test)' };
            return sandbox.capture(req);
          },
        },
      ],
      vaults: { sandbox: sandboxVault },
      antifraud: { sandbox: sandboxAntiFraud },
    };
  };
  let recovery: RecoveryService;
  beforeAll(async () => {
    recovery = await startRecoveryService(engine, { PROVIDER_TIMEOUT_MS: '1000' }, { routes });
    svc = recovery.svc;
  });
  afterAll(async () => recovery?.close());
  // Whatever the scenario broke, the books add up afterwards.
  afterEach(async () => expectLedgerConsistent(svc.db));

  const send = (method: 'POST' | 'PUT', path: string, json: unknown, key: string) => recovery.send(method, path, json, key);
  const failThenRetry = (method: 'POST' | 'PUT', path: string, json: unknown) => recovery.failThenRetry(method, path, json);

  async function approvedCharge(payment: Record<string, unknown> = {}): Promise<string> {
    const res = await svc.call('/v1/transactions', { method: 'POST', json: cardBody(TEST_CARDS.visa, payment) });
    const { id } = (await res.json()) as { id: string };
    await svc.drain();
    return id;
  }

  const count = async (sql: string, params: unknown[]) => (await svc.db.query(sql, params)).rowCount;

  it('a customer created, then replaced: the customer, 201 then 200, one of it', async () => {
    const email = `rec-${Date.now()}@example.com`;
    const created = await failThenRetry('POST', '/v1/customers', { firstName: 'Ana', lastName: 'Souza', email });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email, firstName: 'Ana' });
    expect(await count('SELECT 1 FROM customers WHERE email = $1', [email])).toBe(1);
    const id = String(created.body.id);
    const replaced = await failThenRetry('PUT', `/v1/customers/${id}`, { firstName: 'Ana Maria', lastName: 'Souza', email });
    expect(replaced).toMatchObject({ status: 200, body: { id, firstName: 'Ana Maria' } });
  });

  it('a webhook endpoint registered: the retry shows the same signing secret', async () => {
    const url = `http://127.0.0.1:9/recovered-${Date.now()}`;
    const key = `idem-secret-${Date.now()}`;
    const json = { name: 'Recovered', endpoint: url, events: ['transaction.approved'] };
    recovery.failNextAfterCommit();
    expect((await send('POST', '/v1/webhooks', json, key)).status).toBe(500);
    const retry = await send('POST', '/v1/webhooks', json, key);
    const body = (await retry.json()) as { id: string; secret: string };
    expect(retry.status).toBe(201);
    // The secret shown is the one deliveries are signed with, and a later retry replays it as stored.
    const stored = await svc.db.query<{ secret_sealed: string }>('SELECT secret_sealed FROM webhook_endpoints WHERE id = $1', [body.id]);
    expect(body.secret).toBe((await loadSealer(svc.db, svc.config.secretsKey)).open(stored.rows[0]!.secret_sealed));
    const again = (await (await send('POST', '/v1/webhooks', json, key)).json()) as { id: string; secret: string };
    expect(again).toMatchObject({ id: body.id, secret: body.secret });
    expect(await count('SELECT 1 FROM webhook_endpoints WHERE url = $1', [url])).toBe(1);
  });

  it('a capture and a cancel: the transaction as read, 200, the provider called once', async () => {
    const captured = await approvedCharge({ capture: false });
    const capture = await failThenRetry('POST', `/v1/transactions/${captured}/capture`, {});
    expect(capture).toMatchObject({ status: 200, body: { id: captured, status: 'approved' } });
    expect(await providerOperations(svc.db, captured)).toEqual({ authorize: 1, capture: 1 });

    const canceled = await approvedCharge({ capture: false });
    const cancel = await failThenRetry('POST', `/v1/transactions/${canceled}/cancel`, { reason: 'Order withdrawn' });
    expect(cancel).toMatchObject({ status: 200, body: { id: canceled, status: 'canceled' } });
    expect(await providerOperations(svc.db, canceled)).toEqual({ authorize: 1, cancel: 1 });
  });

  it('a refund the provider could not take is undone with its point: the key runs again', async () => {
    const id = await approvedCharge();
    const key = `idem-undone-${Date.now()}`;
    providerDown = true;
    expect((await send('POST', `/v1/transactions/${id}/refunds`, { amount: 900 }, key)).status).toBe(503);
    providerDown = false;
    const again = await send('POST', `/v1/transactions/${id}/refunds`, { amount: 900 }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await count('SELECT 1 FROM refunds WHERE transaction_id = $1', [id])).toBe(1);
  });

  it('a capture the provider did not confirm: a retry gets the 503 again, never a 200, then the refusal once known', async () => {
    const held = await approvedCharge({ capture: false });
    const key = `idem-uncertain-capture-${Date.now()}`;
    captureMode = 'hang';
    try {
      expect((await send('POST', `/v1/transactions/${held}/capture`, {}, key)).status).toBe(503);
      const again = await send('POST', `/v1/transactions/${held}/capture`, {}, key);
      expect(again.status).toBe(503);
      expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(/being confirmed/);
      // The reconcile job asks again under the same provider key, and the acquirer now refuses.
      captureMode = 'decline';
      await svc.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'operation.reconcile' AND status = 'pending'`);
      await svc.drain();
      const known = await send('POST', `/v1/transactions/${held}/capture`, {}, key);
      expect(known.status).toBe(402);
      expect(((await known.json()) as { error: { code: string } }).error.code).toBe('paymentDeclined');
      expect(((await (await svc.call(`/v1/transactions/${held}`)).json()) as { status: string }).status).toBe('pre-authorized');
    } finally {
      captureMode = 'sandbox';
    }
  });

  it('a capture the provider could not take is released with its point: the key runs again', async () => {
    const held = await approvedCharge({ capture: false });
    const captureKey = `idem-undone-capture-${Date.now()}`;
    providerDown = true;
    expect((await send('POST', `/v1/transactions/${held}/capture`, {}, captureKey)).status).toBe(503);
    providerDown = false;
    const captured = await send('POST', `/v1/transactions/${held}/capture`, {}, captureKey);
    expect(captured.status).toBe(200);
    expect(captured.headers.get('idempotent-replayed')).toBeNull();
    expect(((await captured.json()) as { status: string }).status).toBe('approved');
  });
});
