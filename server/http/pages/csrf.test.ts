import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { csrfToken, csrfValid } from './csrf';

describe('checkout CSRF token', () => {
  const key = randomBytes(32);
  it("accepts the session's own token only", () => {
    const token = csrfToken(key, 'chs_A');
    expect(csrfValid(key, 'chs_A', token)).toBe(true);
    expect(csrfValid(key, 'chs_B', token)).toBe(false);
    expect(csrfValid(randomBytes(32), 'chs_A', token)).toBe(false);
    expect(csrfValid(key, 'chs_A', token.slice(1))).toBe(false);
    expect(csrfValid(key, 'chs_A', undefined)).toBe(false);
    expect(csrfValid(key, 'chs_A', [token])).toBe(false);
  });
});
