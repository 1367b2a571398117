import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const doc = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../generated/openapi.json'), 'utf8'));

/** The seed's Operations table: method, path and the error statuses it lists (empty where it lists none). */
const SEED: [string, string, number[]][] = [
  ['get', '/v1/transactions', []],
  ['post', '/v1/transactions', []],
  ['get', '/v1/transactions/{transactionId}', []],
  ['post', '/v1/transactions/{transactionId}/capture', [400, 401, 402, 403, 404, 422, 429, 500]],
  ['put', '/v1/addresses/{addressId}', [400, 401, 403, 404, 422, 429, 500]],
  ['delete', '/v1/subscriptions/{subscriptionId}/splits', [400, 401, 402, 403, 404, 422, 429, 500]],
  ['put', '/v1/subscriptions/{subscriptionId}/splits/{splitId}', [400, 401, 403, 404, 500]],
  ['get', '/v1/subscriptions/{subscriptionId}/cycles', [401, 403, 404, 500]],
  ['get', '/v1/checkouts/payment-links', [400, 401, 403, 404, 422, 429, 500]],
  ['get', '/v1/variants/{variantId}', [400, 401, 403, 404, 422, 429, 500]],
  ['get', '/v1/checkouts/sessions/analytics', [400, 401, 403, 404, 422, 429, 500]],
  ['get', '/v1/customers', [401, 403, 500]],
  ['get', '/v1/simulators/payment-methods', [400, 401, 404, 500]],
  ['get', '/v1/utils/roles-of-user', [401, 500]],
  ['get', '/v1/wallets', [400, 401, 403, 404, 422, 429, 500]],
  ['get', '/v1/wallets/listall', []],
  ['delete', '/v1/wallets/{walletId}', [400, 401, 403, 404, 422, 429, 500]],
  ['post', '/v1/webhooks', [400, 401, 403, 409, 500]],
  ['post', '/v1/webhooks/endpoints', []],
  ['get', '/v1/webhooks', [401, 403, 500]],
  ['get', '/v1/webhooks/events', [401, 403, 500]],
];

/** Parameters the seed names per operation (beyond the shared list parameters). */
const SEED_PARAMS: Record<string, string[]> = {
  'get /v1/subscriptions/{subscriptionId}/cycles': ['status', 'limit', 'offset', 'sort'],
  'get /v1/checkouts/payment-links': ['templateid', 'status', 'limit', 'offset'],
  'get /v1/checkouts/sessions/analytics': ['sort', 'initdate', 'enddate'],
  'get /v1/customers': ['id', 'email', 'name', 'telephoneline', 'document', 'externalreference', 'daterange'],
  'get /v1/simulators/payment-methods': ['amount', 'method', 'fee', 'installment', 'brand'],
  'get /v1/wallets': ['id', 'limit', 'offset', 'daterangegte'],
  'get /v1/wallets/listall': ['id'],
  'delete /v1/subscriptions/{subscriptionId}/splits': ['splitId'],
  'get /v1/webhooks': ['name', 'endpoint', 'status'],
  'get /v1/webhooks/events': ['type', 'resource', 'resourceId', 'status', 'eventId', 'endpoint', 'resourceid', 'eventid'],
  'post /v1/transactions': ['X-Idempotency-Key'],
};

const operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, op]) => op && typeof op === 'object' && 'responses' in op)
    .map(([method, op]) => ({ method, path, op })),
);

describe('the spec covers the seed', () => {
  it('has all 21 operations of the seed at its method and path, marked x-source: seed', () => {
    expect(SEED).toHaveLength(21);
    for (const [method, path] of SEED) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method.toUpperCase()} ${path}`).toBeDefined();
      expect(op['x-source'], `${method.toUpperCase()} ${path}`).toBe('seed');
    }
  });

  it('marks every other operation x-source: added', () => {
    const seedKeys = new Set(SEED.map(([m, p]) => `${m} ${p}`));
    const added = operations.filter(({ method, path }) => !seedKeys.has(`${method} ${path}`));
    expect(added.length).toBeGreaterThan(0);
    for (const { method, path, op } of added) expect(op['x-source'], `${method} ${path}`).toBe('added');
  });

  it("documents at least the seed's error statuses for each operation", () => {
    for (const [method, path, statuses] of SEED) {
      const documented = Object.keys(doc.paths[path][method].responses);
      for (const s of statuses) expect(documented, `${method.toUpperCase()} ${path}`).toContain(String(s));
    }
  });

  it("takes the seed's parameters", () => {
    for (const [key, names] of Object.entries(SEED_PARAMS)) {
      const [method, path] = key.split(' ') as [string, string];
      const params = (doc.paths[path][method].parameters ?? []).map((p: any) =>
        p.$ref ? doc.components.parameters[p.$ref.split('/').pop()].name : p.name,
      );
      for (const n of names) expect(params, key).toContain(n);
    }
  });

  it('has the operations the seed references by links and those a merchant needs', () => {
    const ids = new Set(operations.map(({ op }) => op.operationId));
    for (const id of [
      'createAddress', 'getAddress', 'deleteAddress', 'listSubscriptionSplits', 'createSubscriptionSplit',
      'createWallet', 'getWallet', 'createCustomer', 'getCustomer', 'updateCustomer', 'createTransactionRefund',
      'cancelTransaction', 'getWebhook', 'updateWebhook', 'deleteWebhook', 'getSubscription',
      'simulateSandboxTransaction',
    ]) {
      expect(ids.has(id), id).toBe(true);
    }
  });

  it('has a webhook entry for each event type of the seed, with the signature header', () => {
    for (const type of ['transaction.created', 'transaction.approved', 'transaction.failed', 'transaction.dispute',
      'transaction.refunded', 'customer.updated']) {
      const post = doc.webhooks[type]?.post;
      expect(post, type).toBeDefined();
      const names = (post.parameters ?? []).map((p: any) =>
        (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p).name.toLowerCase(),
      );
      expect(names, type).toContain('x-service-signature');
    }
  });

  it('keeps the seed field names, spelling included', () => {
    const t = doc.components.schemas.Transaction.properties;
    for (const f of ['spplited', 'originalAmount', 'externalReference', 'receivables', 'timeline', 'payment']) {
      expect(Object.keys(t)).toContain(f);
    }
  });
});
