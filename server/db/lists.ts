/** A list's parameters (`core/lists.ts`) in SQL: its `created_at` window, its order and its page. */
import type { ListParams, SortField } from '../core/lists';
import type { Conditions, PageQuery } from './page';

/** The column of each sortable field a list adds to `createdAt`, `updatedAt` and `id`. */
export type SortColumns<F extends string> = Readonly<Record<F, string>>;

const ALWAYS: SortColumns<SortField<never>> = { createdAt: 'created_at', updatedAt: 'updated_at', id: 'id' };

/** `ORDER BY` text; ties are broken by id so that pages never overlap. */
export function orderBy<F extends string>(sort: NoInfer<ListParams<F>['sort']>, columns: SortColumns<F>): string {
  const table: Readonly<Record<string, string>> = { ...columns, ...ALWAYS };
  // Unreachable for parsed parameters; a guard so that nothing unnamed ever reaches the SQL text.
  if (!Object.hasOwn(table, sort.field)) throw new Error(`no column for sort field "${sort.field}"`);
  const column = table[sort.field]!;
  const dir = sort.direction === 'desc' ? 'DESC' : 'ASC';
  return column === 'id' ? `id ${dir}` : `${column} ${dir}, id ${dir}`;
}

/** Adds the list's bounds on `created_at` (`column`, qualified when the query joins) to the caller's conditions. */
export function withinCreated(where: Conditions, list: ListParams<string>, column = 'created_at'): Conditions {
  for (const b of list.created) where.add(b.at, (p) => `${column} ${b.op} ${p}`);
  return where;
}

/**
 * The page of a list over `from`, filtered by `where` and ordered by `list`. The creation window is appended to
 * `where` here, after the caller's own filters: pass a fresh `Conditions` each time.
 */
export function listPage<F extends string>(
  source: { from: string; columns: string },
  where: Conditions,
  list: ListParams<F>,
  columns: SortColumns<F>,
): PageQuery {
  withinCreated(where, list);
  return { ...source, where: where.sql, params: where.params, orderBy: orderBy(list.sort, columns), limit: list.limit, offset: list.offset };
}
