/**
 * The retry schedule alone bounds the attempts of a dispatch: a schedule of 12 retries makes 13 attempts, whatever
 * the default's 8, and the dispatch ends (delivered or failed) without being stranded. And a delivery job that runs
 * out of attempts of its own ends its dispatch `failed`. Real HTTP receivers on 127.0.0.1; on every engine.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { pixBody } from '../testing/payments';
import { startReceiver, type Receiver } from '../testing/receiver';

type Dispatch = { status: string; attempts: number; nextAttemptAt: string | null };
type Event = { id: string; type: string; dispatches: Dispatch[] };

describe.each(ENGINES)('a retry schedule longer than the default, on $name', (engine) => {
  let svc: TestService;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    svc = await startTestService(engine, {
      WEBHOOK_RETRY_SECONDS: Array(12).fill('0').join(','),
      WEBHOOK_TIMEOUT_MS: '2000',
      RATE_LIMIT_POINTS: '100000',
      RATE_LIMIT_POLL_POINTS: '100000',
    });
  });
  afterAll(async () => svc?.close());
  afterEach(async () => {
    for (const r of receivers.splice(0)) await r.close();
  });

  /** A merchant of its own whose endpoint (on a fresh receiver answering `answers`) hears of one PIX approval. */
  async function approvalTo(...answers: Parameters<Receiver['answer']>): Promise<{ r: Receiver; key: string }> {
    const r = await startReceiver();
    receivers.push(r);
    r.answer(...answers);
    const { sandboxKey: key } = await svc.newMerchant();
    const reg = await svc.call('/v1/webhooks', { method: 'POST', key, json: { name: 'Test', endpoint: r.url, events: ['transaction.approved'] } });
    expect(reg.status).toBe(201);
    const created = await svc.call('/v1/transactions', { method: 'POST', key, json: pixBody() });
    const { id } = (await created.json()) as { id: string };
    expect((await svc.call(`/v1/sandbox/transactions/${id}/simulate`, { method: 'POST', key, json: { action: 'pay' } })).status).toBe(200);
    return { r, key };
  }
  async function dispatchOf(key: string): Promise<Dispatch> {
    const res = await svc.call('/v1/webhooks/events?resource=transaction', { key });
    expect(res.status).toBe(200);
    const [e] = ((await res.json()) as { data: Event[] }).data.filter((x) => x.type === 'transaction.approved');
    return e!.dispatches[0]!;
  }

  it('12 retries: a receiver failing every time gets 13 attempts, then the dispatch is failed', async () => {
    const { r, key } = await approvalTo({ status: 500 });
    await svc.drain();
    expect(r.received).toHaveLength(13);
    expect(await dispatchOf(key)).toMatchObject({ status: 'failed', attempts: 13, nextAttemptAt: null });
  });

  it('12 retries: a receiver that answers 2xx on the 13th attempt has it delivered', async () => {
    const { r, key } = await approvalTo(...Array(12).fill({ status: 503 }), { status: 200 });
    await svc.drain();
    expect(r.received).toHaveLength(13);
    expect(await dispatchOf(key)).toMatchObject({ status: 'succeeded', attempts: 13 });
  });

  it('a delivery job that keeps breaking ends its dispatch failed when it runs out, instead of leaving it pending', async () => {
    // The database refuses to start an attempt: every run of the job throws before anything is sent.
    await svc.db.query(`ALTER TABLE webhook_dispatches ADD CONSTRAINT test_no_attempt CHECK (status <> 'delivering')`);
    try {
      const { r, key } = await approvalTo({ status: 200 });
      await svc.db.query(`UPDATE jobs SET max_attempts = 2 WHERE kind = 'webhook.deliver' AND status = 'pending'`);
      for (let i = 0; i < 2; i++) {
        expect((await dispatchOf(key)).status).toBe('pending');
        await svc.drain();
        await svc.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'webhook.deliver' AND status = 'pending'`);
      }
      expect(r.received).toHaveLength(0);
      expect(await dispatchOf(key)).toMatchObject({ status: 'failed', attempts: 0, nextAttemptAt: null });
      const dead = await svc.db.query<{ status: string }>(`SELECT status FROM jobs WHERE kind = 'webhook.deliver' AND max_attempts = 2`);
      expect(dead.rows.map((j) => j.status)).toEqual(['failed']);
    } finally {
      await svc.db.query('ALTER TABLE webhook_dispatches DROP CONSTRAINT test_no_attempt');
    }
  });
});
