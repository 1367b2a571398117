/**
 * The receiver side of webhooks: verify a delivery before trusting it, and sign test deliveries for your own tests.
 * See the Webhooks chapter (spec/descriptions/tag-webhooks.md) for the delivery body, headers and signatures.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { components, webhooks } from './schema.js';

/** Every event type the spec declares (its `webhooks`), so a new event shows here with the generated types. */
export type WebhookEventType = keyof webhooks & string;

/** The body the spec declares for one event's delivery (the request body of its `post`). */
type DeclaredBody<E extends WebhookEventType> = webhooks[E]['post'] extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

/**
 * The delivery body of one event type (or of each of several, as a union): the resource schema its `payload.object`
 * carries, with `type` exactly that event. `WebhookDelivery<'subscription.activated'>['payload']['object']` is a
 * `Subscription`.
 */
export type WebhookDelivery<E extends WebhookEventType = WebhookEventType> = { [K in E]: DeclaredBody<K> & { type: K } }[E];

/**
 * A verified delivery body: one member per event type of the spec, discriminated by `type`, so `switch (event.type)`
 * narrows `payload.object` to that event's resource. New event types may be added within `v1`: a body can carry a
 * `type` this union does not list yet (a newer service than this package), so ignore types you do not know.
 */
export type WebhookEvent = WebhookDelivery;

export type TransactionWebhookDelivery = components['schemas']['TransactionWebhookDelivery'];
export type CustomerWebhookDelivery = components['schemas']['CustomerWebhookDelivery'];
export type WithdrawalWebhookDelivery = components['schemas']['WithdrawalWebhookDelivery'];
export type SubscriptionWebhookDelivery = components['schemas']['SubscriptionWebhookDelivery'];
export type BillingCycleWebhookDelivery = components['schemas']['BillingCycleWebhookDelivery'];
export type CheckoutWebhookDelivery = components['schemas']['CheckoutWebhookDelivery'];

export type WebhookVerificationFailure =
  | 'parsedBody'
  | 'missingSignature'
  | 'badSignature'
  | 'timestampOutOfTolerance'
  | 'malformedHeader'
  | 'invalidJson';

/** A delivery that must be refused (answer `400`). `reason` says why. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  readonly reason: WebhookVerificationFailure;

  constructor(reason: WebhookVerificationFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** How far `webhook-timestamp` may be from `now`, either way, in seconds. Default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** The current time (default: the clock). */
  now?: Date;
  /**
   * Also accept a delivery that carries only the legacy `X-Service-Signature` (no `webhook-id`,
   * `webhook-timestamp`, `webhook-signature`), for a receiver behind something that drops those headers. That
   * signature covers the body alone, with no time in it: a captured delivery verifies forever, so this option
   * **cannot stop replays** (deduplicate on the event `id`, and keep it off when you can). Default `false`: such a
   * delivery is refused (`missingSignature`), since stripping three headers must not turn the replay check off.
   */
  allowLegacyOnly?: boolean;
}

export const DEFAULT_TOLERANCE_SECONDS = 300;

const SERVICE_SIGNATURE = 'x-service-signature';
const WEBHOOK_ID = 'webhook-id';
const WEBHOOK_TIMESTAMP = 'webhook-timestamp';
const WEBHOOK_SIGNATURE = 'webhook-signature';
const SECRET_PREFIX = 'whsec_';

/**
 * Verifies a delivery and returns its body, parsed only after the signatures check.
 *
 * - The Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` are required: the `v1`
 *   signature of `<id>.<timestamp>.<body>` must match (any one of several space-separated entries), and the
 *   timestamp must be within `toleranceSeconds` of `now`, which refuses a replayed delivery. Deduplicate on the
 *   event `id` as well.
 * - `X-Service-Signature` (`sha256=<hex>`, HMAC-SHA256 of the raw bytes keyed with the whole secret), when present,
 *   must match too. Alone it is enough only with `allowLegacyOnly: true`, which gives up the replay check.
 *
 * Signatures are compared with `crypto.timingSafeEqual`, after checking the lengths.
 *
 * @param rawBody the body exactly as received (`express.raw({ type: 'application/json' })`, `await request.text()`).
 * @param headers a fetch `Headers` or Node's `req.headers`; names are matched case-insensitively.
 * @param secret the endpoint's `secret` (`whsec_…`), as the registration returned it.
 * @throws {WebhookVerificationError} when the delivery must be refused.
 */
