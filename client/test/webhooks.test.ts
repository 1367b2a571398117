import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import express from 'express';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  signTestWebhook,
  verifyWebhook,
  WebhookVerificationError,
  type WebhookEvent,
  type WebhookVerificationFailure,
} from '../src/webhooks';

/** The test vector printed in the Webhooks chapter, read from the chapter itself. */
const chapter = readFileSync(resolve(import.meta.dirname, '../../spec/descriptions/tag-webhooks.md'), 'utf8');
function cells(label: string): string[] {
  const line = chapter.split('\n').findLast((l) => l.startsWith(`| ${label} |`));
  if (!line) throw new Error(`no "${label}" row in tag-webhooks.md`);
  return [...line.slice(label.length + 3).matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}
const vector = {
  secret: cells('secret')[0]!,
  body: cells('body (exact bytes)')[0]!,
  serviceSignature: cells('`X-Service-Signature`')[0]!,
  webhookId: cells('`webhook-id`, `webhook-timestamp`')[0]!,
  timestamp: cells('`webhook-id`, `webhook-timestamp`')[1]!,
  webhookSignature: cells('`webhook-signature`')[0]!,
};
const vectorNow = new Date(Number(vector.timestamp) * 1000);
const allHeaders = (): Record<string, string> => ({
  'X-Service-Signature': vector.serviceSignature,
  'webhook-id': vector.webhookId,
  'webhook-timestamp': vector.timestamp,
  'webhook-signature': vector.webhookSignature,
});

function failure(run: () => unknown): WebhookVerificationError {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(WebhookVerificationError);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).name).toBe('WebhookVerificationError');
    return err as WebhookVerificationError;
  }
  throw new Error('expected a WebhookVerificationError, nothing was thrown');
}
function reason(run: () => unknown): WebhookVerificationFailure {
  return failure(run).reason;
}

describe('verifyWebhook: the test vector of the docs', () => {
  it('with allowLegacyOnly, verifies X-Service-Signature alone and returns the parsed, typed body', () => {
    const event = verifyWebhook(vector.body, { 'X-Service-Signature': vector.serviceSignature }, vector.secret, { allowLegacyOnly: true });
    expectTypeOf(event).toEqualTypeOf<WebhookEvent>();
    expect(event).toEqual(JSON.parse(vector.body));
    expect(event.id).toBe('wbh_7Rf3EdC9wSx5QaZk');
    if (event.type === 'transaction.approved') expect(event.payload.object.status).toBe('approved');
    else expect.unreachable(`type ${event.type}`);
  });

  it('verifies both signatures and the timestamp when the Standard Webhooks headers are present', () => {
    expect(verifyWebhook(vector.body, allHeaders(), vector.secret, { now: vectorNow }).id).toBe(vector.webhookId);
  });

  it('signTestWebhook reproduces the vector headers exactly', () => {
    const signed = signTestWebhook(vector.body, vector.secret, { eventId: vector.webhookId, timestamp: Number(vector.timestamp) });
    expect(signed.body).toBe(vector.body);
    expect(signed.headers).toEqual({
      'Content-Type': 'application/json',
      'X-Service-Event': 'transaction.approved',
      ...allHeaders(),
    });
  });
});

