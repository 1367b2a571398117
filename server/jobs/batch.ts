/**
 * Group statements: many concurrent jobs that each need the same kind of statement (a delivery starting its attempt,
 * a delivery recording its outcome and settling its job) hand their item to a batcher, which sends them as one
 * statement. One statement runs at a time; items that arrive meanwhile wait for it and go together in the next one,
 * so the batch grows with the load and a lone item waits for nothing but the end of the current macrotask.
 */

export interface Batcher<I, O> {
  /** Resolves with this item's result once its batch ran; rejects when the batch's statement failed. */
  add(item: I): Promise<O>;
}

/**
 * `run` gets up to `maxSize` items and returns one result per item, in their order; it must apply all or nothing (one
 * statement). When a run of several items fails, each item is run again alone: only the items that fail alone fail
 * (their jobs fail and are retried like any other failed attempt); the next batch runs all the same.
 */
export function createBatcher<I, O>(run: (items: I[]) => Promise<O[]>, maxSize = 100): Batcher<I, O> {
  if (!Number.isInteger(maxSize) || maxSize < 1) throw new RangeError('maxSize must be an integer ≥ 1');
  let queue: Array<{ item: I; resolve: (o: O) => void; reject: (err: unknown) => void }> = [];
  let busy = false;
  let scheduled = false;

  async function checked(items: I[]): Promise<O[]> {
    const out = await run(items);
    if (out.length !== items.length) throw new Error(`a batch of ${items.length} returned ${out.length} results`);
    return out;
  }

  function kick(): void {
    if (busy || scheduled || queue.length === 0) return;
    scheduled = true;
    // Items added by the jobs started in the same turn (a claim hands out many at once) join this batch.
    setImmediate(flush);
  }

  function flush(): void {
    scheduled = false;
    if (busy || queue.length === 0) return;
    const batch = queue.slice(0, maxSize);
    queue = queue.slice(maxSize);
    busy = true;
    void (async () => {
      try {
        const out = await checked(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(out[i]!));
      } catch (err) {
        if (batch.length === 1) batch[0]!.reject(err);
        // A failed statement applied nothing: its items run again one by one, so that one bad item (or a lost race)
        // fails only itself, not the deliveries it shared a statement with.
        else for (const b of batch) await checked([b.item]).then((o) => b.resolve(o[0]!), b.reject);
      } finally {
        busy = false;
        kick();
      }
    })();
  }

  return {
    add(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        kick();
      });
    },
  };
}

/** True for the errors PostgreSQL ends a statement with when it lost a lock race (deadlock, serialization). */
export function isLockConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/** Runs `fn` again (up to `times` more) when it lost a lock race: a batch touching shared rows may meet another. */
export async function retryOnLockConflict<T>(fn: () => Promise<T>, times = 3): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= times || !isLockConflict(err)) throw err;
    }
  }
}
