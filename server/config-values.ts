/**
 * Settings of the start-up that the operator fixes when wrong, and the error that says so: one line naming the
 * setting and what it allows, never a stack trace (config.ts reads the rest).
 */

/** A setting the operator must fix: printed as one line naming it, without a stack trace. */
export class SettingError extends Error {
  constructor(
    readonly setting: string,
    message: string,
  ) {
    super(message);
  }
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** pino's levels; anything else makes pino throw at the logger's creation. */
export type LogLevel = (typeof LOG_LEVELS)[number];

export function logLevel(raw: string | undefined): LogLevel {
  if (raw === undefined || raw === '') return 'info';
  const level = LOG_LEVELS.find((l) => l === raw);
  if (!level) throw new SettingError('LOG_LEVEL', `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got "${raw}"`);
  return level;
}

/** `SECRETS_KEY`: the 32-byte AES-256 key of the sealed secrets, in base64, when set. */
export function secretsKey(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(raw) ? Buffer.from(raw, 'base64').length : 0;
  if (bytes !== 32) throw new SettingError('SECRETS_KEY', `SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32); got ${bytes} bytes`);
  return raw;
}

/**
 * `DEMO_MERCHANT`: whether a first start on an empty database makes a demo merchant and shows its sandbox key.
 * Unset: on the embedded database (a developer's machine) yes; on PostgreSQL (a deployment) no, since the key would
 * be shown on whatever collects the service's output and a real database would start with a merchant nobody asked for.
 */
export function demoMerchant(raw: string | undefined, onPostgres: boolean): boolean {
  if (raw === undefined || raw === '') return !onPostgres;
  if (raw !== '0' && raw !== '1') {
    throw new SettingError('DEMO_MERCHANT', `DEMO_MERCHANT must be 1 (make a demo merchant on an empty database) or 0 (never); got "${raw}"`);
  }
  return raw === '1';
}

// ---- the webhook settings' values (webhooks/schedule.ts and webhooks/ssrf.ts use them) ----

/** Seconds to wait before attempts 2..8, each counted from the previous failure. */
export const DEFAULT_RETRY_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;

/**
 * The bounds of a configured schedule (`WEBHOOK_RETRY_SECONDS`). The schedule alone decides how many attempts a
 * dispatch makes (one more than it lists); these only refuse a setting that cannot be meant.
 */
export const MAX_RETRIES = 50;
export const MAX_RETRY_DELAY_SECONDS = 7 * 86_400;

/**
 * A retry schedule from its text: comma-separated whole seconds, 1 to `MAX_RETRIES` of them, each at most
 * `MAX_RETRY_DELAY_SECONDS`. Throws a message naming `name` for anything else (an empty item, a negative or
 * fractional delay, too many).
 */
export function parseRetrySchedule(name: string, raw: string): number[] {
  const items = raw.split(',').map((x) => x.trim());
  const bad = items.find((x) => !/^\d+$/.test(x) || Number(x) > MAX_RETRY_DELAY_SECONDS);
  if (bad !== undefined) {
    throw new Error(`${name} must list whole seconds from 0 to ${MAX_RETRY_DELAY_SECONDS}, comma-separated; "${bad}" is not one (in "${raw}")`);
  }
  if (items.length > MAX_RETRIES) throw new Error(`${name} may list at most ${MAX_RETRIES} retries, got ${items.length}`);
  return items.map(Number);
}

/** Whether sandbox endpoints may be on loopback and private addresses (the `WEBHOOK_PRIVATE_ADDRESSES` setting). */
export type PrivateAddresses = 'allow' | 'deny';
