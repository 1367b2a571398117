/**
 * What an API Pix route of the fake is: its method and path, the OAuth scope the standard's `security` gives the
 * operation, the error name its schema violations answer, a pure check of the request (recorded in `requests` even
 * when the request is refused or faulted) and the handler that answers once the check passed.
 */
import type { ErrorName, Reply, Violacao } from './problems';
import type { PspState } from './state';

export interface FakeSettings {
  pixKey: string;
  /** Accept an http:// webhookUrl (the standard's callback is mTLS, so https is the rule). */
  allowHttpWebhook: boolean;
}

export interface Ctx {
  method: string;
  /** The path under the base URL, e.g. /cob/abc… */
  path: string;
  /** The path's captured parameters, URL-decoded. */
  params: string[];
  query: Record<string, string>;
  body: unknown;
  state: PspState;
  settings: FakeSettings;
}

export interface Route {
  method: string;
  path: RegExp;
  scope: string;
  /** The error name a request failing `check` is answered with (400). */
  invalid: ErrorName;
  /** Whether the request carries a JSON body. */
  hasBody: boolean;
  /** The request's own violations: schema, and rules that need no state. */
  check(ctx: Ctx): Violacao[];
  handle(ctx: Ctx): Reply;
}
