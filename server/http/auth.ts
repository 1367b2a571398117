/**
 * `ServiceKey` authentication and authorization: 401 for a missing, unknown, revoked or expired key
 * (a rolled key past its grace period); 403 for a key whose
 * role lacks the operation's permission or whose IP allow-list excludes the caller.
 */
import type { RouteDef } from '../../generated/operations';
import type { Db } from '../db/types';
import { ipAllowed } from '../domain/access/ip';
import type { KeyCache } from '../domain/access/key-cache';
import { findKey, type KeyRecord } from '../domain/access/keys';
import { allows, requiredPermission } from '../domain/access/roles';
import { ApiError } from './errors';

export { ipAllowed };

/**
 * The key of the request, checked against the route's permission and the key's allow-list (`ip` is `req.ip`), on
 * every request: a cached lookup (`cache`, KEY_CACHE_SECONDS) saves the read of the key, never these checks.
 */
export async function authenticate(
  db: Db,
  header: string | undefined,
  route: RouteDef,
  ip: string | undefined,
  cache?: KeyCache<KeyRecord> | null,
): Promise<KeyRecord> {
  if (!header) throw new ApiError('unauthorized', { message: 'The ServiceKey header is missing.' });
  const key = await findKey(db, header, cache);
  if (!key) throw new ApiError('unauthorized', { message: 'The ServiceKey is not valid.' });
  if (!ipAllowed(key.ipAllowlist, ip)) {
    throw new ApiError('forbidden', { message: 'This key may not be used from this IP address.' });
  }
  const permission = requiredPermission(route);
  if (!allows(key.role, permission)) {
    throw new ApiError('forbidden', { message: `The key's role (${key.role}) lacks the permission ${permission}.` });
  }
  return key;
}
