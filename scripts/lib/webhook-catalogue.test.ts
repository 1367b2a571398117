/**
 * The Webhooks chapter's event catalogue is made from the spec's `webhooks`: every event is listed, a new one shows
 * without touching the chapter, and only the region between the markers is the generator's.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_BEGIN, CATALOGUE_END, eventCatalogue, withCatalogue, type WebhooksDocument } from './webhook-catalogue';

const ROOT = resolve(import.meta.dirname, '../..');
const bundled = JSON.parse(readFileSync(resolve(ROOT, 'generated/openapi.json'), 'utf8')) as WebhooksDocument & {
  tags: { name: string; description: string }[];
};
const chapter = readFileSync(resolve(ROOT, 'spec/descriptions/tag-webhooks.md'), 'utf8');
const specTypes = Object.keys(bundled.webhooks!);

/** The event types of a catalogue table, in its order. */
function listed(markdown: string): string[] {
  return [...markdown.matchAll(/^\| `([a-z-]+\.[a-z-]+)` \|/gm)].map((m) => m[1]!);
}

/** The generated region of a chapter. */
function region(markdown: string): string {
  return markdown.slice(markdown.indexOf(CATALOGUE_BEGIN), markdown.indexOf(CATALOGUE_END));
}

describe('the event catalogue of the Webhooks chapter', () => {
  it('the chapter (and the docs built from the bundle) list every event type of the spec, in its order', () => {
    expect(specTypes.length).toBeGreaterThanOrEqual(31);
    expect(listed(region(chapter))).toEqual(specTypes);
    const tag = bundled.tags.find((t) => t.name === 'Webhooks')!;
    expect(listed(region(tag.description))).toEqual(specTypes);
  });

  it('a row says what happened (the first paragraph of the description), the payload resource, and the seed', () => {
    const rows = eventCatalogue(bundled).split('\n');
    expect(rows[0]).toBe('| Event type | What happened | `payload.object` | In the seed |');
    expect(rows).toContain('| `withdrawal.paid` | The bank confirmed the transfer of a withdrawal: it is `paid`. | `Withdrawal` |  |');
    expect(rows).toContain("| `customer.updated` | A customer's fields changed; an update that changes nothing emits nothing. | `Customer` | yes |");
    expect(rows.find((r) => r.startsWith('| `cycle.paid` '))).toContain('| `BillingCycle` |');
  });

  it('an event added to the spec is listed with nothing else changed', () => {
    const webhooks = {
      ...bundled.webhooks,
      'payout.scheduled': {
        post: {
          description: 'A payout was | scheduled.\n\nMore detail that stays out of the table.',
          'x-source': 'added',
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/PayoutDelivery' } } } },
        },
      },
    };
    const schemas = { ...bundled.components!.schemas, PayoutDelivery: { properties: { payload: { properties: { object: { $ref: '#/components/schemas/Payout' } } } } } };
    const table = eventCatalogue({ webhooks, components: { schemas } });
    expect(listed(table)).toEqual([...specTypes, 'payout.scheduled']);
    expect(table.split('\n').at(-1)).toBe('| `payout.scheduled` | A payout was \\| scheduled. | `Payout` |  |');
  });

  it('an event without a description or a delivery resource is an error, not a hole in the docs', () => {
    expect(() => eventCatalogue({ webhooks: { 'x.y': { post: { description: 'Happened.' } } } })).toThrow(/webhook x\.y: needs/);
    expect(() => eventCatalogue({ webhooks: {} })).toThrow(/no webhooks/);
  });

  it('only the text between the markers is replaced; missing markers are an error', () => {
    const text = `# Title\n\nBefore.\n${CATALOGUE_BEGIN}\nstale table\n${CATALOGUE_END}\n\nAfter, hand-written.\n`;
    expect(withCatalogue(text, '| new |')).toBe(`# Title\n\nBefore.\n${CATALOGUE_BEGIN}\n| new |\n${CATALOGUE_END}\n\nAfter, hand-written.\n`);
    expect(withCatalogue(withCatalogue(text, '| new |'), '| new |')).toBe(withCatalogue(text, '| new |'));
    expect(() => withCatalogue('# No markers\n', '| t |')).toThrow(/markers are missing/);
    expect(() => withCatalogue(`${CATALOGUE_END}\n${CATALOGUE_BEGIN}\n`, '| t |')).toThrow(/out of order/);
  });
});
