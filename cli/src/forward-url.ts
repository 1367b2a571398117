/**
 * `listen --forward-to`: the receiver's address as developers type it. A value without a scheme is taken as
 * `http://` (`localhost:4242`, `127.0.0.1:4242/hooks`), as the Stripe CLI does: a receiver on the developer's own
 * machine rarely has a certificate. Anything else that is not an http(s) URL with a host is refused in one line.
 */
import { UsageError } from './context.js';

/** A scheme followed by `//`: `localhost:4242` has none (`localhost:` would parse as one), `http://x` has. */
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;
/** A scheme without `//` (`http:/x`, `mailto:x`): the colon of `host:port` is followed by a digit. */
const HALF_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:(?!\d|$)/;

const EXAMPLE = 'localhost:4242/webhooks or https://127.0.0.1:4242/hooks';

/** The URL to POST to, or a one-line UsageError that says why the value cannot be used. */
export function forwardUrl(raw: string): string {
  const text = raw.trim();
  const refuse = (why: string) => new UsageError(`--forward-to ${why}; give a URL like ${EXAMPLE} (http:// is assumed)`, false);
  if (text === '') throw refuse('is empty');
  if (/\s/.test(text)) throw refuse(`"${text}" contains a space`);
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') throw refuse(`takes http:// or https:// only (got ${scheme}://)`);
  if (scheme === undefined && HALF_SCHEME.test(text)) throw refuse(`"${text}" is not a URL`);
  let url: URL;
  try {
    url = new URL(scheme === undefined ? `http://${text}` : text);
  } catch {
    throw refuse(`"${text}" is not a URL`);
  }
  if (url.hostname === '') throw refuse(`"${text}" names no host`);
  if (url.username !== '' || url.password !== '') throw refuse(`"${text}" carries credentials; a receiver is reached without them`);
  return url.toString();
}
