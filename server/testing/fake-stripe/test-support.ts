/**
 * What the fake Stripe's tests call it with: the official SDK pointed at the fake, raw HTTP for what the SDK hides
 * (status codes, headers, malformed requests), a webhook receiver keeping each delivery's exact bytes, and the test
 * cards' PaymentMethod parameters.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { type FakeStripe, type FakeStripeOptions, startFakeStripe } from './index';

/** The SDK as production code builds it, against the fake. */
export function sdk(fake: FakeStripe, key = fake.secretKey): Stripe {
  return new Stripe(key, { host: fake.host, port: fake.port, protocol: fake.protocol, maxNetworkRetries: 0 });
}

export async function withFake(opts: FakeStripeOptions, fn: (fake: FakeStripe, stripe: Stripe) => Promise<void>): Promise<void> {
  const fake = await startFakeStripe(opts);
  try {
    await fn(fake, sdk(fake));
  } finally {
    await fake.close();
  }
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  json: { error?: Record<string, unknown> } & Record<string, unknown>;
}

/** One request with a form body (already encoded) and the fake's key unless `auth` says otherwise. */
export async function raw(
  fake: FakeStripe,
  method: string,
  path: string,
  o: { form?: string; auth?: string | null; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { ...o.headers };
  const auth = o.auth === undefined ? `Bearer ${fake.secretKey}` : o.auth;
  if (auth !== null) headers.authorization = auth;
  if (o.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  const res = await fetch(fake.url + path, { method, headers, body: o.form });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text === '' ? {} : (JSON.parse(text) as RawAnswer['json']) };
}

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Hooks {
  url: string;
  received: ReceivedHook[];
  /** Status answered to every delivery (default 200). */
  status: number;
  close(): Promise<void>;
}

/** A webhook endpoint on 127.0.0.1 keeping each body exactly as received. */
export async function startHooks(): Promise<Hooks> {
  const hooks: Hooks = { url: '', received: [], status: 200, close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hooks.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(hooks.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hooks.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stripe/webhook`;
  hooks.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return hooks;
}

/** The types of the events received, in order. */
export const hookTypes = (hooks: Hooks): string[] => hooks.received.map((h) => (JSON.parse(h.body) as { type: string }).type);

const nextYear = new Date().getUTCFullYear() + 2;

/** PaymentMethod parameters of a card with `number` (a test card), valid expiry and CVC. */
export function cardParams(number: string, extra: Partial<Stripe.PaymentMethodCreateParams.Card> = {}): Stripe.PaymentMethodCreateParams {
  return { type: 'card', card: { number, exp_month: 12, exp_year: nextYear, cvc: '123', ...extra } };
}

/** The billing details a boleto needs, and a valid CPF. */
export const BOLETO_DATA: Stripe.PaymentIntentCreateParams.PaymentMethodData = {
  type: 'boleto',
  boleto: { tax_id: '123.456.789-09' },
  billing_details: {
    name: 'Fulano de Tal',
    email: 'fulano@example.com',
    address: { line1: 'Av. Paulista, 1000', city: 'São Paulo', state: 'SP', postal_code: '01310-100', country: 'BR' },
  },
};

/** Creation parameters every card test shares: BRL, cards only (no return_url needed), `amount` cents. */
export function cardIntent(amount: number, extra: Partial<Stripe.PaymentIntentCreateParams> = {}): Stripe.PaymentIntentCreateParams {
  return { amount, currency: 'brl', allowed_payment_method_types: ['card'], ...extra };
}

/** Polls `cond` every 10 ms until true, up to `ms`. */
export async function until(cond: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
