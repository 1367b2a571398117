/**
 * `payments listen` against the live service's event stream: events made by `payments trigger` reach a local
 * receiver, signed with the listen secret, and the stream's refusals are one line.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyWebhook } from '@payments-service/client/webhooks';
import { ENGINES, startTestService, type TestService } from '../../server/testing/harness';
import { startReceiver, type Receiver } from '../../server/testing/receiver';
import { runCli } from './run';

describe.each(ENGINES)('payments listen against the service on $name', (engine) => {
  let svc: TestService;
  let hooks: Receiver;

  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000' }, { worker: 'start' });
    hooks = await startReceiver('/webhooks');
  });
  afterAll(async () => {
    await svc?.close();
    await hooks?.close();
  });

  const cli = (argv: string[], key = svc.merchant.sandboxKey) => runCli(argv, { PAYMENTS_API_KEY: key, PAYMENTS_BASE_URL: svc.url });

  it('forwards the events a trigger makes, signed with the listen secret that --print-secret prints', async () => {
    const listening = cli(['listen', '--forward-to', hooks.url, '--events', 'transaction.created,transaction.approved']);
    await vi.waitFor(() => expect(listening.stdout()).toMatch(/^Ready\. /), { timeout: 10_000, interval: 20 });
    const secret = /Signing secret: (whsec_\S+) /.exec(listening.stdout())![1]!;

    const printed = cli(['listen', '--print-secret']);
    expect(await printed.done).toBe(0);
    expect(printed.stdout()).toBe(`${secret}\n`);

    const triggered = cli(['trigger', 'transaction.approved']);
    expect(await triggered.done).toBe(0);
    const transactionId = /\b(tra_[0-9A-Za-z]+)/.exec(triggered.stdout())![1];

    await vi.waitFor(() => expect(hooks.received.map((r) => JSON.parse(r.body).type)).toEqual(['transaction.created', 'transaction.approved']), { timeout: 10_000, interval: 50 });
    for (const r of hooks.received) {
      expect(verifyWebhook(r.body, r.headers, secret)).toMatchObject({ payload: { object: { id: transactionId } } });
    }
    await vi.waitFor(() => expect(listening.stdout().match(/ → 200$/gm)).toHaveLength(2), { timeout: 10_000, interval: 20 });
    listening.stop();
    expect(await listening.done).toBe(0);
    expect(listening.stderr()).toBe('Stopped.\n');
  });

  it('events resend reaches a running listen: the receiver gets the event a second time, signed, source manual', async () => {
    // A merchant of its own, so that nothing else it does reaches this receiver; the address without a scheme.
    const m = await svc.newMerchant();
    const own = await startReceiver('/hooks');
    try {
      const listening = cli(['listen', '--forward-to', own.url.replace(/^http:\/\//, ''), '--events', 'transaction.created'], m.sandboxKey);
      await vi.waitFor(() => expect(listening.stdout()).toMatch(/^Ready\. /), { timeout: 10_000, interval: 20 });
      const secret = /Signing secret: (whsec_\S+) /.exec(listening.stdout())![1]!;

      expect(await cli(['trigger', 'transaction.created'], m.sandboxKey).done).toBe(0);
      await vi.waitFor(() => expect(own.received).toHaveLength(1), { timeout: 10_000, interval: 50 });
      const original = verifyWebhook(own.received[0]!.body, own.received[0]!.headers, secret) as { id: string; source: string };
      expect(original.source).toBe('automatic');

      const resent = cli(['events', 'resend', original.id], m.sandboxKey);
      expect(await resent.done, resent.stderr()).toBe(0);
      expect(resent.stdout()).toBe(`Resent ${original.id} (transaction.created) to running listen sessions.\n`);

      await vi.waitFor(() => expect(own.received).toHaveLength(2), { timeout: 10_000, interval: 50 });
      const again = own.received[1]!;
      expect(verifyWebhook(again.body, again.headers, secret)).toEqual({ ...original, source: 'manual' });
      expect(again.headers['webhook-id']).toBe(original.id);
      await vi.waitFor(() => expect(listening.stdout().match(new RegExp(`${original.id}  → 200$`, 'gm'))).toHaveLength(2), { timeout: 10_000, interval: 20 });
      listening.stop();
      expect(await listening.done).toBe(0);
      expect(listening.stderr()).toBe('Stopped.\n');
    } finally {
      await own.close();
    }
  });

  it('a production key is one line saying listen needs a sandbox key', async () => {
    const run = cli(['listen', '--forward-to', hooks.url], svc.merchant.productionKey);
    expect(await run.done).toBe(1);
    expect(run.stderr()).toMatch(/^error: sandboxOnly: listen needs a sandbox key \(sk_test_…\); this key is a production key \(correlation id \S+\)\n$/);
  });
});
