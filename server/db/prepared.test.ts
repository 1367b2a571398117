import { describe, expect, it } from 'vitest';
import { MAX_TEXT, PreparedNames, isNameLost, isStalePlan } from './prepared';

describe('PreparedNames', () => {
  it('names a text from its second use on, with one name per text', () => {
    const p = new PreparedNames();
    expect(p.config('SELECT $1', [1])).toEqual({ text: 'SELECT $1', values: [1] });
    const second = p.config('SELECT $1', [2]);
    expect(second.name).toMatch(/^s_[A-Za-z0-9_-]{20}$/);
    expect(p.config('SELECT $1', [3]).name).toBe(second.name);
    expect(new PreparedNames(1).config('SELECT $1', []).name).toBe(second.name);
    p.config('SELECT $2', []);
    expect(p.config('SELECT $2', []).name).not.toBe(second.name);
  });

  it('names at most `max` texts; the rest stay unnamed', () => {
    const p = new PreparedNames(1, 3);
    const names = ['a', 'b', 'c', 'd', 'e'].map((t) => p.config(`SELECT '${t}'`, []).name);
    expect(names.filter(Boolean)).toHaveLength(3);
    expect(names.slice(3)).toEqual([undefined, undefined]);
    expect(p.size).toBe(3);
    expect(p.config("SELECT 'a'", []).name).toBe(names[0]);
  });

  it('never names a text longer than MAX_TEXT, and nothing once stopped', () => {
    const p = new PreparedNames(1);
    expect(p.config(`SELECT '${'x'.repeat(MAX_TEXT)}'`, []).name).toBeUndefined();
    expect(p.config('SELECT 1', []).name).toBeDefined();
    p.stop();
    expect(p.stopped).toBe(true);
    expect(p.config('SELECT 1', []).name).toBeUndefined();
    expect(p.config('SELECT 2', []).name).toBeUndefined();
  });

  it('never names a refused text again', () => {
    const p = new PreparedNames(1);
    expect(p.config('SELECT 1', []).name).toBeDefined();
    p.refuse('SELECT 1');
    expect(p.config('SELECT 1', []).name).toBeUndefined();
    expect(p.config('SELECT 1', []).name).toBeUndefined();
  });

  it('tells the stale-plan error from others', () => {
    expect(isStalePlan({ code: '0A000', message: 'cached plan must not change result type' })).toBe(true);
    expect(isStalePlan({ code: '0A000', message: 'something else' })).toBe(false);
    expect(isStalePlan({ code: '23505', message: 'cached plan must not change result type' })).toBe(false);
    expect(isStalePlan({ code: '0A000', message: 'le plan en cache ne doit pas modifier le type de résultat', routine: 'RevalidateCachedQuery' })).toBe(true);
    expect(isStalePlan(null)).toBe(false);
    expect(isNameLost({ code: '26000' })).toBe(true);
    expect(isNameLost({ code: '42P05' })).toBe(true);
    expect(isNameLost({ code: '0A000' })).toBe(false);
  });
});
