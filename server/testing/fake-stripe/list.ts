/**
 * Stripe's list pages: newest first, `limit` 1–100 (default 10), cursors `starting_after` / `ending_before` naming an
 * object of the list, `created` as an exact time or a range (`created[gte]` …), answered as
 * `{ object: 'list', data, has_more, url }`.
 */
import { invalidParam, missing } from './errors';
import type { Params } from './form';

export interface ListPage<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/** Whether `created` passes the request's `created` filter (an integer, or a hash of gt/gte/lt/lte). */
export function createdFilter(p: Params): (created: number) => boolean {
  if (!p.has('created')) return () => true;
  if (typeof p.raw.created === 'string') {
    const exact = p.int('created')!;
    return (c) => c === exact;
  }
  const range = p.obj('created')!;
  range.only(['gt', 'gte', 'lt', 'lte']);
  const gt = range.int('gt');
  const gte = range.int('gte');
  const lt = range.int('lt');
  const lte = range.int('lte');
  return (c) =>
    (gt === undefined || c > gt) && (gte === undefined || c >= gte) && (lt === undefined || c < lt) && (lte === undefined || c <= lte);
}

/**
 * One page of `items` (already filtered and ordered newest first). `object` names the listed object for the
 * refusal of an unknown cursor.
 */
export function page<T extends { id: string }>(items: T[], p: Params, url: string, object: string): ListPage<T> {
  const limit = p.int('limit', { min: 1, max: 100 }) ?? 10;
  const after = p.str('starting_after');
  const before = p.str('ending_before');
  if (after !== undefined && before !== undefined) {
    throw invalidParam('You may only specify one of these parameters: ending_before, starting_after.', 'ending_before', 'parameters_exclusive');
  }
  if (before !== undefined) {
    const i = items.findIndex((x) => x.id === before);
    if (i < 0) throw missing(object, before, 'ending_before');
    // ending_before walks toward newer objects: the page ends just before the cursor, newest first.
    const start = Math.max(0, i - limit);
    return { object: 'list', data: items.slice(start, i), has_more: start > 0, url };
  }
  let start = 0;
  if (after !== undefined) {
    const i = items.findIndex((x) => x.id === after);
    if (i < 0) throw missing(object, after, 'starting_after');
    start = i + 1;
  }
  return { object: 'list', data: items.slice(start, start + limit), has_more: start + limit < items.length, url };
}
