/**
 * In-process wake-ups of a transaction's watchers (the payer's live status stream): `changeTransaction` calls
 * `transactionChanged` after its database transaction committed. A hint, not a message: a watcher re-reads the row,
 * so a wake-up for a change it already saw costs one read and a change made by another process (a separate worker on
 * PostgreSQL) is found by the watcher's own slow re-read instead. Process-wide on purpose: transaction ids are
 * unique, and whichever service of the process made the change, the stream of the same charge wants to know.
 */
type Listener = () => void;

const listeners = new Map<string, Set<Listener>>();

/** Calls `fn` after each committed change of `transactionId` in this process, until the returned function is called. */
export function onTransactionChange(transactionId: string, fn: Listener): () => void {
  let set = listeners.get(transactionId);
  if (!set) listeners.set(transactionId, (set = new Set()));
  set.add(fn);
  return () => {
    set.delete(fn);
    if (set.size === 0 && listeners.get(transactionId) === set) listeners.delete(transactionId);
  };
}

/** Wakes the watchers of `transactionId`; a watcher that throws does not stop the others or the caller. */
export function transactionChanged(transactionId: string): void {
  const set = listeners.get(transactionId);
  if (!set) return;
  for (const fn of [...set]) {
    try {
      fn();
    } catch {
      // A watcher's failure is its own (it ends its stream); the change itself is committed and stands.
    }
  }
}
