/**
 * The three windows of an idempotent request, played in-process at exactly their points (faults of the app): the
 * process dies after the work's commit and before the key's completion; an error is thrown after the commit; a
 * handler runs longer than its lock. In each, a charge and a refund happen exactly once and the retry under the
 * same key answers the resource that was made.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../testing/ledger';
import type { Db } from '../db/types';
import type { PaymentRoutes } from '../payments/orchestrator';
import { sandboxAntiFraud, sandboxVault } from '../payments/sandbox/cards';
import { sandboxProvider } from '../payments/sandbox/provider';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { cardBody, providerOperations } from '../testing/payments';
import type { IdempotencyFaults } from './idempotent';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The lock of every idempotent request in these tests: short, so a lapse is quick to wait for. */
const LOCK_SECONDS = 1;

describe.each(ENGINES)('idempotency windows on $name', (engine) => {
  let svc: TestService;
  /** What the current test plays; every hook is off unless the test sets it. */
  const play: IdempotencyFaults = {};
  /** Refunds answered by the provider this much later (a slow provider call). */
  let refundDelayMs = 0;
  const routes = (db: Db): PaymentRoutes => {
    const sandbox = sandboxProvider(db, 'sandbox');
    return {
      providers: [{ ...sandbox, refund: async (req) => (await sleep(refundDelayMs), sandbox.refund(req)) }],
      vaults: { sandbox: sandboxVault },
      antifraud: { sandbox: sandboxAntiFraud },
    };
  };
  beforeAll(async () => {
    const faults: IdempotencyFaults = {
      afterHandler: async (op) => play.afterHandler?.(op),
      beforeComplete: async (op) => play.beforeComplete?.(op),
    };
    svc = await startTestService(engine, {}, { routes, idempotency: { lockSeconds: LOCK_SECONDS, faults } });
  });
  afterAll(async () => svc?.close());
  // Whatever the scenario broke, the books add up afterwards.
  afterEach(async () => expectLedgerConsistent(svc.db));

  let n = 0;
  const newKey = () => `idem-window-${Date.now()}-${++n}`;

  function post(path: string, json: unknown, key: string, signal?: AbortSignal): Promise<Response> {
    return svc.call(path, { method: 'POST', json, headers: { 'X-Idempotency-Key': key }, ...(signal ? { signal } : {}) });
  }

  /** A charge body told apart from every other test's by its external reference. */
  function charge(ref: string) {
    return cardBody(undefined, {}, { externalReference: ref });
  }

  async function chargesOf(ref: string): Promise<string[]> {
    const res = await svc.db.query<{ id: string }>('SELECT id FROM transactions WHERE external_reference = $1', [ref]);
    return res.rows.map((r) => r.id);
  }

  async function refundsOf(transactionId: string): Promise<string[]> {
    const res = await svc.db.query<{ id: string }>('SELECT id FROM refunds WHERE transaction_id = $1', [transactionId]);
    return res.rows.map((r) => r.id);
  }

  /** An approved card charge made without a key, to refund. */
  async function approvedCharge(): Promise<string> {
    const res = await svc.call('/v1/transactions', { method: 'POST', json: cardBody() });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await svc.drain();
    return id;
  }

  /** The hook hangs: the process is as good as dead there. `kill()` ends the hung request afterwards. */
  function dieAt(point: keyof IdempotencyFaults) {
    let reached = false;
    let kill: () => void = () => undefined;
    play[point] = () => {
      reached = true;
      return new Promise<void>((_, reject) => (kill = () => reject(new Error('the dead request is cleared away'))));
    };
    return { reached: () => reached, kill: () => kill() };
  }

  async function until(what: string, check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(20);
    }
  }

  async function expectReplayOf(res: Response, status: number, id: string): Promise<void> {
    const body = (await res.json()) as { id: string };
    expect(res.status, JSON.stringify(body)).toBe(status);
    expect(res.headers.get('idempotent-replayed')).toBe('true');
    expect(body.id).toBe(id);
  }

  /** Plays a death after the work of `request` committed; returns once the retry after the lapse has answered. */
  async function dieThenRetry(request: (signal?: AbortSignal) => Promise<Response>): Promise<Response> {
    const death = dieAt('beforeComplete');
    const aborted = new AbortController();
    const first = request(aborted.signal).catch(() => null);
    await until('the request to reach its death', death.reached);
    delete play.beforeComplete;
    await sleep(LOCK_SECONDS * 1000 + 300);
    const retry = await request();
    aborted.abort();
    death.kill();
    await first;
    return retry;
  }

  describe('(1) the process dies after the commit, before the key is completed', () => {
    it('a charge: the retry after the lock lapses answers the charge made; one charge, one authorization', async () => {
      const ref = `ord-die-${n}`;
      const key = newKey();
      const retry = await dieThenRetry((signal) => post('/v1/transactions', charge(ref), key, signal));
      const made = await chargesOf(ref);
      expect(made).toHaveLength(1);
      await expectReplayOf(retry, 201, made[0]!);
      // Completed with that answer: replayed again as stored.
      await expectReplayOf(await post('/v1/transactions', charge(ref), key), 201, made[0]!);
      await svc.drain();
      expect(await providerOperations(svc.db, made[0]!)).toEqual({ authorize: 1 });
      expect(await chargesOf(ref)).toHaveLength(1);
    });

    it('a refund: the retry answers the refund made; one refund, one provider refund', async () => {
      const id = await approvedCharge();
      const key = newKey();
      const retry = await dieThenRetry((signal) => post(`/v1/transactions/${id}/refunds`, { amount: 1000 }, key, signal));
      const made = await refundsOf(id);
      expect(made).toHaveLength(1);
      await expectReplayOf(retry, 201, made[0]!);
      expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, refund: 1 });
    });
  });

  describe('(2) an error is thrown after the commit', () => {
    function failOnce(): void {
      play.afterHandler = async () => {
        delete play.afterHandler;
        throw new Error('broken after the commit');
      };
    }

    it('a charge: the failed request answers 500, its retry the charge made, and nothing runs twice', async () => {
      const ref = `ord-err-${n}`;
      const key = newKey();
      failOnce();
      expect((await post('/v1/transactions', charge(ref), key)).status).toBe(500);
      const made = await chargesOf(ref);
      expect(made).toHaveLength(1);
      await expectReplayOf(await post('/v1/transactions', charge(ref), key), 201, made[0]!);
      expect(await chargesOf(ref)).toHaveLength(1);
    });

    it('a refund: the retry answers the refund made; one refund, one provider refund', async () => {
      const id = await approvedCharge();
      const key = newKey();
      failOnce();
      expect((await post(`/v1/transactions/${id}/refunds`, { amount: 1500 }, key)).status).toBe(500);
      const made = await refundsOf(id);
      expect(made).toHaveLength(1);
      await expectReplayOf(await post(`/v1/transactions/${id}/refunds`, { amount: 1500 }, key), 201, made[0]!);
      expect(await refundsOf(id)).toHaveLength(1);
      expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, refund: 1 });
    });

    it('an error before anything was done still forgets the key: a corrected request may reuse it', async () => {
      const id = await approvedCharge();
      const key = newKey();
      const tooMuch = await post(`/v1/transactions/${id}/refunds`, { amount: 99_999_999 }, key);
      expect(tooMuch.status).toBe(422);
      const corrected = await post(`/v1/transactions/${id}/refunds`, { amount: 500 }, key);
      expect(corrected.status).toBe(201);
      expect(corrected.headers.get('idempotent-replayed')).toBeNull();
    });
  });

  describe('(3) a handler slower than its lock', () => {
    /** How long the slow request runs: three lock lengths. */
    const SLOW_MS = LOCK_SECONDS * 3000;

    /**
     * Retries while the first request runs, from past its first lock length to half a second before it ends (a
     * retry sent later may meet its answer, which is the replay): each must be refused as in progress.
     */
    async function retriesWhileRunning(request: () => Promise<Response>, running: () => boolean): Promise<number[]> {
      const statuses: number[] = [];
      const started = Date.now();
      await sleep(LOCK_SECONDS * 1000 + 300);
      while (running() && Date.now() - started < SLOW_MS - 500) {
        const res = await request();
        statuses.push(res.status);
        const body = (await res.json()) as { error?: { code: string } };
        if (res.status === 409) expect(body.error?.code).toBe('idempotencyInProgress');
        await sleep(400);
      }
      return statuses;
    }

    it('a charge: no retry takes it over while it runs (409), the retry after it is the replay', async () => {
      const ref = `ord-slow-${n}`;
      const key = newKey();
      play.afterHandler = async () => sleep(SLOW_MS);
      let done = false;
      const first = post('/v1/transactions', charge(ref), key).finally(() => (done = true));
      const statuses = await retriesWhileRunning(() => post('/v1/transactions', charge(ref), key), () => !done);
      delete play.afterHandler;
      expect(new Set(statuses)).toEqual(new Set([409]));
      expect(statuses.length).toBeGreaterThan(1);
      const answered = await first;
      expect(answered.status).toBe(201);
      const made = await chargesOf(ref);
      expect(made).toHaveLength(1);
      await expectReplayOf(await post('/v1/transactions', charge(ref), key), 201, made[0]!);
    });

    it('a refund whose provider call outlasts the lock: 409 while it runs, then the replay; one refund', async () => {
      const id = await approvedCharge();
      const key = newKey();
      refundDelayMs = SLOW_MS;
      let done = false;
      const first = post(`/v1/transactions/${id}/refunds`, { amount: 700 }, key).finally(() => (done = true));
      const statuses = await retriesWhileRunning(() => post(`/v1/transactions/${id}/refunds`, { amount: 700 }, key), () => !done);
      refundDelayMs = 0;
      expect(new Set(statuses)).toEqual(new Set([409]));
      expect(statuses.length).toBeGreaterThan(1);
      expect((await first).status).toBe(201);
      const made = await refundsOf(id);
      expect(made).toHaveLength(1);
      await expectReplayOf(await post(`/v1/transactions/${id}/refunds`, { amount: 700 }, key), 201, made[0]!);
      expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, refund: 1 });
    });
  });
});
