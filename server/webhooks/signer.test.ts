import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../../client/src/webhooks';
import { newSecret, signatureHeaders } from './signer';

// The test vector printed in spec/descriptions/tag-webhooks.md ("Verifying X-Service-Signature").
const vector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  body: '{"id":"wbh_7Rf3EdC9wSx5QaZk","type":"transaction.approved","source":"automatic","payload":{"object":{"id":"tra_8Hq2LmZx4RtY7vKc","status":"approved"}},"createdAt":"2026-03-14T12:31:05.000Z"}',
  id: 'wbh_7Rf3EdC9wSx5QaZk',
  timestamp: 1773491465,
  serviceSignature: 'sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424',
  webhookSignature: 'v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=',
};

describe('signatureHeaders', () => {
  it('reproduces both signatures of the documented test vector exactly', () => {
    expect(signatureHeaders(vector.body, vector.secret, vector.id, vector.timestamp)).toEqual({
      'X-Service-Signature': vector.serviceSignature,
      'webhook-id': vector.id,
      'webhook-timestamp': '1773491465',
      'webhook-signature': vector.webhookSignature,
    });
  });

  it('signs the UTF-8 bytes of a body with non-ASCII characters, as the documented verifier reads them', () => {
    const secret = newSecret();
    const body = '{"name":"João da Silva","city":"São Paulo","note":"✓ 🎉"}';
    const headers = signatureHeaders(body, secret, 'wbh_1', 1773491465);
    const raw = Buffer.from(body, 'utf8');
    const expected = Buffer.from('sha256=' + createHmac('sha256', secret).update(raw).digest('hex'));
    const received = Buffer.from(headers['X-Service-Signature']!);
    expect(received.length === expected.length && timingSafeEqual(received, expected)).toBe(true);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const standard = createHmac('sha256', key).update(Buffer.concat([Buffer.from('wbh_1.1773491465.'), raw])).digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${standard}`);
  });

  it('changes when the body, the id or the timestamp changes', () => {
    const base = signatureHeaders(vector.body, vector.secret, vector.id, vector.timestamp);
    const otherBody = signatureHeaders(vector.body + ' ', vector.secret, vector.id, vector.timestamp);
    const otherTime = signatureHeaders(vector.body, vector.secret, vector.id, vector.timestamp + 1);
    const otherId = signatureHeaders(vector.body, vector.secret, 'wbh_other', vector.timestamp);
    expect(otherBody['X-Service-Signature']).not.toBe(base['X-Service-Signature']);
    expect(otherBody['webhook-signature']).not.toBe(base['webhook-signature']);
    // X-Service-Signature covers the body only; the Standard Webhooks one also the id and timestamp.
    expect(otherTime['X-Service-Signature']).toBe(base['X-Service-Signature']);
    expect(otherTime['webhook-signature']).not.toBe(base['webhook-signature']);
    expect(otherId['webhook-signature']).not.toBe(base['webhook-signature']);
  });
});

describe('signatureHeaders with the client verifier', () => {
  it('verifyWebhook accepts what the server signs, with its default options (all three Standard headers)', () => {
    const secret = newSecret();
    const body = '{"id":"wbh_1","type":"customer.updated","source":"automatic","payload":{"object":{"name":"João"}},"createdAt":"2026-03-14T12:31:05.000Z"}';
    const now = new Date('2026-03-14T12:31:06.000Z');
    const headers = signatureHeaders(body, secret, 'wbh_1', Math.floor(now.getTime() / 1000));
    expect(Object.keys(headers).sort()).toEqual(['X-Service-Signature', 'webhook-id', 'webhook-signature', 'webhook-timestamp']);
    expect(verifyWebhook(body, headers, secret, { now })).toMatchObject({ id: 'wbh_1', payload: { object: { name: 'João' } } });
    expect(verifyWebhook(Buffer.from(body, 'utf8'), new Headers(headers), secret, { now })).toMatchObject({ id: 'wbh_1' });
    // Each signature alone verifies too: neither is computed over other bytes than the one body.
    const { 'X-Service-Signature': legacy, ...standard } = headers;
    expect(verifyWebhook(body, standard, secret, { now })).toMatchObject({ id: 'wbh_1' });
    expect(verifyWebhook(body, { 'X-Service-Signature': legacy! }, secret, { now, allowLegacyOnly: true })).toMatchObject({ id: 'wbh_1' });
    expect(() => verifyWebhook(body, { 'X-Service-Signature': legacy! }, secret, { now })).toThrow(WebhookVerificationError);
  });
});

describe('newSecret', () => {
  it('is whsec_ followed by the base64 of 24 random bytes', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    expect(key).toHaveLength(24);
    expect(key.toString('base64')).toBe(secret.slice('whsec_'.length));
  });

  it('is different every time', () => {
    const secrets = new Set(Array.from({ length: 50 }, () => newSecret()));
    expect(secrets.size).toBe(50);
  });
});
