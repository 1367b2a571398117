/**
 * How the breaking-change gate reads a schema of a bundled OpenAPI 3.1 document before comparing it: `$ref`s
 * followed (with their siblings, as JSON Schema 2020-12 reads them), `allOf` merged, `oneOf: [X, {type: null}]` read
 * as a nullable X, `const` as a one-value enum, and the keywords it does not reason about kept aside as opaque rules.
 */
export type Json = Record<string, unknown>;

export const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A key as one segment of a JSON pointer: `~` written `~0`, `/` written `~1`. */
export const escapePointer = (k: string): string => k.replace(/~/g, '~0').replace(/\//g, '~1');
export const canon = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) =>
  isObj(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x);

/**
 * Keywords that never change what is valid: descriptions, examples, summaries and vendor extensions. `default` is
 * one too, but what a request that omits the field gets depends on it: see `counts` and the request-side comparison.
 */
const ANNOTATIONS = new Set(['description', 'title', 'summary', 'example', 'examples', 'default', 'deprecated',
  'externalDocs', '$comment', 'xml', 'readOnly', 'writeOnly', 'contentMediaType', 'contentEncoding']);
export const structural = (s: Json): string[] => Object.keys(s).filter((k) => !ANNOTATIONS.has(k) && !k.startsWith('x-'));
/** The keywords that the comparison reads: the structural ones and `default`. */
const counts = (s: Json): string[] => [...structural(s), ...('default' in s ? ['default'] : [])];
/**
 * Keywords compared as a whole (equal after `normalise`, or not) rather than reasoned about: each narrows what is
 * valid, so a new or changed one may refuse what was accepted, and a removed one lets through what was not.
 */
const OPAQUE = ['not', 'if', 'then', 'else', 'contains', 'minContains', 'maxContains', 'prefixItems',
  'dependentSchemas', 'patternProperties', 'unevaluatedProperties', 'unevaluatedItems'] as const;
const OPAQUE_SET = new Set<string>(OPAQUE);
/** A oneOf/anyOf branch that adds a rule to its parent's object rather than describing a shape of its own. */
export const CONSTRAINT_ONLY = new Set(['required', 'not', 'minProperties', 'maxProperties', 'dependentRequired']);
export const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'] as const;
export const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'] as const;

/**
 * A oneOf/anyOf list and its discriminator; `{type: null}` branches are taken out by `view` (see `View.nullable`).
 * `exclusive`: a `oneOf`, which a value must match exactly one branch of.
 */
export interface Group { branches: unknown[]; discriminator: Json | undefined; exclusive: boolean }
/** An opaque keyword of a schema (or of one of its `allOf` parts) and its normalised value, `canon`ical. */
export interface Opaque { keyword: string; value: string }
/**
 * A schema read for comparison: `ref` when it is a bare reference to a component (compared there, once), else `raw`,
 * its keywords with every `allOf` merged in, `groups`, its oneOf/anyOf lists, and `opaque`, its opaque keywords
 * (taken out of `raw`). `nullable`: a `{type: null}` branch was taken out of a group.
 */
export interface View { ref?: string; nullable: boolean; raw: Json; groups: Group[]; opaque: Opaque[] }

/** Resolves a local JSON pointer (`#/components/schemas/X`); a bundled document has no other kind. */
function resolvePointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#')) throw new Error(`only local $ref are supported in a bundled document, not ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObj(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
    if (node === undefined) throw new Error(`$ref ${ref} points at nothing`);
  }
  return node;
}

/**
 * Follows `$ref` until an object without one, dropping the siblings of each `$ref`: for the objects around schemas
 * (parameters, responses, request bodies), whose references may only have a summary and a description beside them.
 */
export function deref(doc: Json, node: unknown, depth = 0): Json {
  if (!isObj(node)) return {};
  if (typeof node.$ref !== 'string') return node;
  if (depth > 32) throw new Error(`$ref chain too long at ${node.$ref}`);
  return deref(doc, resolvePointer(doc, node.$ref), depth + 1);
}

