/**
 * Object ids in Stripe's shape: a type prefix and an opaque base62 tail (pi_…, ch_…, evt_…, req_…). Stripe documents
 * ids as opaque strings of at most 255 characters; the tails here are long enough never to collide in a test run.
 */
import { randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` random base62 characters. */
export function base62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(BASE62.length)];
  return out;
}

/** A new id with Stripe's prefix for the object (`pi`, `ch`, `pm`, `re`, `dp`, `evt`, `txn`, `req`, `acct`). */
export function newId(prefix: string): string {
  // Request ids are shorter at Stripe (req_ + 14); object ids carry 24 characters.
  return `${prefix}_${base62(prefix === 'req' ? 14 : 24)}`;
}

/** Unix time in whole seconds: every `created` and `expires_at` of the API. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
