/** The headers of every public answer of the pages (the contract's list). */
import type { Response } from 'express';

/** The policy of the contract: nothing but this origin, no inline script or style, no framing, forms post here only. */
export const PAGE_CSP = [
  "default-src 'none'",
  "img-src 'self' data:",
  "style-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** Headers of every public answer (pages, images, the status stream); `no-store`: a payer's page is never cached. */
export function pageHeaders(res: Response, cache = 'no-store'): void {
  res.set({
    'Content-Security-Policy': PAGE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': cache,
  });
}
