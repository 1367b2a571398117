/**
 * Two runs on one charge at once, around a route that timed out: the job beside the sandbox simulator's `issueNow`,
 * or a worker that lost its lease beside the one that gave its job up. Whatever lands late, a charge never stands
 * on a voided key, a voided key's late answer is never settled on, and a known authorization of a failed charge is
 * released for real. The routes are the sandbox's, each call of `authorize` played as the test scripts it. On every
 * engine.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/types';
import { claim } from '../../jobs/sql/claim';
import type { PaymentRoutes } from '../../payments/orchestrator';
import type { AuthorizeResult, PaymentProvider } from '../../payments/provider';
import { sandboxAntiFraud, sandboxVault } from '../../payments/sandbox/cards';
import { sandboxProvider } from '../../payments/sandbox/provider';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { cardBody, pixBody, providerOperations, type Transaction } from '../../testing/payments';
import { processTransaction } from './processing';
import type { Processing } from './repo';

type RouteId = 'sandbox' | 'sandbox-fallback';
/** How one call of `authorize` goes; `run` is the real sandbox acting (and answering). */
type Step = (run: () => Promise<AuthorizeResult>) => Promise<AuthorizeResult>;

interface Script {
  steps: Record<RouteId, Step[]>;
  /** A route answering every call not scripted with "unavailable". */
  down: Set<RouteId>;
  cancelHangs: boolean;
  /** Every cancel key fails ("unavailable") the first time it is sent, and is done the next. */
  cancelFailsOnce: boolean;
  /** The keys asked, in order. */
  asked: string[];
  /** The cancel keys sent, in order. */
  cancels: string[];
}

const never = <T>() => new Promise<T>(() => undefined);
/** Neither acts nor answers. */
const hang: Step = () => never();
/** Acts at once, answers never (a slow acquirer): the time-out sees nothing. */
const actThenHang: Step = (run) => run().then(() => never());
/** Busy: does nothing and says so at once. */
const busy: Step = async () => ({ kind: 'unavailable', reason: 'busy for the test' });
/** Acts and answers once `gate` opens. */
const after = (gate: Promise<void>): Step => async (run) => {
  await gate;
  return run();
};

function scripted(db: Db, id: RouteId, script: Script): PaymentProvider {
  const real = sandboxProvider(db, id);
  return {
    ...real,
    authorize: (req) => {
      script.asked.push(req.idempotencyKey);
      const step = script.steps[id].shift();
      if (step) return step(() => real.authorize(req));
      return script.down.has(id) ? Promise.resolve({ kind: 'unavailable', reason: 'down for the test' }) : real.authorize(req);
    },
    cancel: (req) => {
      const again = script.cancels.includes(req.idempotencyKey);
      script.cancels.push(req.idempotencyKey);
      if (script.cancelHangs) return never();
      if (script.cancelFailsOnce && !again) return Promise.resolve({ kind: 'unavailable', reason: 'busy for the test' });
      return real.cancel(req);
    },
  };
}

