/** The key cache's own rules, on a clock the test moves: the time bound, the size bound, revocation while loading. */
import { describe, expect, it } from 'vitest';
import { loadConfig, SettingError } from '../../config';
import { KeyCache, type LoadedKey } from './key-cache';

const key = (keyId: string, expiresAt: number | null = null): LoadedKey => ({ record: { keyId }, expiresAt });

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** A loader that counts its calls and answers `answer` (or what `next` holds). */
function loader(answer: LoadedKey | null) {
  const calls = { n: 0 };
  return { calls, load: () => ((calls.n += 1), Promise.resolve(answer)) };
}

describe('KeyCache', () => {
  it('reuses a lookup for less than its bound, counted from when the lookup was sent, then reads again', async () => {
    const c = clock();
    const cache = new KeyCache(1000, 10, c.now);
    let release!: () => void;
    const calls = { n: 0 };
    const slow = () => {
      calls.n += 1;
      return new Promise<LoadedKey>((ok) => (release = () => ok(key('key_a'))));
    };
    const first = cache.get('h', slow);
    c.advance(400); // the database takes 400 ms to answer: the entry's bound runs from the send, not the answer
    release();
    expect(await first).toEqual(key('key_a'));
    c.advance(599);
    await cache.get('h', slow);
    expect(calls.n).toBe(1);
    c.advance(1);
    const again = cache.get('h', slow);
    release();
    await again;
    expect(calls.n).toBe(2);
  });

  it('does not cache unknown keys: a flood of made-up keys reads each one and keeps nothing', async () => {
    const cache = new KeyCache(60_000, 10, clock().now);
    const none = loader(null);
    for (let i = 0; i < 100; i += 1) expect(await cache.get(`h${i % 3}`, none.load)).toBeNull();
    expect(none.calls.n).toBe(100);
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries keys, dropping the oldest', async () => {
    const cache = new KeyCache(60_000, 3, clock().now);
    for (const h of ['a', 'b', 'c', 'd']) await cache.get(h, loader(key(`key_${h}`)).load);
    expect(cache.size).toBe(3);
    const a = loader(key('key_a'));
    await cache.get('a', a.load);
    expect(a.calls.n).toBe(1); // `a` was the oldest: it was dropped for `d`
    const d = loader(key('key_d'));
    await cache.get('d', d.load);
    expect(d.calls.n).toBe(0);
  });

  it('forget drops every entry of the key at once', async () => {
    const cache = new KeyCache(60_000, 10, clock().now);
    await cache.get('h1', loader(key('key_a')).load);
    await cache.get('h2', loader(key('key_b')).load);
    cache.forget('key_a');
    const again = loader(null);
    expect(await cache.get('h1', again.load)).toBeNull();
    expect(again.calls.n).toBe(1);
    const b = loader(null);
    expect(await cache.get('h2', b.load)).toEqual(key('key_b'));
    expect(b.calls.n).toBe(0);
  });

  it('does not keep a lookup that was under way when the key was forgotten (it may have read the key before)', async () => {
    const cache = new KeyCache(60_000, 10, clock().now);
    let release!: () => void;
    const pending = cache.get('h', () => new Promise<LoadedKey>((ok) => (release = () => ok(key('key_a')))));
    cache.forget('key_a'); // the revoke commits while the lookup is on its way back
    release();
    expect(await pending).toEqual(key('key_a')); // that request arrived before the revoke
    const after = loader(null);
    expect(await cache.get('h', after.load)).toBeNull();
    expect(after.calls.n).toBe(1);
  });

  it('shares one lookup between requests that miss together, and does not keep a failed one', async () => {
    const cache = new KeyCache(60_000, 10, clock().now);
    const one = loader(key('key_a'));
    const all = await Promise.all([cache.get('h', one.load), cache.get('h', one.load), cache.get('h', one.load)]);
    expect(all).toEqual([key('key_a'), key('key_a'), key('key_a')]);
    expect(one.calls.n).toBe(1);
    const failing = new KeyCache(60_000, 10, clock().now);
    await expect(failing.get('h', () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    const ok = loader(key('key_a'));
    expect(await failing.get('h', ok.load)).toEqual(key('key_a'));
    expect(ok.calls.n).toBe(1);
  });

  it('a bound of 0 caches nothing', async () => {
    const cache = new KeyCache(0, 10, clock().now);
    const l = loader(key('key_a'));
    await cache.get('h', l.load);
    await cache.get('h', l.load);
    expect(l.calls.n).toBe(2);
  });
});

describe('KEY_CACHE_SECONDS', () => {
  it('5 by default, 0 disables, at most 60 (seconds, not minutes)', () => {
    expect(loadConfig({}).keyCacheSeconds).toBe(5);
    expect(loadConfig({ KEY_CACHE_SECONDS: '0' }).keyCacheSeconds).toBe(0);
    expect(loadConfig({ KEY_CACHE_SECONDS: '60' }).keyCacheSeconds).toBe(60);
    expect(() => loadConfig({ KEY_CACHE_SECONDS: '61' })).toThrow(SettingError);
    expect(() => loadConfig({ KEY_CACHE_SECONDS: '1.5' })).toThrow(/KEY_CACHE_SECONDS must be/);
  });
});
