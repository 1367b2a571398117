/**
 * Webhook signing secrets and signature headers (tag-webhooks.md, "Delivery headers"). Two signatures are sent:
 * the service's own `X-Service-Signature` over the raw body, and the Standard Webhooks `webhook-signature` over
 * `<id>.<timestamp>.<body>`, so that receivers can use either verifier.
 */
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and 24 random bytes in base64, the form Standard Webhooks libraries accept. */
export function newSecret(): string {
  return PREFIX + randomBytes(24).toString('base64');
}

/** The signature headers of one delivery attempt; `timestamp` is the attempt's Unix time in seconds. */
export function signatureHeaders(body: string, secret: string, eventId: string, timestamp: number): Record<string, string> {
  // X-Service-Signature is keyed with the whole secret string, prefix included; Standard Webhooks with the decoded key.
  const serviceSignature = createHmac('sha256', Buffer.from(secret, 'utf8')).update(body, 'utf8').digest('hex');
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const ts = String(Math.trunc(timestamp));
  const standardSignature = createHmac('sha256', key).update(`${eventId}.${ts}.${body}`, 'utf8').digest('base64');
  return {
    'X-Service-Signature': `sha256=${serviceSignature}`,
    'webhook-id': eventId,
    'webhook-timestamp': ts,
    'webhook-signature': `v1,${standardSignature}`,
  };
}
