/**
 * `ServiceKey` authentication and authorization: 401 for a missing, unknown or revoked key; 403 for a key whose
 * role lacks the operation's permission or whose IP allow-list excludes the caller.
 */
import { BlockList, isIP } from 'node:net';
import type { RouteDef } from '../../generated/operations';
import type { Db } from '../db/types';
import { findKey, type KeyRecord } from '../domain/access/keys';
import { allows, requiredPermission } from '../domain/access/roles';
import { ApiError } from './errors';

function normalizeIp(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/** True when `ip` is in the allow-list; entries are addresses or CIDR blocks (`10.0.0.0/8`). */
export function ipAllowed(allowlist: string[] | null, ip: string | undefined): boolean {
  if (!allowlist || allowlist.length === 0) return true;
  if (!ip) return false;
  const address = normalizeIp(ip);
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  const list = new BlockList();
  for (const entry of allowlist) {
    const [net, bits] = entry.split('/');
    if (!net || !isIP(net)) continue;
    const fam = isIP(net) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(net, fam);
    else list.addSubnet(net, Number(bits), fam);
  }
  return list.check(address, family);
}

export async function authenticate(
  db: Db,
  header: string | undefined,
  route: RouteDef,
  ip: string | undefined,
): Promise<KeyRecord> {
  if (!header) throw new ApiError('unauthorized', { message: 'The ServiceKey header is missing.' });
  const key = await findKey(db, header);
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