export function verifyWebhook(
  rawBody: string | Buffer | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): WebhookEvent {
  const body = rawBytes(rawBody);
  checkSecret(secret);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (typeof tolerance !== 'number' || Number.isNaN(tolerance) || tolerance < 0) {
    throw new TypeError(`toleranceSeconds must be a number of seconds, 0 or more (got ${String(tolerance)})`);
  }
  const nowMs = (options.now ?? new Date()).getTime();
  if (Number.isNaN(nowMs)) throw new TypeError('now is an invalid Date');

  // 1. X-Service-Signature, whenever it is there: a wrong one is refused even beside a good Standard signature.
  const serviceHeader = header(headers, SERVICE_SIGNATURE);
  if (serviceHeader !== undefined) checkServiceSignature(serviceHeader, body, secret);

  // 2. The Standard Webhooks signature and timestamp, required unless the receiver opted out of replay protection.
  const id = header(headers, WEBHOOK_ID);
  const timestamp = header(headers, WEBHOOK_TIMESTAMP);
  const signatures = header(headers, WEBHOOK_SIGNATURE);
  if (id === undefined && timestamp === undefined && signatures === undefined) {
    if (serviceHeader === undefined) {
      throw new WebhookVerificationError(
        'missingSignature',
        'The delivery carries no signature: webhook-id, webhook-timestamp and webhook-signature are missing.',
      );
    }
    if (options.allowLegacyOnly !== true) {
      throw new WebhookVerificationError(
        'missingSignature',
        'webhook-id, webhook-timestamp and webhook-signature are missing: X-Service-Signature alone has no timestamp, so a captured delivery would verify forever. Refused; pass { allowLegacyOnly: true } only if your receiver cannot get those headers.',
      );
    }
  } else {
    if (id === undefined || timestamp === undefined || signatures === undefined) {
      throw new WebhookVerificationError(
        'malformedHeader',
        'webhook-id, webhook-timestamp and webhook-signature come together; one or two of them are missing.',
      );
    }
    checkStandardSignature(id.trim(), timestamp.trim(), signatures, body, secret, nowMs, tolerance);
  }

  // 3. Only now parse.
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch (cause) {
    throw new WebhookVerificationError('invalidJson', 'The body verifies but is not UTF-8 JSON.', { cause });
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new WebhookVerificationError('invalidJson', 'The body verifies but is not a JSON object.');
  }
  return parsed as WebhookEvent;
}

export interface SignTestWebhookOptions {
  /** `webhook-id`; default: the body's `id`, or a random `wbh_test_…`. */
  eventId?: string;
  /** `webhook-timestamp`, Unix time in seconds; default: now. */
  timestamp?: number;
}

/**
 * Signs a body the way the service does, for your own tests: the returned `body` and `headers` pass
 * `verifyWebhook` with the same secret (within the tolerance of `timestamp`). An object body is serialized with
 * `JSON.stringify`; a string body is signed as it is.
 */
