/**
 * The shared list parameters (`limit`, `offset`, `sort`, `daterange*`) as plain data: parsed and checked once, at
 * the edge of the domain, with the answers of the spec (400 `invalidParameters`, 422 for an empty date range). What
 * they mean in SQL is `db/lists.ts`'s business; nothing here knows a column or a placeholder.
 */
import { ApiError, type ErrorResource } from './errors';

/** The query of a list as the validator lets it through. */
export interface ListQuery {
  // Numbers once the validator has coerced them; typed loosely because the value is checked again here.
  limit?: number | string;
  offset?: number | string;
  sort?: string;
  daterange?: string;
  // The generated types make these `unknown` (their schema is an `anyOf` of date-time and date); the validator
  // has checked they are one of the two.
  daterangegt?: unknown;
  daterangegte?: unknown;
  daterangelt?: unknown;
  daterangelte?: unknown;
}

/** Fields every list sorts on, whatever else it allows. */
export const ALWAYS_SORTABLE = ['createdAt', 'updatedAt', 'id'] as const;
export type SortField<F extends string> = F | (typeof ALWAYS_SORTABLE)[number];

/** One bound on the creation instant: `created_at <op> at`. */
export interface CreatedBound {
  op: '>' | '>=' | '<' | '<=';
  /** ISO 8601, UTC. */
  at: string;
}

/** A list's paging, order and creation window; `F` the API names of the fields it may sort on. */
export interface ListParams<F extends string = string> {
  limit: number;
  offset: number;
  sort: { field: SortField<F>; direction: 'asc' | 'desc' };
  created: CreatedBound[];
}

const DAY_MS = 86_400_000;

/** The bounds of the shared `limit` and `offset` parameters (spec/components/parameters; a test compares them). */
export const LIMIT_MAX = 100;
export const OFFSET_MAX = 1_000_000_000;

/**
 * A `limit` or `offset` the validator let through, checked again: a number that is not a safe integer in range
 * (`1e309` is Infinity, `1e20` overflows PostgreSQL's bigint) must be a 400, never reach the SQL.
 */
function bounded(value: unknown, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new ApiError('invalidParameters', { params: [{ [name]: `must be an integer from ${min} to ${max}` }] });
  }
  return n;
}

function instant(value: unknown, name: string): Date {
  const d = typeof value !== 'string' ? new Date(NaN) : /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00.000Z`) : new Date(value);
  if (Number.isNaN(d.getTime())) {
    throw new ApiError('invalidParameters', { params: [{ [name]: 'must be an ISO 8601 date or date-time' }] });
  }
  return d;
}

function sortOf<F extends string>(sort: string, sortable: readonly F[]): ListParams<F>['sort'] {
  if (sort === 'ascending') return { field: 'createdAt', direction: 'asc' };
  if (sort === 'descending') return { field: 'createdAt', direction: 'desc' };
  const desc = sort.startsWith('-');
  const name = desc ? sort.slice(1) : sort;
  // A list, not an object lookup: `sort=constructor` must not find Object.prototype.constructor.
  const fields: readonly SortField<F>[] = [...ALWAYS_SORTABLE, ...sortable];
  const field = fields.find((f) => f === name);
  if (field === undefined) {
    throw new ApiError('invalidParameters', { params: [{ sort: `cannot sort on "${name}"; sortable: ${fields.join(', ')}` }] });
  }
  return { field, direction: desc ? 'desc' : 'asc' };
}

function boundsOf(q: ListQuery, resource: ErrorResource): CreatedBound[] {
  const created: CreatedBound[] = [];
  if (q.daterange !== undefined) {
    const start = instant(q.daterange, 'daterange');
    created.push({ op: '>=', at: start.toISOString() }, { op: '<', at: new Date(start.getTime() + DAY_MS).toISOString() });
  }
  const named = [['daterangegt', '>'], ['daterangegte', '>='], ['daterangelt', '<'], ['daterangelte', '<=']] as const;
  for (const [name, op] of named) {
    if (q[name] !== undefined) created.push({ op, at: instant(q[name], name).toISOString() });
  }
  const times = (lower: boolean) => created.filter((b) => b.op.startsWith('>') === lower).map((b) => Date.parse(b.at));
  const lower = times(true);
  const upper = times(false);
  if (lower.length > 0 && upper.length > 0 && Math.max(...lower) > Math.min(...upper)) {
    throw new ApiError('unprocessableEntity', {
      resource,
      message: 'The lower daterange bound is later than the upper one.',
      params: [{ daterange: 'lower bound is later than upper bound' }],
    });
  }
  return created;
}

export interface ListOptions {
  /** Owner of the list, named by the 422 of an empty date range. */
  resource: ErrorResource;
  defaultLimit?: number;
}

/**
 * The parameters of a list. `sortable` names the fields besides `createdAt`, `updatedAt` and `id` it may sort on;
 * the default order is newest first. A lower `daterange*` bound later than an upper one is 422, anything malformed 400.
 */
export function parseList<F extends string>(q: ListQuery, sortable: readonly F[], { resource, defaultLimit = 20 }: ListOptions): ListParams<F> {
  const sort = sortOf(q.sort ?? '-createdAt', sortable);
  const created = boundsOf(q, resource);
  // The validator holds each operation to its own bound first (a list-all's limit goes to its default, 1000).
  const limit = bounded(q.limit, 'limit', 1, Math.max(LIMIT_MAX, defaultLimit), defaultLimit);
  const offset = bounded(q.offset, 'offset', 0, OFFSET_MAX, 0);
  return { limit, offset, sort, created };
}
