/**
 * The checkout form's CSRF token: an HMAC of the checkout session's id (the session cookie) under a key every
 * instance derives from the secrets key, so any instance checks a form another served, and nothing is stored. A
 * cross-site form cannot send it (it cannot read the page), and the cookie is SameSite=Lax besides.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function csrfToken(key: Buffer, sessionId: string): string {
  return createHmac('sha256', key).update(`checkout-csrf:${sessionId}`).digest('base64url');
}

/** True when `token` is the session's; compared in constant time. */
export function csrfValid(key: Buffer, sessionId: string, token: unknown): boolean {
  if (typeof token !== 'string') return false;
  const expected = Buffer.from(csrfToken(key, sessionId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
