/**
 * The fake's HTTP server on loopback: Stripe's v1 wire format (form bodies, bearer or basic auth with the secret
 * key, JSON answers carrying `Request-Id`), the idempotency layer, the faults a test injects, a record of every
 * request (card numbers and CVCs redacted), and the events of each request handed to the webhook sender once the
 * answer is written.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { HeldAnswers, listenOnLoopback, readBody } from '../held-answers';
import { ApiFailure, errorReply, faultReply, unauthorized, unrecognized, type Reply } from './errors';
import type { Faults, FaultRule } from './faults';
import { decodeForm, fingerprint, Params, redactCards, type FormObject } from './form';
import type { IdempotencyStore } from './idempotency';
import { newId } from './ids';
import { hostedPage } from './pages';
import type { Ctx, FakeSettings, Route } from './route';
import type { FakeEvent, FakeState } from './state';

/** A request as the fake received it; what identifies a card is redacted before it is kept. */
export interface RecordedStripeRequest {
  requestId: string;
  method: string;
  path: string;
  /** The decoded query string. */
  query: FormObject;
  /** The decoded form body, `card[number]` cut to its last four digits and `card[cvc]` removed. */
  params: FormObject;
  headers: {
    'idempotency-key'?: string;
    'stripe-version'?: string;
    'user-agent'?: string;
    'x-stripe-client-user-agent'?: string;
    'content-type'?: string;
  };
  /** The secret key was right. */
  authorized: boolean;
  /** The status answered (or to be answered, for a hung request); 0 when the connection was dropped. */
  status: number;
  /** The answer was an idempotent replay. */
  replayed: boolean;
}

export interface ServerDeps {
  state: FakeState;
  routes: Route[];
  settings: FakeSettings;
  secretKey: string;
  faults: Faults;
  idempotency: IdempotencyStore;
  requests: RecordedStripeRequest[];
  /** Receives the events a request made, after its answer is written. */
  onEvents(events: FakeEvent[]): void;
}

const HEADERS_OF_INTEREST = ['idempotency-key', 'stripe-version', 'user-agent', 'x-stripe-client-user-agent', 'content-type'] as const;
const VERSION = /^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/;


/** The secret key of `Authorization: Bearer sk_…` or of HTTP Basic with the key as user name. */
function presentedKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)\s*$/i.exec(header);
  if (basic) return Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0];
  return '';
}

function write(res: ServerResponse, reply: Reply, common: Record<string, string>): void {
  if (res.destroyed || res.headersSent) return;
  const text = `${JSON.stringify(reply.body, null, 2)}\n`;
  res.writeHead(reply.status, {
    'content-type': 'application/json',
    'cache-control': 'no-cache, no-store',
    'content-length': String(Buffer.byteLength(text)),
    ...common,
    ...reply.headers,
  });
  res.end(text);
}

export interface RunningServer {
  server: Server;
  port: number;
  close(): Promise<void>;
}

