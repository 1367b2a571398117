import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { parseList, type ListQuery } from './lists';

const parse = (q: ListQuery) => parseList(q, ['amount'], { resource: 'transaction' });

function refusal(q: ListQuery): ApiError {
  try {
    parse(q);
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error(`accepted ${JSON.stringify(q)}`);
}

describe('list parameters as plain data', () => {
  it('defaults to the first 20, newest first, with no window', () => {
    expect(parse({})).toEqual({ limit: 20, offset: 0, sort: { field: 'createdAt', direction: 'desc' }, created: [] });
  });

  it('reads a sort on a listed field, either way, and the seed’s ascending/descending on createdAt', () => {
    expect(parse({ sort: 'amount' }).sort).toEqual({ field: 'amount', direction: 'asc' });
    expect(parse({ sort: '-amount' }).sort).toEqual({ field: 'amount', direction: 'desc' });
    expect(parse({ sort: '-id' }).sort).toEqual({ field: 'id', direction: 'desc' });
    expect(parse({ sort: 'ascending' }).sort).toEqual({ field: 'createdAt', direction: 'asc' });
    expect(parse({ sort: 'descending' }).sort).toEqual({ field: 'createdAt', direction: 'desc' });
  });

  it('refuses a sort on an unlisted field or a name of Object.prototype with a 400 naming `sort`', () => {
    for (const sort of ['name', '-constructor', '__proto__', 'toString']) {
      const err = refusal({ sort });
      expect(err.code).toBe('invalidParameters');
      expect(err.params?.flatMap(Object.keys)).toEqual(['sort']);
    }
  });

  it('turns a date into the whole UTC day and keeps each named bound', () => {
    expect(parse({ daterange: '2026-03-01' }).created).toEqual([
      { op: '>=', at: '2026-03-01T00:00:00.000Z' },
      { op: '<', at: '2026-03-02T00:00:00.000Z' },
    ]);
    expect(parse({ daterangegt: '2026-03-01T10:00:00-03:00', daterangelte: '2026-03-02' }).created).toEqual([
      { op: '>', at: '2026-03-01T13:00:00.000Z' },
      { op: '<=', at: '2026-03-02T00:00:00.000Z' },
    ]);
  });

  it('answers a malformed bound with 400 and an empty window with 422 on the list’s resource', () => {
    expect(refusal({ daterangegte: 'yesterday' }).code).toBe('invalidParameters');
    const empty = refusal({ daterangegte: '2026-03-02', daterangelt: '2026-03-01' });
    expect(empty.code).toBe('unprocessableEntity');
    expect(empty.resource).toBe('transaction');
  });

  it('takes limit and offset as coerced numbers or their text, within bounds', () => {
    expect(parse({ limit: '5', offset: '10' })).toMatchObject({ limit: 5, offset: 10 });
    for (const q of [{ limit: 0 }, { limit: 101 }, { limit: '' }, { offset: -1 }, { offset: 'x' }]) expect(refusal(q).code).toBe('invalidParameters');
    expect(parseList({ limit: 1000 }, [], { resource: 'wallet', defaultLimit: 1000 }).limit).toBe(1000);
  });
});
