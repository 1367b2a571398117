/** The one narrow database interface; PGlite (embedded) and PostgreSQL implement it with the same SQL. */

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one database transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` for each notification on `channel` (a lowercase identifier) committed by any connection: on
   * PostgreSQL any process, over a connection of its own that is re-opened when lost (and `onNotify` is called once
   * it is back, since what was sent meanwhile is gone); on PGlite this process, at the commit. Notifications are
   * hints: a listener must still find its work without them.
   */
  listen(channel: string, onNotify: () => void): Promise<Listening>;
  close(): Promise<void>;
}

export interface Listening {
  /** Stops listening (and closes the connection it held, on PostgreSQL). */
  close(): Promise<void>;
}
