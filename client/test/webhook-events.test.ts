/**
 * `WebhookEvent` against the spec's `webhooks`: every event the spec declares is a member (tsc checks the type side in
 * webhook-types.check.ts), and each declared example delivery verifies into the member of its own event, whose
 * `payload.object` is that event's resource. A new event in the spec shows here with its example.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signTestWebhook, verifyWebhook, type WebhookEvent } from '../src/webhooks';

interface Bundled {
  webhooks: Record<string, { post: { requestBody: { content: { 'application/json': { schema: { $ref: string }; examples: Record<string, { value: unknown }> } } } } }>;
  components: { schemas: Record<string, { properties: { type: { enum: string[] }; payload: { properties: { object: { $ref: string } } } } }> };
}

const bundled = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../generated/openapi.json'), 'utf8')) as Bundled;
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** The id prefix of each resource a delivery can carry (the seed's identifiers). */
const PREFIX: Record<string, RegExp> = {
  Transaction: /^tra_/,
  Customer: /^cus_/,
  Withdrawal: /^wdr_/,
  Subscription: /^subs?_/,
  BillingCycle: /^scy_/,
  CheckoutSession: /^chs_/,
};

describe('WebhookEvent covers every delivery the spec declares', () => {
  const events = Object.entries(bundled.webhooks);

  it('the spec declares 31 or more events, each with a delivery body whose `type` lists it', () => {
    expect(events.length).toBeGreaterThanOrEqual(31);
    for (const [type, item] of events) {
      const body = bundled.components.schemas[item.post.requestBody.content['application/json'].schema.$ref.split('/').pop()!]!;
      expect(body.properties.type.enum, type).toContain(type);
    }
  });

  it.each(events)('%s: its example verifies into the member of its type, carrying its resource', (type, item) => {
    const content = item.post.requestBody.content['application/json'];
    const resource = bundled.components.schemas[content.schema.$ref.split('/').pop()!]!.properties.payload.properties.object.$ref.split('/').pop()!;
    const examples = Object.values(content.examples);
    expect(examples.length, `${type} has no example delivery`).toBeGreaterThan(0);
    for (const { value } of examples) {
      const signed = signTestWebhook(value as object, SECRET);
      const event: WebhookEvent = verifyWebhook(signed.body, signed.headers, SECRET);
      expect(event.type).toBe(type);
      expect(event.payload.object.id, `${type}'s payload.object`).toMatch(PREFIX[resource] ?? /^$/);
    }
  });
});
