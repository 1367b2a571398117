import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes as generatedRoutes } from '../../generated/operations';
import { emitOperations } from './emit-operations';
import { compareRoutePaths, extractRoutes, toExpressPath } from './routes';

describe('route table', () => {
  it('turns OpenAPI path templates into Express paths', () => {
    expect(toExpressPath('/v1/subscriptions/{subscriptionId}/splits/{splitId}')).toBe(
      '/v1/subscriptions/:subscriptionId/splits/:splitId',
    );
    expect(toExpressPath('/v1/checkouts/payment-links')).toBe('/v1/checkouts/payment-links');
  });

  it('orders literal segments before parameters at the same depth', () => {
    const paths = ['/v1/wallets/{walletId}', '/v1/wallets/listall', '/v1/wallets', '/v1/webhooks/{webhookId}',
      '/v1/webhooks/events'];
    expect([...paths].sort(compareRoutePaths)).toEqual([
      '/v1/wallets', '/v1/wallets/listall', '/v1/wallets/{walletId}', '/v1/webhooks/events', '/v1/webhooks/{webhookId}',
    ]);
  });

  it('refuses an operation without operationId, tag or x-source', () => {
    expect(() => extractRoutes({ paths: { '/v1/x': { get: { tags: ['T'], 'x-source': 'seed' } } } })).toThrow(/operationId/);
    expect(() => extractRoutes({ paths: { '/v1/x': { get: { operationId: 'getX', 'x-source': 'seed' } } } })).toThrow(/tag/);
    expect(() => extractRoutes({ paths: { '/v1/x': { get: { operationId: 'getX', tags: ['T'] } } } })).toThrow(/x-source/);
  });

  it('emits one handler interface per tag and refuses undeclared tags', () => {
    const routes = extractRoutes({
      paths: {
        '/v1/a': { get: { operationId: 'listA', tags: ['Alpha'], 'x-source': 'seed', summary: 'List A' } },
        '/v1/b/{bId}': { put: { operationId: 'updateB', tags: ['Beta Things'], 'x-source': 'added' } },
      },
    });
    const src = emitOperations(routes, ['Alpha', 'Beta Things']);
    expect(src).toMatch(/^\/\/ generated — do not edit/);
    expect(src).toContain('export interface AlphaHandlers<Ctx> {');
    expect(src).toContain("  listA: Handler<'listA', Ctx>;");
    expect(src).toContain('export interface BetaThingsHandlers<Ctx> {');
    expect(src).toContain("path: '/v1/b/:bId'");
    expect(() => emitOperations(routes, ['Alpha'])).toThrow(/not declared/);
  });

  it('generated/operations.ts lists every operation of generated/openapi.json', () => {
    const doc = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../generated/openapi.json'), 'utf8'));
    const fromDoc = extractRoutes(doc).map((r) => `${r.method} ${r.expressPath} ${r.operationId}`);
    const fromTable = generatedRoutes.map((r) => `${r.method} ${r.path} ${r.operationId}`);
    expect(fromTable).toEqual(fromDoc);
    expect(fromTable.length).toBeGreaterThanOrEqual(21);
  });
});
