/**
 * The paginated envelope of the seed and the shared list parameters (`limit`, `offset`, `sort`, `daterange*`).
 * Turns them into SQL fragments over a table's columns; every list is scoped by merchant and mode first.
 */
import type { components } from '../../generated/schema';
import { ApiError } from './errors';
import type { Merchant } from './context';

type Links = components['schemas']['Links'];
type Page = components['schemas']['Page'];

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

export interface Window {
  limit: number;
  offset: number;
  orderBy: string;
  /** Conditions on `created_at`, with their parameters already numbered from `firstParam`. */
  conditions: string[];
  params: unknown[];
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

export interface WindowOptions {
  /** Owner of the list, named by the 422 of an empty date range. */
  resource: string;
  defaultLimit?: number;
}

/**
 * `sortable` maps API field names to SQL columns; `createdAt`, `updatedAt` and `id` are always sortable.
 * Ties are broken by id so that pages never overlap. A lower `daterange*` bound later than an upper one is 422.
 */
export function listWindow(
  q: ListQuery,
  sortable: Record<string, string>,
  firstParam: number,
  { resource, defaultLimit = 20 }: WindowOptions,
): Window {
  // A Map, not an object: `sort=constructor` must not find Object.prototype.constructor and put it in the SQL.
  const columns = new Map<string, string>([['createdAt', 'created_at'], ['updatedAt', 'updated_at'], ['id', 'id']]);
  for (const [name, column] of Object.entries(sortable)) columns.set(name, column);
  const sort = q.sort ?? '-createdAt';
  let field = 'createdAt';
  let desc = true;
  if (sort === 'ascending') desc = false;
  else if (sort !== 'descending') {
    desc = sort.startsWith('-');
    field = desc ? sort.slice(1) : sort;
  }
  const column = columns.get(field);
  if (column === undefined) {
    throw new ApiError('invalidParameters', {
      params: [{ sort: `cannot sort on "${field}"; sortable: ${[...columns.keys()].join(', ')}` }],
    });
  }
  const dir = desc ? 'DESC' : 'ASC';
  const orderBy = column === 'id' ? `id ${dir}` : `${column} ${dir}, id ${dir}`;

  const conditions: string[] = [];
  const params: unknown[] = [];
  const lower: number[] = [];
  const upper: number[] = [];
  const add = (op: '>' | '>=' | '<' | '<=', d: Date) => {
    params.push(d.toISOString());
    conditions.push(`created_at ${op} $${firstParam + params.length - 1}`);
    (op.startsWith('>') ? lower : upper).push(d.getTime());
  };
  if (q.daterange !== undefined) {
    const start = instant(q.daterange, 'daterange');
    add('>=', start);
    add('<', new Date(start.getTime() + DAY_MS));
  }
  if (q.daterangegt !== undefined) add('>', instant(q.daterangegt, 'daterangegt'));
  if (q.daterangegte !== undefined) add('>=', instant(q.daterangegte, 'daterangegte'));
  if (q.daterangelt !== undefined) add('<', instant(q.daterangelt, 'daterangelt'));
  if (q.daterangelte !== undefined) add('<=', instant(q.daterangelte, 'daterangelte'));
  if (lower.length > 0 && upper.length > 0 && Math.max(...lower) > Math.min(...upper)) {
    throw new ApiError('unprocessableEntity', {
      resource,
      message: 'The lower daterange bound is later than the upper one.',
      params: [{ daterange: 'lower bound is later than upper bound' }],
    });
  }
  // The validator holds each operation to its own bound first (a list-all's limit goes to its default, 1000).
  const limit = bounded(q.limit, 'limit', 1, Math.max(LIMIT_MAX, defaultLimit), defaultLimit);
  const offset = bounded(q.offset, 'offset', 0, OFFSET_MAX, 0);
  return { limit, offset, orderBy, conditions, params };
}

export interface Envelope<T> {
  offset: number;
  limit: number;
  total: number;
  hasMore: boolean;
  page: Page;
  data: T[];
  merchant: Merchant;
  _links: Links;
}

/** The seed's envelope: `prev` is 0 on the first page, `next` equals the offset on the last one. */
export function envelope<T>(
  input: { data: T[]; total: number; limit: number; offset: number; merchant: Merchant },
  path: string,
  query: Record<string, unknown>,
  description: string,
): Envelope<T> {
  const { data, total, limit, offset } = input;
  const lastOffset = total === 0 ? 0 : Math.floor((total - 1) / limit) * limit;
  const hasMore = offset + data.length < total;
  const next = hasMore ? offset + limit : offset;
  const href = (o: number) => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...query, offset: o, limit })) {
      if (v !== undefined && v !== null) qs.set(k, String(v));
    }
    return `${path}?${qs.toString()}`;
  };
  const links: Links = { self: { href: href(offset), method: 'GET', description } };
  if (hasMore) links.next = { href: href(next), method: 'GET', description: 'Next page' };
  return {
    offset,
    limit,
    total,
    hasMore,
    page: {
      current: Math.floor(offset / limit) + 1,
      total: Math.max(1, Math.ceil(total / limit)),
      offset: { first: 0, prev: Math.max(0, offset - limit), next, last: lastOffset },
    },
    data,
    merchant: input.merchant,
    _links: links,
  };
}
