/**
 * The provider-call window of a withdrawal: the bank has paid, and the outcome is not written yet. Whatever breaks
 * there (the call times out, the worker dies, the outcome's write fails, two runs race), the retry asks the bank
 * again under the withdrawal's id, finds it paid, and writes the outcome once: one transfer at the bank, one debit,
 * no reversal, each event once. On every engine the failures are played in-process; on PostgreSQL a real worker
 * process is also killed with SIGKILL while the bank's answer is on its way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../testing/ledger';
import type { Db } from '../../db/types';
import { claim } from '../../jobs/sql/claim';
import { defaultRoutes, type PaymentRoutes } from '../../payments/orchestrator';
import type { PayoutProvider } from '../../payments/payouts';
import { sandboxPayouts as sandboxBank } from '../../payments/sandbox/payouts';
import { ENGINES, startTestService, type TestMerchant, type TestService } from '../../testing/harness';
import { eventTypes } from '../../testing/payments';
import { ROOT } from '../../testing/processes';
import { balance, entriesOfWithdrawal, fund, sandboxPayouts, walletBody, type Withdrawal } from '../../testing/withdrawals';
import { payoutWithdrawal } from './payout';
import { track } from '../../testing/children';

/** Waits for `check` to hold, reading what was recorded; fails after `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The sandbox bank, made to act on the first call of each transfer and then never answer it (the caller times out
 * or dies waiting); later calls answer normally. `calls` counts every question asked.
 */
function hangingFirstPayout(bank: PayoutProvider): PayoutProvider & { calls: number } {
  const hung = new Set<string>();
  const p = {
    ...bank,
    calls: 0,
    async payout(req: Parameters<PayoutProvider['payout']>[0]) {
      p.calls += 1;
      const answer = await bank.payout(req);
      if (hung.has(req.idempotencyKey)) return answer;
      hung.add(req.idempotencyKey);
      return new Promise<never>(() => undefined);
    },
  };
  return p;
}

async function setUp(svc: TestService, amount = 25_000): Promise<{ m: TestMerchant; w: Withdrawal }> {
  const m = await svc.newMerchant();
  await fund(svc.db, m.merchantId, 100_000);
  const wallet = await svc.call('/v1/wallets', { method: 'POST', json: walletBody(), key: m.sandboxKey });
  const walletId = ((await wallet.json()) as { id: string }).id;
  const res = await svc.call('/v1/withdrawals', { method: 'POST', json: { walletId, amount }, key: m.sandboxKey });
  expect(res.status).toBe(201);
  return { m, w: (await res.json()) as Withdrawal };
}

async function operation(db: Db, id: string): Promise<{ state: string; attempts: number }[]> {
  const res = await db.query<{ state: string; attempts: number }>('SELECT state, attempts FROM provider_operations WHERE subject_id = $1', [id]);
  return res.rows;
}

async function status(db: Db, id: string): Promise<string | undefined> {
  return (await db.query<{ status: string }>('SELECT status FROM withdrawals WHERE id = $1', [id])).rows[0]?.status;
}

