import dns from 'node:dns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { addressPolicy, checkUrl, isPublicAddress } from './ssrf';

describe('isPublicAddress', () => {
  const notPublic: [string, string][] = [
    ['0.0.0.0', '"this network" 0.0.0.0/8'],
    ['0.1.2.3', '"this network" 0.0.0.0/8'],
    ['10.0.0.1', 'private 10/8'],
    ['10.255.255.255', 'private 10/8'],
    ['100.64.0.1', 'CGNAT 100.64/10'],
    ['100.127.255.254', 'CGNAT 100.64/10'],
    ['100.100.100.200', 'Alibaba metadata, in CGNAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback 127/8'],
    ['169.254.169.254', 'link-local: cloud metadata'],
    ['169.254.0.1', 'link-local 169.254/16'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12'],
    ['192.0.0.192', 'IETF protocol assignments (Oracle metadata)'],
    ['192.0.2.10', 'TEST-NET-1'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['192.168.1.1', 'private 192.168/16'],
    ['198.18.0.1', 'benchmarking 198.18/15'],
    ['198.19.255.255', 'benchmarking 198.18/15'],
    ['198.51.100.7', 'TEST-NET-2'],
    ['203.0.113.9', 'TEST-NET-3'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved 240/4'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback, long form'],
    ['fc00::1', 'unique local fc00::/7'],
    ['fd00::1', 'unique local fc00::/7'],
    ['fd00:ec2::254', 'AWS metadata over IPv6'],
    ['fe80::1', 'link-local fe80::/10'],
    ['febf:ffff::1', 'link-local fe80::/10'],
    ['fe80::1%eth0', 'link-local with a zone id'],
    ['fec0::1', 'deprecated site-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata in hex'],
    ['0:0:0:0:0:ffff:7f00:1', 'IPv4-mapped loopback, long hex form'],
    ['::ffff:0.0.0.0', 'IPv4-mapped "this network"'],
    ['64:ff9b::10.0.0.1', 'NAT64 of a private address'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['::127.0.0.1', 'deprecated IPv4-compatible'],
    ['100::1', 'discard-only'],
    ['2001::1', 'Teredo'],
    ['2001:2::1', 'benchmarking'],
    ['2001:db8::1', 'documentation'],
    ['2002:7f00:1::1', '6to4 (embeds 127.0.0.1)'],
    ['3fff::1', 'documentation (RFC 9637)'],
    ['', 'empty'],
    ['localhost', 'a name, not an address'],
    ['8.8.8', 'not an address'],
    ['256.1.1.1', 'not an address'],
  ];
  it.each(notPublic)('%s (%s) is not public', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  const isPublic: [string, string][] = [
    ['8.8.8.8', 'Google DNS'],
    ['1.1.1.1', 'Cloudflare DNS'],
    ['9.255.255.255', 'just below 10/8'],
    ['11.0.0.0', 'just above 10/8'],
    ['100.63.255.255', 'just below CGNAT'],
    ['100.128.0.0', 'just above CGNAT'],
    ['172.15.255.255', 'just below 172.16/12'],
    ['172.32.0.0', 'just above 172.16/12'],
    ['169.253.255.255', 'just below link-local'],
    ['192.167.255.255', 'just below 192.168/16'],
    ['223.255.255.255', 'just below multicast'],
    ['2001:4860:4860::8888', 'Google DNS over IPv6'],
    ['2606:4700:4700::1111', 'Cloudflare DNS over IPv6'],
    ['2001:200::1', 'just above 2001::/23'],
    ['::ffff:8.8.8.8', 'IPv4-mapped public'],
    ['64:ff9b::8.8.8.8', 'NAT64 of a public address'],
  ];
  it.each(isPublic)('%s (%s) is public', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe('checkUrl', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Answers lookups from a table instead of DNS, so no query leaves the machine. */
  function fakeDns(table: Record<string, string[]>) {
    return vi.spyOn(dns.promises, 'lookup').mockImplementation((async (host: string) => {
      const found = table[host];
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    }) as unknown as typeof dns.promises.lookup);
  }

  it('production: accepts https to a host that resolves only to public addresses, and returns them all', async () => {
    const lookup = fakeDns({ 'hooks.acme.example': ['93.184.216.34', '2606:2800:220:1::1'] });
    const result = await checkUrl('https://hooks.acme.example/payments?x=1', 'production');
    expect(result).toEqual({
      ok: true,
      url: new URL('https://hooks.acme.example/payments?x=1'),
      addresses: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1::1', family: 6 },
      ],
    });
    expect(lookup).toHaveBeenCalledWith('hooks.acme.example', { all: true });
  });

  it('production: refuses a host with any non-public address among its answers', async () => {
    fakeDns({ 'rebind.acme.example': ['93.184.216.34', '10.0.0.7'] });
    const result = await checkUrl('https://rebind.acme.example/', 'production');
    expect(result).toMatchObject({ ok: false, reason: 'addressNotAllowed' });
    // The merchant sees the message: it must not reveal how the name resolved.
    expect(result.ok === false && result.message).not.toContain('10.0.0.7');
  });

  it('production: refuses localhost through the real resolver (hosts file, no network)', async () => {
    expect(await checkUrl('https://localhost/hooks', 'production')).toMatchObject({ ok: false, reason: 'addressNotAllowed' });
  });

  it.each([
    'https://127.0.0.1/',
    'https://[::1]:8443/',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::ffff:169.254.169.254]/',
    'https://2130706433/', // 127.0.0.1 as one decimal number
    'https://0x7f.1/', // 127.0.0.1 in a short hex form
    'https://10.1.2.3:8443/hooks',
  ])('production: refuses the IP literal in %s without a lookup', async (url) => {
    const lookup = fakeDns({});
    expect(await checkUrl(url, 'production')).toMatchObject({ ok: false, reason: 'addressNotAllowed' });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('production: accepts a public IP literal without a lookup', async () => {
    const lookup = fakeDns({});
    expect(await checkUrl('https://[2001:4860:4860::8888]/', 'production')).toMatchObject({
      ok: true,
      addresses: [{ address: '2001:4860:4860::8888', family: 6 }],
    });
    expect(await checkUrl('https://8.8.8.8/', 'production')).toMatchObject({ ok: true, addresses: [{ address: '8.8.8.8', family: 4 }] });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('production: refuses http before resolving anything', async () => {
    const lookup = fakeDns({ 'hooks.acme.example': ['93.184.216.34'] });
    expect(await checkUrl('http://hooks.acme.example/', 'production')).toMatchObject({ ok: false, reason: 'scheme' });
    expect(await checkUrl('http://127.0.0.1:4000/', 'production')).toMatchObject({ ok: false, reason: 'scheme' });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('sandbox: accepts http and https to loopback and private addresses', async () => {
    fakeDns({ 'dev.internal': ['192.168.0.10'] });
    expect(await checkUrl('http://127.0.0.1:4000/hooks', 'sandbox')).toMatchObject({
      ok: true,
      addresses: [{ address: '127.0.0.1', family: 4 }],
    });
    expect(await checkUrl('https://dev.internal/hooks', 'sandbox')).toMatchObject({
      ok: true,
      addresses: [{ address: '192.168.0.10', family: 4 }],
    });
    expect(await checkUrl('http://[::1]:4000/', 'sandbox')).toMatchObject({ ok: true, addresses: [{ address: '::1', family: 6 }] });
  });

  it('sandbox: resolves localhost to loopback through the real resolver', async () => {
    const result = await checkUrl('http://localhost:4000/hooks', 'sandbox');
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.addresses.length).toBeGreaterThan(0);
      for (const a of result.addresses) expect(['127.0.0.1', '::1']).toContain(a.address);
    }
  });

  it('sandboxPublic (private addresses denied): refuses loopback and private addresses, by literal and by name', async () => {
    fakeDns({ 'dev.internal': ['192.168.0.10'], 'mixed.acme.example': ['93.184.216.34', '127.0.0.1'], localhost: ['127.0.0.1', '::1'] });
    for (const url of ['http://127.0.0.1:4000/hooks', 'http://[::1]:4000/', 'https://dev.internal/hooks', 'http://10.0.0.5/', 'http://mixed.acme.example/']) {
      const result = await checkUrl(url, 'sandboxPublic');
      expect(result, url).toMatchObject({ ok: false, reason: 'addressNotAllowed' });
      expect(result.ok === false && result.message).toMatch(/sandbox endpoints must be public too/);
    }
    expect(await checkUrl('http://localhost:4000/hooks', 'sandboxPublic')).toMatchObject({ ok: false, reason: 'addressNotAllowed' });
  });

  it('sandboxPublic: still accepts http and https to public addresses', async () => {
    fakeDns({ 'hooks.acme.example': ['93.184.216.34'] });
    expect(await checkUrl('http://hooks.acme.example/', 'sandboxPublic')).toMatchObject({ ok: true });
    expect(await checkUrl('https://hooks.acme.example/', 'sandboxPublic')).toMatchObject({ ok: true });
  });

  it('addressPolicy: production is always production; sandbox follows the operator setting', () => {
    expect(addressPolicy('production', 'allow')).toBe('production');
    expect(addressPolicy('production', 'deny')).toBe('production');
    expect(addressPolicy('sandbox', 'allow')).toBe('sandbox');
    expect(addressPolicy('sandbox', 'deny')).toBe('sandboxPublic');
  });

  it.each(['ftp://hooks.acme.example/', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url', ''])(
    'refuses %j in either mode',
    async (url) => {
      for (const policy of ['sandbox', 'sandboxPublic', 'production'] as const) {
        expect(await checkUrl(url, policy)).toMatchObject({ ok: false, reason: 'scheme' });
      }
    },
  );

  it('reports a name that does not resolve as a DNS error', async () => {
    fakeDns({});
    expect(await checkUrl('https://nowhere.acme.example/', 'production')).toMatchObject({ ok: false, reason: 'dnsError' });
    expect(await checkUrl('http://nowhere.acme.example/', 'sandbox')).toMatchObject({ ok: false, reason: 'dnsError' });
  });
});

describe('the WEBHOOK_PRIVATE_ADDRESSES setting', () => {
  it('defaults to allow on the embedded database and to deny with DATABASE_URL', () => {
    expect(loadConfig({}).webhooks.privateAddresses).toBe('allow');
    expect(loadConfig({ DATABASE_URL: '' }).webhooks.privateAddresses).toBe('allow');
    expect(loadConfig({ DATABASE_URL: 'postgres://db.internal/payments' }).webhooks.privateAddresses).toBe('deny');
  });

  it('is what the operator says, either way, and nothing else', () => {
    expect(loadConfig({ WEBHOOK_PRIVATE_ADDRESSES: 'deny' }).webhooks.privateAddresses).toBe('deny');
    expect(loadConfig({ WEBHOOK_PRIVATE_ADDRESSES: 'allow', DATABASE_URL: 'postgres://127.0.0.1/dev' }).webhooks.privateAddresses).toBe('allow');
    expect(() => loadConfig({ WEBHOOK_PRIVATE_ADDRESSES: 'yes' })).toThrow(/WEBHOOK_PRIVATE_ADDRESSES must be allow or deny/);
  });
});
