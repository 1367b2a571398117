/**
 * Which webhook URLs the service may POST to (tag-webhooks.md, "Sandbox and production addresses"). Production
 * endpoints must be `https` and resolve only to public addresses, so that a merchant cannot make the service reach
 * its own network; sandbox endpoints may be `http`, and loopback or private only where the operator allows it
 * (`WEBHOOK_PRIVATE_ADDRESSES`): on a developer's machine that is their receiver, on a hosted service it is the
 * service's own host and network. The check runs at registration and again at every delivery; the sender then
 * connects to the addresses checked.
 */
import dns from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { PrivateAddresses } from '../config-values';

/**
 * The rules one URL is checked against: `production` (https, public addresses only), `sandbox` (http or https,
 * anything but link-local) and `sandboxPublic` (http or https, public addresses only: sandbox where the operator
 * denies private addresses).
 */
export type AddressPolicy = 'sandbox' | 'sandboxPublic' | 'production';

/** The policy of an endpoint of `mode` under the operator's `privateAddresses` setting. */
export function addressPolicy(mode: 'sandbox' | 'production', privateAddresses: PrivateAddresses): AddressPolicy {
  if (mode === 'production') return 'production';
  return privateAddresses === 'allow' ? 'sandbox' : 'sandboxPublic';
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type UrlCheck =
  | { ok: true; url: URL; addresses: ResolvedAddress[] }
  | { ok: false; reason: 'scheme' | 'addressNotAllowed' | 'dnsError'; message: string };

// IANA's IPv4 special-purpose registry, minus the few blocks it marks globally reachable (AS112, AMT).
const v4NotPublic = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (also Alibaba's metadata address 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (Oracle's metadata address 192.0.0.192)
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address 255.255.255.255
] as const) {
  v4NotPublic.addSubnet(net, bits, 'ipv4');
}

// IPv6 is judged by allow-list: only global unicast (2000::/3) can be public, which already excludes ::, ::1,
// fc00::/7 (unique local, AWS's metadata fd00:ec2::254), fe80::/10, fec0::/10, ff00::/8 and the rest.
const v6GlobalUnicast = new BlockList();
v6GlobalUnicast.addSubnet('2000::', 3, 'ipv6');
const v6NotPublic = new BlockList();
for (const [net, bits] of [
  ['2001::', 23], // IETF protocol assignments: Teredo (embeds an IPv4 address), benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, which embeds an IPv4 address
  ['3fff::', 20], // documentation (RFC 9637)
] as const) {
  v6NotPublic.addSubnet(net, bits, 'ipv6');
}

/**
 * The IPv4 address carried by an IPv4-mapped (`::ffff:a.b.c.d`) or NAT64 well-known-prefix (`64:ff9b::a.b.c.d`)
 * IPv6 address, which reach that IPv4 host and so are judged as it is; null for any other address.
 */
function embeddedIpv4(ip: string): string | null {
  // The URL serializer writes every IPv6 spelling in one canonical form (lowercase, compressed, hex groups).
  const canonical = new URL(`http://[${ip}]/`).hostname;
  const m = /^\[(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(canonical);
  if (!m) return null;
  const high = parseInt(m[1]!, 16);
  const low = parseInt(m[2]!, 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** True only for a globally reachable unicast address; false for anything special-purpose or not an IP at all. */
export function isPublicAddress(ip: string): boolean {
  // A zone id (`fe80::1%eth0`) only ever accompanies a link-local address.
  if (ip.includes('%')) return false;
  switch (isIP(ip)) {
    case 4:
      return !v4NotPublic.check(ip, 'ipv4');
    case 6: {
      const v4 = embeddedIpv4(ip);
      if (v4 !== null) return !v4NotPublic.check(v4, 'ipv4');
      return v6GlobalUnicast.check(ip, 'ipv6') && !v6NotPublic.check(ip, 'ipv6');
    }
    default:
      return false;
  }
}

const linkLocal = new BlockList();
linkLocal.addSubnet('169.254.0.0', 16, 'ipv4');
linkLocal.addSubnet('fe80::', 10, 'ipv6');

/**
 * True for link-local addresses, the cloud metadata service (169.254.169.254) among them: not even a sandbox endpoint
 * may point there, since a developer's receiver is never on one while the service's own host answers there.
 */
export function isLinkLocal(ip: string): boolean {
  if (ip.includes('%')) return true;
  switch (isIP(ip)) {
    case 4:
      return linkLocal.check(ip, 'ipv4');
    case 6: {
      const v4 = embeddedIpv4(ip);
      return v4 !== null ? linkLocal.check(v4, 'ipv4') : linkLocal.check(ip, 'ipv6');
    }
    default:
      return false;
  }
}

/**
 * Checks that a webhook URL may be delivered to under `policy` and returns the addresses its host resolves to now.
 * Never throws. The failure messages do not name the addresses, since they are shown to the merchant and would
 * otherwise reveal how the service's internal names resolve.
 */
export async function checkUrl(url: string, policy: AddressPolicy): Promise<UrlCheck> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'scheme', message: 'The endpoint is not a valid absolute URL.' };
  }
  const schemes = policy === 'production' ? ['https:'] : ['http:', 'https:'];
  if (!schemes.includes(parsed.protocol)) {
    const allowed = policy === 'production' ? '`https`' : '`http` or `https`';
    return { ok: false, reason: 'scheme', message: `A ${policy === 'production' ? 'production' : 'sandbox'} endpoint must use ${allowed}.` };
  }

  const host = parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname;
  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal === 4 || literal === 6) {
    addresses = [{ address: host, family: literal }];
  } else {
    try {
      const found = await dns.promises.lookup(host, { all: true });
      addresses = found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'unknown error';
      return { ok: false, reason: 'dnsError', message: `The endpoint's host could not be resolved (${code}).` };
    }
    if (addresses.length === 0) {
      return { ok: false, reason: 'dnsError', message: "The endpoint's host resolves to no address." };
    }
  }

  if (addresses.some((a) => isLinkLocal(a.address))) {
    return { ok: false, reason: 'addressNotAllowed', message: "The endpoint's host resolves to a link-local address." };
  }
  if (policy !== 'sandbox' && !addresses.every((a) => isPublicAddress(a.address))) {
    const where = policy === 'production' ? '' : ' On this service sandbox endpoints must be public too.';
    return {
      ok: false,
      reason: 'addressNotAllowed',
      message: `The endpoint's host resolves to an address that is not public (loopback, private, link-local or reserved).${where}`,
    };
  }
  return { ok: true, url: parsed, addresses };
}
