/**
 * A short-lived cache of API key lookups, so that a request does not read its key from the database every time.
 *
 * The guarantee it keeps is bounded revocation: an entry is reused for at most `ttlMs` after the lookup that made it
 * was sent, so a key revoked, rolled out or changed by another process is refused on this one within that bound
 * (`KEY_CACHE_SECONDS`). A revoke or roll made through this process (`key-admin.ts`) drops the key's entries at once,
 * and a lookup that was under way when it happened is not kept. A key's own expiry (a rolled key's grace period) is
 * kept in the entry and compared with the clock on every use, so caching never extends a grace period.
 *
 * Only live keys are cached: an unknown, revoked or expired key is read again on every request, so a flood of made-up
 * keys cannot grow the cache (and costs what it cost before). Entries are keyed by the key's SHA-256 hash (the secret
 * itself is not kept) and at most `maxEntries` are held; the oldest is dropped to make room.
 */
import type { Queryable } from '../../db/types';

/** What a lookup keeps of a key (`KeyRecord` of keys.ts): its id is how a revoke finds it. */
interface Keyed {
  keyId: string;
}

/** A live key as a lookup found it. */
export interface LoadedKey<R extends Keyed = Keyed> {
  record: R;
  /**
   * When the key's own expiry refuses it, on this process's clock (ms since the epoch), or null when it has none.
   * Measured from the moment the lookup was sent, so it is never later than the database's own expiry.
   */
  expiresAt: number | null;
}

interface Entry<R extends Keyed> {
  key: LoadedKey<R>;
  /** The end of the entry's reuse, on the monotonic clock (`performance.now()`): a step of the wall clock cannot stretch it. */
  until: number;
}

/** The default size bound: far more keys than one instance serves at once, a few MB at most. */
export const KEY_CACHE_ENTRIES = 10_000;

export class KeyCache<R extends Keyed = Keyed> {
  private readonly entries = new Map<string, Entry<R>>();
  private readonly loading = new Map<string, Promise<LoadedKey<R> | null>>();
  // Bumped by every `forget`: a lookup sent before it may have read the key as it was, and is not kept.
  private generation = 0;

  constructor(
    readonly ttlMs: number,
    readonly maxEntries = KEY_CACHE_ENTRIES,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The key of `hash`: the cached lookup while it is fresh, else `load()` (one at a time per hash). */
  get(hash: string, load: () => Promise<LoadedKey<R> | null>): Promise<LoadedKey<R> | null> {
    const hit = this.entries.get(hash);
    if (hit) {
      if (hit.until > this.now()) return Promise.resolve(hit.key);
      this.entries.delete(hash);
    }
    // Requests that miss together share one lookup: a cold start under load reads each key once.
    const pending = this.loading.get(hash);
    if (pending) return pending;
    const sentAt = this.now();
    const generation = this.generation;
    const promise = load().then(
      (key) => {
        if (this.loading.get(hash) === promise) this.loading.delete(hash);
        if (key && generation === this.generation && this.ttlMs > 0) this.keep(hash, key, sentAt + this.ttlMs);
        return key;
      },
      (err: unknown) => {
        if (this.loading.get(hash) === promise) this.loading.delete(hash);
        throw err;
      },
    );
    this.loading.set(hash, promise);
    return promise;
  }

  /** Drops every entry of the key `keyId` (revoked, rolled or changed here), and any lookup under way. */
  forget(keyId: string): void {
    this.generation += 1;
    this.loading.clear();
    for (const [hash, entry] of this.entries) if (entry.key.record.keyId === keyId) this.entries.delete(hash);
  }

  /** Drops the entry of `hash` (a key found expired on use). */
  drop(hash: string): void {
    this.entries.delete(hash);
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(hash: string, key: LoadedKey<R>, until: number): void {
    this.entries.delete(hash);
    while (this.entries.size >= this.maxEntries) {
      // Map iteration is insertion order: the first entry is the oldest.
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(hash, { key, until });
  }
}

// The caches of each database handle: a service's app attaches one to the handle it serves; a revoke or roll made
// with that handle (in this process: an admin command on the embedded database, a test) drops the key from it at once.
// Another process's changes reach it through the time bound only.
const caches = new WeakMap<object, Set<KeyCache>>();

/** Attaches a cache of `seconds` to `db`'s key lookups; 0 attaches none (every lookup reads the database). */
export function attachKeyCache<R extends Keyed>(db: Queryable, seconds: number): KeyCache<R> | null {
  if (seconds <= 0) return null;
  const cache = new KeyCache<R>(seconds * 1000);
  const set = caches.get(db) ?? new Set<KeyCache>();
  set.add(cache);
  caches.set(db, set);
  return cache;
}

/** Drops `keyId` from every cache of `db`: called after a revoke, roll or change made with that handle. */
export function forgetKey(db: Queryable, keyId: string): void {
  for (const c of caches.get(db) ?? []) c.forget(keyId);
}
