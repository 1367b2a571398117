import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealerOf } from './sealer';

describe('derived keys', () => {
  it('are the same for one secrets key and purpose, and differ by purpose and by secrets key', () => {
    const key = randomBytes(32);
    const a = sealerOf(key).derive('checkout-csrf');
    expect(a).toHaveLength(32);
    expect(sealerOf(Buffer.from(key)).derive('checkout-csrf').equals(a)).toBe(true);
    expect(sealerOf(key).derive('other').equals(a)).toBe(false);
    expect(sealerOf(randomBytes(32)).derive('checkout-csrf').equals(a)).toBe(false);
    expect(a.equals(key)).toBe(false);
  });
});
