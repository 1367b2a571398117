/**
 * The paginated envelope of the seed around one page of a list. The list's parameters are plain data in
 * `core/lists.ts`, their SQL in `db/lists.ts`.
 */
import type { components } from '../../generated/schema';
import { pageLinks, type Links } from '../core/links';
import type { Merchant } from '../core/tenancy';

type Page = components['schemas']['Page'];

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
    _links: pageLinks(path, query, { offset, limit, next, hasMore }, description),
  };
}
