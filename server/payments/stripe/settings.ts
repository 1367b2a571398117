/**
 * What a Stripe route is configured with, split in two as for every route: the settings that may be shown (the API's
 * address when it is not Stripe's own) and the secrets sealed at rest and never printed back (the secret API key, the
 * webhook endpoint's signing secret). `routes test` says which account the key reaches; nothing stores it.
 */
import { createHash } from 'node:crypto';
import type { Mode } from '../../core/tenancy';

export interface StripeSettings {
  /**
   * Where the SDK sends its requests, when not Stripe's own API (`https://api.stripe.com`): a local fake of it for a
   * trial on one machine. Absent in a real deployment.
   */
  apiUrl?: string;
}

export interface StripeSecrets {
  /** The secret (`sk_…`) or restricted (`rk_…`) API key: live for a production route, test for a sandbox one. */
  secretKey: string;
  /** The signing secret (`whsec_…`) of the webhook endpoint registered at Stripe for this route's notification URL. */
  webhookSecret: string;
}

/** Problems with the settings, each one line naming the flag, for `routes add` and ROUTES_FILE. */
export function checkStripeSettings(mode: Mode, s: StripeSettings, secrets: StripeSecrets): string[] {
  const problems: string[] = [];
  const key = /^(sk|rk)_(live|test)_[0-9A-Za-z]{8,}$/.exec(secrets.secretKey);
  if (!key) problems.push('--secret-key must be a Stripe secret or restricted key (sk_live_…, rk_live_…, sk_test_…)');
  // A live key moves real money: it belongs to production keys only, and a test key never answers a production charge.
  else if (mode === 'production' && key[2] !== 'live') problems.push('--secret-key of a production route must be a live key (sk_live_… or rk_live_…)');
  else if (mode === 'sandbox' && key[2] !== 'test') problems.push('--secret-key of a sandbox route must be a test key (sk_test_… or rk_test_…)');
  if (!/^whsec_[!-~]{8,}$/.test(secrets.webhookSecret)) problems.push('--webhook-secret must be the signing secret of a Stripe webhook endpoint (whsec_…)');
  if (s.apiUrl !== undefined) {
    let url: URL | null = null;
    try {
      url = new URL(s.apiUrl);
    } catch {
      problems.push('--api-url is not a URL');
    }
    // Plain http only to a fake on this machine: a key sent in clear anywhere else could be read on the way.
    if (url && url.protocol !== 'https:' && !(url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))) {
      problems.push('--api-url must be https (plain http only on loopback, for a local fake)');
    }
  }
  return problems;
}

/** What `routes list` shows of the route's secrets: the key's kind and last 4 characters, and that the other is set. */
export function stripeHints(secrets: StripeSecrets): Record<string, string> {
  const kind = secrets.secretKey.slice(0, secrets.secretKey.indexOf('_', 3) + 1);
  return {
    secretKey: `${kind}****${secrets.secretKey.slice(-4)}`,
    webhookSecret: `set (${createHash('sha256').update(secrets.webhookSecret).digest('hex').slice(0, 8)})`,
  };
}
