/**
 * The fake PSP's HTTPS server: mutual TLS with its test CA, the OAuth token endpoint, the API Pix routes under
 * /api/v2, every request recorded with its violations, and the faults a test injects (fail, hang).
 */
import { createServer, type Server } from 'node:https';
import { HeldAnswers, listenOnLoopback, readBody } from '../held-answers';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TestPki } from './certs';
import { clientAuthenticated, tokenEndpoint, tokenRequestError, type TokenRequest, type TokenStore } from './oauth';
import { blankProblem, faultReply, problem, type Reply, type Violacao } from './problems';
import type { Ctx, FakeSettings, Route } from './route';
import { cobRoutes } from './routes-cob';
import { pixRoutes } from './routes-pix';
import { webhookRoutes } from './routes-webhook';
import type { PspState } from './state';

export const API_PREFIX = '/api/v2';
export const TOKEN_PATH = '/oauth/token';

const ROUTES: Route[] = [...cobRoutes, ...pixRoutes, ...webhookRoutes];

/**
 * The standard's other operations, which this fake does not offer. The standard: a receiver "ao acessar uma
 * funcionalidade não contemplada no seu escopo contratual, receberá o erro geral AcessoNegado".
 */
const UNOFFERED = [
  /^\/cob$/, /^\/cobv(\/[^/]+)?$/, /^\/lotecobv(\/[^/]+)?$/, /^\/loc(\/[^/]+(\/txid)?)?$/, /^\/locrec(\/[^/]+(\/idRec)?)?$/,
  /^\/rec(\/[^/]+)?$/, /^\/solicrec(\/[^/]+)?$/, /^\/cobr(\/[^/]+(\/retentativa\/[^/]+)?)?$/, /^\/webhook$/,
  /^\/webhookrec$/, /^\/webhookcobr$/,
];

export interface RecordedRequest {
  method: string;
  /** The path under the base URL (/cob/…), or /oauth/token. */
  path: string;
  query: Record<string, string>;
  /** Parsed JSON (or the token request's form fields); the raw text when it did not parse. */
  body: unknown;
  /** API calls: the bearer token was live. Token requests: the client credentials were right. */
  authorized: boolean;
  /** "propriedade: razao" for each violation of the request's own (schema and stateless rules). */
  violations: string[];
}

export type FaultRule =
  | { kind: 'fail'; status: 429 | 500 | 503 | 504; times: number; method?: string; pathPrefix?: string }
  | { kind: 'hang'; ms?: number; times: number; method?: string; pathPrefix?: string };

/** Injected faults, consumed in the order they were added by the requests they match. */
export class Faults {
  private readonly rules: FaultRule[] = [];

  add(rule: FaultRule): void {
    this.rules.push(rule);
  }

  take(method: string, path: string): FaultRule | undefined {
    const i = this.rules.findIndex(
      (r) =>
        (r.method === undefined || r.method.toUpperCase() === method) &&
        (r.pathPrefix === undefined || path.startsWith(r.pathPrefix)),
    );
    if (i < 0) return undefined;
    const rule = this.rules[i]!;
    rule.times -= 1;
    if (rule.times <= 0) this.rules.splice(i, 1);
    return rule;
  }
}

export interface ServerDeps {
  pki: TestPki;
  state: PspState;
  tokens: TokenStore;
  client: { id: string; secret: string };
  tokenTtlSeconds: number;
  settings: FakeSettings;
  requests: RecordedRequest[];
  faults: Faults;
}


function write(res: ServerResponse, reply: Reply): void {
  if (res.destroyed) return;
  const text = reply.body === undefined ? undefined : JSON.stringify(reply.body);
  res.writeHead(reply.status, reply.headers);
  res.end(text);
}

const asText = (v: Violacao) => `${v.propriedade}: ${v.razao}`;

/** A request prepared: what is recorded, and the work that answers it (not run when a fault answers instead). */
interface Prepared {
  record: RecordedRequest;
  answer: () => Reply;
}

function prepareToken(deps: ServerDeps, req: IncomingMessage, raw: string, record: RecordedRequest): Prepared {
  const form = Object.fromEntries(new URLSearchParams(raw));
  const tokenRequest: TokenRequest = { authorization: req.headers.authorization, contentType: req.headers['content-type'], form };
  record.body = form;
  record.authorized = clientAuthenticated(req.headers.authorization, deps.client);
  const error = tokenRequestError(tokenRequest);
  if (error) record.violations.push(`body: ${(error.body as { error_description: string }).error_description}`);
  if (req.method !== 'POST') {
    return { record, answer: () => blankProblem(405, 'Method not allowed', 'The token endpoint takes POST.', { allow: 'POST' }) };
  }
  return { record, answer: () => tokenEndpoint(tokenRequest, deps.client, deps.tokens, deps.tokenTtlSeconds) };
}

