/**
 * The wire of an API Pix route (the Banco Central do Brasil's standard, v2): every call over mutual TLS with the
 * route's client certificate, authorized by an OAuth 2.0 client-credentials token. The token is cached until a
 * minute before its `expires_in` and fetched again once when the PSP answers `401` (it expired early, or was
 * revoked): a second `401` is the PSP's answer.
 *
 * Nothing secret leaves this file: errors carry the PSP's status and problem fields (`type`, `title`, `detail`,
 * `violacoes`), never the token, the client secret, the certificate or the key.
 */
import { Agent, request } from 'node:https';
import type { ApiPixSecrets, ApiPixSettings } from './settings';

/** The problem details of the standard (RFC 7807), as the PSP answers an error. */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  violacoes?: { razao?: string; propriedade?: string; valor?: string }[];
}

export interface Answer {
  status: number;
  body: unknown;
  /** Seconds the PSP asked to wait (`Retry-After` of a 429 or 503), when it said. */
  retryAfter: number | null;
}

/** The PSP could not be reached or broke off: it may or may not have acted. */
export class ApiPixNetworkError extends Error {}

/**
 * Nothing reached the PSP's API: the connection was refused, the name or the PSP's certificate did not resolve or
 * check, or no token could be had. The call did nothing; the route is down for now (the next route is tried).
 */
export class ApiPixNotSent extends Error {}

/** Errors before a byte of the request can have been read by the PSP: no connection, or a TLS handshake refused. */
const NOT_SENT = new Set([
  'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA', 'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE', 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED',
]);

/** The PSP refused the route's credentials (the token endpoint, or a second 401): the route is misconfigured. */
export class ApiPixAuthError extends ApiPixNotSent {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/** The short name of a problem's `type` (`https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida` → `CobOperacaoInvalida`). */
export function problemName(p: Problem | null): string {
  return p?.type?.split('/').pop() ?? '';
}

/** A problem in one line for a timeline or refusal: its title and reasons, nothing of the request. */
export function describeProblem(status: number, p: Problem | null): string {
  const reasons = (p?.violacoes ?? []).map((v) => [v.propriedade, v.razao].filter(Boolean).join(': ')).filter(Boolean);
  const head = p?.title ?? p?.detail ?? `HTTP ${status}`;
  return (reasons.length > 0 ? `${head} (${reasons.join('; ')})` : head).slice(0, 300);
}

export function asProblem(body: unknown): Problem | null {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Problem) : null;
}

/** How long a call may take at the socket: the engine's own time-out is shorter; this only frees the socket. */
const SOCKET_TIMEOUT_MS = 60_000;
/** A token is renewed this long before the PSP said it expires, so a call never leaves with one about to lapse. */
const TOKEN_MARGIN_MS = 60_000;

export class ApiPixClient {
  private readonly agent: Agent;
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  /** Tokens fetched since start (tests count the refresh). */
  tokensFetched = 0;

  constructor(
    private readonly settings: ApiPixSettings,
    private readonly secrets: ApiPixSecrets,
  ) {
    this.agent = new Agent({
      cert: secrets.cert,
      key: secrets.key,
      ...(secrets.ca ? { ca: secrets.ca } : {}),
      keepAlive: true,
      maxSockets: 16,
    });
  }

  close(): void {
    this.agent.destroy();
  }

  /** Calls `path` (under the base URL) with the cached token; on a 401 fetches a new token and calls once more. */
  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    const used = await this.bearer(false);
    const first = await this.send(method, path, body, used);
    if (first.status !== 401) return first;
    // Calls that met the same expired token at once fetch one new token between them: only the first to see the 401
    // of the token still cached asks for one; the others use it (or wait for it).
    const current = this.token?.value;
    const renewed = current !== undefined && current !== used ? current : await this.renew(used);
    const second = await this.send(method, path, body, renewed);
    if (second.status === 401) throw new ApiPixAuthError(401, 'the PSP refused a freshly issued token (401)');
    return second;
  }

  /** A new token in place of `stale`, unless another call is already fetching one (then that one). */
  private renew(stale: string): Promise<string> {
    if (this.token?.value === stale) this.token = null;
    return this.pendingToken ?? this.bearer(true);
  }

  /** A token: the cached one unless `fresh`; one fetch at a time, whoever asks meanwhile waits for it. */
  async bearer(fresh: boolean): Promise<string> {
    if (!fresh && this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    try {
      return await this.askToken();
    } catch (err) {
      // A token asked is never a charge: whatever broke, nothing was sent to the API.
      if (err instanceof ApiPixNotSent) throw err;
      throw new ApiPixNotSent(`the PSP's token endpoint: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private async askToken(): Promise<string> {
    const basic = Buffer.from(`${this.settings.clientId}:${this.secrets.clientSecret}`, 'utf8').toString('base64');
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (this.settings.scopes) form.set('scope', this.settings.scopes);
    const answer = await this.raw('POST', new URL(this.settings.oauthUrl), form.toString(), {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    });
    const b = answer.body as { access_token?: unknown; expires_in?: unknown; error?: unknown } | null;
    if (answer.status !== 200 || typeof b?.access_token !== 'string') {
      const error = typeof b?.error === 'string' ? ` (${b.error})` : '';
      throw new ApiPixAuthError(answer.status, `the PSP's token endpoint answered ${answer.status}${error}`);
    }
    this.tokensFetched++;
    const seconds = typeof b.expires_in === 'number' && b.expires_in > 0 ? b.expires_in : 300;
    this.token = { value: b.access_token, expiresAt: Date.now() + Math.max(seconds * 1000 - TOKEN_MARGIN_MS, seconds * 500) };
    return b.access_token;
  }

  private send(method: string, path: string, body: unknown, token: string): Promise<Answer> {
    const url = new URL(this.settings.baseUrl.replace(/\/+$/, '') + path);
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return this.raw(method, url, body === undefined ? undefined : JSON.stringify(body), headers);
  }

  private raw(method: string, url: URL, payload: string | undefined, headers: Record<string, string>): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      const req = request(url, { method, headers, agent: this.agent, timeout: SOCKET_TIMEOUT_MS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', () => reject(new ApiPixNetworkError(`the PSP's answer to ${method} ${url.pathname} broke off`)));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = null;
          try {
            parsed = text === '' ? null : JSON.parse(text);
          } catch {
            parsed = null;
          }
          const after = Number(res.headers['retry-after']);
          resolve({ status: res.statusCode ?? 0, body: parsed, retryAfter: Number.isFinite(after) ? after : null });
        });
      });
      req.on('timeout', () => req.destroy(new Error('socket time-out')));
      // The error's own message may name the address and TLS details, never a secret; it is kept short anyway.
      req.on('error', (err: NodeJS.ErrnoException) => {
        const message = `${method} ${url.pathname} failed: ${err.code ?? err.message.slice(0, 120)}`;
        reject(err.code && NOT_SENT.has(err.code) ? new ApiPixNotSent(message) : new ApiPixNetworkError(message));
      });
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }
}