export async function startServer(deps: ServerDeps, port: number): Promise<RunningServer> {
  const held = new HeldAnswers();

  const execute = (route: Route, ctx: Ctx): { reply: Reply; saved: boolean } => {
    try {
      return { reply: deps.state.withOrigin({ id: ctx.requestId, idempotencyKey: ctx.idempotencyKey }, () => route.handle(ctx)), saved: true };
    } catch (err) {
      if (err instanceof ApiFailure) {
        const error = { ...err.error, request_log_url: `https://dashboard.stripe.com/${deps.state.livemode ? '' : 'test/'}logs/${ctx.requestId}` };
        return { reply: errorReply(err.status, error), saved: err.saved };
      }
      // A bug of the fake, not an answer Stripe would give: nothing is saved under the key.
      return { reply: errorReply(500, { type: 'api_error', message: `The fake failed: ${(err as Error).message}` }), saved: false };
    }
  };

  const onRequest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const method = (req.method ?? 'GET').toUpperCase();
    const path = url.pathname;
    if (path.startsWith('/fake/') && method === 'GET') {
      const page = hostedPage(deps.state, path);
      res.writeHead(page.status, { 'content-type': page.contentType }).end(page.data);
      return;
    }
    const requestId = newId('req');
    const query = decodeForm(url.search.slice(1));
    const body = method === 'POST' ? decodeForm(raw) : {};
    const headers: RecordedStripeRequest['headers'] = {};
    for (const h of HEADERS_OF_INTEREST) {
      const v = req.headers[h];
      if (typeof v === 'string') headers[h] = v;
    }
    const key = presentedKey(req.headers.authorization);
    const record: RecordedStripeRequest = {
      requestId, method, path, query: redactCards(query) as FormObject, params: redactCards(body) as FormObject,
      headers, authorized: key === deps.secretKey, status: 0, replayed: false,
    };
    deps.requests.push(record);
    const common: Record<string, string> = { 'request-id': requestId, 'stripe-version': headers['stripe-version'] ?? deps.state.apiVersion };
    const idempotencyKey = method === 'POST' ? (headers['idempotency-key'] ?? null) : null;
    if (idempotencyKey !== null) common['idempotency-key'] = idempotencyKey;
    const answer = (reply: Reply) => {
      record.status = reply.status;
      write(res, reply, common);
    };

    const fault: FaultRule | undefined = deps.faults.take(method, path);
    // Stripe keeps a 5xx of a request it began executing, never a 429 (refused before anything ran).
    if (fault?.kind === 'fail' && !(fault.saved && fault.status >= 500)) return answer(faultReply(fault.status));
    if (fault?.kind === 'drop' && !fault.effect) {
      req.socket.destroy();
      return;
    }
    if (!record.authorized) return answer(unauthorized(key));
    if (headers['stripe-version'] !== undefined && !VERSION.test(headers['stripe-version'])) {
      return answer(errorReply(400, { type: 'invalid_request_error', message: `Invalid Stripe API version: ${headers['stripe-version']}` }));
    }
    const forPath = deps.routes.filter((r) => r.path.test(path));
    const route = forPath.find((r) => r.method === method);
    if (route === undefined) return answer(unrecognized(method, path));

    let admitted = false;
    if (idempotencyKey !== null) {
      const admission = deps.idempotency.admit(idempotencyKey, method, path, fingerprint(body), requestId);
      if (admission.kind === 'refuse') return answer(admission.reply);
      if (admission.kind === 'replay') {
        record.replayed = true;
        return answer({ ...admission.reply, headers: { ...admission.reply.headers, 'idempotent-replayed': 'true', 'original-request': admission.originalRequest } });
      }
      admitted = true;
    }
    if (fault?.kind === 'fail') {
      // Began executing and failed without effect: Stripe keeps this answer under the key and replays it.
      const failed = faultReply(fault.status);
      if (admitted && idempotencyKey !== null) deps.idempotency.finish(idempotencyKey, failed);
      return answer(failed);
    }
    if (fault?.kind === 'hang' && fault.slow) {
      // Stripe still executing: the key is in progress and nothing has happened yet; it executes after `ms`.
      await new Promise((r) => setTimeout(r, fault.ms ?? 0));
    }
    const ctx: Ctx = {
      method, path,
      pathParams: route.path.exec(path)!.slice(1).map((s) => decodeURIComponent(s)),
      params: new Params(method === 'POST' ? body : query),
      state: deps.state, settings: deps.settings, requestId, idempotencyKey,
      apiVersion: headers['stripe-version'] ?? deps.state.apiVersion,
    };
    const { reply, saved } = execute(route, ctx);
    const events = deps.state.drainOutbox();
    const finish = () => {
      if (admitted && idempotencyKey !== null) {
        if (saved) deps.idempotency.finish(idempotencyKey, reply);
        else deps.idempotency.forget(idempotencyKey);
      }
    };
    // Events go out after the answer, as at Stripe; a dropped or hung answer does not hold them back.
    setImmediate(() => deps.onEvents(events));
    if (fault?.kind === 'drop') {
      finish();
      record.status = 0;
      req.socket.destroy();
      return;
    }
    if (fault?.kind !== 'hang' || fault.slow) {
      finish();
      return answer(reply);
    }
    // The request took effect; its key stays "in progress" until the late answer is written.
    record.status = reply.status;
    held.hold(res, fault.ms, () => {
      finish();
      answer(reply);
    });
  };

  const server = createServer((req, res) => {
    onRequest(req, res).catch((err: unknown) => {
      write(res, errorReply(500, { type: 'api_error', message: `The fake failed: ${(err as Error).message}` }), {});
    });
  });
  return listenOnLoopback(server, port, held);
}
