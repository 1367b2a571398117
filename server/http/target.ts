/**
 * The request line, made canonical before anything reads it. Routing (Express), the OpenAPI validator (which reads
 * `req.originalUrl`) and the handlers must all see one and the same target, or a request can be routed by one and
 * skipped by the other: an absolute-form target (`POST http://host/v1/customers`) used to reach a handler without
 * validation.
 */
import type { RequestHandler } from 'express';
import { unescape as formUnescape } from 'node:querystring';
import { ApiError } from './errors';

// RFC 9112 §3.2.2: an origin server accepts the absolute form and serves the target's path, whatever its host.
const ABSOLUTE = /^https?:\/\/[^/?#]*/i;
// RFC 3986 unreserved characters: the only ones a canonical query leaves unescaped.
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** Percent-encodes every byte of `text` but the unreserved characters (what no validator can call reserved). */
function strictEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += byte < 0x80 && UNRESERVED.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Form decoding (`+` is a space), as the query parser does it: malformed escapes are kept as they are. */
function formDecode(text: string): string {
  return formUnescape(text.replace(/\+/g, ' '));
}

/**
 * The query re-encoded so that it means the same thing whichever way the client encoded it (`+` or `%20` for a
 * space, `*` or `:` left bare by `URLSearchParams` or curl): every key and value is decoded as a form would be and
 * percent-encoded again.
 */
export function canonicalQuery(query: string): string {
  return query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return strictEncode(formDecode(pair));
      return `${strictEncode(formDecode(pair.slice(0, eq)))}=${strictEncode(formDecode(pair.slice(eq + 1)))}`;
    })
    .join('&');
}

/**
 * The origin form (`/path?query`) of a request target, its query canonical; null when the target is neither an
 * origin-form path nor an absolute `http(s)` URL (`*`, an authority, another scheme).
 */
export function originForm(target: string): string | null {
  const origin = ABSOLUTE.test(target) ? target.replace(ABSOLUTE, '') : target;
  const path = origin === '' || origin.startsWith('?') ? `/${origin}` : origin;
  if (!path.startsWith('/')) return null;
  const hash = path.indexOf('#');
  const bare = hash < 0 ? path : path.slice(0, hash);
  const q = bare.indexOf('?');
  if (q < 0) return bare;
  const query = canonicalQuery(bare.slice(q + 1));
  return query === '' ? bare.slice(0, q) : `${bare.slice(0, q)}?${query}`;
}

/**
 * First middleware: rewrites `req.url` and `req.originalUrl` to the canonical origin form, so that every later
 * stage reads the same target. An HTTP/1.1 request without `Host` (RFC 9112 §3.2) and a target that is no path
 * are refused here, in the error envelope.
 */
export const canonicalTarget: RequestHandler = (req, _res, next) => {
  if (req.httpVersion === '1.1' && req.headers.host === undefined) {
    throw new ApiError('malformedRequest', { message: 'An HTTP/1.1 request must carry a Host header.' });
  }
  const url = originForm(req.originalUrl);
  if (url === null) {
    throw new ApiError('notFound', { message: 'The request target must be a path (/v1/…) or an absolute http(s) URL.' });
  }
  req.url = url;
  req.originalUrl = url;
  next();
};
