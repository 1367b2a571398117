/** IP allow-list entries (API keys, trusted proxies): an IPv4/IPv6 address or a CIDR block. */
import { isIP } from 'node:net';

export interface AllowEntry {
  address: string;
  /** Prefix length of a CIDR block; null for a single address. */
  prefix: number | null;
  family: 'ipv4' | 'ipv6';
}

/** The parsed entry, or null when `entry` is neither an address nor a CIDR block with a prefix in range. */
export function parseAllowEntry(entry: string): AllowEntry | null {
  const parts = entry.trim().split('/');
  if (parts.length > 2) return null;
  const [address = '', bits] = parts;
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 6 ? 'ipv6' : 'ipv4';
  if (bits === undefined) return { address, prefix: null, family };
  const max = version === 6 ? 128 : 32;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
  return { address, prefix: Number(bits), family };
}
