/**
 * The fake's OAuth 2.0 authorization server and token check. The standard's security scheme is OAuth2 with the
 * clientCredentials flow and per-operation scopes (cob.write, pix.read, …); the token endpoint's wire format is
 * RFC 6749's (§4.4 request, §5.1 answer, §5.2 errors) and the bearer token's is RFC 6750's — the standard names no
 * error types for either, so these answer OAuth's own JSON errors and WWW-Authenticate headers, not problem JSON.
 */
import { randomBytes } from 'node:crypto';
import type { Reply } from './problems';

/** Every scope the standard's OAuth2 scheme declares: a client may ask for any of them. */
export const STANDARD_SCOPES = new Set([
  'cob.write', 'cob.read', 'cobr.write', 'cobr.read', 'rec.write', 'rec.read', 'solicrec.write', 'solicrec.read',
  'cobv.write', 'cobv.read', 'lotecobv.write', 'lotecobv.read', 'pix.write', 'pix.read', 'webhook.read',
  'webhook.write', 'webhookrec.read', 'webhookrec.write', 'webhookcobr.read', 'webhookcobr.write',
  'payloadlocation.write', 'payloadlocation.read', 'payloadlocationrec.write', 'payloadlocationrec.read',
]);

/** What a token carries when the client asks for no scope: the scopes of the operations this fake serves. */
const DEFAULT_SCOPES = ['cob.write', 'cob.read', 'pix.write', 'pix.read', 'webhook.write', 'webhook.read'];

export interface Grant {
  scopes: Set<string>;
  expiresAt: number;
}

export class TokenStore {
  private readonly tokens = new Map<string, Grant>();
  issued = 0;

  constructor(private readonly ttlSeconds: number) {}

  issue(scopes: string[]): string {
    const token = randomBytes(32).toString('base64url');
    this.tokens.set(token, { scopes: new Set(scopes), expiresAt: Date.now() + this.ttlSeconds * 1000 });
    this.issued += 1;
    return token;
  }

  /** The grant of a live token, or undefined for an unknown or expired one. */
  lookup(token: string): Grant | undefined {
    const grant = this.tokens.get(token);
    return grant !== undefined && grant.expiresAt > Date.now() ? grant : undefined;
  }

  /** Every token issued so far expires now. */
  expireAll(): void {
    for (const grant of this.tokens.values()) grant.expiresAt = 0;
  }
}

function oauthError(status: number, error: string, description: string, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', pragma: 'no-cache', ...headers },
    body: { error, error_description: description },
  };
}

function formDecode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, ' '));
}

/** The client id and secret of an HTTP Basic header (RFC 6749 §2.3.1: each form-urlencoded, then base64). */
function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return undefined;
  }
}

export interface TokenRequest {
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/**
 * Whether the request authenticates the client. HTTP Basic only: RFC 6749 §2.3.1 says the server MUST support it and
 * MAY accept the credentials in the body; this one does not, so a client sending them there gets invalid_client.
 */
export function clientAuthenticated(authorization: string | undefined, client: { id: string; secret: string }): boolean {
  const creds = basicCredentials(authorization);
  return creds !== undefined && creds.id === client.id && creds.secret === client.secret;
}

/** The RFC 6749 §5.2 error of a well-authenticated but malformed token request, if it is one. */
export function tokenRequestError(req: TokenRequest): Reply | undefined {
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(req.contentType ?? '')) {
    return oauthError(400, 'invalid_request', 'The body must be application/x-www-form-urlencoded.');
  }
  const grantType = req.form.grant_type;
  if (grantType === undefined) return oauthError(400, 'invalid_request', 'grant_type is missing.');
  if (grantType !== 'client_credentials') return oauthError(400, 'unsupported_grant_type', 'Only client_credentials is offered.');
  const unknown = requestedScopes(req).filter((s) => !STANDARD_SCOPES.has(s));
  if (unknown.length > 0) return oauthError(400, 'invalid_scope', `Unknown scope(s): ${unknown.join(' ')}.`);
  return undefined;
}

function requestedScopes(req: TokenRequest): string[] {
  return (req.form.scope ?? '').split(' ').filter((s) => s !== '');
}

/** POST /oauth/token: a bearer token for the client credentials grant, or the OAuth error. */
export function tokenEndpoint(
  req: TokenRequest,
  client: { id: string; secret: string },
  store: TokenStore,
  ttlSeconds: number,
): Reply {
  if (!clientAuthenticated(req.authorization, client)) {
    return oauthError(401, 'invalid_client', 'Client authentication failed (HTTP Basic with the client id and secret).', {
      'www-authenticate': 'Basic realm="fake-psp"',
    });
  }
  const error = tokenRequestError(req);
  if (error) return error;
  const asked = requestedScopes(req);
  const scopes = asked.length > 0 ? asked : DEFAULT_SCOPES;
  return {
    status: 200,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', pragma: 'no-cache' },
    body: { access_token: store.issue(scopes), token_type: 'Bearer', expires_in: ttlSeconds, scope: scopes.join(' ') },
  };
}
