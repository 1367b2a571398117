/**
 * Replay protection of `verifyWebhook`: the Standard Webhooks headers (with their timestamp) are required unless the
 * receiver explicitly settles for the legacy signature, and the Standard signature is checked against the reference
 * vector of the Standard Webhooks specification, not only against signatures this code makes.
 */
import { describe, expect, it } from 'vitest';
import { signTestWebhook, verifyWebhook, WebhookVerificationError, type VerifyWebhookOptions } from '../src/webhooks';

/**
 * The Standard Webhooks reference vector, not made by this code: test "sign function works" of the specification's
 * reference library, github.com/standard-webhooks/standard-webhooks, libraries/javascript/src/webhook.test.ts
 * (commit 10d3e46d720c4e5861a792bec25792a04ad4e2b3). Only the values are quoted.
 */
const standardVector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: '1614265330',
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const standardHeaders = (): Record<string, string> => ({
  'webhook-id': standardVector.id,
  'webhook-timestamp': standardVector.timestamp,
  'webhook-signature': standardVector.signature,
});
const standardNow = new Date(Number(standardVector.timestamp) * 1000);

function failure(run: () => unknown): WebhookVerificationError {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(WebhookVerificationError);
    return err as WebhookVerificationError;
  }
  throw new Error('expected a WebhookVerificationError, nothing was thrown');
}
const reason = (run: () => unknown) => failure(run).reason;

describe('verifyWebhook: the Standard Webhooks reference vector', () => {
  it('verifies (Standard headers only, no X-Service-Signature) and returns the body', () => {
    expect(verifyWebhook(standardVector.body, standardHeaders(), standardVector.secret, { now: standardNow })).toEqual({ test: 2432232314 });
  });

  it('fails when the body, the id, the timestamp or the signature is tampered with', () => {
    const run = (body: string, headers: Record<string, string>) => () =>
      verifyWebhook(body, headers, standardVector.secret, { now: standardNow });
    expect(reason(run('{"test": 2432232315}', standardHeaders()))).toBe('badSignature');
    expect(reason(run('{"test":2432232314}', standardHeaders()))).toBe('badSignature'); // same JSON, other bytes
    expect(reason(run(standardVector.body, { ...standardHeaders(), 'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJel' }))).toBe('badSignature');
    expect(reason(run(standardVector.body, { ...standardHeaders(), 'webhook-timestamp': '1614265331' }))).toBe('badSignature');
    const flipped = standardVector.signature.replace('g0hM', 'g0hN');
    expect(reason(run(standardVector.body, { ...standardHeaders(), 'webhook-signature': flipped }))).toBe('badSignature');
  });

  it('is refused outside the tolerance, as a replay', () => {
    const late = new Date(standardNow.getTime() + 301_000);
    expect(reason(() => verifyWebhook(standardVector.body, standardHeaders(), standardVector.secret, { now: late }))).toBe(
      'timestampOutOfTolerance',
    );
  });

  it('signTestWebhook reproduces its signature', () => {
    const signed = signTestWebhook(standardVector.body, standardVector.secret, {
      eventId: standardVector.id,
      timestamp: Number(standardVector.timestamp),
    });
    expect(signed.headers['webhook-signature']).toBe(standardVector.signature);
  });
});

describe('verifyWebhook: the legacy signature alone', () => {
  const secret = 'whsec_' + Buffer.from('a test secret of 24 bytes').toString('base64');
  const sentAt = 1_700_000_000;
  const signedAt = new Date(sentAt * 1000);
  const yearLater = new Date((sentAt + 365 * 86_400) * 1000);
  const delivery = signTestWebhook({ id: 'wbh_legacy1', type: 'customer.updated' }, secret, { timestamp: sentAt });
  const legacyOnly = { 'X-Service-Signature': delivery.headers['X-Service-Signature']! };
  const verify = (body: string, headers: Record<string, string>, options: VerifyWebhookOptions) => () => verifyWebhook(body, headers, secret, options);

  it('the Standard Webhooks headers stripped (a downgrade): refused by default as missingSignature, saying why', () => {
    const err = failure(verify(delivery.body, legacyOnly, { now: signedAt }));
    expect(err.reason).toBe('missingSignature');
    expect(err.message).toMatch(/webhook-timestamp/);
    expect(err.message).toMatch(/allowLegacyOnly/);
    // The attack: a delivery captured a year ago, replayed without its Standard headers.
    expect(reason(verify(delivery.body, legacyOnly, { now: yearLater }))).toBe('missingSignature');
    expect(reason(verify(delivery.body, legacyOnly, { now: signedAt, allowLegacyOnly: false }))).toBe('missingSignature');
    // With them it verifies; kept as they came, a year later it is refused as a replay.
    expect(verifyWebhook(delivery.body, delivery.headers, secret, { now: signedAt })).toMatchObject({ id: 'wbh_legacy1' });
    expect(reason(verify(delivery.body, delivery.headers, { now: yearLater }))).toBe('timestampOutOfTolerance');
  });

  it('allowLegacyOnly accepts X-Service-Signature alone, still checks it, and cannot refuse a replay', () => {
    // The documented weakness: nothing in the legacy signature dates the delivery.
    expect(verify(delivery.body, legacyOnly, { now: yearLater, allowLegacyOnly: true })()).toMatchObject({ id: 'wbh_legacy1' });
    const changed = delivery.body.replace('wbh_legacy1', 'wbh_legacy2');
    expect(reason(verify(changed, legacyOnly, { allowLegacyOnly: true }))).toBe('badSignature');
    const wrong = 'whsec_' + Buffer.alloc(24, 7).toString('base64');
    expect(reason(() => verifyWebhook(delivery.body, legacyOnly, wrong, { allowLegacyOnly: true }))).toBe('badSignature');
    // With the Standard headers present the option changes nothing: they are checked, timestamp included.
    expect(reason(verify(delivery.body, delivery.headers, { now: yearLater, allowLegacyOnly: true }))).toBe('timestampOutOfTolerance');
  });

  it('X-Service-Signature is optional beside the Standard headers, and checked when present', () => {
    const { 'X-Service-Signature': _omitted, ...standard } = delivery.headers;
    expect(verify(delivery.body, standard, { now: signedAt })()).toMatchObject({ id: 'wbh_legacy1' });
    const otherHex = `sha256=${'0'.repeat(64)}`;
    expect(reason(verify(delivery.body, { ...standard, 'X-Service-Signature': otherHex }, { now: signedAt }))).toBe('badSignature');
  });
});
