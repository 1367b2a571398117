/**
 * The dashboard's webhook pages over HTTP: an endpoint registered from its form (the secret shown once, a second
 * sending shows it no more), a delivery that failed seen with the receiver's answer and sent again to the mended
 * receiver, signed as the first; the secret revealed on demand and audited; a test delivery; switching off and on;
 * a read-only person shown no form and refused the forged ones; another merchant's endpoint and event not found; a
 * key's recent requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../testing/harness';
import { expectJson, startPagesService, type PagesService } from '../../testing/browser';
import { dashboardClient, field, personOf, signedInAs } from '../../testing/dashboard';
import { pixBody } from '../../testing/payments';
import { startReceiver, type Receiver } from '../../testing/receiver';
import { recordEvent } from '../../webhooks/outbox';
import { signatureHeaders } from '../../webhooks/signer';
import { WEBHOOKS_PATH } from './webhooks';

const secretOf = (page: string) => /<code id="endpoint-secret">(whsec_[^<]+)<\/code>/.exec(page)?.[1];

describe.each(ENGINES)('the webhook pages, on $name', (engine) => {
  let svc: PagesService;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    // One retry a minute: the failed first attempt stays failed while the test looks at it.
    svc = await startPagesService(engine, { WEBHOOK_RETRY_SECONDS: '60' });
  });
  afterAll(async () => {
    await svc?.close();
    await receiver?.close();
  });

  const signedIn = (role: string) => signedInAs(svc, role);

  /** Waits for the receiver to have `n` deliveries. */
  async function received(n: number): Promise<void> {
    await expect.poll(() => receiver.received.length, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(n);
  }

  let endpointId = '';
  let secret = '';

  it('registers an endpoint from its form, the secret shown once', async () => {
    const c = await signedIn('developer');
    const page = await c.get(WEBHOOKS_PATH);
    expect(page.status).toBe(200);
    const form = new URLSearchParams({ csrf: field(page.text, 'csrf'), idem: field(page.text, 'idem'), name: 'Pedidos', endpoint: receiver.url });
    form.append('events', 'transaction.approved');
    form.append('events', 'transaction.created');
    const made = await c.post(WEBHOOKS_PATH, form);
    expect(made.status).toBe(201);
    secret = secretOf(made.text)!;
    expect(secret).toMatch(/^whsec_/);
    endpointId = /<code>(wbe_\w+)<\/code>/.exec(made.text)![1]!;
    const again = await c.post(WEBHOOKS_PATH, form);
    expect(again.status).toBe(303);
    expect(again.location).toBe(`${WEBHOOKS_PATH}/${endpointId}`);
    expect(again.text).not.toContain(secret);
    expect((await c.get(`${WEBHOOKS_PATH}/${endpointId}`)).text).not.toContain(secret);
    const list = await expectJson<{ data: { id: string; events: string[] }[] }>(await svc.call('/v1/webhooks'), 200);
    expect(list.data.filter((e) => e.id === endpointId)).toHaveLength(1);
  });

  it('shows a failed delivery with the receiver’s answer, and sends it again, signed, to the mended receiver', async () => {
    const c = await signedIn('developer');
    const none = await c.get(`${WEBHOOKS_PATH}/${endpointId}`);
    // No event yet: the test delivery says how to make one.
    const early = await c.post(`${WEBHOOKS_PATH}/${endpointId}/test`, { csrf: field(none.text, 'csrf'), idem: field(none.text, 'idem') });
    expect(early.status).toBe(422);
    receiver.answer({ status: 500, body: 'receiver broke' });
    const res = await svc.call('/v1/transactions', { method: 'POST', json: pixBody() });
    await expectJson(res, 201);
    await received(1);
    const eventId = JSON.parse(receiver.received[0]!.body).id as string;
    await expect
      .poll(async () => /data-status="(\w+)"/.exec((await c.get(`${WEBHOOKS_PATH}/events/${eventId}`)).text)?.[1], { timeout: 10_000 })
      .toBe('pending');
    const page = await c.get(`${WEBHOOKS_PATH}/events/${eventId}`);
    expect(page.text).toContain('<span class="http-status">500</span>');
    // A loopback receiver's answer body is never stored (WebhookDispatch.responseBody): only its status shows.
    expect(page.text).not.toContain('receiver broke');
    expect(page.text).toContain(`&quot;id&quot;: &quot;${eventId}&quot;`);
    const endpointPage = await c.get(`${WEBHOOKS_PATH}/${endpointId}`);
    expect(endpointPage.text).toContain(`href="${WEBHOOKS_PATH}/events/${eventId}"`);

    receiver.answer({ status: 200, body: '{"ok":true}' });
    const again = await c.post(`${WEBHOOKS_PATH}/events/${eventId}/redeliver`, { csrf: field(page.text, 'csrf'), idem: field(page.text, 'idem'), endpointId });
    expect(again.status).toBe(303);
    await received(2);
    const second = receiver.received[1]!;
    const body = JSON.parse(second.body) as { id: string; source: string };
    expect(body).toMatchObject({ id: eventId, source: 'manual' });
    const expected = signatureHeaders(second.body, secret, eventId, Number(second.headers['webhook-timestamp']));
    expect(second.headers['webhook-signature']).toBe(expected['webhook-signature']);
    const after = await c.get(`${WEBHOOKS_PATH}/events/${eventId}`);
    expect(after.text).toMatch(/data-status="succeeded"/);
    const audit = await svc.db.query<{ target: string }>(`SELECT target FROM audit_events WHERE merchant_id = $1 AND action = 'redeliverWebhookEvent'`, [svc.merchant.merchantId]);
    expect(audit.rows.map((r) => r.target)).toEqual([eventId]);

    // A test delivery: the newest event it subscribes to, to this endpoint alone.
    const before = receiver.received.length;
    const test = await c.post(`${WEBHOOKS_PATH}/${endpointId}/test`, { csrf: field(endpointPage.text, 'csrf'), idem: field(endpointPage.text, 'idem') });
    expect(test.status).toBe(303);
    expect(test.location).toMatch(new RegExp(`${WEBHOOKS_PATH}/events/wbh_\\w+\\?sent=1$`));
    await received(before + 1);
    expect(JSON.parse(receiver.received[before]!.body).source).toBe('manual');
  });

  it('reveals the secret on demand to whom may manage webhooks, audited; refuses a read-only person', async () => {
    const dev = await signedIn('developer');
    const page = await dev.get(`${WEBHOOKS_PATH}/${endpointId}`);
    const shown = await dev.post(`${WEBHOOKS_PATH}/${endpointId}/secret`, { csrf: field(page.text, 'csrf') });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(secretOf(shown.text)).toBe(secret);
    const audit = await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_events WHERE action = 'webhook.secret.reveal' AND target = $1`, [endpointId]);
    expect(audit.rows[0]!.n).toBe(1);
    expect(svc.logs.join('')).not.toContain(secret);

    const reader = await signedIn('read-only');
    const seen = await reader.get(`${WEBHOOKS_PATH}/${endpointId}`);
    expect(seen.status).toBe(200);
    expect(seen.text).not.toContain('/secret"');
    expect(seen.text).not.toContain('/disable"');
    const csrf = field(seen.text, 'csrf');
    const forged = await reader.post(`${WEBHOOKS_PATH}/${endpointId}/secret`, { csrf });
    expect(forged.status).toBe(403);
    expect(forged.text).not.toContain(secret);
    expect((await reader.post(`${WEBHOOKS_PATH}/${endpointId}/disable`, { csrf, idem: 'dsh_AAAAAAAAAAAAAAAAAAAAAAAA' })).status).toBe(403);
    expect((await reader.post(WEBHOOKS_PATH, { csrf, idem: 'dsh_AAAAAAAAAAAAAAAAAAAAAAAB', name: 'x', endpoint: receiver.url, events: 'transaction.approved' })).status).toBe(403);
  });

  it('switches the endpoint off and on, keeping what it is', async () => {
    const c = await signedIn('admin');
    const page = await c.get(`${WEBHOOKS_PATH}/${endpointId}`);
    expect((await c.post(`${WEBHOOKS_PATH}/${endpointId}/disable`, { csrf: field(page.text, 'csrf'), idem: field(page.text, 'idem') })).status).toBe(303);
    const off = await expectJson<{ enabled: boolean; events: string[]; name: string }>(await svc.call(`/v1/webhooks/${endpointId}`), 200);
    expect(off).toMatchObject({ enabled: false, name: 'Pedidos' });
    expect(off.events.sort()).toEqual(['transaction.approved', 'transaction.created']);
    const offPage = await c.get(`${WEBHOOKS_PATH}/${endpointId}`);
    expect(offPage.text).toContain('data-enabled="false"');
    expect((await c.post(`${WEBHOOKS_PATH}/${endpointId}/enable`, { csrf: field(offPage.text, 'csrf'), idem: field(offPage.text, 'idem') })).status).toBe(303);
    expect((await expectJson<{ enabled: boolean }>(await svc.call(`/v1/webhooks/${endpointId}`), 200)).enabled).toBe(true);
  });

  it("answers 404 for another merchant's endpoint and event, and lists a key's recent requests", async () => {
    const other = await svc.newMerchant('Outra Loja Ltda');
    const theirs = await expectJson<{ id: string }>(
      await svc.call('/v1/webhooks', { method: 'POST', key: other.sandboxKey, json: { name: 'Deles', endpoint: `${receiver.url}/theirs`, events: ['transaction.created'] } }),
      201,
    );
    await expectJson(await svc.call('/v1/transactions', { method: 'POST', key: other.sandboxKey, json: pixBody() }), 201);
    const events = await expectJson<{ data: { id: string }[] }>(await svc.call('/v1/webhooks/events', { key: other.sandboxKey }), 200);
    const c = await signedIn('owner');
    expect((await c.get(`${WEBHOOKS_PATH}/${theirs.id}`)).status).toBe(404);
    expect((await c.get(`${WEBHOOKS_PATH}/events/${events.data[0]!.id}`)).status).toBe(404);
    const own = await c.get(WEBHOOKS_PATH);
    const csrf = field(own.text, 'csrf');
    expect((await c.post(`${WEBHOOKS_PATH}/${theirs.id}/secret`, { csrf })).status).toBe(404);
    expect((await c.post(`${WEBHOOKS_PATH}/events/${events.data[0]!.id}/redeliver`, { csrf, idem: field(own.text, 'idem') })).status).toBe(404);

    const keyId = (await svc.db.query<{ id: string }>(`SELECT id FROM api_keys WHERE merchant_id = $1 AND mode = 'sandbox' ORDER BY created_at LIMIT 1`, [svc.merchant.merchantId])).rows[0]!.id;
    await expect.poll(async () => (await c.get(`/dashboard/developers/requests?key=${keyId}`)).text.includes('POST /v1/transactions'), { timeout: 10_000 }).toBe(true);
    const theirKey = (await svc.db.query<{ id: string }>(`SELECT id FROM api_keys WHERE merchant_id = $1 AND mode = 'sandbox' LIMIT 1`, [other.merchantId])).rows[0]!.id;
    const theirs2 = await c.get(`/dashboard/developers/requests?key=${theirKey}`);
    expect(theirs2.status).toBe(200);
    expect(theirs2.text).toContain('0 de 0 requisições');
  });

  it("shows an endpoint's deliveries and sends its test event however many events of other types came after", async () => {
    const m = await svc.newMerchant('Loja Movimentada Ltda');
    const scope = { merchantId: m.merchantId, mode: 'sandbox' as const };
    const quiet = await expectJson<{ id: string }>(
      await svc.call('/v1/webhooks', { method: 'POST', key: m.sandboxKey, json: { name: 'Saques', endpoint: receiver.url, events: ['withdrawal.paid'] } }),
      201,
    );
    await expectJson(await svc.call('/v1/webhooks', { method: 'POST', key: m.sandboxKey, json: { name: 'Pedidos', endpoint: `${receiver.url}/pedidos`, events: ['transaction.created'] } }), 201);
    const t0 = Date.now();
    const paid = await svc.db.transaction((tx) => recordEvent(tx, scope, { type: 'withdrawal.paid', resource: 'withdrawal', resourceId: 'wdr_0000000000000001', object: { amount: 100 } }, new Date(t0)));
    for (let i = 1; i <= 110; i++) {
      await svc.db.transaction((tx) => recordEvent(tx, scope, { type: 'transaction.created', resource: 'transaction', resourceId: `tra_${String(i).padStart(16, '0')}`, object: { amount: 100 } }, new Date(t0 + i)));
    }
    const p = await personOf(svc.db, m.merchantId, 'developer');
    const c = dashboardClient(svc.url);
    expect((await c.signIn(p.email, p.password)).status).toBe(303);
    const page = await c.get(`${WEBHOOKS_PATH}/${quiet.id}`);
    expect(page.text).toContain(`${WEBHOOKS_PATH}/events/${paid}"`);
    const sent = await c.post(`${WEBHOOKS_PATH}/${quiet.id}/test`, { csrf: field(page.text, 'csrf'), idem: field(page.text, 'idem') });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe(`${WEBHOOKS_PATH}/events/${paid}?sent=1`);
  });
});