/** The job of a withdrawal that failed an attempt is due again now (its backoff skipped). */
async function dueNow(db: Db, id: string): Promise<void> {
  await db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'withdrawal.payout' AND payload->>'withdrawalId' = $1 AND status = 'pending'`, [id]);
}

async function expectPaidOnce(svc: TestService, m: TestMerchant, w: Withdrawal): Promise<void> {
  expect(await status(svc.db, w.id)).toBe('paid');
  expect(await sandboxPayouts(svc.db, w.id)).toEqual([{ kind: 'paid' }]);
  expect(await entriesOfWithdrawal(svc.db, w.id)).toEqual([`withdrawal -${w.amount}`]);
  expect(await balance(svc.db, m.merchantId)).toBe(100_000 - w.amount);
  expect(await eventTypes(svc.db, w.id)).toEqual(['withdrawal.created', 'withdrawal.paid']);
  expect((await operation(svc.db, w.id)).map((o) => o.state)).toEqual(['succeeded']);
}

describe.each(ENGINES)('a payout that times out after the bank paid, on $name', (engine) => {
  let svc: TestService;
  let bank: ReturnType<typeof hangingFirstPayout>;
  const routes = (db: Db): PaymentRoutes => {
    bank = hangingFirstPayout(sandboxBank(db));
    return { ...defaultRoutes(db), payouts: [bank] };
  };
  beforeAll(async () => {
    svc = await startTestService(engine, { PROVIDER_TIMEOUT_MS: '300' }, { routes });
  });
  afterAll(async () => svc?.close());
  // Whatever the scenario broke, the books add up afterwards.
  afterEach(async () => expectLedgerConsistent(svc.db));

  it('leaves the operation uncertain and the withdrawal pending; the retry finds it paid and writes it once', async () => {
    const { m, w } = await setUp(svc);
    const calls = bank.calls;
    await svc.drain(); // the attempt times out: the job fails and backs off
    expect(await status(svc.db, w.id)).toBe('pending');
    expect(await operation(svc.db, w.id)).toEqual([{ state: 'uncertain', attempts: 1 }]);
    const job = await svc.db.query<{ status: string; last_error: string }>(
      `SELECT status, last_error FROM jobs WHERE kind = 'withdrawal.payout' AND payload->>'withdrawalId' = $1`, [w.id],
    );
    expect(job.rows[0]).toMatchObject({ status: 'pending', last_error: expect.stringContaining('uncertain') });
    // Nothing was guessed: the money is still debited, not credited back.
    expect(await entriesOfWithdrawal(svc.db, w.id)).toEqual([`withdrawal -${w.amount}`]);

    await dueNow(svc.db, w.id);
    await svc.drain();
    expect(bank.calls - calls).toBe(2); // asked twice, under one key
    await expectPaidOnce(svc, m, w);
    expect((await operation(svc.db, w.id))[0]?.attempts).toBe(2);
  });

  it('a refusal found on the retry credits the amount back once', async () => {
    const { m, w } = await setUp(svc, 30_001); // the sandbox bank refuses amounts ending in 01
    await svc.drain();
    expect(await status(svc.db, w.id)).toBe('pending');
    await dueNow(svc.db, w.id);
    await svc.drain();
    expect(await status(svc.db, w.id)).toBe('failed');
    expect(await entriesOfWithdrawal(svc.db, w.id)).toEqual(['withdrawal -30001', 'withdrawal_reversal 30001']);
    expect(await balance(svc.db, m.merchantId)).toBe(100_000);
    expect(await eventTypes(svc.db, w.id)).toEqual(['withdrawal.created', 'withdrawal.failed']);
    expect((await operation(svc.db, w.id)).map((o) => o.state)).toEqual(['failed']);
  });
});

describe.each(ENGINES)('a worker dying while the bank pays a withdrawal, on $name', (engine) => {
  let svc: TestService;
  const routes = (db: Db): PaymentRoutes => ({ ...defaultRoutes(db), payouts: [hangingFirstPayout(sandboxBank(db))] });
  beforeAll(async () => {
    // The provider time-out is longer than the test: the doomed run must never resume.
    svc = await startTestService(engine, { JOB_LEASE_SECONDS: '1', PROVIDER_TIMEOUT_MS: '3600000' }, { routes });
  });
  afterAll(async () => svc?.close());
  // Whatever the scenario broke, the books add up afterwards.
  afterEach(async () => expectLedgerConsistent(svc.db));

  it('pays exactly once after the lease of the dead worker runs out', async () => {
    const { m, w } = await setUp(svc);
    const [job] = await claim(svc.db, { workerId: 'doomed', leaseSeconds: 1, limit: 1 });
    expect(job?.payload).toEqual({ withdrawalId: w.id });
    void payoutWithdrawal(svc.payments, w.id); // the doomed worker's run: the bank pays, the answer never arrives
    await until('the bank to pay', async () => (await sandboxPayouts(svc.db, w.id)).length === 1);
    expect(await svc.drain()).toBe(0); // still leased to the dead worker
    expect(await operation(svc.db, w.id)).toEqual([{ state: 'started', attempts: 1 }]);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await svc.drain()).toBe(1);
    await expectPaidOnce(svc, m, w);
  });
});

describe.each(ENGINES)('the outcome of a payout that cannot be written, on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine);
  });
  afterAll(async () => svc?.close());
  // Whatever the scenario broke, the books add up afterwards.
  afterEach(async () => expectLedgerConsistent(svc.db));

  it('writes nothing of it (status, ledger, event, operation together); the retry writes it once', async () => {
    const { m, w } = await setUp(svc, 40_001); // refused: the outcome carries a reversal entry
    // The outbox refuses this one event type: the write of the outcome fails halfway.
    await svc.db.query(`ALTER TABLE events ADD CONSTRAINT refuse_withdrawal_failed CHECK (type <> 'withdrawal.failed')`);
    try {
      await svc.drain();
      expect(await status(svc.db, w.id)).toBe('pending');
      expect(await entriesOfWithdrawal(svc.db, w.id)).toEqual(['withdrawal -40001']);
      expect(await eventTypes(svc.db, w.id)).toEqual(['withdrawal.created']);
      expect((await operation(svc.db, w.id)).map((o) => o.state)).toEqual(['started']);
    } finally {
      await svc.db.query('ALTER TABLE events DROP CONSTRAINT refuse_withdrawal_failed');
    }
    await dueNow(svc.db, w.id);
    await svc.drain();
    expect(await status(svc.db, w.id)).toBe('failed');
    expect(await sandboxPayouts(svc.db, w.id)).toHaveLength(1);
    expect(await entriesOfWithdrawal(svc.db, w.id)).toEqual(['withdrawal -40001', 'withdrawal_reversal 40001']);
    expect(await balance(svc.db, m.merchantId)).toBe(100_000);
    expect(await eventTypes(svc.db, w.id)).toEqual(['withdrawal.created', 'withdrawal.failed']);
  });

  it('two runs at once (a stale worker and its successor, or the job and simulate) write the outcome once', async () => {
    const { m, w } = await setUp(svc);
    await Promise.all([payoutWithdrawal(svc.payments, w.id), payoutWithdrawal(svc.payments, w.id)]);
    await expectPaidOnce(svc, m, w);
    const held = await setUp(svc, 20_002); // held by the sandbox bank until simulated
    const [simulated] = await Promise.all([
      svc.call(`/v1/sandbox/withdrawals/${held.w.id}/simulate`, { method: 'POST', json: { action: 'fail' }, key: held.m.sandboxKey }),
      payoutWithdrawal(svc.payments, held.w.id),
    ]);
    expect(simulated.status).toBe(200);
    expect(await status(svc.db, held.w.id)).toBe('failed');
    expect(await sandboxPayouts(svc.db, held.w.id)).toHaveLength(1);
    expect(await entriesOfWithdrawal(svc.db, held.w.id)).toEqual(['withdrawal -20002', 'withdrawal_reversal 20002']);
    expect(await eventTypes(svc.db, held.w.id)).toEqual(['withdrawal.created', 'withdrawal.failed']);
  });
});

describe.each(ENGINES)('a bank that is down when a withdrawal is sent, on $name', (engine) => {
  let svc: TestService;
  let down = true;
  const routes = (db: Db): PaymentRoutes => {
    const bank = sandboxBank(db);
    const flaky: PayoutProvider = {
      ...bank,
      payout: (req) => (down ? Promise.resolve({ kind: 'unavailable', reason: 'the bank is down' }) : bank.payout(req)),
    };
    return { ...defaultRoutes(db), payouts: [flaky] };
  };
  beforeAll(async () => {
    svc = await startTestService(engine, {}, { routes });
  });
  afterAll(async () => svc?.close());
  // Whatever the scenario broke, the books add up afterwards.
  afterEach(async () => expectLedgerConsistent(svc.db));

  it('keeps the withdrawal pending and debited, the operation open; the retry once it is up pays it once', async () => {
    const { m, w } = await setUp(svc);
    await svc.drain();
    expect(await status(svc.db, w.id)).toBe('pending');
    expect(await sandboxPayouts(svc.db, w.id)).toEqual([]);
    expect(await operation(svc.db, w.id)).toEqual([{ state: 'started', attempts: 1 }]);
    expect(await entriesOfWithdrawal(svc.db, w.id)).toEqual([`withdrawal -${w.amount}`]);
    down = false;
    await dueNow(svc.db, w.id);
    await svc.drain();
    await expectPaidOnce(svc, m, w);
  });
});

describe.each(ENGINES)('withdrawals in production, with a bank plugged in, on $name', (engine) => {
  let svc: TestService;
  const routes = (db: Db): PaymentRoutes => ({ ...defaultRoutes(db), payouts: [sandboxBank(db), { ...sandboxBank(db), id: 'live-bank', modes: ['production'] }] });
  beforeAll(async () => {
    svc = await startTestService(engine, {}, { routes });
  });
  afterAll(async () => svc?.close());
  // Whatever the scenario broke, the books add up afterwards.
  afterEach(async () => expectLedgerConsistent(svc.db));

  it('a sandbox wallet is 404 to a production key; a production wallet is paid by the production bank', async () => {
    const { m } = await setUp(svc);
    const sandboxWallet = ((await (await svc.call('/v1/wallets/listall', { key: m.sandboxKey })).json()) as { id: string }[])[0]!.id;
    await fund(svc.db, m.merchantId, 10_000, 'production');
    const res = await svc.call('/v1/withdrawals', { method: 'POST', json: { walletId: sandboxWallet, amount: 100 }, key: m.productionKey });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('walletNotFound');
    const live = await svc.call('/v1/wallets', { method: 'POST', json: walletBody(), key: m.productionKey });
    const walletId = ((await live.json()) as { id: string }).id;
    const w = await svc.call('/v1/withdrawals', { method: 'POST', json: { walletId, amount: 4_000 }, key: m.productionKey });
    expect(w.status).toBe(201);
    const id = ((await w.json()) as Withdrawal).id;
    await svc.drain();
    expect(await status(svc.db, id)).toBe('paid');
    expect(await balance(svc.db, m.merchantId, 'production')).toBe(6_000);
    const ops = await svc.db.query<{ provider: string; mode: string }>('SELECT provider, mode FROM provider_operations WHERE subject_id = $1', [id]);
    expect(ops.rows).toEqual([{ provider: 'live-bank', mode: 'production' }]);
    const sim = await svc.call(`/v1/sandbox/withdrawals/${id}/simulate`, { method: 'POST', json: { action: 'pay' }, key: m.productionKey });
    expect(sim.status).toBe(403);
  });
});

const postgres = ENGINES.filter((e) => e.name === 'postgres');

describe.each(postgres)('a worker process killed while the bank pays a withdrawal, on $name', (engine) => {
  let svc: TestService;
  afterEach(async () => { if (svc) await expectLedgerConsistent(svc.db); });
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    svc = await startTestService(engine, {}, { worker: 'off' });
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await svc?.close();
  });

  function worker(env: Record<string, string>): ChildProcess {
    const child = track(spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', 'worker'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: svc.databaseUrl!, LOG_LEVEL: 'silent', JOB_LEASE_SECONDS: '2', JOB_POLL_MS: '50', ...env },
      stdio: 'ignore',
    }));
    children.push(child);
    return child;
  }

  it('SIGKILL after the bank paid: a new worker finds it paid and writes it once', async () => {
    const { m, w } = await setUp(svc);
    // A slow bank: it pays at once but answers 30 s later; the worker is killed while it waits.
    const doomed = worker({ SANDBOX_LATENCY_MS: '30000' });
    await until('the bank to pay', async () => (await sandboxPayouts(svc.db, w.id)).length === 1);
    const exited = new Promise((r) => doomed.once('exit', r));
    doomed.kill('SIGKILL');
    await exited;
    expect(await status(svc.db, w.id)).toBe('pending');

    worker({});
    await until('withdrawal.paid to be recorded', async () => (await eventTypes(svc.db, w.id)).includes('withdrawal.paid'));
    await expectPaidOnce(svc, m, w);
  });
});
