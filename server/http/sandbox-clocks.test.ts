/**
 * Sandbox test clocks through the API on every engine, driven by job kinds of the test's own registered in the one
 * handler table workers and clocks share: advancing runs a clock's jobs in due order with the clock's now at each,
 * the work they start joins the clock and runs before anything due later, failures back off and reschedules wait on
 * clock time, workers never take a clock's job, and one clock advances one request at a time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueueOn, timeOf } from '../domain/clock/time';
import type { Job, JobKind } from '../jobs/worker';
import { retryDeadJob } from '../jobs/dead';
import { enqueueJob } from '../jobs/kinds';
import { advanceClock, clockJobs, createClock } from '../testing/clock';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { expectLedgerConsistent } from '../testing/ledger';

interface StepPayload extends Record<string, unknown> {
  label: string;
  clockId: string | null;
  /** Enqueued at once (no time, no clock) by this step when it runs. */
  followUp?: string;
  /** The first attempt throws. */
  failFirst?: boolean;
  /** The first run asks to run again this much later. */
  retryLaterMs?: number;
  /** Enqueues a job of its own time, an hour from the wall clock's now. */
  wallLater?: string;
}

const T0 = '2027-01-01T03:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe.each(ENGINES)('sandbox clocks on $name', (engine) => {
  let svc: TestService;
  const log: { label: string; now: string; attempt: number }[] = [];
  const rescheduled = new Set<string>();
  let release: (() => void) | undefined;
  let entered: (() => void) | undefined;

  const step: JobKind = {
    async run(job: Job) {
      const p = job.payload as StepPayload;
      const now = await timeOf(svc.db, p.clockId);
      log.push({ label: p.label, now: now.toISOString(), attempt: job.attempts });
      if (p.failFirst && job.attempts === 1) throw new Error(`${p.label}: the first attempt fails`);
      if (p.retryLaterMs && !rescheduled.has(p.label)) {
        rescheduled.add(p.label);
        return { retryAt: new Date(Date.now() + p.retryLaterMs) };
      }
      if (p.wallLater) {
        await enqueueJob(svc.db, { kind: 'test.clock.step', payload: { label: p.wallLater, clockId: null } }, { runAt: new Date(Date.now() + 3_600_000) });
      }
      if (p.followUp) await enqueueJob(svc.db, { kind: 'test.clock.step', payload: { label: p.followUp, clockId: p.clockId, failFirst: true } });
    },
  };
  // Holds the advance inside a job until the test lets it go.
  const gate: JobKind = {
    async run() {
      entered?.();
      await new Promise<void>((resolve) => (release = resolve));
    },
  };
  // A job that schedules itself again a day later on its clock, for ever.
  const loop: JobKind = {
    async run(job: Job) {
      const clockId = String(job.payload.clockId);
      const now = await timeOf(svc.db, clockId);
      await enqueueOn(svc.db, { kind: 'test.clock.loop', payload: { clockId } }, new Date(now.getTime() + 86_400_000), clockId);
    },
  };

  // A monthly renewal: it starts a charge (whose first attempt fails) and schedules the next renewal a month later.
  const renewal: JobKind = {
    async run(job: Job) {
      const clockId = String(job.payload.clockId);
      const n = Number(job.payload.n);
      const now = await timeOf(svc.db, clockId);
      log.push({ label: `renewal ${n}`, now: now.toISOString(), attempt: job.attempts });
      await enqueueJob(svc.db, { kind: 'test.clock.step', payload: { label: `charge ${n}`, clockId, failFirst: true } });
      const next = new Date(now.getTime());
      next.setUTCMonth(next.getUTCMonth() + 1);
      await enqueueOn(svc.db, { kind: 'test.clock.renewal', payload: { clockId, n: n + 1 } }, next, clockId);
    },
  };

  beforeAll(async () => {
    svc = await startTestService(engine, {}, {
      extraJobKinds: { 'test.clock.step': step, 'test.clock.gate': gate, 'test.clock.loop': loop, 'test.clock.renewal': renewal },
      clockMaxJobs: 50,
    });
  });
  afterAll(async () => svc?.close());
  afterEach(async () => {
    log.length = 0;
    await expectLedgerConsistent(svc.db);
  });

  const onClock = (clockId: string, label: string, due: string, extra: Partial<StepPayload> = {}) =>
    enqueueOn(svc.db, { kind: 'test.clock.step', payload: { label, clockId, ...extra } }, at(due), clockId);
  const post = (path: string, json: unknown, key?: string) => svc.call(path, { method: 'POST', json, ...(key ? { key } : {}) });
  async function refused(res: Response, status: number, code: string): Promise<void> {
    const body = (await res.json()) as { error: { code: string } };
    expect(res.status, JSON.stringify(body)).toBe(status);
    expect(body.error.code).toBe(code);
  }

  it('creates a clock at a given time or now, reads and lists it', async () => {
    const m = await svc.newMerchant();
    const c = await createClock(svc, { now: T0, name: 'Plano mensal' }, m.sandboxKey);
    expect(c).toMatchObject({ name: 'Plano mensal', now: T0, status: 'ready', nextJobAt: null, subscriptionCount: 0, merchant: { merchantId: m.merchantId } });
    expect(c.id).toMatch(/^clk_[0-9A-Za-z]{16}$/);
    expect(c._links.advance).toEqual({ href: `/v1/sandbox/clocks/${c.id}/advance`, method: 'POST', description: 'Advance this clock' });
    const before = Date.now();
    const plain = (await (await post('/v1/sandbox/clock', {}, m.sandboxKey)).json()) as { now: string; name: string };
    expect(Math.abs(Date.parse(plain.now) - before)).toBeLessThan(60_000);
    expect(plain.name).toBe('');
    const read = await svc.call(`/v1/sandbox/clocks/${c.id}`, { key: m.sandboxKey });
    expect(await read.json()).toEqual(c);
    const list = (await (await svc.call('/v1/sandbox/clocks?limit=1', { key: m.sandboxKey })).json()) as { total: number; data: { id: string }[]; hasMore: boolean };
    expect(list.total).toBe(2);
    expect(list.hasMore).toBe(true);
    // Another merchant's clock does not exist for this one.
    await refused(await svc.call(`/v1/sandbox/clocks/${c.id}`), 404, 'sandboxClockNotFound');
  });

  it('runs the due jobs in order at their times, the work they start before anything later, with backoff and reschedules on clock time', async () => {
    const c = await createClock(svc, { now: T0 });
    // Enqueued out of order: the clock runs them by due time.
    await onClock(c.id, 'april', '2027-04-01T03:00:00.000Z');
    await onClock(c.id, 'march', '2027-03-01T03:00:00.000Z', { retryLaterMs: 3_600_000 });
    await onClock(c.id, 'february', '2027-02-01T03:00:00.000Z', { followUp: 'february:processing' });
    expect((await svc.call(`/v1/sandbox/clocks/${c.id}`).then((r) => r.json()) as { nextJobAt: string }).nextJobAt).toBe('2027-02-01T03:00:00.000Z');

    const after = await advanceClock(svc, c.id, '2027-03-15T03:00:00.000Z');
    expect(after).toMatchObject({ now: '2027-03-15T03:00:00.000Z', status: 'ready', nextJobAt: '2027-04-01T03:00:00.000Z' });
    expect(log.map((e) => [e.label, e.attempt])).toEqual([
      ['february', 1],
      ['february:processing', 1], // joined the clock at february's now, failed
      ['february:processing', 2], // retried after the backoff of attempt 1 (2 s ± 10 %), on the clock
      ['march', 1], // asked to run again an hour later
      ['march', 1], // a reschedule gives its claim back
    ]);
    expect(log[0]!.now).toBe('2027-02-01T03:00:00.000Z');
    expect(log[1]!.now).toBe('2027-02-01T03:00:00.000Z');
    const retried = Date.parse(log[2]!.now) - Date.parse('2027-02-01T03:00:00.000Z');
    expect(retried).toBeGreaterThanOrEqual(1_800);
    expect(retried).toBeLessThanOrEqual(2_200);
    expect(log[3]!.now).toBe('2027-03-01T03:00:00.000Z');
    const later = Date.parse(log[4]!.now) - Date.parse('2027-03-01T03:00:00.000Z');
    expect(later).toBeGreaterThanOrEqual(3_600_000);
    expect(later).toBeLessThan(3_660_000);
    const jobs = await clockJobs(svc.db, c.id);
    expect(jobs.map((j) => [j.payload.label, j.status])).toEqual([
      ['february', 'done'], ['february:processing', 'done'], ['march', 'done'], ['april', 'pending'],
    ]);

    // Forward to exactly april's time: a job due at `to` runs. The same `to` again is a no-op.
    log.length = 0;
    expect((await advanceClock(svc, c.id, '2027-04-01T03:00:00.000Z')).nextJobAt).toBeNull();
    expect(log).toEqual([{ label: 'april', now: '2027-04-01T03:00:00.000Z', attempt: 1 }]);
    expect((await advanceClock(svc, c.id, '2027-04-01T03:00:00.000Z')).now).toBe('2027-04-01T03:00:00.000Z');
    expect(log).toHaveLength(1);
  });

  it('plays a year of monthly renewals, each charge failing once and retried, in one advance', async () => {
    const c = await createClock(svc, { now: T0 });
    await enqueueOn(svc.db, { kind: 'test.clock.renewal', payload: { clockId: c.id, n: 1 } }, at(T0), c.id);
    // How long it takes is for the benchmarks to say, not a test on a shared machine.
    const after = await advanceClock(svc, c.id, '2027-12-31T03:00:00.000Z');
    expect(after.nextJobAt).toBe('2028-01-01T03:00:00.000Z');
    const expected = Array.from({ length: 12 }, (_, i) => [
      [`renewal ${i + 1}`, 1], [`charge ${i + 1}`, 1], [`charge ${i + 1}`, 2],
    ]).flat();
    expect(log.map((e) => [e.label, e.attempt])).toEqual(expected);
    const renewals = log.filter((e) => e.label.startsWith('renewal')).map((e) => e.now.slice(0, 10));
    expect(renewals).toEqual(Array.from({ length: 12 }, (_, i) => `2027-${String(i + 1).padStart(2, '0')}-01`));
  });

  it('keeps on the wall clock a job a clock job schedules at a time of its own', async () => {
    const c = await createClock(svc, { now: T0 });
    await onClock(c.id, 'settles later', T0, { wallLater: 'settlement' });
    await advanceClock(svc, c.id, T0);
    const res = await svc.db.query<{ clock_id: string | null; run_at: Date }>(`SELECT clock_id, run_at FROM jobs WHERE payload->>'label' = 'settlement'`);
    expect(res.rows).toHaveLength(1);
    expect(res.rows[0]!.clock_id).toBeNull();
    expect(Math.abs(res.rows[0]!.run_at.getTime() - (Date.now() + 3_600_000))).toBeLessThan(120_000);
  });

  it('leaves a clock\'s jobs to the clock: a worker runs the wall-clock ones only, and the advance only its own clock\'s', async () => {
    const c = await createClock(svc, { now: T0 });
    const other = await createClock(svc, { now: T0 });
    await onClock(c.id, 'on the clock, overdue on the wall clock', '2000-01-01T00:00:00.000Z');
    await onClock(other.id, 'on another clock', T0);
    await enqueueJob(svc.db, { kind: 'test.clock.step', payload: { label: 'wall', clockId: null } });
    await svc.drain();
    expect(log.map((e) => e.label)).toEqual(['wall']);
    await advanceClock(svc, c.id, T0);
    // An overdue job runs at the clock's now: its time never goes back.
    expect(log.slice(1)).toEqual([{ label: 'on the clock, overdue on the wall clock', now: T0, attempt: 1 }]);
    expect((await clockJobs(svc.db, other.id)).map((j) => j.status)).toEqual(['pending']);
    await svc.drain();
    expect(log).toHaveLength(2);
  });

  it('advances one request at a time: a second advance or an attach while one runs is 409 sandboxClockBusy', async () => {
    const c = await createClock(svc, { now: T0 });
    await enqueueOn(svc.db, { kind: 'test.clock.gate', payload: {} }, at('2027-01-02T03:00:00.000Z'), c.id);
    await onClock(c.id, 'after the gate', '2027-01-03T03:00:00.000Z');
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const first = post(`/v1/sandbox/clocks/${c.id}/advance`, { to: '2027-02-01T03:00:00.000Z' });
    await inside;
    const busy = (await (await svc.call(`/v1/sandbox/clocks/${c.id}`)).json()) as { status: string; now: string };
    expect(busy).toMatchObject({ status: 'advancing', now: '2027-01-02T03:00:00.000Z' });
    await refused(await post(`/v1/sandbox/clocks/${c.id}/advance`, { to: '2027-02-01T03:00:00.000Z' }), 409, 'sandboxClockBusy');
    await refused(await post(`/v1/sandbox/clocks/${c.id}/subscriptions`, { subscriptionId: 'subs_0000000000000000' }), 409, 'sandboxClockBusy');
    release!();
    const done = await first;
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ status: 'ready', now: '2027-02-01T03:00:00.000Z' });
    expect(log.map((e) => e.label)).toEqual(['after the gate']);
  });

  it('runs a failing job\'s attempts on the clock until it dies; an operator\'s retry puts it at the clock\'s now', async () => {
    const c = await createClock(svc, { now: T0 });
    const id = await enqueueOn(svc.db, { kind: 'test.clock.step', payload: { label: 'doomed', clockId: c.id, failFirst: true } }, at(T0), c.id, { maxAttempts: 1 });
    await advanceClock(svc, c.id, '2027-01-10T03:00:00.000Z');
    expect(log.map((e) => [e.label, e.now])).toEqual([['doomed', T0]]);
    expect((await clockJobs(svc.db, c.id)).map((j) => j.status)).toEqual(['failed']);
    expect((await retryDeadJob(svc.db, id!)).runAt.toISOString()).toBe('2027-01-10T03:00:00.000Z');
    await svc.drain();
    expect((await clockJobs(svc.db, c.id)).map((j) => j.status)).toEqual(['pending']);
  });

  it('lets exactly one of two simultaneous advances run each job, the other refused or finding nothing left', async () => {
    const c = await createClock(svc, { now: T0 });
    for (let day = 2; day <= 21; day++) await onClock(c.id, `day ${day}`, `2027-01-${String(day).padStart(2, '0')}T03:00:00.000Z`);
    const to = { to: '2027-02-01T03:00:00.000Z' };
    const answers = await Promise.all([post(`/v1/sandbox/clocks/${c.id}/advance`, to), post(`/v1/sandbox/clocks/${c.id}/advance`, to)]);
    const statuses = answers.map((r) => r.status).sort();
    expect([[200, 200], [200, 409]]).toContainEqual(statuses);
    expect(log.map((e) => e.label)).toEqual(Array.from({ length: 20 }, (_, i) => `day ${i + 2}`));
    expect((await svc.call(`/v1/sandbox/clocks/${c.id}`).then((r) => r.json()) as { now: string }).now).toBe(to.to);
  });

  it('takes over a clock and its job from an advance whose process died, once their leases ran out', async () => {
    const c = await createClock(svc, { now: T0 });
    const id = await onClock(c.id, 'orphaned', '2027-01-02T03:00:00.000Z');
    // What a process killed in the middle of running the job leaves behind.
    await svc.db.query(
      `UPDATE sandbox_clocks SET status = 'advancing', advanced_by = 'clock-dead', advance_lease_until = now() - interval '1 second',
              now = '2027-01-02T03:00:00.000Z' WHERE id = $1`, [c.id],
    );
    await svc.db.query(
      `UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'clock-dead', locked_until = now() - interval '1 second' WHERE id = $1`, [id],
    );
    const after = await advanceClock(svc, c.id, '2027-01-03T03:00:00.000Z');
    expect(after).toMatchObject({ status: 'ready', now: '2027-01-03T03:00:00.000Z', nextJobAt: null });
    expect(log).toEqual([{ label: 'orphaned', now: '2027-01-02T03:00:00.000Z', attempt: 2 }]);
  });

  it('does not take over a clock whose advance lease ran out while its job still runs under a live lease: 409 until that lease ends', async () => {
    const c = await createClock(svc, { now: T0 });
    const id = await onClock(c.id, 'still running', '2027-01-02T03:00:00.000Z');
    await onClock(c.id, 'due after it', '2027-01-02T04:00:00.000Z');
    // An advance late to renew its own lease, in the middle of a job whose lease is still good.
    await svc.db.query(
      `UPDATE sandbox_clocks SET status = 'advancing', advanced_by = 'clock-slow', advance_lease_until = now() - interval '1 second',
              now = '2027-01-02T03:00:00.000Z' WHERE id = $1`, [c.id],
    );
    await svc.db.query(
      `UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'clock-slow', locked_until = now() + interval '1 hour' WHERE id = $1`, [id],
    );
    await refused(await post(`/v1/sandbox/clocks/${c.id}/advance`, { to: '2027-01-03T03:00:00.000Z' }), 409, 'sandboxClockBusy');
    expect(log).toEqual([]);
    // Its lease over, the job is an orphan: the next advance takes the clock over and runs both, in order.
    await svc.db.query(`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = $1`, [id]);
    await advanceClock(svc, c.id, '2027-01-03T03:00:00.000Z');
    expect(log.map((e) => e.label)).toEqual(['still running', 'due after it']);
  });

  it('refuses production keys, unknown clocks, times backwards or beyond five years, and starts outside 2000–2099', async () => {
    const c = await createClock(svc, { now: '2028-02-29T12:00:00.000Z' });
    const prod = svc.merchant.productionKey;
    await refused(await post('/v1/sandbox/clocks', {}, prod), 403, 'sandboxOnly');
    await refused(await post('/v1/sandbox/clock', {}, prod), 403, 'sandboxOnly');
    await refused(await svc.call('/v1/sandbox/clocks', { key: prod }), 403, 'sandboxOnly');
    await refused(await svc.call(`/v1/sandbox/clocks/${c.id}`, { key: prod }), 403, 'sandboxOnly');
    await refused(await post(`/v1/sandbox/clocks/${c.id}/advance`, { to: '2029-01-01T00:00:00.000Z' }, prod), 403, 'sandboxOnly');
    await refused(await post(`/v1/sandbox/clocks/${c.id}/subscriptions`, { subscriptionId: 'subs_0000000000000000' }, prod), 403, 'sandboxOnly');
    await refused(await post('/v1/sandbox/clocks/clk_0000000000000000/advance', { to: '2029-01-01T00:00:00.000Z' }), 404, 'sandboxClockNotFound');
    await refused(await post(`/v1/sandbox/clocks/${c.id}/advance`, { to: '2028-02-29T11:59:59.999Z' }), 422, 'sandboxClockTimeInvalid');
    // Five calendar years from a leap day end on 28 February.
    await refused(await post(`/v1/sandbox/clocks/${c.id}/advance`, { to: '2033-02-28T12:00:00.001Z' }), 422, 'sandboxClockTimeInvalid');
    await refused(await post(`/v1/sandbox/clocks/${c.id}/advance`, { to: 'tomorrow' }), 400, 'invalidParameters');
    await refused(await post(`/v1/sandbox/clocks/${c.id}/advance`, {}), 400, 'invalidParameters');
    expect((await advanceClock(svc, c.id, '2033-02-28T12:00:00.000Z')).now).toBe('2033-02-28T12:00:00.000Z');
    await refused(await post('/v1/sandbox/clocks', { now: '1999-12-31T23:59:59.999Z' }), 422, 'sandboxClockTimeInvalid');
    await refused(await post('/v1/sandbox/clocks', { now: '2100-01-01T00:00:00.000Z' }), 422, 'sandboxClockTimeInvalid');
    await refused(await post('/v1/sandbox/clocks', { name: 'x'.repeat(101) }), 400, 'invalidParameters');
  });

  it('stops at the job limit, at the last job\'s time, and goes on with the next advance', async () => {
    const c = await createClock(svc, { now: T0 });
    await enqueueOn(svc.db, { kind: 'test.clock.loop', payload: { clockId: c.id } }, at('2027-01-02T03:00:00.000Z'), c.id);
    // Fifty daily jobs fit between 2 January and 20 February; the fifty-first is due before the 1 March asked for.
    await refused(await post(`/v1/sandbox/clocks/${c.id}/advance`, { to: '2027-03-01T03:00:00.000Z' }), 422, 'sandboxClockTooManyJobs');
    const stopped = (await (await svc.call(`/v1/sandbox/clocks/${c.id}`)).json()) as { now: string; status: string; nextJobAt: string };
    expect(stopped).toMatchObject({ now: '2027-02-20T03:00:00.000Z', status: 'ready', nextJobAt: '2027-02-21T03:00:00.000Z' });
    expect((await advanceClock(svc, c.id, '2027-03-01T03:00:00.000Z')).nextJobAt).toBe('2027-03-02T03:00:00.000Z');
  });
});
