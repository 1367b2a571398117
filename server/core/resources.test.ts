/**
 * The registry of resource kinds against the contract: the lists the spec documents (an error's `resource`, an event's
 * `resource`) are the ones derived from the registry, so a kind added to one and not the other fails here.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_RESOURCES } from './errors';
import { EVENT_RESOURCES, RESOURCE_KINDS, type RecoverableKind, type ResourceKind } from './resources';

const schemas = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../generated/openapi.json'), 'utf8')) as {
    components: { schemas: Record<string, { properties: Record<string, { enum?: string[]; description?: string; properties?: Record<string, { description: string }> }> }> };
  }
).components.schemas;

describe('the registry of resource kinds', () => {
  it('marks evented exactly the kinds the spec lists for an event\'s resource', () => {
    expect([...EVENT_RESOURCES].sort()).toEqual([...schemas.WebhookEvent!.properties.resource!.enum!].sort());
  });

  it('gives errors exactly the resources the spec documents for an error\'s resource', () => {
    const description = schemas.Error!.properties.error!.properties!.resource!.description;
    const listed = /The\s+values\s+in\s+use\s+are([^]*?)The\s+list\s+may\s+grow/.exec(description)![1]!;
    const documented = [...listed.matchAll(/`([a-zA-Z]+)`/g)].map((m) => m[1]);
    expect([...ERROR_RESOURCES].sort()).toEqual(documented.sort());
  });

  it('is closed: a kind outside it, or a recovery point of a kind never recovered, does not compile', () => {
    // @ts-expect-error: the old spelling of webhookEndpoint is no kind
    const drifted: ResourceKind = 'webhook';
    // @ts-expect-error: no idempotent request records a sandbox clock as its recovery point
    const unrecovered: RecoverableKind = 'clock';
    expect(RESOURCE_KINDS).not.toContain(drifted);
    expect(RESOURCE_KINDS).toContain(unrecovered);
  });
});
