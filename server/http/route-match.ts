/** Finds the operation of a request, or tells an unknown path (404) from a wrong method (405, with `Allow`). */
import { routes, type RouteDef } from '../../generated/operations';

interface Compiled {
  regex: RegExp;
  route: RouteDef;
}

// `routes` lists literal paths before parameters (`/v1/wallets/listall` before `/v1/wallets/:walletId`).
const compiled: Compiled[] = routes.map((route) => ({
  route,
  regex: new RegExp(
    `^${route.path
      .split('/')
      .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  ),
}));

export type Match = { kind: 'route'; route: RouteDef } | { kind: 'method'; allow: string[] } | { kind: 'none' };

export function matchRoute(method: string, path: string): Match {
  const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
  const allow = new Set<string>();
  for (const c of compiled) {
    if (!c.regex.test(path)) continue;
    if (c.route.method === m) return { kind: 'route', route: c.route };
    allow.add(c.route.method.toUpperCase());
  }
  if (allow.size === 0) return { kind: 'none' };
  if (allow.has('GET')) allow.add('HEAD');
  return { kind: 'method', allow: [...allow].sort() };
}
