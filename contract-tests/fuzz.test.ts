/**
 * The bad-input pass: every implemented operation (one that does not answer 501) gets every bad request its
 * schemas imply and the crafted ones that used to crash or stall the service (`support/bad-inputs.ts`). Each must
 * be refused with `400` in the error envelope, never a 5xx, never an empty body, with at most 20 `params` named in
 * bracket notation, and the answer must keep the contract like any other; a sample goes again with an
 * absolute-form request target. Hostile values the schema allows may get any answer but a 5xx; a query in form
 * encoding must be served.
 */
import { request, STATUS_CODES } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../generated/operations';
import { ENGINES, type TestService, startTestService } from '../server/testing/harness';
import { badInputs, type BadCase } from './support/bad-inputs';
import { flushCoverage, recordCall } from './support/coverage';
import { collectId, send, urlOf, validRequest, type IdPool, type RawRequest, type RawResponse } from './support/requests';
import { operation, type Operation } from './support/spec';
import { checkResponse } from './support/validator';

afterAll(() => flushCoverage('fuzz'));

const BRACKET = /^[A-Za-z_][A-Za-z0-9_-]*(\[[^[\]/]+\])*$/;
const CONCURRENCY = 8;
const MAX_PARAMS = 20;

/** `send` with an absolute-form request line (`GET http://127.0.0.1:port/v1/… HTTP/1.1`), which fetch cannot send. */
function sendAbsolute(baseUrl: string, key: string, op: Operation, req: RawRequest): Promise<RawResponse> {
  const target = urlOf(baseUrl, op, req);
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ServiceKey: key, ...req.headers };
    const r = request({ host: hostname, port, method: op.method.toUpperCase(), path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
        try {
          resolve({ status: res.statusCode ?? 0, headers: h, body: text === '' ? undefined : JSON.parse(text), json: true });
        } catch {
          resolve({ status: res.statusCode ?? 0, headers: h, body: text, json: false });
        }
      });
    });
    r.on('error', reject);
    r.end(req.body);
  });
}

/** Everything wrong with the answer to one bad request. */
function judge(op: Operation, c: BadCase, res: RawResponse): string[] {
  const problems: string[] = [];
  const where = `${op.operationId} — ${c.label}`;
  if (res.status >= 500) return [`${where}: answered ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`];
  if (res.status >= 400 && res.body === undefined) return [`${where}: ${res.status} with an empty body`];
  const listed = (res.body as { error?: { params?: unknown[] } } | undefined)?.error?.params;
  if (Array.isArray(listed) && listed.length > MAX_PARAMS) problems.push(`${where}: ${listed.length} params, more than ${MAX_PARAMS}`);
  if (c.ok) {
    if (res.status >= 400) problems.push(`${where}: refused with ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    return [...problems, ...checkResponse(op.operationId, res.status, res.body, res.headers).map((p) => `${where}: ${p}`)];
  }
  if (c.hostile) {
    if (res.status >= 400 && !(res.body as { error?: unknown } | undefined)?.error) problems.push(`${where}: ${res.status} without the envelope`);
    return [...problems, ...checkResponse(op.operationId, res.status, res.body, res.headers).map((p) => `${where}: ${p}`)];
  }
  if (res.status !== 400) problems.push(`${where}: expected 400, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  if (res.status < 400) return problems;
  const body = res.body as { error?: Record<string, unknown> } | undefined;
  const error = body?.error;
  if (!res.json || !error || Object.keys(body).length !== 1) return [...problems, `${where}: not the error envelope: ${JSON.stringify(res.body).slice(0, 200)}`];
  if (error.statusCode !== res.status || error.status !== STATUS_CODES[res.status]) {
    problems.push(`${where}: envelope says ${String(error.statusCode)} ${String(error.status)} for a ${res.status}`);
  }
  for (const k of ['category', 'code', 'message', 'resource']) {
    if (typeof error[k] !== 'string' || error[k] === '') problems.push(`${where}: envelope without ${k}`);
  }
  problems.push(...checkResponse(op.operationId, res.status, res.body, res.headers).map((p) => `${where}: ${p}`));
  if (res.status === 400 && error.code === 'invalidParameters') {
    const params = error.params as Record<string, string>[] | undefined;
    const keys = Array.isArray(params) ? params.flatMap((p) => Object.keys(p)) : [];
    if (keys.length === 0) problems.push(`${where}: 400 invalidParameters without params`);
    const odd = keys.filter((k) => !BRACKET.test(k));
    if (odd.length > 0) problems.push(`${where}: params not in bracket notation: ${odd.join(', ')}`);
    // The field itself or a part of it (`holderDocument[number]` for a bad `holderDocument`).
    const names = (k: string) => k.toLowerCase() === c.field!.toLowerCase() || k.startsWith(`${c.field}[`);
    if (c.field && !keys.some(names)) {
      problems.push(`${where}: params name ${keys.join(', ') || 'nothing'}, not ${c.field}`);
    }
  } else if (res.status === 400 && error.code !== 'validationError') {
    problems.push(`${where}: a 400 with code ${String(error.code)}`);
  }
  return problems;
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

describe.each(ENGINES)('bad-input pass on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '1000000', RATE_LIMIT_POLL_POINTS: '1000000' });
  });
  afterAll(async () => svc?.close());

  it('refuses every bad request of every implemented operation with a 400 envelope, never a 5xx', { timeout: 180_000 }, async () => {
    const started = Date.now();
    // Probe every operation with its documented example: 501 means not implemented. The resources the probes
    // create (and, in a second round, those that needed one of them) are what the bad requests then aim at.
    const implemented: Operation[] = [];
    const pool: IdPool = new Map();
    const retry: Operation[] = [];
    const problems: string[] = [];
    for (const route of routes) {
      const op = operation(route.operationId);
      const probe = await send(svc.url, svc.merchant.sandboxKey, op, validRequest(op));
      if (probe.status === 501) continue;
      implemented.push(op);
      recordCall(op.operationId, probe.status);
      problems.push(...checkResponse(op.operationId, probe.status, probe.body, probe.headers).map((p) => `probe with the example: ${p}`));
      if (probe.status < 300) collectId(pool, probe.body);
      else if (op.method === 'post' && !op.path.includes('{')) retry.push(op);
    }
    for (const op of retry) collectId(pool, (await send(svc.url, svc.merchant.sandboxKey, op, validRequest(op, pool))).body);
    const cases = implemented.flatMap((op) => badInputs(op, pool).map((c) => ({ op, c })));
    await inBatches(cases, CONCURRENCY, async ({ op, c }) => {
      const res = await (c.absolute ? sendAbsolute : send)(svc.url, svc.merchant.sandboxKey, op, c.request).catch((err: unknown) => {
        throw new Error(`${op.operationId} — ${c.label}: no answer`, { cause: err });
      });
      recordCall(op.operationId, res.status);
      problems.push(...judge(op, c, res));
    });
    const hostile = cases.filter(({ c }) => c.hostile).length;
    const absolute = cases.filter(({ c }) => c.absolute).length;
    console.log(
      `bad-input pass on ${engine.name}: ${cases.length} cases (${hostile} hostile values the schema allows, ${absolute} in absolute form) sent to ${implemented.length} operations ` +
        `(${implemented.map((o) => o.operationId).join(', ')}) in ${Date.now() - started} ms`,
    );
    expect(implemented.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
