/**
 * What a route of the fake is (method, path pattern, handler) and what a handler gets: the decoded parameters, the
 * account's state, the request's identity (for events and idempotency) and the fake's settings.
 */
import type { Reply } from './errors';
import type { Params } from './form';
import type { FakeState } from './state';

export interface FakeSettings {
  /** http://127.0.0.1:PORT: where the hosted pages of vouchers, QR codes and 3-D Secure are served. */
  baseUrl: string;
  /** Card and Pix refunds: 'pending' until `settleRefund`, or 'instant' (succeeded at once). */
  refunds: 'pending' | 'instant';
  /** Runs `fn` after `ms` (the automatic dispute of a test card); the fake tracks it so a test can wait for it. */
  later(fn: () => Promise<void>, ms: number): void;
}

export interface Ctx {
  method: string;
  path: string;
  /** The path's captured segments, URL-decoded. */
  pathParams: string[];
  /** The form body of a POST, or the query of a GET. */
  params: Params;
  state: FakeState;
  settings: FakeSettings;
  requestId: string;
  idempotencyKey: string | null;
  /** The Stripe-Version the request asked for (the account's default when it sent none). */
  apiVersion: string;
}

export interface Route {
  method: 'GET' | 'POST';
  path: RegExp;
  handle(ctx: Ctx): Reply;
}

/** A 200 JSON reply. */
export function ok(body: unknown): Reply {
  return { status: 200, body };
}

/** True when `version` (YYYY-MM-DD…) is on or after `date`: for behaviour a dated API version changed. */
export function versionAtLeast(version: string, date: string): boolean {
  return version.slice(0, 10) >= date;
}
