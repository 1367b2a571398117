import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseList, type ListQuery } from '../core/lists';
import { ENGINES } from '../testing/harness';
import { listPage, orderBy } from './lists';
import { Conditions, countRows, selectPage, selectPageCounted } from './page';
import { countQueries } from '../testing/queries';
import type { Db } from './types';

describe('list parameters in SQL', () => {
  it('orders ties by id and never names a column it was not given', () => {
    expect(orderBy({ field: 'amount', direction: 'asc' }, { amount: 'amount_cents' })).toBe('amount_cents ASC, id ASC');
    expect(orderBy({ field: 'id', direction: 'desc' }, {})).toBe('id DESC');
    expect(() => orderBy({ field: 'constructor' as 'amount', direction: 'asc' }, { amount: 'amount' })).toThrow();
  });

  it('numbers its placeholders after the caller’s own, whatever their count', () => {
    const where = new Conditions(['m', 'sandbox', 'x'], ['merchant_id = $1', 'mode = $2', 'kind = $3']);
    const list = parseList({ daterangegte: '2026-01-01', daterangelt: '2026-02-01' }, [], { resource: 'wallet' });
    const page = listPage({ from: 't', columns: '*' }, where, list, {});
    expect(page.where).toBe('merchant_id = $1 AND mode = $2 AND kind = $3 AND created_at >= $4 AND created_at < $5');
    expect(page.params).toEqual(['m', 'sandbox', 'x', '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z']);
  });
});

describe.each(ENGINES)('a list page on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
    await db.query('CREATE TABLE list_probe (id text PRIMARY KEY, kind text NOT NULL, amount int NOT NULL, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL)');
    // Five a day from 1 March, alternating kinds; amounts repeat so that ties must fall back to id.
    for (let i = 0; i < 10; i++) {
      const at = new Date(Date.UTC(2026, 2, 1 + Math.floor(i / 5), i));
      await db.query('INSERT INTO list_probe VALUES ($1, $2, $3, $4, $4)', [`p${i}`, i % 2 ? 'odd' : 'even', i % 3, at]);
    }
  });
  afterAll(async () => drop?.());

  async function page(kind: string, q: ListQuery): Promise<{ ids: string[]; total: number }> {
    const list = parseList(q, ['amount'], { resource: 'transaction' });
    const p = listPage({ from: 'list_probe', columns: 'id' }, new Conditions([kind], ['kind = $1']), list, { amount: 'amount' });
    const [rows, total] = await Promise.all([selectPage<{ id: string }>(db, p), countRows(db, p)]);
    return { ids: rows.map((r) => r.id), total };
  }

  it('filters by the caller’s condition and the creation window together, and counts the same rows', async () => {
    expect(await page('even', { daterange: '2026-03-01' })).toEqual({ ids: ['p4', 'p2', 'p0'], total: 3 });
    expect(await page('odd', { daterangegt: '2026-03-01T01:00:00Z', daterangelte: '2026-03-02T06:00:00Z', sort: 'ascending' }))
      .toEqual({ ids: ['p3', 'p5'], total: 2 });
  });

  it('sorts on a listed column with id breaking ties, and pages with limit and offset', async () => {
    expect(await page('even', { sort: 'amount' })).toEqual({ ids: ['p0', 'p6', 'p4', 'p2', 'p8'], total: 5 });
    expect(await page('even', { sort: '-amount', limit: 2, offset: 1 })).toEqual({ ids: ['p2', 'p4'], total: 5 });
  });

  it('gives the page and its count in one statement, as the two queries give them; past the end it counts alone', async () => {
    const counted = countQueries(db);
    const cases: [string, ListQuery, number][] = [
      ['even', { sort: 'amount' }, 1],
      ['even', { sort: '-amount', limit: 2, offset: 1 }, 1],
      ['odd', { daterange: '2026-03-02' }, 1],
      ['even', { limit: 2, offset: 5 }, 2], // past the end: no row carries the count
      ['none', {}, 1], // nothing at all: the empty first page says so
    ];
    for (const [kind, q, statements] of cases) {
      const list = parseList(q, ['amount'], { resource: 'transaction' });
      const make = () => listPage({ from: 'list_probe', columns: 'id, amount' }, new Conditions([kind], ['kind = $1']), list, { amount: 'amount' });
      const expected = { rows: await selectPage(db, make()), total: await countRows(db, make()) };
      counted.reset();
      expect(await selectPageCounted(counted.db, make())).toStrictEqual(expected);
      expect(counted.sent.length).toBe(statements);
    }
  });
});
