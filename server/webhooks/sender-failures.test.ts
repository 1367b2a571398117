/** `deliver` when no usable answer comes (time-outs, refused or reset connections, DNS and TLS errors) and its address policy. */
import dns from 'node:dns';
import https from 'node:https';
import { createSecureContext } from 'node:tls';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deliver, type DeliveryResult } from './sender';
import { fakeDns, listen, PUBLIC_STAND_IN, receiver, sandbox, tcpCounter, TEST_CERT, TEST_KEY, unusedPort, useServers } from '../testing/sender-fixtures';

// PUBLIC_STAND_IN (127.0.0.2) stands for a receiver on a public address, whose answers are kept; see sender.test.ts.
vi.mock('./ssrf', async (importOriginal) => {
  const real = await importOriginal<typeof import('./ssrf')>();
  return { ...real, isPublicAddress: (ip: string) => ip === '127.0.0.2' || ip === '::ffff:127.0.0.2' || real.isPublicAddress(ip) };
});

useServers();

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
    }, PUBLIC_STAND_IN);
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

  it('sandbox delivers to loopback, by address and as localhost (keeping the status, not the body)', async () => {
    const r = await receiver((res) => res.writeHead(200).end('ok'));
    expect(await sandbox(`http://127.0.0.1:${r.port}/`)).toMatchObject({ kind: 'succeeded', status: 200, body: null });
    expect(await sandbox(`http://localhost:${r.port}/`)).toMatchObject({ kind: 'succeeded', status: 200, body: null });
    expect(r.received).toHaveLength(2);
  });

  it.each(['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]'])(
    'sandboxPublic (private addresses denied) refuses http://%s at delivery time without connecting',
    async (host) => {
      const result = await sandbox(`http://${host}:${counter.port}/`, { policy: 'sandboxPublic' });
      expect(result).toMatchObject({ kind: 'failed', error: 'addressNotAllowed', status: null, body: null });
      expect(counter.connections()).toBe(0);
    },
  );

  it('sandboxPublic refuses a name that now resolves to a private address (DNS changed since registration)', async () => {
    const { checked, unpinned } = fakeDns({ 'dev.acme.example': ['192.168.0.10'] });
    const result = await sandbox(`http://dev.acme.example:${counter.port}/`, { policy: 'sandboxPublic' });
    expect(result).toMatchObject({ kind: 'failed', error: 'addressNotAllowed' });
    expect(checked).toHaveBeenCalledTimes(1);
    expect(unpinned).not.toHaveBeenCalled();
    expect(counter.connections()).toBe(0);
  });

  it('connects to the address that was checked, not to a second resolution (DNS rebinding)', async () => {
    const r = await receiver((res) => res.writeHead(200).end('ok'));
    const { checked, unpinned } = fakeDns({ 'rebind.acme.example': ['127.0.0.1'] });
    // Any later resolution of the name answers something else entirely.
    checked.mockResolvedValueOnce([{ address: '127.0.0.1', family: 4 }] as never).mockRejectedValue(
      Object.assign(new Error('rebound'), { code: 'ENOTFOUND' }),
    );
    const result = await sandbox(`http://rebind.acme.example:${r.port}/hooks`);
    expect(result).toMatchObject({ kind: 'succeeded', status: 200 });
    expect(checked).toHaveBeenCalledTimes(1);
    expect(unpinned).not.toHaveBeenCalled();
    // The receiver still sees the URL's host name.
    expect(r.received[0]!.headers['host']).toBe(`rebind.acme.example:${r.port}`);
  });
});
