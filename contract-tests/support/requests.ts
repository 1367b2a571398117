/**
 * Raw requests built from the contract, for what the typed client cannot send: an operation's valid request made
 * of the spec's own examples (the 501 check, the probe of the bad-input pass) and arbitrary bad ones.
 */
import { randomUUID } from 'node:crypto';
import { randomBase62 } from '../../server/ids';
import { deref, type Json, type Operation, type ParameterObject } from './spec';

export interface RawRequest {
  pathParams: Record<string, string>;
  query: [string, string][];
  headers: Record<string, string>;
  /** The body as sent, already serialised; `undefined` sends none. */
  body: string | undefined;
}

/** Ids of resources that exist, by prefix (`cus` → `cus_…`), to make requests that reach the database. */
export type IdPool = Map<string, string>;

const ID = /^([a-z]+)_[0-9A-Za-z]{8,}$/;

/** Remembers the id of a resource an answer returned. */
export function collectId(pool: IdPool, body: unknown): void {
  const id = (body as { id?: unknown } | undefined)?.id;
  const prefix = typeof id === 'string' ? ID.exec(id)?.[1] : undefined;
  if (prefix) pool.set(prefix, id as string);
}

/** The id of an existing resource in place of an example id with the same prefix. */
function pooled(value: Json, pool: IdPool): Json {
  if (typeof value === 'string') return pool.get(ID.exec(value)?.[1] ?? '') ?? value;
  if (Array.isArray(value)) return value.map((v) => pooled(v, pool));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pooled(v, pool)]));
  return value;
}

/** A value for an id parameter: its example, or its prefix (read from the pattern) and 16 characters. */
function idValue(p: ParameterObject, pool: IdPool): string {
  if (typeof p.example === 'string') return pooled(p.example, pool) as string;
  const prefix = /^\^\(?([a-z]+)/.exec(String(deref(p.schema).pattern ?? ''))?.[1];
  return `${prefix ?? 'id'}_${randomBase62(16)}`;
}

export function takesIdempotencyKey(op: Operation): boolean {
  return op.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'x-idempotency-key');
}

/** The richest documented example of the request body (most nested objects to mutate). */
export function baseBody(op: Operation): Json | undefined {
  if (!op.bodySchema) return undefined;
  const sorted = [...op.bodyExamples].sort((a, b) => JSON.stringify(b).length - JSON.stringify(a).length);
  return structuredClone(sorted[0]) ?? {};
}

/**
 * A request the contract accepts: path ids and required query values from the examples, the example body; ids of
 * the pool replace the example ids, so that the request reaches an existing resource.
 */
export function validRequest(op: Operation, pool: IdPool = new Map()): RawRequest {
  const pathParams: Record<string, string> = {};
  const query: [string, string][] = [];
  for (const p of op.parameters) {
    if (p.in === 'path') pathParams[p.name] = idValue(p, pool);
    if (p.in === 'query' && p.required) query.push([p.name, String(p.example ?? deref(p.schema).example ?? deref(p.schema).default)]);
  }
  const headers: Record<string, string> = {};
  if (takesIdempotencyKey(op)) headers['X-Idempotency-Key'] = randomUUID();
  const example = baseBody(op);
  const body = example === undefined ? undefined : pooled(example, pool);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return { pathParams, query, headers, body: body === undefined ? undefined : JSON.stringify(body) };
}

export function urlOf(baseUrl: string, op: Operation, req: RawRequest): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(req.pathParams[name] ?? ''));
  const qs = new URLSearchParams(req.query).toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body, `undefined` when empty; the text when it is not JSON. */
  body: unknown;
  json: boolean;
}

/** The first message of an event stream (up to its blank line), then the connection is dropped: a stream never ends. */
async function firstMessage(res: Response, abort: AbortController): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!/\r?\n\r?\n/.test(text)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  abort.abort();
  return text;
}

const RESET = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/**
 * fetch, sent once more when the connection it reused was reset under it: a keep-alive connection the server closed
 * as idle just as the request went out (a race a loaded machine widens), which is no answer of the service's. The
 * same request again (same idempotency key, so a POST that did arrive is replayed, not repeated); a second reset fails.
 */
async function fetchOnFreshConnection(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    const code = (err as { cause?: { code?: unknown } }).cause?.code;
    if (!(err instanceof TypeError) || typeof code !== 'string' || !RESET.has(code)) throw err;
    return fetch(url, init);
  }
}

/**
 * Sends a raw request with a `ServiceKey`; a fresh idempotency key unless the request names one. An event stream's
 * body is its first message, as text.
 */
export async function send(baseUrl: string, key: string, op: Operation, req: RawRequest): Promise<RawResponse> {
  const headers: Record<string, string> = { ServiceKey: key, ...req.headers };
  const abort = new AbortController();
  const res = await fetchOnFreshConnection(urlOf(baseUrl, op, req), { method: op.method.toUpperCase(), headers, body: req.body, signal: abort.signal });
  if (/^text\/event-stream\b/i.test(res.headers.get('content-type') ?? '')) {
    return { status: res.status, headers: res.headers, body: await firstMessage(res, abort), json: false };
  }
  const text = await res.text();
  try {
    return { status: res.status, headers: res.headers, body: text === '' ? undefined : JSON.parse(text), json: true };
  } catch {
    return { status: res.status, headers: res.headers, body: text, json: false };
  }
}
