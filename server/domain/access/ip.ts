/** IP allow-list entries of API keys: an IPv4/IPv6 address or a CIDR block, checked with node:net's BlockList. */
import { BlockList, isIP } from 'node:net';
import { parseAllowEntry } from '../../core/ip';

function normalizeIp(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/**
 * True when `ip` is in the allow-list (null or empty: every address). An entry that does not parse (written to
 * the database by hand, or before entries were validated) matches nothing: the list fails closed, never a 500.
 */
export function ipAllowed(allowlist: readonly string[] | null, ip: string | undefined): boolean {
  if (!allowlist || allowlist.length === 0) return true;
  if (!ip) return false;
  const address = normalizeIp(ip);
  const version = isIP(address);
  if (version === 0) return false;
  const list = new BlockList();
  for (const raw of allowlist) {
    const entry = parseAllowEntry(raw);
    if (!entry) continue;
    if (entry.prefix === null) list.addAddress(entry.address, entry.family);
    else list.addSubnet(entry.address, entry.prefix, entry.family);
  }
  return list.check(address, version === 6 ? 'ipv6' : 'ipv4');
}
