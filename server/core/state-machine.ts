/**
 * What every state machine of the service shares: a transition table (`from` → the states it may move to), the
 * questions code asks of it, and the SQL list of states a guarded `UPDATE … WHERE status IN (…)` may move from, so
 * the statement and the table cannot say different things. Each machine's table lives with its part and is compared
 * by a test with the table its documentation prints (`testing/spec-tables.ts`).
 */

/** Every legal move of a machine whose states are `S`; a state absent from a list cannot be reached from its key. */
export type Transitions<S extends string> = Readonly<Record<S, readonly S[]>>;

/** The states `to` can be entered from, in the table's order. */
export function sourcesOf<S extends string>(table: Transitions<S>, to: S): S[] {
  return (Object.keys(table) as S[]).filter((from) => table[from].includes(to));
}

/** The states nothing leaves. */
export function finalStates<S extends string>(table: Transitions<S>): S[] {
  return (Object.keys(table) as S[]).filter((s) => table[s].length === 0);
}

/** Every legal move as `from -> to`, the form the documentation tests compare. */
export function movePairs<S extends string>(table: Transitions<S>): string[] {
  return (Object.keys(table) as S[]).flatMap((from) => table[from].map((to) => `${from} -> ${to}`));
}

/** `'a', 'b'`: the states of a table as an SQL list, for `status IN (…)` (state names are the table's own literals). */
export function sqlStates(states: readonly string[]): string {
  return states.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ');
}
