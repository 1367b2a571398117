/**
 * `deliver` against real receivers listening on 127.0.0.1 (ephemeral ports). Host names other than `localhost` are
 * answered by a stubbed resolver, and the callback resolver Node would use for an unpinned connection is stubbed
 * to fail, so no query or packet leaves the loopback interface. `PUBLIC_STAND_IN` (127.0.0.2) is declared public
 * here, to stand for a receiver on the internet, whose answers are kept; 127.0.0.1 stays what it is, loopback.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { verifyWebhook } from '../../client/src/webhooks';
import { closeDeliveryPools, deliver, USER_AGENT, type DeliveryResult } from './sender';
import { fakeDns, PUBLIC_STAND_IN, receiver, sandbox, useServers } from '../testing/sender-fixtures';
import { signatureHeaders } from './signer';

vi.mock('./ssrf', async (importOriginal) => {
  const real = await importOriginal<typeof import('./ssrf')>();
  // Only the sender's own judgement of the peer is changed: checkUrl keeps the real rules (it calls the original).
  return { ...real, isPublicAddress: (ip: string) => ip === '127.0.0.2' || ip === '::ffff:127.0.0.2' || real.isPublicAddress(ip) };
});

useServers();

/** A receiver that stands for one on a public address. */
const publicReceiver = (answer: Parameters<typeof receiver>[0]) => receiver(answer, PUBLIC_STAND_IN);