/**
 * A schema with its `$ref` read as OpenAPI 3.1 (JSON Schema 2020-12) reads it: a bare reference (annotations aside)
 * is followed; one with other keywords beside it is `allOf: [the reference, the siblings]`, since the siblings apply too.
 */
export function schemaOf(doc: Json, node: unknown, depth = 0): Json {
  if (!isObj(node)) return {};
  if (typeof node.$ref !== 'string') return node;
  if (depth > 32) throw new Error(`$ref chain too long at ${node.$ref}`);
  const { $ref, ...siblings } = node;
  if (!counts(siblings).length) return schemaOf(doc, resolvePointer(doc, $ref), depth + 1);
  return { ...siblings, allOf: [{ $ref }, ...(Array.isArray(siblings.allOf) ? siblings.allOf : [])] };
}

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_ONE = new Set(['not', 'if', 'then', 'else', 'items', 'contains', 'additionalProperties', 'propertyNames',
  'unevaluatedItems', 'unevaluatedProperties']);

/**
 * A schema made comparable as a whole: annotations (`default` included) dropped, `$ref`s replaced by their targets
 * (a cycle keeps its `$ref`), siblings of a `$ref` as an `allOf`. `canon` of the result is equal for equal schemas.
 */
function normalise(doc: Json, node: unknown, seen: readonly string[] = []): unknown {
  if (!isObj(node)) return node;
  const { $ref, ...siblings } = node;
  if (typeof $ref === 'string' && !seen.includes($ref)) {
    const target = normalise(doc, resolvePointer(doc, $ref), [...seen, $ref]);
    const rest = normalise(doc, siblings, seen) as Json;
    return Object.keys(rest).length ? { allOf: [target, rest] } : target;
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (ANNOTATIONS.has(k) || k.startsWith('x-')) continue;
    if (SCHEMA_MAPS.has(k) && isObj(v)) out[k] = Object.fromEntries(Object.entries(v).map(([n, s]) => [n, normalise(doc, s, seen)]));
    else if (SCHEMA_LISTS.has(k) && Array.isArray(v)) out[k] = v.map((s) => normalise(doc, s, seen));
    else if (SCHEMA_ONE.has(k)) out[k] = normalise(doc, v, seen);
    else out[k] = v;
  }
  return out;
}

export function typesOf(v: View): Set<string> | null {
  const t = v.raw.type;
  if (t === undefined) return null;
  const set = new Set(Array.isArray(t) ? t.map(String) : [String(t)]);
  if (v.nullable) set.add('null');
  return set;
}
export const accepts = (set: Set<string> | null, t: string): boolean =>
  set === null || set.has(t) || (t === 'integer' && set.has('number'));
export const enumOf = (s: Json): unknown[] | null => ('const' in s ? [s.const] : Array.isArray(s.enum) ? s.enum : null);

export function mergeRaw(a: Json, b: Json): Json {
  const out: Json = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const cur = out[k];
    if (cur === undefined) out[k] = v;
    else if (k === 'properties' && isObj(cur) && isObj(v)) {
      const props: Json = { ...cur };
      for (const [name, s] of Object.entries(v)) props[name] = name in props ? { allOf: [props[name], s] } : s;
      out[k] = props;
    } else if (k === 'required' && Array.isArray(cur) && Array.isArray(v)) out[k] = [...new Set([...cur, ...v])];
    else if (k === 'type') {
      const bs = new Set(Array.isArray(v) ? v : [v]);
      out[k] = (Array.isArray(cur) ? cur : [cur]).filter((t) => bs.has(t));
    } else if (k === 'enum' && Array.isArray(cur) && Array.isArray(v)) {
      const bs = new Set(v.map(canon));
      out[k] = cur.filter((x) => bs.has(canon(x)));
    } else if ((LOWER as readonly string[]).includes(k)) out[k] = Math.max(Number(cur), Number(v));
    else if ((UPPER as readonly string[]).includes(k)) out[k] = Math.min(Number(cur), Number(v));
    else if (k === 'additionalProperties' && v === false) out[k] = false;
  }
  return out;
}

