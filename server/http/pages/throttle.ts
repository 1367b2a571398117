/**
 * The checkout pages' rate limits per client address (`req.ip`, behind the proxies `HTTP_TRUST_PROXY` names): the
 * API's limiter library and store (`rate-limit.ts`), its limits `CHECKOUT_LIMITS`. A limited request gets the HTML 429
 * page with `Retry-After`.
 */
import type { Request, Response } from 'express';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { retryAfter } from '../rate-limit';
import { sendMessage } from './deps';
import { tooManyAttempts } from './messages';

/** Counts the request; true when it was refused (the 429 page is sent). */
export async function throttled(req: Request, res: Response, limiter: RateLimiterAbstract): Promise<boolean> {
  const wait = await retryAfter(limiter, req.ip ?? req.socket.remoteAddress ?? 'unknown');
  if (wait === null) return false;
  res.set('Retry-After', String(wait));
  sendMessage(res, tooManyAttempts());
  return true;
}
