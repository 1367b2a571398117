/**
 * The code samples of the docs (`x-codeSamples`, shown by Redoc as tabs beside each operation), made from the bundled
 * document by scripts/generate.ts: a `curl` call and a call through the partner package for every operation (the
 * CLI's `listen` for the event stream), both built from the operation's own examples (path parameters, required query
 * parameters, a list's `limit`, the first request body example), so that they change when the examples do and the
 * drift check covers them. Pure: no I/O.
 */
import { deref as follow } from './breaking-view';
import { HTTP_METHODS } from './routes';

export interface CodeSample {
  lang: 'Shell' | 'TypeScript';
  label: 'curl' | 'Client' | 'CLI';
  source: string;
}

/** The service address the samples call, as a developer runs it (`npm start`). */
const SAMPLE_BASE_URL = 'http://localhost:3000';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Node = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  example?: Json;
  schema?: { example?: Json };
}

/** What a sample needs to know of one operation, every `$ref` followed. */
interface Call {
  operationId: string;
  method: string;
  path: string;
  pathParams: [string, Json][];
  query: [string, Json][];
  headers: [string, Json][];
  idempotent: boolean;
  body: Json | undefined;
  stream: boolean;
}

const IDEMPOTENCY_HEADER = 'x-idempotency-key';
/**
 * A fresh idempotency key at each run, from the kernel: `uuidgen` is not on a stock Debian (package `uuid-runtime`),
 * while every Linux has this file; on macOS `uuidgen` does it (the Introduction says so).
 */
const FRESH_KEY = '$(cat /proc/sys/kernel/random/uuid)';
/** The column the samples wrap at: a longer `-d` body of a curl is pretty-printed over several lines. */
const WIDTH = 100;

function exampleOf(p: Parameter, operationId: string): Json {
  const value = p.example ?? p.schema?.example;
  if (value === undefined) throw new Error(`${operationId}: parameter ${p.name} (${p.in}) has no example to show in the code samples`);
  return value;
}

function describeCall(doc: Node, path: string, method: string): Call {
  // Every `$ref` of a bundled document is local: breaking-view.ts's deref follows them, for the gate and here.
  const deref = <T>(node: unknown): T => follow(doc, node) as T;
  const item = deref<Node>((doc.paths as Node)[path]);
  const op = deref<Node>(item[method]);
  const operationId = String(op.operationId);
  const params = [...((item.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])].map((p) => deref<Parameter>(p));
  const call: Call = { operationId, method, path, pathParams: [], query: [], headers: [], idempotent: false, body: undefined, stream: false };
  for (const p of params) {
    if (p.in === 'path') call.pathParams.push([p.name, exampleOf(p, operationId)]);
    else if (p.in === 'header' && p.name.toLowerCase() === IDEMPOTENCY_HEADER) call.idempotent = true;
    else if (p.in === 'header' && p.required) call.headers.push([p.name, exampleOf(p, operationId)]);
    // Lists show their page size: the one optional parameter worth showing, and the one readers look for.
    else if (p.in === 'query' && (p.required || p.name === 'limit')) call.query.push([p.name, exampleOf(p, operationId)]);
  }
  const body = op.requestBody ? deref<{ content?: Record<string, { example?: Json; examples?: Record<string, unknown> }> }>(op.requestBody) : undefined;
  const media = body?.content?.['application/json'];
  if (media) {
    const first = media.examples ? Object.values(media.examples)[0] : undefined;
    call.body = media.example ?? (first === undefined ? undefined : deref<{ value?: Json }>(first).value);
    if (call.body === undefined) throw new Error(`${operationId}: the request body has no example to show in the code samples`);
  }
  const responses = Object.entries(deref<Node>(op.responses ?? {})).filter(([status]) => status.startsWith('2'));
  call.stream = responses.some(([, r]) => Object.keys(deref<{ content?: Node }>(r).content ?? {}).includes('text/event-stream'));
  return call;
}

// ---- curl ----------------------------------------------------------------------------------------------------------

/** A word for a POSIX shell: as it is when nothing in it is special, else in single quotes (`'` written `'\''`). */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Percent-encodes everything but the unreserved characters, so a URL carries nothing a shell would read. */
function encode(value: Json): string {
  return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value)).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function urlOf(call: Call, baseUrl: string): string {
  const values = new Map(call.pathParams);
  const path = call.path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(values.get(name) ?? ''));
  const pairs = call.query.flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${encode(name)}=${encode(v)}`));
  return `${baseUrl}${path}${pairs.length ? `?${pairs.join('&')}` : ''}`;
}

function curlSample(call: Call): CodeSample {
  const first = ['curl', ...(call.stream ? ['-N'] : []), ...(call.method === 'get' ? [] : ['-X', call.method.toUpperCase()])];
  const lines = [[...first, shellQuote(urlOf(call, SAMPLE_BASE_URL))].join(' '), '-H "ServiceKey: $PAYMENTS_API_KEY"'];
  if (call.idempotent) lines.push(`-H "X-Idempotency-Key: ${FRESH_KEY}"`);
  for (const [name, value] of call.headers) lines.push(`-H ${shellQuote(`${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)}`);
  if (call.body !== undefined) {
    const compact = JSON.stringify(call.body);
    const fits = `  -d '${compact}'`.length <= WIDTH;
    lines.push('-H "Content-Type: application/json"');
    lines.push(`-d ${shellQuote(fits ? compact : literal(call.body, 'json', '  ', WIDTH))}`);
  }
  return { lang: 'Shell', label: 'curl', source: lines.join(' \\\n  ') };
}