describe('verifyWebhook refuses what does not verify', () => {
  it('a one-byte change of the body: badSignature', () => {
    const changed = vector.body.replace('"approved"}}', '"approvee"}}');
    expect(changed).toHaveLength(vector.body.length);
    expect(reason(() => verifyWebhook(changed, allHeaders(), vector.secret, { now: vectorNow }))).toBe('badSignature');
    const bytes = Buffer.from(vector.body);
    bytes[bytes.length - 2] = bytes[bytes.length - 2]! ^ 1;
    expect(reason(() => verifyWebhook(bytes, allHeaders(), vector.secret, { now: vectorNow }))).toBe('badSignature');
  });

  it('the same JSON parsed and serialized again (other spacing, same content): badSignature', () => {
    for (const reserialized of [JSON.stringify(JSON.parse(vector.body), null, 2), JSON.stringify(JSON.parse(vector.body), null, 1)]) {
      expect(JSON.parse(reserialized)).toEqual(JSON.parse(vector.body));
      const err = failure(() => verifyWebhook(reserialized, allHeaders(), vector.secret, { now: vectorNow }));
      expect(err.reason).toBe('badSignature');
      expect(err.message).toMatch(/raw bytes/);
    }
  });

  it('a wrong secret: badSignature', () => {
    const wrong = 'whsec_' + Buffer.alloc(24, 7).toString('base64');
    expect(reason(() => verifyWebhook(vector.body, allHeaders(), wrong, { now: vectorNow }))).toBe('badSignature');
    expect(reason(() => verifyWebhook(vector.body, allHeaders(), vector.secret.slice('whsec_'.length), { now: vectorNow }))).toBe(
      'badSignature',
    ); // the whole secret, prefix included, is the key of X-Service-Signature
  });

  it('no signature header at all: missingSignature, with or without allowLegacyOnly', () => {
    for (const allowLegacyOnly of [false, true]) {
      expect(reason(() => verifyWebhook(vector.body, {}, vector.secret, { allowLegacyOnly }))).toBe('missingSignature');
      expect(reason(() => verifyWebhook(vector.body, new Headers(), vector.secret, { allowLegacyOnly }))).toBe('missingSignature');
      expect(reason(() => verifyWebhook(vector.body, { 'x-service-signature': undefined }, vector.secret, { allowLegacyOnly }))).toBe(
        'missingSignature',
      );
    }
  });

  it('a body the app already parsed: parsedBody, with a message that says so and names the raw body', () => {
    const parsed = JSON.parse(vector.body) as unknown;
    const err = failure(() => verifyWebhook(parsed as string, allHeaders(), vector.secret, { now: vectorNow }));
    expect(err.reason).toBe('parsedBody');
    expect(err.message).toMatch(/already parsed/);
    expect(err.message).toMatch(/raw body/);
    expect(err.message).toContain("express.raw({ type: 'application/json' })");
    // A body that was never read (no body parser matched) is refused the same way.
    for (const notBytes of [undefined, null, 42, new ArrayBuffer(4)]) {
      const e = failure(() => verifyWebhook(notBytes as unknown as string, allHeaders(), vector.secret));
      expect(e.reason).toBe('parsedBody');
      expect(e.message).toMatch(/raw body/);
    }
  });

  it('a timestamp older (or newer) than the tolerance: timestampOutOfTolerance', () => {
    const at = (secondsFromVector: number): Date => new Date((Number(vector.timestamp) + secondsFromVector) * 1000);
    const run = (now: Date, toleranceSeconds?: number) => () =>
      verifyWebhook(vector.body, allHeaders(), vector.secret, { now, ...(toleranceSeconds === undefined ? {} : { toleranceSeconds }) });
    expect(reason(run(at(301)))).toBe('timestampOutOfTolerance');
    expect(reason(run(at(-301)))).toBe('timestampOutOfTolerance');
    expect(reason(run(at(24 * 3600)))).toBe('timestampOutOfTolerance');
    expect(run(at(300))()).toMatchObject({ id: vector.webhookId }); // default tolerance: 5 minutes, inclusive
    expect(run(at(-300))()).toMatchObject({ id: vector.webhookId });
    expect(reason(run(at(61), 60))).toBe('timestampOutOfTolerance');
    expect(run(at(3000), 3600)()).toMatchObject({ id: vector.webhookId });
    // The real clock is years away from the vector's timestamp.
    expect(reason(() => verifyWebhook(vector.body, allHeaders(), vector.secret))).toBe('timestampOutOfTolerance');
  });

  it('a moved timestamp or a changed webhook-id breaks webhook-signature: badSignature', () => {
    const later = { ...allHeaders(), 'webhook-timestamp': String(Number(vector.timestamp) + 1) };
    expect(reason(() => verifyWebhook(vector.body, later, vector.secret, { now: vectorNow }))).toBe('badSignature');
    const otherId = { ...allHeaders(), 'webhook-id': 'wbh_0000000000000000' };
    expect(reason(() => verifyWebhook(vector.body, otherId, vector.secret, { now: vectorNow }))).toBe('badSignature');
  });

  it('a valid X-Service-Signature does not excuse a wrong webhook-signature: badSignature', () => {
    const wrong = { ...allHeaders(), 'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')}` };
    expect(reason(() => verifyWebhook(vector.body, wrong, vector.secret, { now: vectorNow }))).toBe('badSignature');
  });

  it('a signature of another length is refused without reaching timingSafeEqual with unequal lengths', () => {
    // timingSafeEqual throws a RangeError on buffers of different lengths: lengths are checked first.
    for (const sig of ['v1,AAAA', `v1,${Buffer.alloc(31).toString('base64')}`, `v1,${Buffer.alloc(64).toString('base64')}`]) {
      const headers = { ...allHeaders(), 'webhook-signature': sig };
      expect(reason(() => verifyWebhook(vector.body, headers, vector.secret, { now: vectorNow }))).toBe('badSignature');
    }
  });

  it('malformed headers: malformedHeader', () => {
    const bad = (headers: Record<string, string | string[]>) => reason(() => verifyWebhook(vector.body, headers, vector.secret, { now: vectorNow }));
    const hex = vector.serviceSignature.slice('sha256='.length);
    expect(bad({ ...allHeaders(), 'X-Service-Signature': hex })).toBe('malformedHeader');
    expect(bad({ ...allHeaders(), 'X-Service-Signature': `sha1=${hex}` })).toBe('malformedHeader');
    expect(bad({ ...allHeaders(), 'X-Service-Signature': `sha256=${hex.slice(2)}` })).toBe('malformedHeader');
    expect(bad({ ...allHeaders(), 'X-Service-Signature': [vector.serviceSignature, vector.serviceSignature] })).toBe('malformedHeader');
    expect(bad({ ...allHeaders(), 'webhook-timestamp': '1773491465.5' })).toBe('malformedHeader');
    expect(bad({ ...allHeaders(), 'webhook-timestamp': 'yesterday' })).toBe('malformedHeader');
    expect(bad({ ...allHeaders(), 'webhook-signature': vector.webhookSignature.replace('v1,', 'v2,') })).toBe('malformedHeader');
    const { 'webhook-timestamp': _t, ...noTimestamp } = allHeaders();
    expect(bad(noTimestamp)).toBe('malformedHeader'); // stripping one of the three does not skip the check
  });

  it('a body that verifies but is not JSON: invalidJson, thrown only after the signature checked', () => {
    const secret = vector.secret;
    for (const text of ['not json', '{"id":', '[1,2]', 'null', '"a string"']) {
      const signed = signTestWebhook(text, secret);
      const err = failure(() => verifyWebhook(signed.body, signed.headers, secret));
      expect(err.reason).toBe('invalidJson');
    }
    const invalidUtf8 = Buffer.from([0x7b, 0xff, 0x7d]); // not UTF-8: signed here by hand, bytes as they are
    const signature = `sha256=${createHmac('sha256', secret).update(invalidUtf8).digest('hex')}`;
    expect(reason(() => verifyWebhook(invalidUtf8, { 'x-service-signature': signature }, secret, { allowLegacyOnly: true }))).toBe('invalidJson');
    const { headers } = signTestWebhook('{}', secret);
    expect(reason(() => verifyWebhook('not json', headers, secret))).toBe('badSignature'); // signature first, then JSON
  });

  it('programming errors are TypeErrors, not verification failures', () => {
    expect(() => verifyWebhook(vector.body, allHeaders(), '')).toThrow(TypeError);
    expect(() => verifyWebhook(vector.body, allHeaders(), vector.secret, { now: new Date('nonsense') })).toThrow(TypeError);
    expect(() => verifyWebhook(vector.body, allHeaders(), vector.secret, { now: vectorNow, toleranceSeconds: Number.NaN })).toThrow(TypeError);
    expect(() => verifyWebhook(vector.body, allHeaders(), vector.secret, { now: vectorNow, toleranceSeconds: -1 })).toThrow(TypeError);
    expect(() => signTestWebhook('{}', vector.secret, { timestamp: 1.5 })).toThrow(TypeError);
  });
});

describe('verifyWebhook accepts every form of body and headers', () => {
  it('a string, a Buffer, a Uint8Array and a Uint8Array view into a larger buffer', () => {
    const bytes = new TextEncoder().encode(vector.body);
    const padded = new Uint8Array(bytes.length + 8);
    padded.set(bytes, 4);
    for (const body of [vector.body, Buffer.from(vector.body, 'utf8'), bytes, padded.subarray(4, 4 + bytes.length)]) {
      expect(verifyWebhook(body, allHeaders(), vector.secret, { now: vectorNow }).id).toBe(vector.webhookId);
    }
  });

  it('a fetch Headers object, a Node-style record in lower case, and a record in mixed case', () => {
    const lower = Object.fromEntries(Object.entries(allHeaders()).map(([k, v]) => [k.toLowerCase(), v]));
    const mixed = {
      'x-SERVICE-Signature': vector.serviceSignature,
      'Webhook-Id': vector.webhookId,
      'WEBHOOK-TIMESTAMP': vector.timestamp,
      'Webhook-Signature': vector.webhookSignature,
      'content-type': 'application/json',
    };
    for (const headers of [new Headers(allHeaders()), new Headers(mixed), lower, mixed]) {
      expect(verifyWebhook(vector.body, headers, vector.secret, { now: vectorNow }).id).toBe(vector.webhookId);
    }
  });

  it('several webhook-signature entries, space-separated, in an array, or joined with ", ": any one may match', () => {
    const other = `v1,${Buffer.alloc(32, 1).toString('base64')}`;
    const forms: Record<string, string | string[]>[] = [
      { ...allHeaders(), 'webhook-signature': `${other} ${vector.webhookSignature}` },
      { ...allHeaders(), 'webhook-signature': `v1a,c2lnbmF0dXJl ${vector.webhookSignature} ${other}` },
      { ...allHeaders(), 'webhook-signature': [other, vector.webhookSignature] },
    ];
    for (const headers of forms) {
      expect(verifyWebhook(vector.body, headers, vector.secret, { now: vectorNow }).id).toBe(vector.webhookId);
    }
    const joined = new Headers(allHeaders());
    joined.append('webhook-signature', other);
    expect(joined.get('webhook-signature')).toBe(`${vector.webhookSignature}, ${other}`);
    expect(verifyWebhook(vector.body, joined, vector.secret, { now: vectorNow }).id).toBe(vector.webhookId);
    expect(reason(() => verifyWebhook(vector.body, { ...allHeaders(), 'webhook-signature': `${other} ${other}` }, vector.secret, { now: vectorNow }))).toBe(
      'badSignature',
    );
  });
});

describe('signTestWebhook', () => {
  const secret = 'whsec_' + Buffer.from('a test secret of 24 bytes').toString('base64');

  it('signs an object body; verifyWebhook accepts it now, with both signatures', () => {
    const body = {
      id: 'wbh_test1',
      type: 'customer.updated',
      source: 'manual',
      payload: { object: { id: 'cus_1', name: 'Ana' } },
      createdAt: '2026-03-14T12:31:05.000Z',
    };
    const signed = signTestWebhook(body, secret);
    expect(signed.body).toBe(JSON.stringify(body));
    expect(signed.headers['X-Service-Signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(signed.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(signed.headers['webhook-id']).toBe('wbh_test1');
    expect(signed.headers['X-Service-Event']).toBe('customer.updated');
    expect(Math.abs(Number(signed.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
    expect(verifyWebhook(signed.body, signed.headers, secret)).toEqual(body);
    expect(verifyWebhook(Buffer.from(signed.body), new Headers(signed.headers), secret)).toEqual(body);
    expect(reason(() => verifyWebhook(signed.body, signed.headers, vector.secret))).toBe('badSignature');
  });

  it('signs a string body as it is, with a given event id and timestamp', () => {
    const text = '{ "id": "wbh_x",\n  "type": "transaction.created" }';
    const signed = signTestWebhook(text, secret, { eventId: 'wbh_other', timestamp: 1_700_000_000 });
    expect(signed.body).toBe(text);
    expect(signed.headers['webhook-id']).toBe('wbh_other');
    expect(signed.headers['webhook-timestamp']).toBe('1700000000');
    expect(verifyWebhook(text, signed.headers, secret, { now: new Date(1_700_000_100_000) })).toMatchObject({ id: 'wbh_x' });
    expect(reason(() => verifyWebhook(text, signed.headers, secret, { now: new Date(1_700_001_000_000) }))).toBe(
      'timestampOutOfTolerance',
    );
  });

  it('makes up an event id when the body has none', () => {
    const signed = signTestWebhook('{}', secret);
    expect(signed.headers['webhook-id']).toMatch(/^wbh_test_/);
    expect(signed.headers['X-Service-Event']).toBeUndefined();
    expect(verifyWebhook(signed.body, signed.headers, secret)).toEqual({});
  });
});

describe('an Express receiver as the Webhooks chapter shows it', () => {
  async function post(app: express.Express, body: string, headers: Record<string, string>) {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((ok) => server.once('listening', ok));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/hooks`, { method: 'POST', body, headers });
      return { status: res.status, text: await res.text() };
    } finally {
      await new Promise((ok) => server.close(ok));
    }
  }
  const secret = vector.secret;
  const received: WebhookEvent[] = [];
  function receiver(parser: express.RequestHandler): express.Express {
    const app = express();
    app.post('/hooks', parser, (req, res) => {
      let event: WebhookEvent;
      try {
        event = verifyWebhook(req.body as Buffer, req.headers, secret);
      } catch (err) {
        if (err instanceof WebhookVerificationError) {
          res.status(400).send(err.reason);
          return;
        }
        throw err;
      }
      res.sendStatus(200);
      received.push(event);
    });
    return app;
  }

  it('express.raw: 200 for a signed delivery, 400 for a tampered one', async () => {
    const signed = signTestWebhook(vector.body, secret);
    const app = receiver(express.raw({ type: 'application/json' }));
    expect(await post(app, signed.body, signed.headers)).toEqual({ status: 200, text: 'OK' });
    expect(received.at(-1)).toEqual(JSON.parse(vector.body));
    expect(await post(app, signed.body.replace('automatic', 'manual   '), signed.headers)).toEqual({ status: 400, text: 'badSignature' });
  });

  it('express.json: 400 parsedBody, the mistake the error message explains', async () => {
    const signed = signTestWebhook(vector.body, secret);
    expect(await post(receiver(express.json()), signed.body, signed.headers)).toEqual({ status: 400, text: 'parsedBody' });
  });
});
