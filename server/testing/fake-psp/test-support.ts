/**
 * What the fake PSP's tests call it with: plain node:https requests presenting (or not) a client certificate, a
 * token helper, and a webhook receiver (http, or https asking for the caller's certificate) recording each callback.
 */
import { createServer as createHttpServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, request } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { expect } from 'vitest';
import type { TestPki } from './certs';
import { type FakePsp, type FakePspOptions, startFakePsp } from './index';
import { responseErrors } from './response-schemas';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when empty or not JSON. */
  json: any;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as is, instead of `body` as JSON. */
  raw?: string;
  headers?: Record<string, string>;
  /** The client identity; null sends none. Default: the fake's client certificate. */
  identity?: { cert: string; key: string } | null;
  /** Abort after this many ms (rejects with 'timed out'). */
  timeoutMs?: number;
  /** Host to connect to, for the certificate's names (default 127.0.0.1). */
  host?: string;
}

/** One HTTPS request to the fake; `url` is absolute or a path under its baseUrl. */
export function call(psp: FakePsp, method: string, url: string, o: CallOptions = {}): Promise<Answer> {
  let target = url.startsWith('https:') ? new URL(url) : new URL(psp.baseUrl + url);
  if (o.host) target = new URL(target.href.replace('127.0.0.1', o.host));
  const headers: Record<string, string> = { ...o.headers };
  if (o.token !== undefined) headers.authorization = `Bearer ${o.token}`;
  let payload = o.raw;
  if (payload === undefined && o.body !== undefined) {
    payload = JSON.stringify(o.body);
    headers['content-type'] ??= 'application/json';
  }
  const identity = o.identity === undefined ? { cert: psp.clientCert, key: psp.clientKey } : o.identity;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      { method, headers, ca: psp.ca, ...(identity ?? {}), agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let json: unknown;
          try {
            json = text === '' ? undefined : JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    if (o.timeoutMs !== undefined) req.setTimeout(o.timeoutMs, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}

export function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

/** POST /oauth/token with the fake's credentials (or `secret`). */
export function tokenRequest(psp: FakePsp, form = 'grant_type=client_credentials', secret = psp.clientSecret): Promise<Answer> {
  return call(psp, 'POST', psp.oauthUrl, {
    raw: form,
    headers: { authorization: basic(psp.clientId, secret), 'content-type': 'application/x-www-form-urlencoded' },
  });
}

export async function token(psp: FakePsp, scope?: string): Promise<string> {
  const answer = await tokenRequest(psp, `grant_type=client_credentials${scope ? `&scope=${encodeURIComponent(scope)}` : ''}`);
  if (answer.status !== 200) throw new Error(`token request answered ${answer.status}: ${answer.text}`);
  return answer.json.access_token as string;
}

export interface Delivery {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Over https: the subject CN of the certificate the caller presented (undefined: none). */
  peerCn?: string;
}

export interface Hooks {
  /** The URL to register as webhookUrl (the callback goes to it + "/pix"). */
  url: string;
  deliveries: Delivery[];
  /** Status answered to every delivery (default 200). */
  status: number;
  close(): Promise<void>;
}

/** A webhook receiver on 127.0.0.1: plain http, or https (with `pki`) requesting a client certificate. */
export async function startHooks(pki?: TestPki): Promise<Hooks> {
  const hooks: Hooks = { url: '', deliveries: [], status: 200, close: async () => {} };
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const socket = req.socket as Partial<TLSSocket>;
      const peer = typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate() : undefined;
      const cn = peer?.subject?.CN;
      hooks.deliveries.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, peerCn: cn });
      res.writeHead(hooks.status).end();
    });
  };
  const server = pki
    ? createHttpsServer({ key: pki.serverKey, cert: pki.serverCert, ca: pki.ca, requestCert: true, rejectUnauthorized: true }, onRequest)
    : createHttpServer(onRequest);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hooks.url = `${pki ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  hooks.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return hooks;
}

/** A txid of the standard's shape (26–35 letters or digits), unique per call. */
let counter = 0;
export function newTxid(): string {
  counter += 1;
  return `tx${Date.now().toString(36)}${String(counter).padStart(6, '0')}`.padEnd(30, 'Z');
}

export const ERROR = 'https://pix.bcb.gov.br/api/v2/error/';

export async function withFake(opts: FakePspOptions, fn: (psp: FakePsp) => Promise<void>): Promise<void> {
  const psp = await startFakePsp(opts);
  try {
    await fn(psp);
  } finally {
    await psp.close();
  }
}

export function expectProblem(a: Answer, status: number, name: string): void {
  expect(a.status).toBe(status);
  expect(a.headers['content-type']).toBe('application/problem+json');
  expect(responseErrors('Problema', a.json)).toEqual([]);
  expect(a.json.type).toBe(ERROR + name);
}

export const propriedades = (a: Answer): string[] => (a.json.violacoes ?? []).map((v: { propriedade: string }) => v.propriedade);

export function cobBody(psp: FakePsp, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    calendario: { expiracao: 3600 },
    devedor: { cpf: '12345678909', nome: 'Fulano de Tal' },
    valor: { original: '123.45' },
    chave: psp.pixKey,
    solicitacaoPagador: 'Pedido 42',
    ...over,
  };
}
