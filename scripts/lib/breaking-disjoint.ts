/**
 * Whether two branches of a `oneOf` can never accept the same value, as far as a short, conservative reading proves
 * it; for the breaking-change gate, where a new branch of a request's `oneOf` that overlaps another one makes a body
 * matching both refused (a `oneOf` takes exactly one). Anything it cannot prove counts as an overlap.
 */
import { accepts, canon, enumOf, isObj, schemaOf, typesOf, view, type Json, type View } from './breaking-view';

/** A branch as `view` reads it, a bare reference followed. */
function read(doc: Json, node: unknown): View {
  const v = view(doc, node);
  if (!v.ref) return v;
  const inner = view(doc, schemaOf(doc, { $ref: v.ref }));
  return { ...inner, nullable: inner.nullable || v.nullable };
}

const properties = (v: View): Json => (isObj(v.raw.properties) ? v.raw.properties : {});
const requiredOf = (v: View): string[] => (Array.isArray(v.raw.required) ? v.raw.required.map(String) : []);
/** `false`, alone or as a part of an `allOf` (what merging a branch's `false` into its parent's property gives). */
const isFalse = (s: unknown): boolean => s === false || (isObj(s) && Array.isArray(s.allOf) && s.allOf.some(isFalse));

/** Whether a value of `v` never has the property `name`: `false`, or closed (`additionalProperties: false`) without it. */
function forbids(v: View, name: string): boolean {
  const own = properties(v);
  if (name in own) return isFalse(own[name]);
  return v.raw.additionalProperties === false && !v.opaque.some((r) => r.keyword === 'patternProperties');
}

/** The values `v` allows for its property `name` (its `const` or `enum`), or null when it does not list them. */
function valuesOf(doc: Json, v: View, name: string): string[] | null {
  const s = properties(v)[name];
  if (!isObj(s)) return null;
  const values = enumOf(read(doc, s).raw);
  return values ? values.map(canon) : null;
}

/** Whether every value `a` accepts is refused by `b`, by a property `a` requires. Only objects have properties. */
function requiresWhatOtherRefuses(doc: Json, a: View, b: View): boolean {
  return requiredOf(a).some((name) => {
    if (forbids(b, name)) return true;
    const mine = valuesOf(doc, a, name);
    const theirs = valuesOf(doc, b, name);
    return mine !== null && theirs !== null && !mine.some((x) => theirs.includes(x));
  });
}

const onlyObjects = (types: Set<string> | null): boolean => types !== null && [...types].every((t) => t === 'object');

/** True when no value can match both branches: types that share nothing, or objects told apart by a property. */
export function disjoint(doc: Json, nodeA: unknown, nodeB: unknown): boolean {
  const a = read(doc, nodeA);
  const b = read(doc, nodeB);
  const ta = typesOf(a);
  const tb = typesOf(b);
  if (ta && tb && [...ta].every((t) => !accepts(tb, t)) && [...tb].every((t) => !accepts(ta, t))) return true;
  // `required` and `properties` say nothing of a value that is not an object: one branch must take objects only.
  if (!onlyObjects(ta) && !onlyObjects(tb)) return false;
  return requiresWhatOtherRefuses(doc, a, b) || requiresWhatOtherRefuses(doc, b, a);
}
