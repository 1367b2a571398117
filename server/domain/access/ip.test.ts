import { describe, expect, it } from 'vitest';
import { parseAllowEntry } from '../../core/ip';
import { ipAllowed } from './ip';

describe('IP allow-list entries', () => {
  it('parses addresses and CIDR blocks of both families, and nothing else', () => {
    expect(parseAllowEntry('203.0.113.9')).toEqual({ address: '203.0.113.9', prefix: null, family: 'ipv4' });
    expect(parseAllowEntry('10.0.0.0/8')).toEqual({ address: '10.0.0.0', prefix: 8, family: 'ipv4' });
    expect(parseAllowEntry('2001:db8::/32')).toEqual({ address: '2001:db8::', prefix: 32, family: 'ipv6' });
    for (const bad of ['10.0.0.0/33', '2001:db8::/129', '10.0.0.0/', '10.0.0.0/x', '10.0.0.0/8/8', 'localhost', '10.0.0', '', '10.0.0.0/-1']) {
      expect(parseAllowEntry(bad), bad).toBeNull();
    }
  });

  it('a malformed entry already stored matches nothing and never throws (fails closed)', () => {
    expect(() => ipAllowed(['10.0.0.0/abc'], '10.1.2.3')).not.toThrow();
    expect(ipAllowed(['10.0.0.0/abc'], '10.1.2.3')).toBe(false);
    expect(ipAllowed(['10.0.0.0/99'], '10.1.2.3')).toBe(false);
    expect(ipAllowed(['garbage', '10.0.0.0/8'], '10.1.2.3')).toBe(true);
    expect(ipAllowed(['10.0.0.0/8'], 'not-an-ip')).toBe(false);
  });
});
