/**
 * Named prepared statements on PostgreSQL (issue 27). Measured with `pg_stat_statements` under `npm run bench`,
 * planning was more than a third of PostgreSQL's time in the service's statements (a PIX charge and its processing:
 * 2.6 ms of planning, 4.4 ms of execution; docs/capacity.md): every statement was parsed, analysed and planned afresh
 * on every call. A statement the service runs again is now sent with a name the first time on each connection (`pg` keeps the
 * names a connection prepared), then only bound and executed: it is never parsed again there, and once PostgreSQL
 * finds a generic plan no costlier than the custom ones of its first five executions it stops planning it too (a DDL
 * or an ANALYZE of its tables makes it plan once more).
 *
 * Which texts get a name: one seen `AFTER` times in this process (one-off statements, such as an admin command's,
 * stay unnamed), at most `MAX_NAMED` of them, none longer than `MAX_TEXT` characters (each named text costs memory in
 * every backend that prepared it; a statement built with a variable number of rows must be one text whatever its
 * size, as the request log's insert is). The name is a hash of the text, so one text is one name on every connection.
 *
 * Named statements need a session that stays with the client: behind a pooler in transaction mode that does not
 * carry them (PgBouncer before 1.21, or 1.21+ without `max_prepared_statements`), set `DATABASE_SESSION_URL` (or
 * `DATABASE_PREPARED_STATEMENTS=off`). Should a pool meet such a pooler anyway (PostgreSQL answers a name that another
 * client prepared, or that this one did not, on what it took for its own connection), naming stops for the life of
 * that pool and the call is sent again unnamed.
 *
 * A prepared statement whose result columns a migration changed fails with `cached plan must not change result type`
 * on every later call; such a text is unnamed for the life of the process and the call is sent again unnamed. Both
 * errors come at Bind, before anything is executed, so a write sent again is written once. Inside a database
 * transaction the error has already aborted it: the caller's transaction fails once.
 */
import { createHash } from 'node:crypto';

export const AFTER = 2;
export const MAX_NAMED = 256;
export const MAX_TEXT = 16_384;
/** Texts counted at most before the count starts again (a flood of distinct one-off texts must not grow it). */
const MAX_COUNTED = 10_000;

export interface QueryConfig {
  text: string;
  values: unknown[];
  name?: string;
}

export class PreparedNames {
  private readonly seen = new Map<string, number>();
  private readonly named = new Map<string, string>();
  private readonly refused = new Set<string>();
  private off = false;

  constructor(
    private readonly after = AFTER,
    private readonly max = MAX_NAMED,
  ) {}

  /** The query to send for `text`: named once the text is hot, unnamed otherwise. */
  config(text: string, values: readonly unknown[]): QueryConfig {
    const name = this.nameOf(text);
    return name ? { name, text, values: values as unknown[] } : { text, values: values as unknown[] };
  }

  /** How many texts carry a name (for tests and the bench). */
  get size(): number {
    return this.named.size;
  }

  /** Never names `text` again (its prepared plan went stale). */
  refuse(text: string): void {
    this.named.delete(text);
    this.refused.add(text);
  }

  /** Names nothing any more (the connections are not the pool's own: a pooler in transaction mode). */
  stop(): void {
    this.off = true;
    this.named.clear();
  }

  get stopped(): boolean {
    return this.off;
  }

  private nameOf(text: string): string | undefined {
    if (this.off) return undefined;
    const known = this.named.get(text);
    if (known) return known;
    if (text.length > MAX_TEXT || this.refused.has(text) || this.named.size >= this.max) return undefined;
    const n = (this.seen.get(text) ?? 0) + 1;
    if (n < this.after) {
      if (this.seen.size >= MAX_COUNTED) this.seen.clear();
      this.seen.set(text, n);
      return undefined;
    }
    this.seen.delete(text);
    const name = `s_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    this.named.set(text, name);
    return name;
  }
}

interface PgError {
  code?: string;
  message?: string;
  routine?: string;
}

/**
 * The error PostgreSQL answers for a prepared statement whose result columns changed since it was prepared (raised by
 * `RevalidateCachedQuery`; the message is matched too, for a server that does not send the routine).
 */
export function isStalePlan(err: unknown): boolean {
  const e = err as PgError | null;
  return e?.code === '0A000' && (e.routine === 'RevalidateCachedQuery' || /cached plan must not change result type/.test(e.message ?? ''));
}

/**
 * A named statement the connection did not keep: `prepared statement … does not exist` (26000) or `… already exists`
 * (42P05), what a pooler in transaction mode that does not carry them answers.
 */
export function isNameLost(err: unknown): boolean {
  const e = err as PgError | null;
  return e?.code === '26000' || e?.code === '42P05';
}
