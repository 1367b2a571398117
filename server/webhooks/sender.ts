/**
 * One webhook delivery attempt over HTTP (tag-webhooks.md, "Answering and retries"; `WebhookDispatch` for what is
 * recorded). The URL is checked against the address policy at every attempt and the connection goes to exactly the
 * addresses that were checked, so a host that re-resolves to a private address in between (DNS rebinding) cannot be
 * reached. Redirects are never followed. Every outcome comes back as a value; `deliver` never throws.
 *
 * An answer's body is kept (its first 4 KiB, readable in the delivery history) only when it came from a public
 * address. A sandbox endpoint may be on loopback or a private network, which on a hosted service is the service's
 * own host and network: keeping those answers would make the history a window onto them. Their status code and
 * time are kept, which is what a developer's receiver needs to be tested.
 *
 * Connections are kept alive between deliveries to a receiver, without weakening the address check: a pool is keyed
 * by the URL's origin and the exact set of addresses this attempt checked, so a pooled connection always goes to an
 * address that passed the check of the attempt that uses it; a host that resolves differently gets another pool.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseRetryAfter } from './schedule';
import { checkUrl, isPublicAddress, type AddressPolicy, type ResolvedAddress } from './ssrf';

export type DeliveryError =
  | 'timeout'
  | 'connectionRefused'
  | 'dnsError'
  | 'tlsError'
  | 'redirect'
  | 'addressNotAllowed'
  | 'httpStatus';

/** `body` is the answer's first 4 KiB, `null` when no answer came or it came from a non-public address. */
export type DeliveryResult =
  | { kind: 'succeeded'; status: number; body: string | null; ms: number }
  | {
      kind: 'failed';
      error: DeliveryError;
      status: number | null;
      body: string | null;
      ms: number;
      retryAfterSeconds: number | null;
    };

export interface DeliveryRequest {
  url: string;
  /** Sent byte for byte as UTF-8: it is what the signatures were computed over. */
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  policy: AddressPolicy;
}

export const USER_AGENT = 'PaymentsService-Webhooks/1.0';
/** Bytes of an answer's body kept for the record (`WebhookDispatch.responseBody`). */
export const RESPONSE_BODY_LIMIT = 4096;

/** Idle pooled connections close after this: below the 5 s keep-alive of common servers, so a reused one is alive. */
const IDLE_MS = 2_000;
/** Pools kept at most (one per origin and checked address set): the least recently used one is closed past it. */
const MAX_POOLS = 256;
const pools = new Map<string, http.Agent>();

/** The keep-alive pool of connections to `url`'s origin at exactly `addresses`. */
function poolFor(url: URL, addresses: ResolvedAddress[]): http.Agent {
  const key = `${url.protocol}//${url.host}|${addresses.map((a) => a.address).sort().join(',')}`;
  let agent = pools.get(key);
  if (agent) {
    pools.delete(key);
  } else {
    const options = { keepAlive: true, timeout: IDLE_MS, maxSockets: 64, scheduling: 'lifo' as const };
    agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
  }
  pools.set(key, agent);
  if (pools.size > MAX_POOLS) {
    const [oldest, old] = pools.entries().next().value!;
    pools.delete(oldest);
    retire(old);
  }
  return agent;
}

/**
 * Lets a pool go without cutting a delivery in flight on it (that would be recorded as failed, retried and received
 * twice): its idle connections close now, its busy ones once their answer is in (an agent that no longer keeps alive
 * closes each socket it is given back).
 */
function retire(agent: http.Agent): void {
  (agent as http.Agent & { keepAlive: boolean }).keepAlive = false;
  for (const sockets of Object.values(agent.freeSockets)) for (const socket of sockets ?? []) socket.destroy();
}

/** Closes every pooled connection (tests). */
export function closeDeliveryPools(): void {
  for (const agent of pools.values()) agent.destroy();
  pools.clear();
}

// Headers the sender owns: the framing must match the body sent, and Host must name the URL's host.
const OWN_HEADERS = new Set(['content-type', 'user-agent', 'content-length', 'transfer-encoding', 'host', 'connection']);

/** POSTs one delivery and reports how it went; see the module comment for the guarantees. */
export async function deliver(req: DeliveryRequest): Promise<DeliveryResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  // One deadline for the whole attempt, DNS resolution included.
  const expired = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), req.timeoutMs);
  });
  try {
    const checked = await Promise.race([checkUrl(req.url, req.policy), expired]);
    if (checked === 'expired') return failed('timeout', req.timeoutMs);
    if (!checked.ok) {
      // A URL the policy refuses (scheme included) is an endpoint the service may not deliver to.
      return failed(checked.reason === 'dnsError' ? 'dnsError' : 'addressNotAllowed', elapsed(started));
    }
    return await send(checked.url, checked.addresses, req, expired);
  } catch (err) {
    // Only an unexpected local failure lands here (e.g. a header value Node refuses); lastError has no better value.
    return failed(classify(err, false), elapsed(started));
  } finally {
    clearTimeout(timer);
  }
}