describe('deliver: answers', () => {
  it('a 200 succeeds with the answer body and the time taken', async () => {
    const r = await publicReceiver((res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}'));
    const started = performance.now();
    const result = await sandbox(`${r.url}/hooks`);
    const wall = performance.now() - started;
    expect(result).toEqual({ kind: 'succeeded', status: 200, body: '{"received":true}', ms: expect.any(Number) });
    expect(result.ms).toBeGreaterThanOrEqual(0);
    expect(result.ms).toBeLessThanOrEqual(Math.ceil(wall));
    expect(r.received).toHaveLength(1);
  });

  it.each([201, 202, 204, 299])('a %i succeeds too (any 2xx)', async (status) => {
    const r = await publicReceiver((res) => res.writeHead(status).end());
    expect(await sandbox(r.url)).toMatchObject({ kind: 'succeeded', status, body: '' });
  });

  it('a 500 fails with httpStatus, keeping status and body', async () => {
    const r = await publicReceiver((res) => res.writeHead(500).end('boom'));
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
    const r = await publicReceiver((res) => res.writeHead(429, { 'Retry-After': '120' }).end('slow down'));
    expect(await sandbox(r.url)).toMatchObject({ kind: 'failed', error: 'httpStatus', status: 429, retryAfterSeconds: 120 });
  });

  it('a 503 with an HTTP-date Retry-After reports the seconds until then', async () => {
    const at = new Date(Date.now() + 600_000).toUTCString();
    const r = await publicReceiver((res) => res.writeHead(503, { 'Retry-After': at }).end());
    const result = await sandbox(r.url);
    expect(result).toMatchObject({ kind: 'failed', error: 'httpStatus', status: 503 });
    const seconds = result.kind === 'failed' ? result.retryAfterSeconds : null;
    expect(seconds).toBeGreaterThanOrEqual(598);
    expect(seconds).toBeLessThanOrEqual(600);
  });

  it.each([301, 302, 303, 307, 308])('a %i is a failed redirect and its Location is not fetched', async (status) => {
    const target = await publicReceiver((res) => res.writeHead(200).end('followed'));
    const r = await publicReceiver((res) => res.writeHead(status, { Location: `${target.url}/elsewhere` }).end());
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
    // And the typed client's verifier, with its defaults, accepts the bytes and headers as they arrived.
    expect(verifyWebhook(got.body, got.headers, secret, { now: new Date(1773491465_000) })).toMatchObject({ id: 'wbh_7Rf3EdC9wSx5QaZk' });
  });
});

describe('deliver: the recorded answer body', () => {
  it('a loopback receiver: the status code and time are kept, never the body', async () => {
    const ok = await receiver((res) => res.writeHead(200).end('{"internal":"secret"}'));
    expect(await sandbox(ok.url)).toEqual({ kind: 'succeeded', status: 200, body: null, ms: expect.any(Number) });
    const failing = await receiver((res) => res.writeHead(500, { 'Retry-After': '7' }).end('stack trace of the admin panel'));
    expect(await sandbox(failing.url)).toEqual({
      kind: 'failed',
      error: 'httpStatus',
      status: 500,
      body: null,
      ms: expect.any(Number),
      retryAfterSeconds: 7,
    });
    const local = await receiver((res) => res.writeHead(201).end('hello'));
    expect(await sandbox(`http://localhost:${local.port}/`)).toMatchObject({ kind: 'succeeded', status: 201, body: null });
  });

  it('the same answer from a public address is kept', async () => {
    const r = await publicReceiver((res) => res.writeHead(200).end('{"internal":"secret"}'));
    expect(await sandbox(r.url)).toEqual({ kind: 'succeeded', status: 200, body: '{"internal":"secret"}', ms: expect.any(Number) });
  });

  it('keeps the first 4096 bytes of a 10 KiB answer', async () => {
    const answer = Buffer.alloc(10 * 1024);
    for (let i = 0; i < answer.length; i++) answer[i] = 0x61 + (i % 26);
    const r = await publicReceiver((res) => res.writeHead(200).end(answer));
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
    const r = await publicReceiver((res) => res.writeHead(500).end(text));
    const result = await sandbox(r.url);
    expect(result.body).toBe('a'.repeat(before));
  });

  it('keeps a character that ends exactly at byte 4096', async () => {
    const text = 'a'.repeat(4093) + '€' + 'z'.repeat(10);
    const r = await publicReceiver((res) => res.writeHead(200).end(text));
    const result = await sandbox(r.url);
    expect(result.body).toBe('a'.repeat(4093) + '€');
    expect(Buffer.byteLength(result.body!)).toBe(4096);
  });

  it('counts the time until the whole answer is in, past the 4096 bytes kept', async () => {
    const r = await publicReceiver((res) => {
      res.writeHead(200);
      res.write('x'.repeat(5000));
      setTimeout(() => res.end('tail'), 150);
    });
    const result = await sandbox(r.url);
    expect(result).toMatchObject({ kind: 'succeeded', body: 'x'.repeat(4096) });
    expect(result.ms).toBeGreaterThanOrEqual(140);
  });
});

describe('deliver: kept-alive connections', () => {
  it('reuses one connection for successive deliveries to the same receiver', async () => {
    const r = await receiver((res) => res.writeHead(204).end());
    for (let i = 0; i < 5; i++) expect(await sandbox(r.url)).toMatchObject({ kind: 'succeeded', status: 204 });
    expect(r.received).toHaveLength(5);
    expect(r.connections()).toBe(1);
  });

  it('lets the oldest pool go without cutting a delivery in flight on it (more receivers than pools)', async () => {
    let received = 0;
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received++;
        setTimeout(() => res.writeHead(200).end('ok'), req.url === '/slow' ? 1_500 : 0);
      });
    });
    try {
      await new Promise<void>((ok) => server.listen(0, '0.0.0.0', ok));
      const port = (server.address() as AddressInfo).port;
      const slow = sandbox(`http://127.0.0.1:${port}/slow`);
      await new Promise((r) => setTimeout(r, 100));
      // 257 other loopback addresses, one pool each: the slow delivery's pool is the oldest and is let go.
      for (let i = 0; i < 257; i++) {
        expect(await sandbox(`http://127.0.${1 + Math.floor(i / 250)}.${(i % 250) + 1}:${port}/fast`)).toMatchObject({ kind: 'succeeded' });
      }
      expect(await slow).toMatchObject({ kind: 'succeeded', status: 200 });
      expect(received).toBe(258);
    } finally {
      closeDeliveryPools();
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
    }
  });

  it('never reuses a connection to an address the new check did not return (DNS rebinding)', async () => {
    const hits: string[] = [];
    const serve = (name: string) => http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        hits.push(name);
        res.writeHead(200).end();
      });
    });
    const first = serve('127.0.0.1');
    const second = serve('127.0.0.2');
    try {
      await new Promise<void>((ok) => first.listen(0, '127.0.0.1', ok));
      const port = (first.address() as AddressInfo).port;
      await new Promise<void>((ok) => second.listen(port, '127.0.0.2', ok));
      const url = `http://hooks.rebind.example:${port}/`;
      fakeDns({ 'hooks.rebind.example': ['127.0.0.1'] });
      expect(await sandbox(url)).toMatchObject({ kind: 'succeeded' });
      vi.restoreAllMocks();
      // The same host now resolves elsewhere: the kept connection to 127.0.0.1 was not checked by this attempt.
      fakeDns({ 'hooks.rebind.example': ['127.0.0.2'] });
      expect(await sandbox(url)).toMatchObject({ kind: 'succeeded' });
      expect(hits).toEqual(['127.0.0.1', '127.0.0.2']);
    } finally {
      for (const s of [first, second]) {
        s.closeAllConnections();
        await new Promise<void>((ok) => s.close(() => ok()));
      }
    }
  });
});
