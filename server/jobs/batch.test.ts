/** The statement batcher: items added while a batch runs go together in the next, one batch at a time. */
import { describe, expect, it } from 'vitest';
import { createBatcher, retryOnLockConflict } from './batch';

function gate(): { wait: Promise<void>; open(): void } {
  let open!: () => void;
  const wait = new Promise<void>((r) => (open = r));
  return { wait, open };
}

describe('createBatcher', () => {
  it('sends the items of one turn as one batch, and those added while it runs as the next one', async () => {
    const batches: number[][] = [];
    let running = 0;
    let most = 0;
    const first = gate();
    const b = createBatcher(async (items: number[]) => {
      batches.push(items);
      running++;
      most = Math.max(most, running);
      if (batches.length === 1) await first.wait;
      running--;
      return items.map((i) => i * 10);
    });
    const a = [b.add(1), b.add(2), b.add(3)];
    await new Promise((r) => setImmediate(r));
    expect(batches).toEqual([[1, 2, 3]]);
    const c = [b.add(4), b.add(5)];
    await new Promise((r) => setImmediate(r));
    expect(batches).toHaveLength(1); // the first still runs
    first.open();
    expect(await Promise.all([...a, ...c])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([[1, 2, 3], [4, 5]]);
    expect(most).toBe(1);
  });

  it('cuts batches at maxSize', async () => {
    const sizes: number[] = [];
    const b = createBatcher(async (items: number[]) => {
      sizes.push(items.length);
      return items;
    }, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((i) => b.add(i)))).toEqual([1, 2, 3, 4, 5]);
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('a failed batch of several runs its items again one by one: only what fails alone fails; the next batch runs', async () => {
    const runs: string[][] = [];
    const b = createBatcher(async (items: string[]) => {
      runs.push(items);
      if (items.includes('bad')) throw new Error('refused');
      return items.map((s) => s.toUpperCase());
    });
    const [a, bad, c] = [b.add('a'), b.add('bad'), b.add('c')];
    expect(await a).toBe('A');
    await expect(bad).rejects.toThrow('refused');
    expect(await c).toBe('C');
    expect(runs).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
    expect(await b.add('d')).toBe('D');
  });

  it('a failed batch of one fails its item; the next batch runs', async () => {
    let calls = 0;
    const b = createBatcher(async (items: string[]) => {
      calls++;
      if (calls === 1) throw new Error('database gone');
      return items.map((s) => s.toUpperCase());
    });
    await expect(b.add('a')).rejects.toThrow('database gone');
    expect(await b.add('c')).toBe('C');
  });

  it('a run that returns a result per item but not for every item fails the batch', async () => {
    const b = createBatcher(async (items: number[]) => items.slice(1));
    await expect(Promise.all([b.add(1), b.add(2)])).rejects.toThrow(/a batch of \d returned \d results/);
  });
});

describe('retryOnLockConflict', () => {
  it('runs again after a deadlock, not after any other error', async () => {
    let n = 0;
    expect(await retryOnLockConflict(async () => {
      n++;
      if (n < 3) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      return 'done';
    })).toBe('done');
    expect(n).toBe(3);
    let m = 0;
    await expect(retryOnLockConflict(async () => {
      m++;
      throw Object.assign(new Error('syntax'), { code: '42601' });
    })).rejects.toThrow('syntax');
    expect(m).toBe(1);
  });
});