function opened(): { gate: Promise<void>; open: () => void } {
  let open = () => undefined as void;
  const gate = new Promise<void>((r) => (open = r));
  return { gate, open };
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function harness(env: Record<string, string>, engine: (typeof ENGINES)[number]) {
  const fresh = (): Script => ({
    steps: { sandbox: [], 'sandbox-fallback': [] }, down: new Set(), cancelHangs: false, cancelFailsOnce: false, asked: [], cancels: [],
  });
  const script = fresh();
  const routes = (db: Db): PaymentRoutes => ({
    providers: [scripted(db, 'sandbox', script), scripted(db, 'sandbox-fallback', script)],
    vaults: { sandbox: sandboxVault },
    antifraud: { sandbox: sandboxAntiFraud },
  });
  const h = { svc: undefined as unknown as TestService, script };
  beforeAll(async () => {
    h.svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000', ...env }, { routes });
  });
  afterAll(async () => h.svc?.close());
  afterEach(() => expectLedgerConsistent(h.svc.db));
  beforeEach(() => {
    Object.assign(script, fresh());
  });
  return h;
}

async function create(svc: TestService, body: unknown): Promise<string> {
  const res = await svc.call('/v1/transactions', { method: 'POST', json: body });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
const read = async (svc: TestService, id: string) => (await (await svc.call(`/v1/transactions/${id}`)).json()) as Transaction;
const processing = async (svc: TestService, id: string) =>
  (await svc.db.query<{ processing: Processing; route_rounds: number }>('SELECT processing, route_rounds FROM transactions WHERE id = $1', [id])).rows[0]!;
const simulate = (svc: TestService, id: string, action: string) =>
  svc.call(`/v1/sandbox/transactions/${id}/simulate`, { method: 'POST', json: { action } });
const key = (id: string, route: RouteId, round: number) => `${id}:authorize:${route}:${round}`;
/** Cancels sent under `${authorized}:${as}` after the authorization under `authorized` landed at the sandbox. */
async function cancelsAfter(svc: TestService, authorized: string, as: 'void' | 'release' | 'cancel'): Promise<number> {
  const res = await svc.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sandbox_operations c JOIN sandbox_operations a ON a.idempotency_key = $1
      WHERE c.idempotency_key = $2 AND c.operation = 'cancel' AND c.created_at >= a.created_at`,
    [authorized, `${authorized}:${as}`],
  );
  return res.rows[0]!.n;
}
/** Runs the charge's void jobs now instead of after the provider time-out. */
async function runVoids(svc: TestService, id: string): Promise<void> {
  await svc.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'transaction.void' AND payload->>'transactionId' = $1`, [id]);
  await svc.drain();
}

describe.each(ENGINES)('the job beside the sandbox simulator around a route that timed out, on $name', (engine) => {
  // Wide enough that the job's void, its next route and its retry round (each a few database writes) fit between the
  // job's time-out and the simulator's, asked 1.2 s later, on a loaded machine.
  const h = harness({ PROVIDER_TIMEOUT_MS: '2500' }, engine);

  it('the simulator settles on the key the job is timing out on: the job does not void it (no approval on a voided QR code)', async () => {
    const { svc, script } = h;
    const id = await create(svc, pixBody());
    script.steps.sandbox.push(actThenHang);
    const job = processTransaction(svc.payments, id);
    await until('the sandbox to issue', async () => (await providerOperations(svc.db, id)).authorize === 1);
    const paid = await simulate(svc, id, 'pay'); // the same key: the stored answer, at once
    expect(paid.status).toBe(200);
    await job; // its time-out fires now
    expect((await read(svc, id)).status).toBe('approved');
    const p = await processing(svc, id);
    expect(p.processing.route?.key).toBe(key(id, 'sandbox', 0));
    expect(p.processing.voided ?? []).toEqual([]);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1 });
  });

  it('a late answer under a key the job voided meanwhile is not settled on but released: the simulator goes on past it', async () => {
    const { svc, script } = h;
    const id = await create(svc, pixBody());
    const late = opened();
    script.steps.sandbox.push(hang, after(late.gate)); // the job's call times out; the simulator's waits
    script.down.add('sandbox-fallback');
    const job = processTransaction(svc.payments, id);
    await until('the job to ask', () => script.asked.length === 1);
    // Asked later than the job, so the simulator's own time-out is still ahead when the answer comes.
    await new Promise((r) => setTimeout(r, 1200));
    const paid = simulate(svc, id, 'pay'); // reads the charge before the job voids the key
    await until('the simulator to ask the same key', () => script.asked.filter((k) => k === key(id, 'sandbox', 0)).length === 2);
    await job; // voided the key, found the fallback down: next round
    late.open();
    const res = await paid;
    expect(res.status).toBe(200);
    const p = await processing(svc, id);
    expect(p.processing.voided).toEqual([key(id, 'sandbox', 0)]);
    expect(p.processing.route?.key).toBe(key(id, 'sandbox', 1));
    expect((await read(svc, id)).status).toBe('approved');
    // The job's blind void went before the QR code was issued (it canceled nothing): the late one is released.
    expect(await cancelsAfter(svc, key(id, 'sandbox', 0), 'release')).toBe(0);
    await svc.drain();
    expect(await cancelsAfter(svc, key(id, 'sandbox', 0), 'release')).toBe(1);
    expect(script.cancels).toContain(`${key(id, 'sandbox', 0)}:void`);
  });

  it('every key of the round voided by the simulator: the job goes on at once with fresh keys, no retry round spent', async () => {
    const { svc, script } = h;
    const id = await create(svc, pixBody());
    script.steps.sandbox.push(hang);
    script.steps['sandbox-fallback'].push(hang);
    expect((await simulate(svc, id, 'pay')).status).toBe(503); // both routes timed out, both voided
    expect((await processing(svc, id)).processing.voided?.length).toBe(2);
    const started = Date.now();
    const out = await processTransaction(svc.payments, id);
    expect(out?.retryAt.getTime()).toBeLessThan(started + 1000); // not the schedule's first delay (30 s)
    expect((await read(svc, id)).status).toBe('pending');
    expect(await processTransaction(svc.payments, id)).toBeUndefined();
    const p = await processing(svc, id);
    expect(p.processing.route?.key).toBe(key(id, 'sandbox', 1));
    expect(p.processing.freeRounds).toBe(1);
    expect((await simulate(svc, id, 'pay')).status).toBe(200);
  });

  it('a route that times out and cannot be voided either: 503 providerUnavailable; the job finishes the void, then issues', async () => {
    const { svc, script } = h;
    const id = await create(svc, pixBody());
    script.steps.sandbox.push(hang);
    script.cancelHangs = true;
    const res = await simulate(svc, id, 'pay');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('providerUnavailable');
    script.cancelHangs = false;
    await svc.drain();
    const p = await processing(svc, id);
    expect(p.processing.voided).toEqual([key(id, 'sandbox', 0)]);
    expect(p.processing.route?.key).toBe(key(id, 'sandbox-fallback', 0));
    expect((await simulate(svc, id, 'pay')).status).toBe(200);
  });
});

