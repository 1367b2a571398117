/**
 * `paginate()`: every item of a list, page after page, and the types that say which paths are lists and what their
 * items and options are.
 */
import { invalidAnswer, PaymentsApiError, type PaymentsResult } from './errors.js';
import type { PathsWith, RequestExtras } from './options.js';
import type { paths } from './schema.js';

const PAGE_SIZE = 100;

type GetOperation<P extends keyof paths> = paths[P] extends { get: infer O } ? O : never;
type ListBody<P extends keyof paths> =
  GetOperation<P> extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;

/** The paths whose `GET` answers the paginated envelope (`data`, `hasMore`): what `paginate()` walks. */
export type ListPaths = {
  [P in PathsWith<'get'>]: ListBody<P> extends { data: readonly unknown[]; hasMore: boolean } ? P : never;
}[PathsWith<'get'>];
/** One item of a list's `data`. */
export type ListItem<P extends ListPaths> = ListBody<P> extends { data: readonly (infer I)[] } ? I : never;
type ListParameters<P extends ListPaths> = GetOperation<P> extends { parameters: infer X } ? X : never;
type ListQuery<P extends ListPaths> = Omit<NonNullable<ListParameters<P> extends { query?: infer Q } ? Q : never>, 'offset'>;
export type ListPath<P extends ListPaths> = ListParameters<P> extends { path: infer X } ? { path: X } : { path?: undefined };

/** What `paginate()` takes: the list's path parameters (when it has some), its filters, and per-page options. */
export type PaginateOptions<P extends ListPaths> = ListPath<P> & {
  /** The list's filters and `sort`; `limit` is the page size (default 100, the largest). `offset` is the iterator's. */
  query?: ListQuery<P>;
  /** Where to start (default 0). */
  offset?: number;
} & Omit<RequestExtras, 'idempotencyKey'>;

/** What `paginate()` is given, untyped: the typed `PaginateOptions` of any list. */
export type PageWalk = { path?: unknown; query?: Record<string, unknown>; offset?: number } & RequestExtras;
/** One page's `GET`, retried like any call. */
type GetPage = (url: string, init: Record<string, unknown> & RequestExtras) => Promise<PaymentsResult<unknown>>;

/**
 * Walks a list for `PaymentsClient.paginate`: one `get` per page, each checked to be a page that moved to the offset
 * asked, its items yielded as they come.
 */
export async function* paginate(get: GetPage, path: string, options: PageWalk = {}): AsyncGenerator<unknown> {
  const { path: pathParams, query = {}, offset: start = 0, ...extras } = options;
  let offset = start;
  let previousFirst: unknown;
  for (;;) {
    const params: Record<string, unknown> = { query: { limit: PAGE_SIZE, ...query, offset } };
    if (pathParams !== undefined) params.path = pathParams;
    const page = await get(path, { ...extras, params });
    if (page.error) throw new PaymentsApiError(page.error);
    const invalid = (message: string) => new PaymentsApiError(invalidAnswer(page.response, message, undefined, page.attempts));
    const body = page.data as { data?: unknown; hasMore?: unknown; offset?: unknown } | null;
    if (typeof body !== 'object' || body === null || !Array.isArray(body.data) || typeof body.hasMore !== 'boolean') {
      throw invalid(`The service answered ${page.response.status} with a body that is not a page of a list (a data array and a hasMore flag).`);
    }
    // A service that ignores `offset` answers the same page for ever: stop rather than loop.
    if (typeof body.offset === 'number' && body.offset !== offset) {
      throw invalid(`The service answered the page at offset ${body.offset} when asked for offset ${offset}; the walk stops rather than repeat items.`);
    }
    const first = (body.data[0] as { id?: unknown } | undefined)?.id;
    if (first !== undefined && first === previousFirst) {
      throw invalid(`The service answered the page at offset ${offset} with the first item of the page before it (${String(first)}); the walk stops rather than repeat items.`);
    }
    previousFirst = first;
    yield* body.data;
    if (!body.hasMore || body.data.length === 0) return;
    offset += body.data.length;
  }
}
