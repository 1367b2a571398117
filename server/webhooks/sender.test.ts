/**
 * `deliver` against real receivers listening on 127.0.0.1 (ephemeral ports). Host names other than `localhost` are
 * answered by a stubbed resolver, and the callback resolver Node would use for an unpinned connection is stubbed
 * to fail, so no query or packet leaves the loopback interface.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import dns from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { createSecureContext } from 'node:tls';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliver, USER_AGENT, type DeliveryResult } from './sender';
import { signatureHeaders } from './signer';

// A self-signed certificate for `webhooks-test.invalid`, made for these tests only (P-256, valid until 2126).
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg2dEaSiSS6nJLh72N
ho1k4IbEm9Di+Z3R17UuYPnMCoOhRANCAATor89GNpqg9IgivFUr29T+mXoBhFGq
67ICWanXy6KY/EokU5rAjY4X2LPRRkKIqB3Ds9Fmqs5UJmVhgQ0hKQPf
-----END PRIVATE KEY-----`;
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBuDCCAV+gAwIBAgIUX/ynpybRhCHhRFish+D3vpe/LPswCgYIKoZIzj0EAwIw
IDEeMBwGA1UEAwwVd2ViaG9va3MtdGVzdC5pbnZhbGlkMCAXDTI2MTEyMzA1NTgw
OFoYDzIxMjYxMDMwMDU1ODA4WjAgMR4wHAYDVQQDDBV3ZWJob29rcy10ZXN0Lmlu
dmFsaWQwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAATor89GNpqg9IgivFUr29T+
mXoBhFGq67ICWanXy6KY/EokU5rAjY4X2LPRRkKIqB3Ds9Fmqs5UJmVhgQ0hKQPf
o3UwczAdBgNVHQ4EFgQUIcAEBMI8qdU1AI2s5TT6AzCg7yAwHwYDVR0jBBgwFoAU
IcAEBMI8qdU1AI2s5TT6AzCg7yAwDwYDVR0TAQH/BAUwAwEB/zAgBgNVHREEGTAX
ghV3ZWJob29rcy10ZXN0LmludmFsaWQwCgYIKoZIzj0EAwIDRwAwRAIgJ6Zrxm9w
bYXrhMn9W4Th0q7M4oDSmBGePpku9zE5v7gCIBvK8amOyPTsDvbtMpWeBD1V1Gic
HBl0/oceLwTo+Tii
-----END CERTIFICATE-----`;

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

interface Receiver {
  port: number;
  url: string;
  received: Received[];
  /** TCP connections accepted, answered or not. */
  connections: () => number;
}

const servers: (http.Server | TcpServer)[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((ok) => {
          if (s instanceof http.Server) s.closeAllConnections();
          s.close(() => ok());
        }),
    ),
  );
});

async function listen<S extends http.Server | TcpServer>(server: S): Promise<number> {
  servers.push(server);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return (server.address() as AddressInfo).port;
}

/** An HTTP receiver on 127.0.0.1 that records each request and lets `answer` reply once the body is in. */
async function receiver(answer: (res: ServerResponse, req: IncomingMessage) => void): Promise<Receiver> {
  const received: Received[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      answer(res, req);
    });
  });
  server.on('connection', () => connections++);
  const port = await listen(server);
  return { port, url: `http://127.0.0.1:${port}`, received, connections: () => connections };
}

/** A plain TCP listener that only counts connections: proof that nothing was even attempted. */
async function tcpCounter(): Promise<{ port: number; connections: () => number }> {
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections++;
    socket.destroy();
  });
  const port = await listen(server);
  return { port, connections: () => connections };
}

async function unusedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((ok) => server.close(() => ok()));
  return port;
}

