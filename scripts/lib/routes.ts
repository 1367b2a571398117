/** Route table extraction from the bundled OpenAPI document; pure, so the generator and tests share it. */

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface RouteInfo {
  method: HttpMethod;
  /** Path as written in the spec: `/v1/transactions/{transactionId}`. */
  openapiPath: string;
  /** Path in Express syntax: `/v1/transactions/:transactionId`. */
  expressPath: string;
  operationId: string;
  tag: string;
  summary: string;
  source: 'seed' | 'added';
}

interface OperationObject {
  operationId?: string;
  tags?: string[];
  summary?: string;
  'x-source'?: string;
}

export interface BundledDocument {
  paths?: Record<string, Partial<Record<string, unknown>>>;
  tags?: { name: string }[];
}

export function toExpressPath(openapiPath: string): string {
  return openapiPath.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

/**
 * Literal segments sort before parameters at the same depth, so `/v1/wallets/listall` is registered
 * before `/v1/wallets/:walletId` (Express matches in registration order).
 */
export function compareRoutePaths(a: string, b: string): number {
  const sa = a.split('/');
  const sb = b.split('/');
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const x = sa[i] ?? '';
    const y = sb[i] ?? '';
    if (x === y) continue;
    const px = x.startsWith('{') || x.startsWith(':');
    const py = y.startsWith('{') || y.startsWith(':');
    if (px !== py) return px ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return sa.length - sb.length;
}

export function extractRoutes(doc: BundledDocument): RouteInfo[] {
  const routes: RouteInfo[] = [];
  for (const [openapiPath, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const op = item[method] as OperationObject | undefined;
      if (!op) continue;
      if (!op.operationId) throw new Error(`${method.toUpperCase()} ${openapiPath} has no operationId`);
      const tag = op.tags?.[0];
      if (!tag) throw new Error(`${op.operationId} has no tag`);
      const source = op['x-source'];
      if (source !== 'seed' && source !== 'added') throw new Error(`${op.operationId} has no x-source`);
      routes.push({
        method,
        openapiPath,
        expressPath: toExpressPath(openapiPath),
        operationId: op.operationId,
        tag,
        summary: op.summary ?? '',
        source,
      });
    }
  }
  const methodOrder = (m: HttpMethod) => HTTP_METHODS.indexOf(m);
  return routes.sort(
    (a, b) => compareRoutePaths(a.openapiPath, b.openapiPath) || methodOrder(a.method) - methodOrder(b.method),
  );
}
