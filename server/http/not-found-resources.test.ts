/**
 * Every operation of the contract that names a resource by id in its path, called with an id that names nothing,
 * answers `404` with that resource type's own code and `resource` (seed: "a code and resource matching the resource
 * type"; issue 23, item 3). The operations are read from the bundled spec, so a new one is walked without a new test,
 * and a new kind of path id fails here until it says which resource it names.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, type ErrorCode, type ErrorResource } from '../core/errors';
import { ENGINES, startTestService, type TestService } from '../testing/harness';

/** The resource each path id names, with its code for "no such id". */
const NAMED: Record<string, { resource: ErrorResource; code: ErrorCode }> = {
  transactionId: { resource: 'transaction', code: 'transactionNotFound' },
  clockId: { resource: 'clock', code: 'sandboxClockNotFound' },
  customerId: { resource: 'customer', code: 'customerNotFound' },
  addressId: { resource: 'address', code: 'addressNotFound' },
  walletId: { resource: 'wallet', code: 'walletNotFound' },
  withdrawalId: { resource: 'withdrawal', code: 'withdrawalNotFound' },
  productId: { resource: 'product', code: 'productNotFound' },
  variantId: { resource: 'variant', code: 'variantNotFound' },
  subscriptionId: { resource: 'subscription', code: 'subscriptionNotFound' },
  splitId: { resource: 'subscriptionSplit', code: 'subscriptionSplitNotFound' },
  linkId: { resource: 'paymentLink', code: 'paymentLinkNotFound' },
  webhookId: { resource: 'webhookEndpoint', code: 'webhookNotFound' },
  eventId: { resource: 'webhookEvent', code: 'webhookEventNotFound' },
};

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  example?: string;
}
interface Operation {
  operationId: string;
  parameters?: ({ $ref: string } | Parameter)[];
  requestBody?: { content: Record<string, { example?: unknown; examples?: Record<string, { value: unknown }> }> };
}

const doc = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../generated/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, Operation | unknown>>;
  components: { parameters: Record<string, Parameter> };
};
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function parameter(p: { $ref: string } | Parameter): Parameter {
  return '$ref' in p ? doc.components.parameters[p.$ref.split('/').pop()!]! : p;
}

/** The spec's example id of the parameter with its random part zeroed: well-formed, and naming nothing. */
function unknownId(p: Parameter): string {
  const [prefix, rest] = p.example!.split('_') as [string, string];
  return `${prefix}_${'0'.repeat(rest.length)}`;
}

/**
 * Bodies other than the spec's example: an endpoint's URL is checked (resolved) before the endpoint is looked up, and
 * the example's host resolves nowhere offline; a loopback address is allowed to the sandbox of the tests.
 */
const BODIES: Record<string, (example: unknown) => unknown> = {
  updateWebhook: (example) => ({ ...(example as object), endpoint: 'http://127.0.0.1:9/hooks' }),
};

/** The spec's first example of the operation's JSON body, so that the request passes validation and meets the id. */
function exampleBody(op: Operation): unknown {
  const json = op.requestBody?.content['application/json'];
  if (json && BODIES[op.operationId]) return BODIES[op.operationId]!(json.example ?? Object.values(json.examples ?? {})[0]?.value);
  if (!json) return undefined;
  return json.example ?? Object.values(json.examples ?? {})[0]?.value;
}

interface Walk {
  method: (typeof METHODS)[number];
  path: string;
  operationId: string;
  url: string;
  body: unknown;
  expected: { resource: ErrorResource; code: ErrorCode };
}

function walks(): Walk[] {
  const out: Walk[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.includes('{')) continue;
    const shared = ((item as { parameters?: Operation['parameters'] }).parameters ?? []).map(parameter);
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op) continue;
      const all = [...shared, ...(op.parameters ?? []).map(parameter)];
      const params = all.filter((p) => p.in === 'path');
      let url = path;
      for (const p of params) url = url.replace(`{${p.name}}`, unknownId(p));
      // A required query id (the split a DELETE removes) names nothing either; the path's id is still looked up first.
      const query = all.filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=${unknownId(p)}`);
      if (query.length > 0) url += `?${query.join('&')}`;
      // The outermost id is looked up first: an unknown subscription answers for the split under it.
      const first = params.sort((a, b) => path.indexOf(`{${a.name}}`) - path.indexOf(`{${b.name}}`))[0]!;
      out.push({ method, path, operationId: op.operationId, url, body: exampleBody(op), expected: NAMED[first.name]! });
    }
  }
  return out;
}

describe('the path ids of the contract', () => {
  it('each names a resource type whose own code says it was not found, in the catalogue too', () => {
    const names = new Set<string>();
    for (const item of Object.values(doc.paths)) {
      for (const value of Object.values(item)) {
        for (const p of (value as Operation).parameters ?? []) {
          const param = parameter(p);
          if (param.in === 'path') names.add(param.name);
        }
      }
    }
    expect(names.size).toBeGreaterThan(10);
    for (const name of names) {
      expect(NAMED, `path id ${name}`).toHaveProperty(name);
      const { code, resource } = NAMED[name]!;
      expect((CATALOGUE[code] as { resource?: ErrorResource }).resource, `${code} of ${name}`).toBe(resource);
    }
  });
});

describe.each(ENGINES)('a missing resource on every path that names one, on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
  });
  afterAll(async () => svc?.close());

  it('answers 404 with the code and resource of the type the outermost id names', async () => {
    const all = walks();
    expect(all.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const w of all) {
      const res = await svc.call(w.url, {
        method: w.method.toUpperCase(),
        headers: w.method === 'get' ? {} : { 'X-Idempotency-Key': `missing-${w.operationId}` },
        ...(w.body === undefined ? {} : { json: w.body }),
      });
      const answer = (await res.json()) as { error?: { code: string; resource: string } };
      const got = `${res.status} ${answer.error?.code} ${answer.error?.resource}`;
      const want = `404 ${w.expected.code} ${w.expected.resource}`;
      if (got !== want) wrong.push(`${w.method.toUpperCase()} ${w.path} (${w.operationId}): ${got}, want ${want}`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});