function send(url: URL, addresses: ResolvedAddress[], req: DeliveryRequest, expired: Promise<'expired'>): Promise<DeliveryResult> {
  return new Promise((resolve) => {
    const secure = url.protocol === 'https:';
    const payload = Buffer.from(req.body, 'utf8');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!OWN_HEADERS.has(name.toLowerCase())) headers[name] = value;
    }
    headers['Content-Type'] = 'application/json';
    headers['User-Agent'] = USER_AGENT;
    headers['Content-Length'] = String(payload.length);

    let settled = false;
    let status: number | null = null;
    // Whether the answer may be kept: decided by the address the connection actually reached.
    let fromPublic = false;
    const kept: Buffer[] = [];
    let keptBytes = 0;
    const sentAt = performance.now();
    // A whole answer leaves the connection to its pool; anything else (timeout, error, cut short) closes it.
    const settle = (result: DeliveryResult, keep = false) => {
      if (settled) return;
      settled = true;
      if (!keep) request.destroy();
      resolve(result);
    };
    const recorded = () => (status === null || !fromPublic ? null : cutUtf8(Buffer.concat(kept), RESPONSE_BODY_LIMIT));

    const request = (secure ? https : http).request({
      protocol: url.protocol,
      // hostname (not the address) keeps the Host header and the TLS server name and certificate check on the
      // URL's host; the pinned lookup makes the connection go to the checked addresses.
      hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
      port: url.port === '' ? undefined : Number(url.port),
      path: url.pathname + url.search,
      method: 'POST',
      headers,
      auth: url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
      lookup: pinnedLookup(addresses),
      // Only connections made to addresses of this same checked set are reused (see the module comment).
      agent: poolFor(url, addresses),
    });

    void expired.then(() => {
      const body = recorded();
      settle({ kind: 'failed', error: 'timeout', status, body, ms: req.timeoutMs, retryAfterSeconds: null });
    });

    request.on('error', (err) => {
      settle({ kind: 'failed', error: classify(err, secure), status, body: recorded(), ms: elapsed(sentAt), retryAfterSeconds: null });
    });

    request.on('response', (res) => {
      status = res.statusCode ?? null;
      const peer = res.socket.remoteAddress;
      fromPublic = peer !== undefined && isPublicAddress(peer);
      // One byte past the limit tells whether the cut falls inside a character; the rest is read and discarded so
      // that `ms` covers the whole answer, as responseTime is defined.
      res.on('data', (chunk: Buffer) => {
        if (!fromPublic || keptBytes > RESPONSE_BODY_LIMIT) return;
        const part = chunk.subarray(0, RESPONSE_BODY_LIMIT + 1 - keptBytes);
        kept.push(part);
        keptBytes += part.length;
      });
      res.on('error', (err) => {
        settle({ kind: 'failed', error: classify(err, secure), status, body: recorded(), ms: elapsed(sentAt), retryAfterSeconds: null });
      });
      res.on('close', () => {
        if (!res.complete) {
          settle({ kind: 'failed', error: 'connectionRefused', status, body: recorded(), ms: elapsed(sentAt), retryAfterSeconds: null });
        }
      });
      res.on('end', () => {
        const ms = elapsed(sentAt);
        const code = res.statusCode ?? 0;
        const body = recorded();
        if (code >= 200 && code < 300) {
          settle({ kind: 'succeeded', status: code, body, ms }, true);
          return;
        }
        const retryAfter = res.headers['retry-after'];
        settle({
          kind: 'failed',
          error: code >= 300 && code < 400 ? 'redirect' : 'httpStatus',
          status: code,
          body,
          ms,
          retryAfterSeconds: parseRetryAfter(retryAfter, new Date()),
        }, true);
      });
    });

    request.end(payload);
  });
}

/** A lookup that answers with the addresses already checked instead of asking DNS again. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
    const usable = family === 0 ? addresses : addresses.filter((a) => a.family === family);
    const first = usable[0];
    if (!first) {
      const err: NodeJS.ErrnoException = Object.assign(new Error(`no checked IPv${family} address for ${hostname}`), { code: 'ENOTFOUND' });
      callback(err, '', 0);
    } else if (options.all) {
      callback(null, usable.map((a) => ({ address: a.address, family: a.family })));
    } else {
      callback(null, first.address, first.family);
    }
  };
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME', 'ENODATA']);
// OpenSSL and Node's TLS layer: certificate verification (`DEPTH_ZERO_SELF_SIGNED_CERT`, `CERT_HAS_EXPIRED`,
// `UNABLE_TO_VERIFY_LEAF_SIGNATURE`, `ERR_TLS_CERT_ALTNAME_INVALID`, …) and handshake errors (`ERR_SSL_…`).
const TLS_CODE = /^ERR_TLS_|^ERR_SSL_|CERT|^UNABLE_TO_|^INVALID_CA$|^INVALID_PURPOSE$|^PATH_LENGTH_EXCEEDED$|^HOSTNAME_MISMATCH$/;

/**
 * The `lastError` of a failed connection or exchange. Connection failures other than refusal and reset (unreachable
 * host, malformed answer, …) also count as `connectionRefused`: the catalogue has no more general value.
 */
function classify(err: unknown, secure: boolean): DeliveryError {
  const code = (err as NodeJS.ErrnoException | null)?.code ?? '';
  if (DNS_CODES.has(code)) return 'dnsError';
  // EPROTO is how OpenSSL reports a handshake with something that does not speak TLS.
  if (TLS_CODE.test(code) || (secure && code === 'EPROTO')) return 'tlsError';
  return 'connectionRefused';
}

function failed(error: DeliveryError, ms: number): DeliveryResult {
  return { kind: 'failed', error, status: null, body: null, ms, retryAfterSeconds: null };
}

function elapsed(since: number): number {
  return Math.round(performance.now() - since);
}

/** The first `limit` bytes of `buf` as text, shortened so that no UTF-8 character is cut in two. */
export function cutUtf8(buf: Buffer, limit: number): string {
  if (buf.length <= limit) return buf.toString('utf8');
  let end = limit;
  // A continuation byte (10xxxxxx) right after the cut means the cut is inside a character: drop its first bytes.
  while (end > limit - 3 && (buf[end]! & 0xc0) === 0x80) end--;
  if ((buf[end]! & 0xc0) === 0x80) end = limit; // not UTF-8 anyway; cut where asked
  return buf.subarray(0, end).toString('utf8');
}
