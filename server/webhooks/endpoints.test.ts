/**
 * Webhook endpoints at rest and in their mode: secrets and authorization values are sealed (never stored as they
 * were given), a sealed value opens only with its key, and production keys may not point deliveries at the
 * service's own network, at registration or on update; nor sandbox keys when the operator denies private
 * addresses (`WEBHOOK_PRIVATE_ADDRESSES=deny`), at registration, on update and at delivery.
 */
import { randomBytes } from 'node:crypto';
import dns from 'node:dns';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { startReceiver } from '../testing/receiver';
import { recordEvent } from './outbox';
import { sealerOf } from './sealer';

describe('the sealer', () => {
  it('opens what it sealed, and refuses another key or a tampered text', () => {
    const a = sealerOf(randomBytes(32));
    const b = sealerOf(randomBytes(32));
    const sealed = a.seal('whsec_secret-value');
    expect(sealed).not.toContain('secret-value');
    expect(a.open(sealed)).toBe('whsec_secret-value');
    expect(a.seal('same')).not.toBe(a.seal('same'));
    expect(() => b.open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => a.open(parts.join('.'))).toThrow();
    expect(() => sealerOf(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe.each(ENGINES)('webhook endpoints on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000' });
  });
  afterAll(async () => svc?.close());

  it('keeps neither the secret nor the authorization value as given', async () => {
    const res = await svc.call('/v1/webhooks', {
      method: 'POST',
      json: { name: 'Sealed', endpoint: 'http://127.0.0.1:9/sealed', events: ['transaction.approved'], headerAuthorizationType: 'basic', headerAuthorization: 'acme:pa55-w0rd-XYZ' },
    });
    const created = (await res.json()) as { id: string; secret: string; headerAuthorization: string };
    expect(res.status).toBe(201);
    expect(created.secret).toMatch(/^whsec_[0-9A-Za-z+/]{32,}={0,2}$/);
    expect(created.headerAuthorization).toBe('****-XYZ');
    const row = await svc.db.query<{ j: string }>('SELECT row_to_json(w)::text AS j FROM webhook_endpoints w WHERE id = $1', [created.id]);
    expect(row.rows[0]!.j).not.toContain(created.secret.slice(6));
    expect(row.rows[0]!.j).not.toContain('pa55-w0rd');
    const read = (await (await svc.call(`/v1/webhooks/${created.id}`)).json()) as Record<string, unknown>;
    expect(read).not.toHaveProperty('secret');
  });

  it('masks a short authorization value whole, and refuses credentials inside the URL (400)', async () => {
    const res = await svc.call('/v1/webhooks', {
      method: 'POST',
      json: { name: 'Short', endpoint: 'http://127.0.0.1:9/short', events: ['transaction.approved'], headerAuthorizationType: 'bearer', headerAuthorization: 'abc123' },
    });
    expect(((await res.json()) as { headerAuthorization: string }).headerAuthorization).toBe('****');
    const userinfo = await svc.call('/v1/webhooks', { method: 'POST', json: { name: 'Creds', endpoint: 'http://user:pass@127.0.0.1:9/x', events: ['transaction.approved'] } });
    expect(userinfo.status).toBe(400);
    expect(JSON.stringify(await userinfo.json())).toContain('headerAuthorization');
  });

  it.each(['http://169.254.169.254/latest/meta-data', 'http://[fe80::1]/hooks'])('refuses the link-local %s even for a sandbox key', async (url) => {
    const res = await svc.call('/v1/webhooks', { method: 'POST', json: { name: 'Meta', endpoint: url, events: ['transaction.approved'] } });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('webhookEndpointNotAllowed');
  });

  it.each([
    ['http://127.0.0.1:4000/hooks'],
    ['https://127.0.0.1/hooks'],
    ['https://localhost/hooks'],
    ['https://10.1.2.3/hooks'],
    ['https://[::1]/hooks'],
  ])('refuses %s for a production key (422 webhookEndpointNotAllowed), at registration and on update', async (url) => {
    const key = svc.merchant.productionKey;
    const res = await svc.call('/v1/webhooks', { method: 'POST', key, json: { name: 'Prod', endpoint: url, events: ['transaction.approved'] } });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('webhookEndpointNotAllowed');
    // Sandbox keys may use it (a receiver on a developer's machine).
    const sandbox = await svc.call('/v1/webhooks', { method: 'POST', json: { name: 'Dev', endpoint: url, events: ['transaction.approved'] } });
    expect(sandbox.status).toBe(201);
    await svc.call(`/v1/webhooks/${((await sandbox.json()) as { id: string }).id}`, { method: 'DELETE' });
    // A production endpoint at a public address (an IP literal: nothing is resolved or sent) may not move there.
    const prod = await svc.call('/v1/webhooks', { method: 'POST', key, json: { name: 'Prod', endpoint: 'https://8.8.8.8/hooks', events: ['transaction.approved'] } });
    expect(prod.status).toBe(201);
    const { id } = (await prod.json()) as { id: string };
    const put = await svc.call(`/v1/webhooks/${id}`, {
      method: 'PUT', key,
      json: { name: 'Prod', endpoint: url, events: ['transaction.approved'], enabled: true, forceActive: false },
    });
    expect(put.status).toBe(422);
    expect(((await svc.call(`/v1/webhooks/${id}`, { key }).then((r) => r.json())) as { endpoint: string }).endpoint).toBe('https://8.8.8.8/hooks');
    await svc.call(`/v1/webhooks/${id}`, { method: 'DELETE', key });
  });
});

describe.each(ENGINES)('webhook endpoints with WEBHOOK_PRIVATE_ADDRESSES=deny on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', WEBHOOK_PRIVATE_ADDRESSES: 'deny' });
  });
  afterAll(async () => svc?.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const register = (endpoint: string) => svc.call('/v1/webhooks', { method: 'POST', json: { name: 'Dev', endpoint, events: ['customer.updated'] } });
  async function code(res: Response): Promise<string> {
    return ((await res.json()) as { error: { code: string } }).error.code;
  }

  it.each(['http://127.0.0.1:4000/hooks', 'http://localhost:4000/hooks', 'http://10.1.2.3/hooks', 'http://192.168.0.10/hooks', 'http://[::1]:4000/'])(
    'refuses %s for a sandbox key too (422 webhookEndpointNotAllowed)',
    async (url) => {
      const res = await register(url);
      expect(res.status).toBe(422);
      expect(await code(res)).toBe('webhookEndpointNotAllowed');
    },
  );

  it('still accepts a sandbox endpoint on a public address over http, and refuses moving it to loopback', async () => {
    const res = await register('http://8.8.8.8/hooks'); // an IP literal: nothing is resolved or sent
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const put = await svc.call(`/v1/webhooks/${id}`, {
      method: 'PUT',
      json: { name: 'Dev', endpoint: 'http://127.0.0.1:4000/hooks', events: ['customer.updated'], enabled: true, forceActive: false },
    });
    expect(put.status).toBe(422);
    expect(await code(put)).toBe('webhookEndpointNotAllowed');
    await svc.call(`/v1/webhooks/${id}`, { method: 'DELETE' });
  });

  it('refuses at delivery a name that was public at registration and now resolves to loopback', async () => {
    const receiver = await startReceiver();
    try {
      const port = new URL(receiver.url).port;
      let answer = '93.184.216.34';
      // Only the resolver the address check uses is stubbed: the name answers public first, loopback afterwards.
      vi.spyOn(dns.promises, 'lookup').mockImplementation((async () => [{ address: answer, family: 4 }]) as unknown as typeof dns.promises.lookup);
      const res = await register(`http://hooks.acme.example:${port}/hooks`);
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: string };
      answer = '127.0.0.1';
      await svc.db.transaction((q) =>
        recordEvent(q, { merchantId: svc.merchant.merchantId, mode: 'sandbox' }, { type: 'customer.updated', resource: 'customer', resourceId: 'cus_D0000000000000001', object: { n: 1 } }, new Date()),
      );
      await svc.drain();
      expect(receiver.received).toHaveLength(0);
      const d = await svc.db.query<{ last_error: string; response_status_code: number | null; response_body: string | null }>(
        'SELECT last_error, response_status_code, response_body FROM webhook_dispatches WHERE endpoint_id = $1',
        [id],
      );
      expect(d.rows).toEqual([{ last_error: 'addressNotAllowed', response_status_code: null, response_body: null }]);
    } finally {
      await receiver.close();
    }
  });
});
