/**
 * The event catalogue of the Webhooks chapter (`spec/descriptions/tag-webhooks.md`), made from the spec's `webhooks`
 * so that an event added there cannot be missing from the docs: one row per event, in the order `openapi.yaml`
 * declares them. The chapter is hand-written except between two marker lines, which `npm run generate` fills and
 * `npm run generate:check` verifies.
 */

export const CATALOGUE_BEGIN = '<!-- Generated from the webhooks of spec/openapi.yaml by `npm run generate`: edit the events there, not here. -->';
export const CATALOGUE_END = '<!-- End of the generated event catalogue. -->';

interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
}

interface WebhookOperation {
  description?: string;
  'x-source'?: string;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

export interface WebhooksDocument {
  webhooks?: Record<string, { post?: WebhookOperation }>;
  components?: { schemas?: Record<string, Schema> };
}

/** The last segment of a local `$ref` (`#/components/schemas/Subscription` → `Subscription`). */
function refName(schema: Schema | undefined): string | undefined {
  return schema?.$ref?.split('/').pop();
}

/** A table cell: one line, with the pipes that would end it escaped. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
}

/**
 * The catalogue as a markdown table: the event type, what happened (the first paragraph of the event's
 * description), the schema of its `payload.object`, and whether the seed document names it (`x-source: seed`).
 * Throws on an event without a delivery body or description: the docs would have a hole.
 */
export function eventCatalogue(doc: WebhooksDocument): string {
  const rows = Object.entries(doc.webhooks ?? {}).map(([type, item]) => {
    const post = item.post;
    const body = post?.requestBody?.content?.['application/json']?.schema;
    const bodyName = refName(body);
    const resource = refName(doc.components?.schemas?.[bodyName ?? '']?.properties?.payload?.properties?.object);
    const happened = post?.description?.split(/\n\s*\n/)[0];
    if (!resource || !happened) {
      throw new Error(`webhook ${type}: needs a description and an application/json body whose payload.object is a $ref to a schema`);
    }
    return `| \`${type}\` | ${cell(happened)} | \`${resource}\` | ${post?.['x-source'] === 'seed' ? 'yes' : ''} |`;
  });
  if (rows.length === 0) throw new Error('the spec declares no webhooks: nothing to list in the event catalogue');
  return ['| Event type | What happened | `payload.object` | In the seed |', '|---|---|---|---|', ...rows].join('\n');
}

/** `markdown` with the text between the two marker lines replaced by `table`. Throws when a marker is missing. */
export function withCatalogue(markdown: string, table: string): string {
  const begin = markdown.indexOf(CATALOGUE_BEGIN);
  const end = markdown.indexOf(CATALOGUE_END);
  if (begin < 0 || end < begin) {
    throw new Error(`the event catalogue's markers are missing or out of order: put "${CATALOGUE_BEGIN}" and "${CATALOGUE_END}" on lines of their own`);
  }
  return `${markdown.slice(0, begin + CATALOGUE_BEGIN.length)}\n${table}\n${markdown.slice(end)}`;
}
