/**
 * One SQL statement built of parts written by different modules: each part is a common table expression (most of
 * them data-modifying: `INSERT … RETURNING`), all sharing one parameter list. A single statement is atomic on its own
 * and costs one round trip, where the same writes one by one cost one each (and a BEGIN and a COMMIT around them).
 *
 * Every part of a statement runs exactly once, whether or not another part reads it; a part that must not write
 * unless another did selects its rows from that part (`INSERT … SELECT … FROM other`).
 */
import type { Queryable, QueryResult } from './types';

export class Statement {
  private readonly values: unknown[] = [];
  private readonly parts: string[] = [];
  private readonly names = new Set<string>();

  /** Adds a parameter and returns its placeholder (`$n`), cast when `cast` is given (`$n::jsonb`). */
  param(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }

  /** Adds the part `name AS (sql)` and returns its name, made unique in the statement (`name`, `name_2`, …). */
  part(name: string, sql: string): string {
    let unique = name;
    for (let n = 2; this.names.has(unique); n++) unique = `${name}_${n}`;
    this.names.add(unique);
    this.parts.push(`${unique} AS (${sql})`);
    return unique;
  }

  /** The statement's text, ending in `select`. */
  text(select: string): string {
    return this.parts.length === 0 ? select : `WITH ${this.parts.join(',\n')}\n${select}`;
  }

  /** Runs the statement on `q` (inside the caller's database transaction when it holds one). */
  run<T = Record<string, unknown>>(q: Queryable, select: string): Promise<QueryResult<T>> {
    return q.query<T>(this.text(select), this.values);
  }
}
