/**
 * What the request log keeps of a request. The URL is logged as the client sent it, except that anything shaped
 * like an API key is redacted: a key pasted into a query string (`?key=sk_test_…`) must not end up in the logs.
 * (Such a key authenticates nothing: only the `ServiceKey` header does.) The public pages' addresses are bearer
 * secrets too (whoever has `/pay/{token}` sees the payer's name and the billet; `/c/{accessId}` pays the link): they
 * keep their first 4 characters, enough to tell requests apart in a log, not to open the page; so does the secret of
 * a payment route's notification URL (`/hooks/routes/{routeId}/{secret}/pix`).
 */
import { canonicalQuery } from './target';

// `sk_`/`sl_`, `test`/`live`, then the key's characters; `_` may arrive percent-encoded.
const KEY = /(s[kl])(?:_|%5f)(test|live)(?:_|%5f)[0-9A-Za-z]+/gi;

// `/hooks/routes/{routeId}/{secret}`: a payment route's notification URL holds its secret (`/` may arrive encoded).
const HOOK = /((?:\/|%2f)hooks(?:\/|%2f)routes(?:\/|%2f)[0-9a-z-]+(?:\/|%2f))([0-9A-Za-z_-]{4})[0-9A-Za-z_-]+/gi;

// `/pay/{token}` and `/c/acc_{…}` (`/` and `_` may arrive percent-encoded), in the path or anywhere else.
const PAGE = /((?:\/|%2f)pay(?:\/|%2f)|(?:\/|%2f)c(?:\/|%2f)acc(?:_|%5f))([0-9A-Za-z]{4})[0-9A-Za-z]+/gi;

// `/dashboard/invitations/{token}` and `/dashboard/password/reset/{token}`: the link of an invitation signs its holder
// up to a merchant's team, a reset link sets the person's password.
const INVITATION = /((?:\/|%2f)dashboard(?:\/|%2f)(?:invitations|password(?:\/|%2f)reset)(?:\/|%2f))([0-9A-Za-z_-]{4})[0-9A-Za-z_-]+/gi;

/** `url` with every key-shaped value replaced by its prefix and `[redacted]`, wherever it appears, and the public
 * pages' tokens and access ids cut to their first 4 characters and `…`. */
export function redactKeys(url: string): string {
  const q = url.indexOf('?');
  // The query is compared in its canonical form, so that no encoding of the key's letters hides it.
  const text = q < 0 ? url : `${url.slice(0, q)}?${canonicalQuery(url.slice(q + 1))}`;
  return text
    .replace(KEY, (_m, prefix: string, mode: string) => `${prefix.toLowerCase()}_${mode.toLowerCase()}_[redacted]`)
    .replace(PAGE, (_m, before: string, kept: string) => `${before}${kept}…`)
    .replace(HOOK, (_m, before: string, kept: string) => `${before}${kept}…`)
    .replace(INVITATION, (_m, before: string, kept: string) => `${before}${kept}…`);
}

/** The pino-http serializer of a request: method and redacted URL, nothing else (no headers, no body). */
export function serializeRequest(r: { method: string; url: string }): { method: string; url: string } {
  return { method: r.method, url: redactKeys(r.url) };
}