/** The body of a request that carries JSON, or why it cannot be read. */
function parseJson(raw: string, contentType: string | undefined): { body: unknown; issue?: string } {
  if (raw === '') return { body: undefined };
  if (!/^application\/json\s*(;|$)/i.test(contentType ?? '')) {
    return { body: raw, issue: 'body: Content-Type must be application/json' };
  }
  try {
    return { body: JSON.parse(raw) };
  } catch {
    return { body: raw, issue: 'body: not valid JSON' };
  }
}

function unauthorized(authorization: string | undefined): Reply {
  // RFC 6750 §3.1: a request without credentials gets the challenge alone; a bad or expired token, invalid_token.
  const challenge =
    authorization === undefined
      ? 'Bearer realm="fake-psp"'
      : 'Bearer realm="fake-psp", error="invalid_token", error_description="The access token is unknown or expired"';
  return { status: 401, headers: { 'www-authenticate': challenge } };
}

function prepareApi(deps: ServerDeps, req: IncomingMessage, raw: string, record: RecordedRequest): Prepared {
  const { method, path } = record;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  const grant = bearer === undefined ? undefined : deps.tokens.lookup(bearer);
  record.authorized = grant !== undefined;
  const forPath = ROUTES.filter((r) => r.path.test(path));
  const route = forPath.find((r) => r.method === method);
  const parsed = route?.hasBody || raw !== '' ? parseJson(raw, req.headers['content-type']) : { body: undefined };
  record.body = parsed.body;
  let violations: Violacao[] = [];
  let params: string[] = [];
  let issue = parsed.issue;
  if (route !== undefined) {
    try {
      params = route.path.exec(path)!.slice(1).map((p) => decodeURIComponent(p));
    } catch {
      issue ??= 'path: malformed percent-encoding';
    }
    if (issue === undefined) {
      const ctx: Ctx = { method, path, params, query: record.query, body: parsed.body, state: deps.state, settings: deps.settings };
      violations = route.check(ctx);
    }
  }
  if (issue !== undefined) record.violations.push(issue);
  record.violations.push(...violations.map(asText));
  const answer = (): Reply => {
    if (grant === undefined) return unauthorized(req.headers.authorization);
    if (forPath.length === 0) {
      return UNOFFERED.some((r) => r.test(path))
        ? problem('AcessoNegado', 'This receiver has no contract for this feature of the API Pix.')
        : problem('NaoEncontrado', `Nothing is at ${path}.`);
    }
    if (route === undefined) {
      const allow = forPath.map((r) => r.method).join(', ');
      return blankProblem(405, 'Method not allowed', `${path} takes ${allow}.`, { allow });
    }
    if (!grant.scopes.has(route.scope)) {
      return problem('AcessoNegado', `The access token lacks scope ${route.scope}.`, undefined, {
        'www-authenticate': `Bearer realm="fake-psp", error="insufficient_scope", scope="${route.scope}"`,
      });
    }
    if (issue !== undefined) {
      const [propriedade = '', razao = ''] = issue.split(': ');
      return problem('RequisicaoInvalida', 'The request cannot be read.', [{ razao, propriedade }]);
    }
    if (violations.length > 0) return problem(route.invalid, 'The request breaks the schema or makes no sense.', violations);
    return route.handle({ method, path, params, query: record.query, body: parsed.body, state: deps.state, settings: deps.settings });
  };
  return { record, answer };
}

export interface RunningServer {
  server: Server;
  port: number;
  close(): Promise<void>;
}

export async function startServer(deps: ServerDeps, port = 0): Promise<RunningServer> {
  const held = new HeldAnswers();

  const onRequest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'https://fake-psp');
    const method = (req.method ?? 'GET').toUpperCase();
    const isApi = url.pathname.startsWith(`${API_PREFIX}/`);
    const path = isApi ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    const record: RecordedRequest = {
      method, path, query: Object.fromEntries(url.searchParams), body: undefined, authorized: false, violations: [],
    };
    deps.requests.push(record);
    const prepared =
      path === TOKEN_PATH && !isApi
        ? prepareToken(deps, req, raw, record)
        : isApi
          ? prepareApi(deps, req, raw, record)
          : { record, answer: () => problem('NaoEncontrado', `Nothing is at ${url.pathname}.`) };
    const fault = deps.faults.take(method, path);
    // A failed request has no effect; a hung one takes effect at once and only its answer is held back, which is
    // the case a client's retries must survive (the charge exists, the client never heard).
    if (fault?.kind === 'fail') return write(res, faultReply(fault.status));
    const reply = prepared.answer();
    if (fault?.kind !== 'hang') return write(res, reply);
    held.hold(res, fault.ms, () => write(res, reply));
  };

  const server = createServer(
    {
      key: deps.pki.serverKey,
      cert: deps.pki.serverCert,
      ca: deps.pki.ca,
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      onRequest(req, res).catch((err: unknown) => {
        write(res, problem('ErroInternoDoServidor', `The fake failed: ${(err as Error).message}`));
      });
    },
  );
  return listenOnLoopback(server, port, held);
}