describe.each(ENGINES)('a key claimed for voiding whose void fails, on $name', (engine) => {
  const h = harness({ PROVIDER_TIMEOUT_MS: '1000' }, engine);

  it('the job cannot void a card route that timed out, then the merchant cancels: the claimed key is voided by its own job', async () => {
    const { svc, script } = h;
    const id = await create(svc, cardBody());
    script.steps.sandbox.push(actThenHang); // authorized at the acquirer; the answer never comes
    script.cancelHangs = true;
    await expect(processTransaction(svc.payments, id)).rejects.toThrow(/cannot be voided/);
    expect((await svc.call(`/v1/transactions/${id}/cancel`, { method: 'POST', json: {} })).status).toBe(200);
    script.cancelHangs = false;
    await runVoids(svc, id); // the job's retry finds the charge canceled and does nothing: the void job does it
    const p = await processing(svc, id);
    expect(p.processing).toMatchObject({ voided: [key(id, 'sandbox', 0)], voiding: [] });
    expect(await cancelsAfter(svc, key(id, 'sandbox', 0), 'void')).toBe(1);
    expect((await read(svc, id)).status).toBe('canceled');
  });

  it('the simulator claims a key the job found busy and cannot void it; the job issues on the next route: the key is voided', async () => {
    const { svc, script } = h;
    const id = await create(svc, pixBody());
    script.steps.sandbox.push(actThenHang, busy); // the simulator's call issues a QR code, never answers; the job's is busy
    script.cancelHangs = true;
    const paid = simulate(svc, id, 'pay');
    await until('the simulator to ask', () => script.asked.length === 1);
    await processTransaction(svc.payments, id);
    expect((await processing(svc, id)).processing.route?.key).toBe(key(id, 'sandbox-fallback', 0));
    expect((await paid).status).toBe(503); // timed out, claimed, its cancel timed out too
    script.cancelHangs = false;
    await runVoids(svc, id);
    const p = await processing(svc, id);
    expect(p.processing).toMatchObject({ voided: [key(id, 'sandbox', 0)], voiding: [] });
    expect(await cancelsAfter(svc, key(id, 'sandbox', 0), 'void')).toBe(1);
    expect((await simulate(svc, id, 'pay')).status).toBe(200);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 2, cancel: 1 });
  });

  it("a round of the job's own keys whose voids it finished on later attempts costs a retry of the schedule", async () => {
    const { svc, script } = h;
    const id = await create(svc, pixBody());
    script.steps.sandbox.push(hang);
    script.steps['sandbox-fallback'].push(hang);
    script.cancelFailsOnce = true;
    await expect(processTransaction(svc.payments, id)).rejects.toThrow(/cannot be voided/); // sandbox:0 claimed
    await expect(processTransaction(svc.payments, id)).rejects.toThrow(/cannot be voided/); // its void done; fallback:0 claimed
    const started = Date.now();
    const out = await processTransaction(svc.payments, id); // fallback:0's void done: the round is spent, by the job
    expect(out?.retryAt.getTime()).toBeGreaterThan(started + 20_000); // the schedule's first delay (30 s)
    expect((await read(svc, id)).status).toBe('awaiting');
    const p = await processing(svc, id);
    expect(p.route_rounds).toBe(1);
    expect(p.processing.freeRounds ?? 0).toBe(0);
  });
});

