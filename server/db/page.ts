/** One page of a filtered list and the exact count of the filter, for the paginated envelope. */
import type { Queryable } from './types';

export interface PageQuery {
  /** `table` or a join; `columns` the select list. */
  from: string;
  columns: string;
  /** The WHERE clause and its parameters ($1…$n). */
  where: string;
  params: unknown[];
  orderBy: string;
  limit: number;
  offset: number;
}

export async function selectPage<T>(q: Queryable, p: PageQuery): Promise<T[]> {
  const n = p.params.length;
  const res = await q.query<T>(
    `SELECT ${p.columns} FROM ${p.from} WHERE ${p.where} ORDER BY ${p.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...p.params, p.limit, p.offset],
  );
  return res.rows;
}

/**
 * The page and the exact count of its filter in one round trip (and one snapshot): the count rides on each row of the
 * page as an uncorrelated subquery, computed once. A page past the end has no row to carry it, so only then is the
 * count asked for on its own (and not even then on the first page: no row there means none at all).
 */
export async function selectPageCounted<T>(q: Queryable, p: PageQuery): Promise<{ rows: T[]; total: number }> {
  const n = p.params.length;
  const res = await q.query<T & { page_total: number }>(
    `SELECT ${p.columns}, (SELECT count(*)::int FROM ${p.from} WHERE ${p.where}) AS page_total
       FROM ${p.from} WHERE ${p.where} ORDER BY ${p.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...p.params, p.limit, p.offset],
  );
  const first = res.rows[0];
  if (!first) return { rows: [], total: p.offset === 0 ? 0 : await countRows(q, p) };
  const rows = res.rows.map(({ page_total: _total, ...row }) => row as unknown as T);
  return { rows, total: first.page_total };
}

export async function countRows(q: Queryable, p: Pick<PageQuery, 'from' | 'where' | 'params'>): Promise<number> {
  const res = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${p.from} WHERE ${p.where}`, p.params);
  return res.rows[0]?.n ?? 0;
}

/** A WHERE clause built one optional filter at a time, each on one more numbered parameter. */
export class Conditions {
  constructor(
    readonly params: unknown[],
    readonly clauses: string[],
  ) {}

  /** Adds `clause($n)` with `value` as parameter `$n`; a filter not given (`undefined`) adds nothing. */
  add(value: unknown, clause: (param: string) => string): this {
    if (value === undefined) return this;
    this.params.push(value);
    this.clauses.push(clause(`$${this.params.length}`));
    return this;
  }

  /** Adds a clause that takes no parameter. */
  where(clause: string): this {
    this.clauses.push(clause);
    return this;
  }

  get sql(): string {
    return this.clauses.join(' AND ');
  }
}
