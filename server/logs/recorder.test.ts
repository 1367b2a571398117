/**
 * The request log's writer against the database: a batch with one row the database refuses loses that row only, a
 * duration longer than the column holds is kept at its maximum, and under constant traffic the purge and the
 * dropped-entries warning still run (between batches, not once the backlog is empty).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import type { Db, Queryable } from '../db/types';
import { ENGINES, type Engine } from '../testing/harness';
import { RequestRecorder } from './recorder';
import { MAX_DURATION_MS, type LogEntry } from './repo';

/** The recorder writes only when a test flushes it. */
const MANUAL = { flushMs: 3_600_000 };

let serial = 0;
function entry(merchantId: string, over: Partial<LogEntry> = {}): LogEntry {
  serial++;
  return {
    id: `req_rec${String(serial).padStart(13, '0')}`, merchantId, mode: 'sandbox', keyId: 'key_x', method: 'GET', path: '/v1/customers',
    status: 200, errorCode: null, correlationId: `corr_rec${serial}`, durationMs: 1, createdAt: new Date().toISOString(), ...over,
  };
}

/** A logger whose warnings are kept, in order, in `seen` beside the statements of `tracing`. */
function warningsInto(seen: string[]) {
  const logger = createLogger('silent');
  logger.warn = ((obj: Record<string, unknown>) => void seen.push(`warn ${JSON.stringify({ ...obj, err: undefined })}`)) as typeof logger.warn;
  return logger;
}

/** `db` with each statement noted in `seen`, and `onInsert` called after each INSERT into the log. */
function tracing(db: Db, seen: string[], onInsert: () => void = () => undefined): Db {
  const query: Queryable['query'] = async (sql, params) => {
    const res = await db.query(sql, params);
    if (/INSERT INTO request_logs/.test(sql)) {
      seen.push('insert');
      onInsert();
    }
    if (/DELETE FROM request_logs/.test(sql)) seen.push('purge');
    return res as never;
  };
  return { ...db, query, kind: db.kind, exec: (sql) => db.exec(sql), transaction: (fn) => db.transaction(fn), listen: (c, f) => db.listen(c, f), close: () => db.close() };
}

describe.each(ENGINES)('the request log writer on $name', (engine: Engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
  });
  afterAll(async () => drop?.());

  async function idsOf(merchantId: string): Promise<string[]> {
    const res = await db.query<{ id: string }>('SELECT id FROM request_logs WHERE merchant_id = $1 ORDER BY id', [merchantId]);
    return res.rows.map((r) => r.id);
  }

  it('a batch with a row the database refuses is written row by row: only that row is lost, and it is reported', async () => {
    const seen: string[] = [];
    const rec = new RequestRecorder(db, warningsInto(seen), MANUAL);
    const good = [entry('bus_rowByRowA'), entry('bus_rowByRowB'), entry('bus_rowByRowA')];
    // The id's CHECK refuses it: the whole INSERT of the batch fails with it.
    const bad = entry('bus_rowByRowB', { id: 'req_not-an-id' });
    rec.add(good[0]!);
    rec.add(bad);
    rec.add(good[1]!);
    rec.add(good[2]!);
    await rec.close();
    expect(await idsOf('bus_rowByRowA')).toEqual([good[0]!.id, good[2]!.id].sort());
    expect(await idsOf('bus_rowByRowB')).toEqual([good[1]!.id]);
    const lost = seen.filter((s) => s.startsWith('warn'));
    expect(lost).toHaveLength(1);
    expect(lost[0]).toContain('"id":"req_not-an-id"');
  });

  it('a duration longer than the column holds (a stream open a month) is written at the maximum, with its batch', async () => {
    const rec = new RequestRecorder(db, createLogger('silent'), MANUAL);
    const month = entry('bus_longStream', { durationMs: 31 * 86_400_000 });
    const other = entry('bus_longStream');
    rec.add(month);
    rec.add(other);
    await rec.close();
    const res = await db.query<{ id: string; duration_ms: number }>('SELECT id, duration_ms FROM request_logs WHERE merchant_id = $1 ORDER BY id', [month.merchantId]);
    expect(res.rows).toEqual([{ id: month.id, duration_ms: MAX_DURATION_MS }, { id: other.id, duration_ms: 1 }].sort((a, b) => (a.id < b.id ? -1 : 1)));
  });

  it('under constant traffic the dropped-entries warning and the purge run between batches, not once the backlog is empty', async () => {
    const seen: string[] = [];
    const merchantId = 'bus_constantTraffic';
    let arriving = 8;
    let rec: RequestRecorder | undefined;
    // Each write lets more entries in than fit, so the backlog never empties until the traffic stops.
    const db2 = tracing(db, seen, () => {
      if (arriving-- <= 0) return;
      for (let i = 0; i < 3; i++) rec!.add(entry(merchantId));
    });
    rec = new RequestRecorder(db2, warningsInto(seen), { ...MANUAL, maxBatch: 1, maxBuffered: 2, purgeMs: 0 });
    const old = entry(merchantId, { createdAt: new Date(Date.now() - 8 * 86_400_000).toISOString() });
    rec.add(old);
    await rec.flush();
    const firstPurge = seen.indexOf('purge');
    const firstWarning = seen.findIndex((s) => s.startsWith('warn') && s.includes('dropped'));
    const lastInsert = seen.lastIndexOf('insert');
    expect(seen.filter((s) => s === 'insert').length).toBeGreaterThan(8);
    expect(firstPurge).toBeGreaterThanOrEqual(0);
    expect(firstWarning).toBeGreaterThanOrEqual(0);
    expect(firstPurge).toBeLessThan(lastInsert);
    expect(firstWarning).toBeLessThan(lastInsert);
    expect(await idsOf(merchantId)).not.toContain(old.id);
    await rec.close();
  });
});
