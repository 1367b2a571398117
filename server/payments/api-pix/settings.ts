/**
 * What an API Pix route is configured with, split in two: the settings that may be shown (URLs, client id, the
 * receiving PIX key) and the secrets that are sealed at rest and never printed back (client secret, certificate,
 * private key, CA). And the standard's formats our requests must meet: the txid, the amount, the devolução id.
 */
import { createHash } from 'node:crypto';

export interface ApiPixSettings {
  /** The API's base, version included (`https://pix.example.com/api/v2`): paths such as `/cob/{txid}` go under it. */
  baseUrl: string;
  /** The OAuth 2.0 token endpoint. */
  oauthUrl: string;
  clientId: string;
  /** The receiving PIX key (`chave`, a DICT key: e-mail, phone, CPF/CNPJ or random key, at most 77 characters). */
  pixKey: string;
  /** Scopes to ask for, space-separated; the PSP's default when absent. */
  scopes?: string;
}

export interface ApiPixSecrets {
  clientSecret: string;
  /** PEM of the client certificate (mutual TLS). */
  cert: string;
  /** PEM of its private key. */
  key: string;
  /** PEM of the CA the PSP's server certificate is checked against; the system's CAs when absent. */
  ca?: string;
}

/** Problems with settings, each one line naming the setting, for `routes add` and ROUTES_FILE. */
export function checkSettings(s: ApiPixSettings, secrets: ApiPixSecrets): string[] {
  const problems: string[] = [];
  for (const [name, value] of [['base-url', s.baseUrl], ['oauth-url', s.oauthUrl]] as const) {
    let url: URL | null = null;
    try {
      url = new URL(value);
    } catch {
      problems.push(`--${name} is not a URL`);
    }
    if (url && url.protocol !== 'https:') problems.push(`--${name} must be https (API Pix runs over mutual TLS)`);
  }
  if (!s.clientId.trim()) problems.push('--client-id is empty');
  if (!secrets.clientSecret) problems.push('--client-secret is empty');
  if (!s.pixKey || s.pixKey.length > 77) problems.push('--pix-key must be a PIX key of 1 to 77 characters');
  if (!/-----BEGIN CERTIFICATE-----/.test(secrets.cert)) problems.push('--cert is not a PEM certificate');
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(secrets.key)) problems.push('--key is not a PEM private key');
  if (secrets.ca !== undefined && !/-----BEGIN CERTIFICATE-----/.test(secrets.ca)) problems.push('--ca is not a PEM certificate');
  return problems;
}

/** What `routes list` shows of a secret: that it is set, and its last 4 characters for a secret typed by hand. */
export function hintOf(secret: string | undefined, kind: 'text' | 'pem'): string {
  if (!secret) return '-';
  if (kind === 'pem') return `set (${createHash('sha256').update(secret).digest('hex').slice(0, 8)})`;
  return secret.length >= 12 ? `****${secret.slice(-4)}` : '****';
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` base62 characters of SHA-256(`text`): the same text gives the same characters, on every machine. */
function base62Of(text: string, length: number): string {
  let n = BigInt(`0x${createHash('sha256').update(text, 'utf8').digest('hex')}`);
  let out = '';
  while (out.length < length) {
    out += BASE62[Number(n % 62n)];
    n /= 62n;
  }
  return out;
}

/**
 * The txid of the charge made under `idempotencyKey`: 32 letters and digits (the standard's `[a-zA-Z0-9]{26,35}`),
 * derived from the key, so that a retried authorization creates the same charge at the PSP, never a second one.
 */
export function txidOf(idempotencyKey: string): string {
  return base62Of(`cob:${idempotencyKey}`, 32);
}

/** The devolução id of the refund made under `idempotencyKey` (the standard's `[a-zA-Z0-9]{1,35}`). */
export function devolucaoIdOf(idempotencyKey: string): string {
  return base62Of(`devolucao:${idempotencyKey}`, 32);
}

/** Integer cents as the standard's decimal string with two places (`12345` → `"123.45"`). */
export function valorOf(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The standard's decimal string as integer cents, exactly (`"123.45"` → 12345); null when it is not one. */
export function centsOf(valor: unknown): number | null {
  if (typeof valor !== 'string') return null;
  const m = /^(\d{1,10})\.(\d{2})$/.exec(valor);
  return m ? Number(m[1]) * 100 + Number(m[2]) : null;
}
