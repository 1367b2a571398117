/**
 * `payments trigger`, `events list` and `events resend` against a live service (a running worker, so that card
 * charges are processed and webhooks delivered as they would be), on every engine of the run.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyWebhook } from '@payments-service/client/webhooks';
import { ENGINES, startTestService, type TestService } from '../../server/testing/harness';
import { startReceiver, type Receiver } from '../../server/testing/receiver';
import { main } from '../src/main';
import { FLOWS } from '../src/trigger';

describe.each(ENGINES)('the CLI against the service on $name', (engine) => {
  let svc: TestService;
  let hooks: Receiver;

  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', WEBHOOK_PRIVATE_ADDRESSES: 'allow' }, { worker: 'start' });
    hooks = await startReceiver('/webhooks');
  });
  afterAll(async () => {
    await svc?.close();
    await hooks?.close();
  });

  async function cli(...argv: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await main(argv, {
      stdout: (t) => (stdout += t),
      stderr: (t) => (stderr += t),
      env: { PAYMENTS_API_KEY: svc.merchant.sandboxKey, PAYMENTS_BASE_URL: svc.url },
    });
    return { code, stdout, stderr };
  }

  interface ListedEvent {
    id: string;
    type: string;
    resourceId: string;
    dispatches: { source: string; status: string }[];
  }

  async function listed(type: string): Promise<ListedEvent[]> {
    const r = await cli('events', 'list', '--type', type, '--limit', '100', '--json');
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as ListedEvent[];
  }

  it.each(Object.keys(FLOWS))('trigger %s makes the objects, prints their ids, and the event is recorded', async (event) => {
    const r = await cli('trigger', event);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Triggered ${event.replace('.', '\\.')}: .+\\.\\n`));
    // The event's resource is among the ids printed (a transaction, a customer, a subscription, a cycle, …).
    const printed: string[] = r.stdout.match(/\b(?:tra|cus|wdr|subs?|scy|chs)_[0-9A-Za-z]+/g) ?? [];
    expect(printed, r.stdout).not.toEqual([]);
    // Some are recorded by the service's worker a moment after trigger answers.
    await vi.waitFor(async () => expect((await listed(event)).map((e) => e.resourceId).filter((id) => printed.includes(id)), r.stdout).not.toEqual([]), { timeout: 20_000, interval: 250 });
  });

  it('trigger --json prints the ids as one object', async () => {
    const r = await cli('trigger', 'transaction.approved', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      event: 'transaction.approved',
      transactionId: expect.stringMatching(/^tra_/),
      customerId: expect.stringMatching(/^cus_/),
      status: 'approved',
    });
  });

  it('events list prints a table: id, type, resource, created, delivery status', async () => {
    await cli('trigger', 'customer.created');
    await cli('trigger', 'customer.created');
    // One type: the events of subscriptions on test clocks are dated on the clocks' time, ahead of the others.
    const r = await cli('events', 'list', '--type', 'customer.created', '--limit', '2');
    expect(r.code).toBe(0);
    const [head, first, second, more] = r.stdout.trimEnd().split('\n');
    expect(head).toMatch(/^ID +TYPE +RESOURCE +CREATED +DELIVERY$/);
    expect(first).toMatch(/^wbh_\w+ +customer\.created +cus_\w+ +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d +no endpoint$/);
    expect(second).toMatch(/^wbh_\w+ +customer\.created +cus_\w+ +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d +/);
    expect(more).toMatch(/^\(\d+ in all; --limit shows up to 100\)$/);
    expect((await cli('events', 'list', '--type', 'transaction.awaiting')).stdout).toBe('No transaction.awaiting events.\n');
  });

  it('events resend delivers an event again to the endpoints, with source manual', async () => {
    const registered = await svc.call('/v1/webhooks', { method: 'POST', json: { name: 'CLI test receiver', endpoint: hooks.url, events: ['customer.updated'] } });
    expect(registered.status).toBe(201);
    const { id: endpointId, secret } = (await registered.json()) as { id: string; secret: string };
    const triggered = await cli('trigger', 'customer.updated');
    const customerId = /\b(cus_[0-9A-Za-z]+)/.exec(triggered.stdout)![1];
    await vi.waitFor(() => expect(hooks.received).toHaveLength(1), { timeout: 10_000, interval: 50 });
    const event = (await listed('customer.updated')).find((e) => e.resourceId === customerId)!;
    await vi.waitFor(async () => expect((await cli('events', 'list', '--type', 'customer.updated')).stdout).toMatch(new RegExp(`^${event.id} .* delivered$`, 'm')), { timeout: 10_000, interval: 100 });

    const r = await cli('events', 'resend', event.id, '--endpoint', endpointId);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Resent ${event.id} \\(customer\\.updated\\): dispatch wdi_\\w+ to ${hooks.url.replace(/\./g, '\\.')} \\(\\w+\\)\\.\\n$`));
    await vi.waitFor(() => expect(hooks.received).toHaveLength(2), { timeout: 10_000, interval: 50 });
    const again = hooks.received[1]!;
    expect(verifyWebhook(again.body, again.headers, secret)).toMatchObject({ id: event.id, type: 'customer.updated', source: 'manual' });
  });

  it('an API error is one line with its code and correlation id, exit 1', async () => {
    const r = await cli('events', 'resend', 'wbh_doesNotExist1234');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: webhookEventNotFound: .+ \(correlation id [\w-]+\)\n$/);
  });
});
