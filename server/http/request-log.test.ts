/**
 * The request log end to end: what a request made with a key leaves in it (never its query, body or key), whose log
 * it is (merchant and mode), that it is written after the answers in batches (no round trip of its own in a
 * request), bounded and purged, and its stream: live, filtered by status, resumable, and fed by every instance on
 * the database.
 */
import { createKey } from '../domain/access/keys';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger';
import { RequestRecorder } from '../logs/recorder';
import type { RequestLog } from '../logs/repo';
import { startService } from '../service';
import { ENGINES, keyedFetch, startTestService, type TestService } from '../testing/harness';
import { countQueries } from '../testing/queries';
import { openSse, type SseReader } from '../testing/sse';
import { EventStreams } from './event-stream';

const LIST = '/v1/logs/requests';
const STREAM = '/v1/logs/requests/stream';
/** The recorder writes only when a test flushes it: a whole hour between timed writes. */
const MANUAL = { flushMs: 3_600_000 };

describe.each(ENGINES)('the request log on $name', (engine) => {
  let svc: TestService;
  let logStreams: EventStreams;
  const open: SseReader[] = [];
  beforeAll(async () => {
    logStreams = new EventStreams({ pollMs: 50 });
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000' }, { logStreams, requestLog: MANUAL });
  });
  afterAll(async () => svc?.close());
  afterEach(async () => {
    for (const s of open.splice(0)) s.close();
    await logStreams.idle();
  });

  async function entries(key: string, query = ''): Promise<RequestLog[]> {
    await recorderOf(svc).flush();
    const res = await svc.call(`${LIST}${query}`, { key });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: RequestLog[] }).data;
  }

  it('records method, path without its query, status, error code, correlation id, key and duration; nothing of the key or the query', async () => {
    const m = await svc.newMerchant();
    // An unknown query parameter is a 400: the query (a key pasted into it) is not kept, the refusal's code is.
    const refused = await svc.call('/v1/customers?secret=sk_test_pastedKey123', { method: 'POST', key: m.sandboxKey, json: { name: 'Ana', email: 'ana@example.com' } });
    expect(refused.status).toBe(400);
    const listed = await svc.call('/v1/customers?limit=5', { key: m.sandboxKey });
    expect(listed.status).toBe(200);
    const missing = await svc.call('/v1/customers/cus_0000000000000000', { key: m.sandboxKey, headers: { 'X-Correlation-Id': 'my-own-correlation-1' } });
    expect(missing.status).toBe(404);
    const got = await entries(m.sandboxKey);
    expect(got).toHaveLength(3);
    const [third, second, first] = got;
    expect(first).toMatchObject({ method: 'POST', path: '/v1/customers', status: 400, errorCode: 'invalidParameters', correlationId: refused.headers.get('x-correlation-id') });
    expect(second).toMatchObject({ method: 'GET', path: '/v1/customers', status: 200, errorCode: null, correlationId: listed.headers.get('x-correlation-id') });
    expect(third).toMatchObject({ method: 'GET', path: '/v1/customers/cus_0000000000000000', status: 404, errorCode: 'customerNotFound', correlationId: 'my-own-correlation-1' });
    for (const e of got) {
      expect(e.id).toMatch(/^req_[0-9A-Za-z]{16}$/);
      expect(e.keyId).toMatch(/^key_/);
      expect(e.durationMs).toBeGreaterThanOrEqual(0);
      expect(Number.isNaN(Date.parse(e.createdAt))).toBe(false);
    }
    const stored = await svc.db.query<Record<string, unknown>>('SELECT * FROM request_logs WHERE merchant_id = $1', [m.merchantId]);
    expect(stored.rows).toHaveLength(3);
    expect(JSON.stringify(stored.rows)).not.toMatch(/sk_test|ana@example|secret|limit=/);
  });

  it('the log is the merchant\'s in the key\'s mode: another merchant and the other mode see none of it; no key, no entry', async () => {
    const a = await svc.newMerchant();
    const b = await svc.newMerchant();
    await svc.call('/v1/customers', { key: a.sandboxKey });
    await svc.call('/v1/customers', { key: a.productionKey });
    expect((await svc.call('/v1/customers', { key: 'sk_test_notAKey000000000000000000' })).status).toBe(401);
    expect((await entries(a.sandboxKey)).map((e) => e.status)).toEqual([200]);
    expect((await entries(a.productionKey)).map((e) => e.status)).toEqual([200]);
    expect(await entries(b.sandboxKey)).toEqual([]);
    // Reading the log is not logged: all those reads left nothing.
    expect(await entries(b.sandboxKey)).toEqual([]);
  });

  it('status keeps only the classes and statuses asked for', async () => {
    const m = await svc.newMerchant();
    await svc.call('/v1/customers', { key: m.sandboxKey });
    await svc.call('/v1/customers/cus_0000000000000000', { key: m.sandboxKey });
    await svc.call('/v1/customers', { method: 'POST', key: m.sandboxKey, json: {} });
    expect((await entries(m.sandboxKey, '?status=4xx')).map((e) => e.status).sort()).toEqual([400, 404]);
    expect((await entries(m.sandboxKey, '?status=404&status=2xx')).map((e) => e.status).sort()).toEqual([200, 404]);
    expect((await svc.call(`${LIST}?status=4x`, { key: m.sandboxKey })).status).toBe(400);
  });

  it('keyid keeps only the requests of that key', async () => {
    const m = await svc.newMerchant();
    const other = await createKey(svc.db, { merchantId: m.merchantId, mode: 'sandbox', role: 'developer', ipAllowlist: [] });
    await svc.call('/v1/customers', { key: m.sandboxKey });
    await svc.call('/v1/customers/cus_0000000000000000', { key: other.key });
    await svc.call('/v1/wallets', { key: other.key });
    const all = await entries(m.sandboxKey);
    expect(all).toHaveLength(3);
    expect((await entries(m.sandboxKey, `?keyid=${other.keyId}`)).map((e) => e.status).sort()).toEqual([200, 404]);
    expect((await entries(m.sandboxKey, `?keyid=${other.keyId}&status=4xx`)).map((e) => e.path)).toEqual(['/v1/customers/cus_0000000000000000']);
    const first = all.find((e) => e.keyId !== other.keyId)!.keyId;
    expect((await entries(m.sandboxKey, `?keyid=${first}`)).map((e) => e.path)).toEqual(['/v1/customers']);
    expect(await entries(m.sandboxKey, '?keyid=key_0000000000000000')).toEqual([]);
    expect((await svc.call(`${LIST}?keyid=sk_test_x`, { key: m.sandboxKey })).status).toBe(400);
  });

  it('a request makes no round trip for the log: its entry waits in memory, and a batch is one INSERT after the answers', async () => {
    const m = await svc.newMerchant();
    const counting = countQueries(svc.db);
    const app = await startService(svc.config, createLogger('silent'), counting.db, { worker: 'off', requestLog: MANUAL });
    try {
      const call = keyedFetch(app.url, m.sandboxKey);
      await app.requestLog!.flush();
      counting.reset();
      for (let i = 0; i < 3; i++) expect((await call('/v1/customers')).status).toBe(200);
      expect(counting.sent.filter((s) => /request_logs/.test(s))).toEqual([]);
      expect(app.requestLog!.pending).toBe(3);
      const before = await svc.db.query<{ n: number }>('SELECT count(*)::int AS n FROM request_logs WHERE merchant_id = $1', [m.merchantId]);
      expect(before.rows[0]!.n).toBe(0);

      counting.reset();
      await app.requestLog!.flush();
      expect(counting.sent.filter((s) => /INSERT INTO request_logs/.test(s))).toHaveLength(1);
      const after = await svc.db.query<{ n: number }>('SELECT count(*)::int AS n FROM request_logs WHERE merchant_id = $1', [m.merchantId]);
      expect(after.rows[0]!.n).toBe(3);
    } finally {
      await app.close();
    }
  });

  it('at most maxBuffered entries wait; the rest are dropped and counted; entries past 7 days are purged', async () => {
    const m = await svc.newMerchant();
    const warnings: unknown[] = [];
    const logger = createLogger('silent');
    logger.warn = ((obj: unknown) => void warnings.push(obj)) as typeof logger.warn;
    const rec = new RequestRecorder(svc.db, logger, { ...MANUAL, maxBuffered: 2, purgeMs: 0 });
    const entry = (n: number, createdAt = new Date().toISOString()) => ({
      id: `req_bounded${String(n).padStart(9, '0')}`, merchantId: m.merchantId, mode: 'sandbox' as const, keyId: 'key_x', method: 'GET' as const,
      path: '/v1/customers', status: 200, errorCode: null, correlationId: `corr_bounded${n}`, durationMs: 1, createdAt,
    });
    const old = new Date(Date.now() - 8 * 86_400_000).toISOString();
    rec.add(entry(1, old));
    rec.add(entry(2));
    rec.add(entry(3));
    rec.add(entry(4));
    expect(rec.pending).toBe(2);
    await rec.close();
    expect(warnings).toContainEqual({ dropped: 2 });
    const rows = await svc.db.query<{ id: string }>('SELECT id FROM request_logs WHERE merchant_id = $1 ORDER BY id', [m.merchantId]);
    // The old one was written, then purged by the same write's purge.
    expect(rows.rows.map((r) => r.id)).toEqual([entry(2).id]);
  });

  describe('the stream', () => {
    async function ready(key: string, headers: Record<string, string> = {}, query = ''): Promise<SseReader> {
      const s = await openSse((signal) => svc.call(`${STREAM}${query}`, { key, headers, signal }));
      open.push(s);
      expect(s.res.status).toBe(200);
      const first = await s.next();
      expect(first.event).toBe('ready');
      return s;
    }
    async function next(s: SseReader): Promise<RequestLog & { messageId: string }> {
      // The recorder writes only when flushed: flush until the stream has something.
      const flusher = setInterval(() => void recorderOf(svc).flush(), 100);
      try {
        const m = await s.next();
        expect(m.event).toBe('request');
        return { messageId: m.id!, ...(JSON.parse(m.data) as RequestLog) };
      } finally {
        clearInterval(flusher);
      }
    }

    it('sends each request as it is written, with its correlation id; status filters; the other merchant and mode never appear', async () => {
      const m = await svc.newMerchant();
      const other = await svc.newMerchant();
      const all = await ready(m.sandboxKey);
      const errors = await ready(m.sandboxKey, {}, '?status=4xx');
      await svc.call('/v1/customers', { key: other.sandboxKey });
      await svc.call('/v1/customers', { key: m.productionKey });
      const ok = await svc.call('/v1/customers', { key: m.sandboxKey });
      const missing = await svc.call('/v1/customers/cus_0000000000000000', { key: m.sandboxKey });
      const first = await next(all);
      expect(first).toMatchObject({ messageId: first.id, method: 'GET', path: '/v1/customers', status: 200, correlationId: ok.headers.get('x-correlation-id') });
      expect(await next(all)).toMatchObject({ status: 404, correlationId: missing.headers.get('x-correlation-id') });
      expect(await next(errors)).toMatchObject({ status: 404, correlationId: missing.headers.get('x-correlation-id') });

      // Resuming after the first: the second, then what comes next, and nothing twice.
      const resumed = await ready(m.sandboxKey, { 'Last-Event-ID': first.id });
      expect((await next(resumed)).correlationId).toBe(missing.headers.get('x-correlation-id'));
      const later = await svc.call('/v1/customers', { key: m.sandboxKey });
      expect((await next(resumed)).correlationId).toBe(later.headers.get('x-correlation-id'));
      expect((await next(all)).correlationId).toBe(later.headers.get('x-correlation-id'));

      const unknown = await svc.call(STREAM, { key: m.sandboxKey, headers: { 'Last-Event-ID': 'req_0000000000000000' } });
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('resourceNotFound');
      // Another merchant's entry is unknown here too.
      const theirs = await svc.call(STREAM, { key: other.sandboxKey, headers: { 'Last-Event-ID': first.id } });
      expect(theirs.status).toBe(404);
    });

    it('a request answered by another instance on the same database shows on this one\'s stream', async () => {
      const m = await svc.newMerchant();
      const s = await ready(m.sandboxKey);
      const second = await startService(svc.config, createLogger('silent'), svc.db, { worker: 'off', requestLog: { flushMs: 50 } });
      try {
        const res = await keyedFetch(second.url, m.sandboxKey)('/v1/customers');
        expect(res.status).toBe(200);
        expect(await next(s)).toMatchObject({ status: 200, correlationId: res.headers.get('x-correlation-id') });
      } finally {
        await second.close();
      }
    });
  });

  function recorderOf(t: TestService): RequestRecorder {
    return t.requestLog!;
  }
});