export function signTestWebhook(
  body: string | object,
  secret: string,
  options: SignTestWebhookOptions = {},
): { body: string; headers: Record<string, string> } {
  checkSecret(secret);
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  if (typeof text !== 'string') throw new TypeError('body cannot be serialized as JSON');
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new TypeError(`timestamp must be Unix time in whole seconds (got ${String(timestamp)})`);
  }
  const fields = jsonFields(text);
  const eventId = options.eventId ?? fields.id ?? `wbh_test_${randomBytes(12).toString('base64url')}`;
  const bytes = Buffer.from(text, 'utf8');
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Service-Signature': `sha256=${serviceDigest(bytes, secret).toString('hex')}`,
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${standardDigest(eventId, String(timestamp), bytes, secret).toString('base64')}`,
  };
  if (fields.type !== undefined) headers['X-Service-Event'] = fields.type;
  return { body: text, headers };
}

function checkServiceSignature(value: string, body: Buffer, secret: string): void {
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(value.trim());
  if (!match) {
    throw new WebhookVerificationError('malformedHeader', 'X-Service-Signature is not "sha256=<64 hex digits>".');
  }
  if (!safeEqual(Buffer.from(match[1]!, 'hex'), serviceDigest(body, secret))) {
    throw new WebhookVerificationError(
      'badSignature',
      'X-Service-Signature does not match the body: check the secret, and that the body is the raw bytes as received (not parsed and serialized again).',
    );
  }
}

function checkStandardSignature(
  id: string,
  timestamp: string,
  signatures: string,
  body: Buffer,
  secret: string,
  nowMs: number,
  tolerance: number,
): void {
  const seconds = /^\d{1,15}$/.test(timestamp) ? Number(timestamp) : NaN;
  if (Number.isNaN(seconds)) {
    throw new WebhookVerificationError('malformedHeader', 'webhook-timestamp is not Unix time in seconds.');
  }
  const candidates = signatures
    .split(/\s+/)
    .map((entry) => entry.replace(/,$/, '')) // duplicate headers may arrive joined with ", "
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => Buffer.from(entry.slice('v1,'.length), 'base64'));
  if (candidates.length === 0) {
    throw new WebhookVerificationError('malformedHeader', 'webhook-signature has no "v1,<base64>" entry.');
  }
  const expected = standardDigest(id, timestamp, body, secret);
  // Every candidate is compared (no early exit), so the time taken does not depend on which one matches.
  const matched = candidates.reduce((found, candidate) => safeEqual(candidate, expected) || found, false);
  if (!matched) {
    throw new WebhookVerificationError(
      'badSignature',
      'webhook-signature does not match webhook-id, webhook-timestamp and the body: check the secret, and that the body is the raw bytes as received (not parsed and serialized again).',
    );
  }
  if (Math.abs(nowMs / 1000 - seconds) > tolerance) {
    throw new WebhookVerificationError(
      'timestampOutOfTolerance',
      `webhook-timestamp ${seconds} is more than ${tolerance} s away from now (${Math.floor(nowMs / 1000)}): a replayed delivery, or a wrong clock.`,
    );
  }
}

function rawBytes(rawBody: unknown): Buffer {
  if (typeof rawBody === 'string') return Buffer.from(rawBody, 'utf8');
  if (rawBody instanceof Uint8Array) return Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  let what: string;
  if (rawBody instanceof ArrayBuffer || ArrayBuffer.isView(rawBody)) {
    what = 'The webhook body is an ArrayBuffer or a typed array other than Uint8Array (wrap it: new Uint8Array(body))';
  } else if (rawBody !== null && typeof rawBody === 'object') {
    what = 'The webhook body was already parsed (got an object, as express.json() leaves it)';
  } else {
    what = `The webhook body is not raw bytes (got ${rawBody === null ? 'null' : typeof rawBody}; was the body read?)`;
  }
  throw new WebhookVerificationError(
    'parsedBody',
    `${what}: the signature covers the exact bytes received, so verifyWebhook needs the raw body as a Buffer, Uint8Array or string. Pass the raw body, e.g. with express.raw({ type: 'application/json' }) on the webhook route, registered before any app-wide express.json(), or await request.text() in a fetch handler.`,
  );
}

function checkSecret(secret: unknown): asserts secret is string {
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new TypeError('secret must be the endpoint\'s signing secret ("whsec_…"), not empty');
  }
}

/** X-Service-Signature: HMAC-SHA256 of the body keyed with the whole secret string as UTF-8. */
function serviceDigest(body: Buffer, secret: string): Buffer {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest();
}

/** webhook-signature v1: HMAC-SHA256 of `<id>.<timestamp>.<body>` keyed with the base64 part of the secret. */
function standardDigest(id: string, timestamp: string, body: Buffer, secret: string): Buffer {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return createHmac('sha256', key).update(`${id}.${timestamp}.`, 'utf8').update(body).digest();
}

/** Timing-safe equality: lengths first (they are not secret), then a constant-time compare. */
function safeEqual(received: Buffer, expected: Buffer): boolean {
  return received.length === expected.length && timingSafeEqual(received, expected);
}

/** One header's value, by case-insensitive name, from a fetch `Headers` or a Node-style record. */
function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers === null || typeof headers !== 'object') {
    throw new TypeError('headers must be a Headers object or a record of header names to values (req.headers)');
  }
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const values: string[] = [];
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    values.push(...(Array.isArray(value) ? value : [value]));
  }
  if (values.length === 0) return undefined;
  if (values.length === 1) return values[0];
  // Several signatures are one list; any other header given twice is ambiguous.
  if (name === WEBHOOK_SIGNATURE) return values.join(' ');
  throw new WebhookVerificationError('malformedHeader', `The ${name} header is given more than once.`);
}

function jsonFields(text: string): { id?: string; type?: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object') return {};
    const { id, type } = parsed as Record<string, unknown>;
    return { ...(typeof id === 'string' ? { id } : {}), ...(typeof type === 'string' ? { type } : {}) };
  } catch {
    return {};
  }
}