describe.each(ENGINES)('a charge given up while a worker that lost its lease still waits for the route, on $name', (engine) => {
  // The provider time-out is longer than the test: the run that lost its lease is still waiting when it is given up.
  const h = harness({ JOB_LEASE_SECONDS: '1', PROVIDER_TIMEOUT_MS: '3600000' }, engine);

  it('its authorization lands after the blind voids ran: it is released for real (a cancel after it, not a replay)', async () => {
    const { svc, script } = h;
    const id = await create(svc, cardBody());
    await svc.db.query(`UPDATE jobs SET max_attempts = 1 WHERE kind = 'transaction.process' AND payload->>'transactionId' = $1`, [id]);
    const late = opened();
    script.steps.sandbox.push(after(late.gate));
    const [job] = await claim(svc.db, { workerId: 'stalled', leaseSeconds: 1, limit: 1 });
    expect(job?.payload).toEqual({ transactionId: id });
    const stalled = processTransaction(svc.payments, id);
    await until('the stalled run to ask', () => script.asked.length === 1);
    await new Promise((r) => setTimeout(r, 1100)); // its lease runs out
    await svc.drain(); // claimed again after its last attempt: given up, the charge fails, blind voids queued
    expect((await read(svc, id)).status).toBe('failed');
    await svc.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'transaction.void' AND payload->>'transactionId' = $1`, [id]);
    await svc.drain();
    expect(await providerOperations(svc.db, id)).toEqual({ cancel: 2 }); // canceled nothing: nothing was there yet

    late.open(); // the authorization lands, approved; the stalled run finds the charge failed and releases it
    await stalled;
    await svc.drain();
    const released = await svc.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sandbox_operations c JOIN sandbox_operations a ON a.idempotency_key = $2
        WHERE c.transaction_id = $1 AND c.operation = 'cancel' AND c.idempotency_key LIKE a.idempotency_key || ':%' AND c.created_at > a.created_at`,
      [id, key(id, 'sandbox', 0)],
    );
    expect(released.rows[0]?.n).toBe(1);
    expect((await read(svc, id)).status).toBe('failed');
  });
});