/** Answers `dns.promises.lookup` from a table, and fails any lookup Node would make on its own. */
function fakeDns(table: Record<string, string[]>) {
  const checked = vi.spyOn(dns.promises, 'lookup').mockImplementation((async (host: string) => {
    const found = table[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  }) as unknown as typeof dns.promises.lookup);
  const unpinned = vi.spyOn(dns, 'lookup').mockImplementation(((host: string, ...rest: unknown[]) => {
    const callback = rest[rest.length - 1] as (err: Error) => void;
    process.nextTick(() => callback(Object.assign(new Error(`unexpected lookup of ${host}`), { code: 'ENOTFOUND' })));
  }) as unknown as typeof dns.lookup);
  return { checked, unpinned };
}

const sandbox = (url: string, extra: Partial<Parameters<typeof deliver>[0]> = {}) =>
  deliver({ url, body: '{"id":"wbh_1"}', headers: {}, timeoutMs: 5000, policy: 'sandbox', ...extra });

describe('deliver: answers', () => {
  it('a 200 succeeds with the answer body and the time taken', async () => {
    const r = await receiver((res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}'));
    const started = performance.now();
    const result = await sandbox(`${r.url}/hooks`);
    const wall = performance.now() - started;
    expect(result).toEqual({ kind: 'succeeded', status: 200, body: '{"received":true}', ms: expect.any(Number) });
    expect(result.ms).toBeGreaterThanOrEqual(0);
    expect(result.ms).toBeLessThanOrEqual(Math.ceil(wall));
    expect(r.received).toHaveLength(1);
  });

  it.each([201, 202, 204, 299])('a %i succeeds too (any 2xx)', async (status) => {
    const r = await receiver((res) => res.writeHead(status).end());
    expect(await sandbox(r.url)).toMatchObject({ kind: 'succeeded', status, body: '' });
  });

  it('a 500 fails with httpStatus, keeping status and body', async () => {
    const r = await receiver((res) => res.writeHead(500).end('boom'));
    expect(await sandbox(r.url)).toEqual({
      kind: 'failed',
      error: 'httpStatus',
      status: 500,
      body: 'boom',
      ms: expect.any(Number),
      retryAfterSeconds: null,
    });
  });

  it('a 429 with Retry-After: 120 reports 120 seconds', async () => {
    const r = await receiver((res) => res.writeHead(429, { 'Retry-After': '120' }).end('slow down'));
    expect(await sandbox(r.url)).toMatchObject({ kind: 'failed', error: 'httpStatus', status: 429, retryAfterSeconds: 120 });
  });

  it('a 503 with an HTTP-date Retry-After reports the seconds until then', async () => {
    const at = new Date(Date.now() + 600_000).toUTCString();
    const r = await receiver((res) => res.writeHead(503, { 'Retry-After': at }).end());
    const result = await sandbox(r.url);
    expect(result).toMatchObject({ kind: 'failed', error: 'httpStatus', status: 503 });
    const seconds = result.kind === 'failed' ? result.retryAfterSeconds : null;
    expect(seconds).toBeGreaterThanOrEqual(598);
    expect(seconds).toBeLessThanOrEqual(600);
  });

  it.each([301, 302, 303, 307, 308])('a %i is a failed redirect and its Location is not fetched', async (status) => {
    const target = await receiver((res) => res.writeHead(200).end('followed'));
    const r = await receiver((res) => res.writeHead(status, { Location: `${target.url}/elsewhere` }).end());
    expect(await sandbox(r.url)).toMatchObject({ kind: 'failed', error: 'redirect', status, body: '' });
    expect(r.received).toHaveLength(1);
    expect(target.connections()).toBe(0);
  });
});

describe('deliver: what is sent', () => {
  it('POSTs the exact body bytes with JSON, User-Agent, caller headers and verifiable signatures', async () => {
    const r = await receiver((res) => res.writeHead(200).end());
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    // Non-ASCII text and unusual spacing: any re-encoding or re-serializing would break the signatures.
    const body = '{"id":"wbh_7Rf3EdC9wSx5QaZk",  "payload":{"object":{"name":"João","city":"São Paulo","emoji":"🎉"}}}';
    const signed = signatureHeaders(body, secret, 'wbh_7Rf3EdC9wSx5QaZk', 1773491465);
    const result = await deliver({
      url: `${r.url}/hooks/in?tenant=acme`,
      body,
      headers: {
        ...signed,
        'X-Service-Event': 'customer.updated',
        Authorization: 'Bearer tok_123',
        // The sender owns these: a caller's value must not change how the body is framed or described.
        'content-type': 'text/plain',
        'User-Agent': 'curl/8',
        'Content-Length': '1',
      },
      timeoutMs: 5000,
      policy: 'sandbox',
    });
    expect(result.kind).toBe('succeeded');
    expect(r.received).toHaveLength(1);
    const got = r.received[0]!;
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/hooks/in?tenant=acme');
    expect(got.body.equals(Buffer.from(body, 'utf8'))).toBe(true);
    expect(got.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toBe(USER_AGENT);
    expect(got.headers['host']).toBe(`127.0.0.1:${r.port}`);
    expect(got.headers['x-service-event']).toBe('customer.updated');
    expect(got.headers['authorization']).toBe('Bearer tok_123');
    expect(got.headers['webhook-id']).toBe('wbh_7Rf3EdC9wSx5QaZk');
    expect(got.headers['webhook-timestamp']).toBe('1773491465');

    // Verified the way tag-webhooks.md tells receivers to: over the raw bytes, timing-safe.
    const expected = Buffer.from('sha256=' + createHmac('sha256', secret).update(got.body).digest('hex'));
    const header = Buffer.from(String(got.headers['x-service-signature']));
    expect(header.length === expected.length && timingSafeEqual(header, expected)).toBe(true);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const standard = createHmac('sha256', key)
      .update(Buffer.concat([Buffer.from(`${got.headers['webhook-id']}.${got.headers['webhook-timestamp']}.`), got.body]))
      .digest('base64');
    expect(got.headers['webhook-signature']).toBe(`v1,${standard}`);
  });
});

describe('deliver: the recorded answer body', () => {
  it('keeps the first 4096 bytes of a 10 KiB answer', async () => {
    const answer = Buffer.alloc(10 * 1024);
    for (let i = 0; i < answer.length; i++) answer[i] = 0x61 + (i % 26);
    const r = await receiver((res) => res.writeHead(200).end(answer));
    const result = await sandbox(r.url);
    expect(result.kind).toBe('succeeded');
    expect(result.kind === 'succeeded' && result.body).toBe(answer.subarray(0, 4096).toString('latin1'));
  });

  it.each([
    ['a 2-byte character', 'é', 4095],
    ['a 3-byte character', '€', 4094],
    ['a 3-byte character', '€', 4095],
    ['a 4-byte character', '🎉', 4093],
    ['a 4-byte character', '🎉', 4095],
  ])('does not split %s (%s) that straddles byte 4096 when %i bytes precede it', async (_what, char, before) => {
    const text = 'a'.repeat(before) + char + 'z'.repeat(200);
    const r = await receiver((res) => res.writeHead(500).end(text));
    const result = await sandbox(r.url);
    expect(result.body).toBe('a'.repeat(before));
  });

  it('keeps a character that ends exactly at byte 4096', async () => {
    const text = 'a'.repeat(4093) + '€' + 'z'.repeat(10);
    const r = await receiver((res) => res.writeHead(200).end(text));
    const result = await sandbox(r.url);
    expect(result.body).toBe('a'.repeat(4093) + '€');
    expect(Buffer.byteLength(result.body!)).toBe(4096);
  });

  it('counts the time until the whole answer is in, past the 4096 bytes kept', async () => {
    const r = await receiver((res) => {
      res.writeHead(200);
      res.write('x'.repeat(5000));
      setTimeout(() => res.end('tail'), 150);
    });
    const result = await sandbox(r.url);
    expect(result).toMatchObject({ kind: 'succeeded', body: 'x'.repeat(4096) });
    expect(result.ms).toBeGreaterThanOrEqual(140);
  });
});

describe('deliver: failures without a usable answer', () => {
  it('times out on a receiver that never answers, reporting timeoutMs', async () => {
    const r = await receiver(() => {
      /* never answers */
    });
    const started = performance.now();
    const result = await sandbox(r.url, { timeoutMs: 300 });
    const wall = performance.now() - started;
    expect(result).toEqual({ kind: 'failed', error: 'timeout', status: null, body: null, ms: 300, retryAfterSeconds: null });
    expect(wall).toBeGreaterThanOrEqual(290);
    expect(wall).toBeLessThan(2000);
    expect(r.received).toHaveLength(1);
  });

  it('times out on an answer whose body never ends, keeping the status and what came', async () => {
    const r = await receiver((res) => {
      res.writeHead(200);
      res.write('partial');
    });
    expect(await sandbox(r.url, { timeoutMs: 300 })).toEqual({
      kind: 'failed',
      error: 'timeout',
      status: 200,
      body: 'partial',
      ms: 300,
      retryAfterSeconds: null,
    });
  });

  it('times out while the host name is still being resolved', async () => {
    vi.spyOn(dns.promises, 'lookup').mockImplementation((() => new Promise(() => {})) as unknown as typeof dns.promises.lookup);
    expect(await sandbox('http://slow-dns.acme.example/', { timeoutMs: 100 })).toMatchObject({
      kind: 'failed',
      error: 'timeout',
      ms: 100,
    });
  });

  it('reports connectionRefused when nobody listens on the port', async () => {
    const port = await unusedPort();
    expect(await sandbox(`http://127.0.0.1:${port}/`)).toMatchObject({
      kind: 'failed',
      error: 'connectionRefused',
      status: null,
      body: null,
      retryAfterSeconds: null,
    });
  });

  it('reports connectionRefused when the receiver drops the connection without answering', async () => {
    const r = await receiver((_res, req) => req.socket.destroy());
    expect(await sandbox(r.url)).toMatchObject({ kind: 'failed', error: 'connectionRefused', status: null, body: null });
  });

  it('reports dnsError when the host name does not resolve', async () => {
    fakeDns({});
    expect(await sandbox('http://nowhere.acme.example/')).toMatchObject({
      kind: 'failed',
      error: 'dnsError',
      status: null,
      body: null,
    });
  });

  it('reports tlsError when the receiver does not speak TLS', async () => {
    const r = await receiver((res) => res.writeHead(200).end());
    expect(await sandbox(`https://127.0.0.1:${r.port}/`)).toMatchObject({ kind: 'failed', error: 'tlsError', status: null });
  });

  it('reports tlsError for an untrusted certificate, having sent the URL host name as TLS server name', async () => {
    const names: string[] = [];
    const context = createSecureContext({ key: TEST_KEY, cert: TEST_CERT });
    const server = https.createServer({
      key: TEST_KEY,
      cert: TEST_CERT,
      SNICallback: (name, cb) => {
        names.push(name);
        cb(null, context);
      },
    });
    const port = await listen(server);
    fakeDns({ 'webhooks-test.invalid': ['127.0.0.1'] });
    expect(await sandbox(`https://webhooks-test.invalid:${port}/`)).toMatchObject({ kind: 'failed', error: 'tlsError' });
    expect(names).toEqual(['webhooks-test.invalid']);
  });

  it('returns a failure instead of throwing when Node refuses a header value', async () => {
    const r = await receiver((res) => res.writeHead(200).end());
    const result: DeliveryResult = await sandbox(r.url, { headers: { Authorization: 'Bearer a\r\nX-Injected: 1' } });
    expect(result).toMatchObject({ kind: 'failed', status: null, body: null });
    expect(r.connections()).toBe(0);
  });
});

describe('deliver: address policy', () => {
  let counter: { port: number; connections: () => number };
  beforeEach(async () => {
    counter = await tcpCounter();
  });

  it('production refuses http to loopback without connecting', async () => {
    const result = await deliver({ url: `http://127.0.0.1:${counter.port}/`, body: '{}', headers: {}, timeoutMs: 5000, policy: 'production' });
    expect(result).toMatchObject({ kind: 'failed', error: 'addressNotAllowed', status: null, body: null });
    expect(counter.connections()).toBe(0);
  });

  it.each(['localhost', '127.0.0.1', '[::ffff:127.0.0.1]'])(
    'production refuses https://%s without connecting',
    async (host) => {
      const result = await deliver({ url: `https://${host}:${counter.port}/`, body: '{}', headers: {}, timeoutMs: 5000, policy: 'production' });
      expect(result).toMatchObject({ kind: 'failed', error: 'addressNotAllowed', status: null, body: null });
      expect(counter.connections()).toBe(0);
    },
  );

  it('production refuses a host name that resolves to a private address, without connecting', async () => {
    const { unpinned } = fakeDns({ 'hooks.acme.example': ['127.0.0.1'] });
    const result = await deliver({
      url: `https://hooks.acme.example:${counter.port}/`,
      body: '{}',
      headers: {},
      timeoutMs: 5000,
      policy: 'production',
    });
    expect(result).toMatchObject({ kind: 'failed', error: 'addressNotAllowed' });
    expect(counter.connections()).toBe(0);
    expect(unpinned).not.toHaveBeenCalled();
  });

  it('sandbox delivers to loopback, by address and as localhost', async () => {
    const r = await receiver((res) => res.writeHead(200).end('ok'));
    expect(await sandbox(`http://127.0.0.1:${r.port}/`)).toMatchObject({ kind: 'succeeded', body: 'ok' });
    expect(await sandbox(`http://localhost:${r.port}/`)).toMatchObject({ kind: 'succeeded', body: 'ok' });
    expect(r.received).toHaveLength(2);
  });

  it('connects to the address that was checked, not to a second resolution (DNS rebinding)', async () => {
    const r = await receiver((res) => res.writeHead(200).end('ok'));
    const { checked, unpinned } = fakeDns({ 'rebind.acme.example': ['127.0.0.1'] });
    // Any later resolution of the name answers something else entirely.
    checked.mockResolvedValueOnce([{ address: '127.0.0.1', family: 4 }] as never).mockRejectedValue(
      Object.assign(new Error('rebound'), { code: 'ENOTFOUND' }),
    );
    const result = await sandbox(`http://rebind.acme.example:${r.port}/hooks`);
    expect(result).toMatchObject({ kind: 'succeeded', body: 'ok' });
    expect(checked).toHaveBeenCalledTimes(1);
    expect(unpinned).not.toHaveBeenCalled();
    // The receiver still sees the URL's host name.
    expect(r.received[0]!.headers['host']).toBe(`rebind.acme.example:${r.port}`);
  });
});
