/**
 * The keyword-by-keyword part of the schema comparison (breaking-schema.ts does the structure: types, enums, fields,
 * alternatives): limits, `pattern`, `format`, `uniqueItems`, request defaults, and the opaque keywords (`not`, `if`…)
 * compared as a whole. Each difference goes to `emit`, which knows the place.
 */
import type { Direction, SchemaRule } from './breaking-rules';
import { canon, LOWER, UPPER, type Json, type Opaque } from './breaking-view';

export type Emit = (rule: SchemaRule, detail?: Record<string, unknown>) => void;

/** Limits, `multipleOf`, `pattern`, `format` and `uniqueItems`: stricter in a request, looser in an answer, breaks. */
export function compareLimits(o: Json, n: Json, dir: Direction, emit: Emit): void {
  const req = dir === 'request';
  for (const [keys, stricterIfHigher] of [[LOWER, true], [UPPER, false]] as const) {
    for (const k of keys) {
      const ov = typeof o[k] === 'number' ? (o[k] as number) : undefined;
      const nv = typeof n[k] === 'number' ? (n[k] as number) : undefined;
      if (ov === nv) continue;
      const stricter = nv !== undefined && (ov === undefined || (stricterIfHigher ? nv > ov : nv < ov));
      const detail = { keyword: k, from: ov, to: nv };
      if (req) emit(stricter ? 'bound-stricter' : 'bound-looser', detail);
      else if (!stricter) emit('bound-looser', detail);
    }
  }
  const om = typeof o.multipleOf === 'number' ? o.multipleOf : undefined;
  const nm = typeof n.multipleOf === 'number' ? n.multipleOf : undefined;
  if (om !== nm) {
    const divides = (a: number | undefined, b: number | undefined) => b === undefined || (a !== undefined && a % b === 0);
    // request: every multiple of the old step must still be accepted; response: every value sent must still be one.
    if (req ? !divides(om, nm) : !divides(nm, om)) emit('bound-stricter', { keyword: 'multipleOf', from: om, to: nm });
  }
  for (const k of ['pattern', 'format'] as const) {
    if (o[k] === n[k]) continue;
    const changed = req ? n[k] !== undefined && !(k === 'format' && sizeFits(o, n[k])) : o[k] !== undefined;
    if (changed) emit(k === 'pattern' ? 'pattern-changed' : 'format-changed', { from: o[k], to: n[k] });
  }
  if (req ? n.uniqueItems === true && o.uniqueItems !== true : o.uniqueItems === true && n.uniqueItems !== true) {
    emit('unique-items', {});
  }
}

/**
 * Whether a size format given to an unformatted request integer refuses nothing it accepted. `int32`: when its range
 * holds the old bounds. `int64`: always, as far as a JSON number read by JavaScript goes: beyond 2^53 it is no longer
 * an exact integer, so nothing larger was ever taken exactly (and amounts and counters land in 64-bit columns).
 */
function sizeFits(o: Json, format: unknown): boolean {
  if (o.format !== undefined || ![o.type].flat().includes('integer')) return false;
  if (format === 'int64') return true;
  if (format !== 'int32') return false;
  const min = typeof o.minimum === 'number' ? o.minimum : undefined;
  const max = typeof o.maximum === 'number' ? o.maximum : undefined;
  return min !== undefined && max !== undefined && min >= -(2 ** 31) && max <= 2 ** 31 - 1;
}

/**
 * A request's `default` is what a caller who omits the value gets: changing or removing it changes their requests.
 * A new default only writes down what the service already did, and an answer's defaults promise nothing.
 */
export function compareDefaults(o: Json, n: Json, dir: Direction, emit: Emit): void {
  if (dir !== 'request' || !('default' in o)) return;
  if (!('default' in n)) emit('default-changed', { from: o.default });
  else if (canon(o.default) !== canon(n.default)) emit('default-changed', { from: o.default, to: n.default });
}

/**
 * Opaque keywords, paired by keyword: one a request did not have, or whose value changed, may refuse what was
 * accepted; one an answer lost, or whose value changed, no longer binds what is sent. The reverse is additive.
 */
export function compareOpaque(o: Opaque[], n: Opaque[], dir: Direction, emit: Emit): void {
  const values = (list: Opaque[], k: string) => list.filter((r) => r.keyword === k).map((r) => r.value);
  for (const keyword of new Set([...o, ...n].map((r) => r.keyword))) {
    const ov = values(o, keyword);
    const nv = values(n, keyword);
    const gone = ov.filter((v) => !nv.includes(v));
    const added = nv.filter((v) => !ov.includes(v));
    if (gone.length && added.length) emit('rule-changed', { keyword, from: gone.join(', '), to: added.join(', ') });
    else for (const value of gone) emit('rule-removed', { keyword, value });
    if (!gone.length) for (const value of added) emit('rule-added', { keyword, value });
  }
}