// ---- TypeScript ----------------------------------------------------------------------------------------------------

/** A string as a single-quoted TypeScript literal. */
function tsString(s: string): string {
  return `'${JSON.stringify(s).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

type Style = 'json' | 'ts';

function keyOf(key: string, style: Style): string {
  if (style === 'json') return JSON.stringify(key);
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : tsString(key);
}

/**
 * A JSON value written the way a person would write it, as JSON or as a TypeScript literal (unquoted keys, single
 * quotes, trailing commas): on one line when it fits in the column left after `used` characters, else one member per
 * line, each nested value again on one line when it fits.
 */
export function literal(value: Json, style: Style, indent = '', used = indent.length): string {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'string' && style === 'ts' ? tsString(value) : JSON.stringify(value);
  }
  const inner = `${indent}  `;
  const entries = Array.isArray(value)
    ? value.map((v) => ({ head: '', value: v }))
    : Object.entries(value).map(([k, v]) => ({ head: `${keyOf(k, style)}: `, value: v }));
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return `${open}${close}`;
  const flat = entries.map((e) => `${e.head}${literal(e.value, style, '', 0)}`).join(', ');
  const oneLine = Array.isArray(value) ? `[${flat}]` : `{ ${flat} }`;
  if (!oneLine.includes('\n') && used + oneLine.length <= WIDTH) return oneLine;
  const comma = style === 'ts' ? ',' : '';
  const lines = entries.map((e) => `${inner}${e.head}${literal(e.value, style, inner, inner.length + e.head.length)}`);
  return `${open}\n${lines.join(',\n')}${comma}\n${indent}${close}`;
}

function clientSample(call: Call): CodeSample {
  const params: Record<string, Json> = {};
  if (call.pathParams.length) params.path = Object.fromEntries(call.pathParams);
  if (call.query.length) params.query = Object.fromEntries(call.query);
  if (call.headers.length) params.header = Object.fromEntries(call.headers);
  const init: [string, Json][] = [];
  if (Object.keys(params).length) init.push(['params', params]);
  if (call.body !== undefined) init.push(['body', call.body]);
  const head = `const { data, error } = await client.${call.method.toUpperCase()}(${tsString(call.path)}`;
  const request = init.length
    ? `${head}, {\n${init.map(([k, v]) => `  ${k}: ${literal(v, 'ts', '  ', `  ${k}: `.length)},`).join('\n')}\n});`
    : `${head});`;
  const source = [
    "import { createPaymentsClient } from '@payments-service/client';",
    '',
    `const client = createPaymentsClient({ baseUrl: ${tsString(SAMPLE_BASE_URL)}, apiKey: process.env.PAYMENTS_API_KEY! });`,
    '',
    request,
    'if (error) throw new Error(`${error.code}: ${error.message}`);',
    'console.log(data);',
  ].join('\n');
  return { lang: 'TypeScript', label: 'Client', source };
}

/**
 * The CLI's turn for an event stream: the client answers whole JSON bodies, while the developer CLI reads the stream
 * and forwards each event, signed, to a receiver on the developer's machine, which is what the stream is for.
 */
function cliSample(): CodeSample {
  const source = [
    '# Forwards each sandbox event, signed like a real delivery, to a receiver on your machine',
    '# (PAYMENTS_API_KEY set to a sandbox key).',
    'npx payments listen --forward-to http://localhost:4242/webhooks',
  ].join('\n');
  return { lang: 'Shell', label: 'CLI', source };
}

/** The two samples of one operation of the bundled document: curl, then the client (the CLI for an event stream). */
export function codeSamples(doc: object, path: string, method: string): CodeSample[] {
  const call = describeCall(doc as Node, path, method);
  return [curlSample(call), call.stream ? cliSample() : clientSample(call)];
}

/** A copy of the bundled document with `x-codeSamples` on every operation. */
export function withCodeSamples<T extends object>(doc: T): T {
  const out = structuredClone(doc) as Node;
  const paths = (out.paths ?? {}) as Record<string, Node>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method] as Node | undefined;
      if (op) op['x-codeSamples'] = codeSamples(doc, path, method);
    }
  }
  return out as T;
}