const isNullBranch = (s: Json): boolean => s.type === 'null' && structural(s).length === 1;

function flatten(doc: Json, node: unknown, depth = 0): { raw: Json; groups: Group[]; opaque: Opaque[] } {
  if (depth > 32) throw new Error('allOf nested too deep (a cycle of allOf?)');
  const s = schemaOf(doc, node);
  const { allOf, oneOf, anyOf, discriminator, ...rest } = s;
  let raw: Json = Object.fromEntries(Object.entries(rest).filter(([k]) => !OPAQUE_SET.has(k)));
  const opaque: Opaque[] = OPAQUE.filter((k) => k in rest).map((k) => ({ keyword: k, value: canon(normalise(doc, rest[k])) }));
  const groups: Group[] = [];
  const disc = isObj(discriminator) ? discriminator : undefined;
  if (Array.isArray(oneOf)) groups.push({ branches: oneOf, discriminator: disc, exclusive: true });
  if (Array.isArray(anyOf)) groups.push({ branches: anyOf, discriminator: disc, exclusive: false });
  for (const branch of Array.isArray(allOf) ? allOf : []) {
    const f = flatten(doc, branch, depth + 1);
    raw = mergeRaw(raw, f.raw);
    groups.push(...f.groups);
    opaque.push(...f.opaque);
  }
  return { raw, groups, opaque };
}

export function view(doc: Json, node: unknown): View {
  if (isObj(node) && typeof node.$ref === 'string' && counts(node).length === 1) {
    return { ref: node.$ref, nullable: false, raw: {}, groups: [], opaque: [] };
  }
  const { raw, groups, opaque } = flatten(doc, node);
  let out: View = { nullable: false, raw, groups: [], opaque };
  for (const g of groups) {
    const kept = g.branches.filter((b) => !isNullBranch(schemaOf(doc, b)));
    if (kept.length === g.branches.length) { out.groups.push(g); continue; }
    out.nullable = true;
    if (kept.length !== 1) { if (kept.length) out.groups.push({ ...g, branches: kept }); continue; }
    // `oneOf: [X, {type: null}]`: the 3.1 spelling of a nullable X, read as X plus null.
    const inner = view(doc, kept[0]);
    const alone = counts(out.raw).length === 0 && out.opaque.length === 0 && out.groups.length === 0 && groups.length === 1;
    if (alone) return { ...inner, nullable: true };
    const innerRaw = inner.ref ? flatten(doc, { $ref: inner.ref }) : inner;
    out = { ...out, raw: mergeRaw(out.raw, innerRaw.raw), groups: [...out.groups, ...innerRaw.groups],
      opaque: [...out.opaque, ...innerRaw.opaque] };
  }
  return out;
}

/** A schema's own keywords as `view` reads them: its target's for a bare reference, else its `allOf`s merged. */
function keywordsOf(doc: Json, node: unknown): Json {
  const v = view(doc, node);
  return v.ref ? schemaOf(doc, { $ref: v.ref }) : v.raw;
}

/** The `readOnly` / `writeOnly` marks of a property, on it, on its target, or on its nullable branch. */
export function marks(doc: Json, node: unknown): { readOnly: boolean; writeOnly: boolean } {
  const own = isObj(node) ? node : {};
  const target = keywordsOf(doc, node);
  return {
    readOnly: own.readOnly === true || target.readOnly === true,
    writeOnly: own.writeOnly === true || target.writeOnly === true,
  };
}

/** A branch's type signature (`type:object`, `type:null/string`), to pair branches that have no other name. */
export function typeKey(doc: Json, node: unknown): string {
  const s = keywordsOf(doc, node);
  const types = s.type === undefined ? 'any' : [s.type].flat().map(String).sort().join('/');
  return `type:${types}`;
}
