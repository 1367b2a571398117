/**
 * Typed client of the Payments Service API: openapi-fetch typed by generated/schema.d.ts.
 * HTTP errors come back as values (`{ data, error, response }`), never as exceptions.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };
export type Schemas = components['schemas'];
export type ErrorEnvelope = Schemas['Error'];

export interface PaymentsClientOptions {
  /** Base address of the API, without `/v1` (for example `http://localhost:3000`). */
  baseUrl: string;
  /** The API key: `sk_test_…` for sandbox, `sk_live_…` for production. */
  apiKey: string;
  /** A fetch implementation (defaults to the global one). */
  fetch?: typeof globalThis.fetch;
}

export type PaymentsClient = Client<paths, 'application/json'>;

/** Creates a client that sends the `ServiceKey` header on every request. */
export function createPaymentsClient(options: PaymentsClientOptions): PaymentsClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const auth: Middleware = {
    onRequest({ request }) {
      request.headers.set('ServiceKey', options.apiKey);
      return request;
    },
  };
  client.use(auth);
  return client;
}

