/**
 * What every dashboard request is checked for before it is served. The session cookie is `HttpOnly`,
 * `SameSite=Strict`, scoped to `/dashboard`, and `Secure` (with the `__Host-` prefix's rules kept) whenever the
 * request came over HTTPS. Every form that changes something carries a CSRF token: an HMAC of the session's id (or,
 * on the sign-in form, of a random cookie of its own) under a key every instance derives from the secrets key; a
 * POST whose `Origin` or `Sec-Fetch-Site` names another site is refused before its token is even read.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { randomBase62 } from '../../ids';
import { isLocale, type Locale } from './i18n';

export const SESSION_COOKIE = 'dashboard_session';
export const LOGIN_COOKIE = 'dashboard_login';
/** A sign-in whose password was right, waiting for the second factor: `usr_….<expiry ms>.<HMAC>` for 5 minutes. */
export const SECOND_FACTOR_COOKIE = 'dashboard_2fa';
const LANG_COOKIE = 'dashboard_lang';

export function cookie(req: Request, name: string): string | null {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

function isHttps(req: Request): boolean {
  return req.secure;
}

export function setCookie(req: Request, res: Response, name: string, value: string, maxAgeSeconds: number | null): void {
  const parts = [`${name}=${value}`, 'Path=/dashboard', 'HttpOnly', 'SameSite=Strict'];
  if (maxAgeSeconds !== null) parts.push(`Max-Age=${maxAgeSeconds}`);
  if (isHttps(req)) parts.push('Secure');
  res.append('Set-Cookie', parts.join('; '));
}

export function clearCookie(req: Request, res: Response, name: string): void {
  setCookie(req, res, name, '', 0);
}

export type TokenPurpose = 'session' | 'login' | 'second-factor';

export function tokenFor(key: Buffer, purpose: TokenPurpose, id: string): string {
  return createHmac('sha256', key).update(`dashboard-csrf:${purpose}:${id}`).digest('base64url');
}

export function tokenValid(key: Buffer, purpose: TokenPurpose, id: string | null, given: unknown): boolean {
  if (!id || typeof given !== 'string') return false;
  const expected = Buffer.from(tokenFor(key, purpose, id));
  const got = Buffer.from(given);
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** The value of the sign-in form's own cookie (the sign-in and invitation forms' CSRF), set when absent or malformed. */
export function loginNonce(req: Request, res: Response): string {
  const kept = cookie(req, LOGIN_COOKIE);
  if (kept && /^[A-Za-z0-9_-]{32}$/.test(kept)) return kept;
  const nonce = randomBytes(24).toString('base64url');
  setCookie(req, res, LOGIN_COOKIE, nonce, 3600);
  return nonce;
}

/**
 * False for a POST another site made the browser send. Browsers say where a request came from in `Sec-Fetch-Site`
 * (every current one), which decides when present; else by `Origin` (the dashboard's pages send it to their own
 * origin: Referrer-Policy same-origin). A request that names neither (curl, a script) is judged by its token alone.
 */
export function sameOrigin(req: Request): boolean {
  const site = req.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const origin = req.get('origin');
  if (!origin) return true;
  try {
    return new URL(origin).host === req.get('host');
  } catch {
    return false;
  }
}

/** The language of this request: `?lang=` (kept in a cookie for the next pages), the cookie, else `fallback`. */
export function localeOf(req: Request, res: Response, fallback: Locale): Locale {
  const asked = req.query.lang;
  if (isLocale(asked)) {
    setCookie(req, res, LANG_COOKIE, asked, 365 * 86400);
    return asked;
  }
  const kept = cookie(req, LANG_COOKIE);
  return isLocale(kept) ? kept : fallback;
}

/** A new idempotency key for a form: the same form sent twice (a double click, a retry) acts once. */
export const newFormKey = () => `dsh_${randomBase62(24)}`;

/** The form's idempotency key as `newFormKey` makes them; null for anything else. */
export function formKeyOf(body: unknown): string | null {
  const k = (body as Record<string, unknown> | undefined)?.idem;
  return typeof k === 'string' && /^dsh_[0-9A-Za-z]{24}$/.test(k) ? k : null;
}

/** Where a sign-in goes on to: a dashboard path of this origin only (never `//elsewhere` or a full URL). */
export function safeNext(next: unknown): string {
  return typeof next === 'string' && /^\/dashboard(\/[A-Za-z0-9_\-/]*)?(\?[A-Za-z0-9_\-=&%.]*)?$/.test(next) ? next : '/dashboard';
}
