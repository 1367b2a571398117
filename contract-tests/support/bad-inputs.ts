/**
 * Bad requests derived from the contract: for one operation, every way its schemas say a request is wrong
 * (required field missing, wrong type, out of range, too long, off pattern or enum, unknown property, bad query
 * value, id without its prefix, no body, a body that is not an object), and the crafted inputs that used to crash
 * or stall the service (numeric extremes, bodies nested 10,000 deep, arrays of 100,000 items, object-method names
 * as values). A case is kept only when the spec's own schema refuses it, so the one right answer to each is `400`;
 * besides them, values the schema allows but that are hostile (`hostile`: a NUL character, `1e20` where no maximum
 * is set, `sort=constructor`), which must not crash the service, and requests that must succeed (`ok`: a query in
 * form encoding). A sample of the cases is also sent with an absolute-form request target (`absolute`).
 */
import { randomUUID } from 'node:crypto';
import { randomBase62 } from '../../server/ids';
import { takesIdempotencyKey, validRequest, type IdPool, type RawRequest } from './requests';
import { deref, validatorAt, validatorFor, type Json, type Operation, type Schema } from './spec';

export interface BadCase {
  label: string;
  request: RawRequest;
  /** The field the error's `params` should name, in bracket notation, when a single field is at fault. */
  field?: string;
  /**
   * A request the schema allows but no database can store (a NUL character in a text): any answer but a 5xx will
   * do, as long as it keeps the contract.
   */
  hostile?: boolean;
  /** A valid request that must not be refused (`+` for a space in a query): any status below 400. */
  ok?: boolean;
  /** Sent with an absolute-form request target (`GET http://host/v1/…`), which must be validated all the same. */
  absolute?: boolean;
}

/**
 * A number as JSON text that a JSON value cannot hold (`1e309` parses to Infinity, which serialises as `null`): the
 * marker is a string in the value and becomes the bare number in the body's text.
 */
const rawNumber = (text: string): string => `\u0001NUM:${text}\u0001`;
const RAW_NUMBER = /"\\u0001NUM:([^"\\]+)\\u0001"/g;
const NUMERIC_EXTREMES = ['1e309', '-1e309', '1e20', '99999999999999999999', '-99999999999999999999'];
/** Names of Object.prototype members: a value that indexes a plain object with one of them finds a function. */
const OBJECT_METHODS = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', '-constructor'];
const HUGE_ARRAY = 100_000;
const DEEP = 10_000;

/** PostgreSQL cannot store U+0000 in `text` or `jsonb`: the classic crash of a string that passed validation. */
const NUL = 'NUL character';

type Path = (string | number)[];

export const bracket = (path: Path): string =>
  path.length === 0 ? 'body' : String(path[0]) + path.slice(1).map((p) => `[${p}]`).join('');

const WRONG_TYPES: Json[] = ['x', 12345, {}, [], null, true];

/** The branches of a schema that are not just `null` (for `oneOf: [Document, null]`). */
function branches(schema: Schema): Schema[] {
  const s = deref(schema);
  const alts = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  return alts ? alts.map(deref).filter((b) => b.type !== 'null') : [s];
}

function types(s: Schema): string[] {
  return Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
}

function num(s: Schema, key: string): number | undefined {
  return typeof s[key] === 'number' ? (s[key] as number) : undefined;
}

/** Values that break one constraint of a (non-null) schema. */
function constraintBreakers(s: Schema, current: Json | undefined): [string, Json][] {
  const out: [string, Json][] = WRONG_TYPES.map((v) => [`wrong type ${v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v}`, v]);
  const t = types(s);
  const min = num(s, 'minimum') ?? num(s, 'exclusiveMinimum');
  const max = num(s, 'maximum') ?? num(s, 'exclusiveMaximum');
  if (min !== undefined) out.push(['below minimum', min - 1]);
  if (max !== undefined) out.push(['above maximum', max + 1]);
  if (t.includes('integer')) out.push(['not an integer', 1.5]);
  if (t.includes('integer') || t.includes('number')) for (const n of NUMERIC_EXTREMES) out.push([`numeric extreme ${n}`, rawNumber(n)]);
  const maxLength = num(s, 'maxLength');
  const minLength = num(s, 'minLength');
  if (maxLength !== undefined) out.push(['over maxLength', 'x'.repeat(maxLength + 1)]);
  if (minLength !== undefined && minLength > 0) out.push(['under minLength', 'x'.repeat(minLength - 1)]);
  if (typeof s.pattern === 'string') out.push(['off pattern', '!! not this pattern !!']);
  if (Array.isArray(s.enum)) out.push(['not in enum', 'notInTheEnum']);
  if (s.format === 'email') out.push(['not an e-mail', 'not-an-email']);
  if (s.format === 'date') out.push(['not a date', '2026-13-45']);
  if (s.format === 'date-time') out.push(['not a date-time', 'yesterday']);
  const maxItems = num(s, 'maxItems');
  if (maxItems !== undefined) out.push(['over maxItems', Array.from({ length: maxItems + 1 }, (_, i) => `a${i}@example.com`)]);
  if (t.includes('array')) {
    out.push(['item of wrong type', [12345]]);
    out.push([`${HUGE_ARRAY} items of wrong type`, Array.from({ length: HUGE_ARRAY }, () => 0)]);
  }
  if (s.uniqueItems === true && Array.isArray(current) && current.length > 0) out.push(['repeated items', [current[0]!, current[0]!]]);
  const maxProperties = num(s, 'maxProperties');
  if (maxProperties !== undefined) {
    out.push(['over maxProperties', Object.fromEntries(Array.from({ length: maxProperties + 1 }, (_, i) => [`k${i}`, 'v']))]);
  }
  const names = s.propertyNames as Schema | undefined;
  const namesMax = names ? num(names, 'maxLength') : undefined;
  if (namesMax !== undefined) out.push(['property name too long', { ['k'.repeat(namesMax + 1)]: 'v' }]);
  if (typeof s.additionalProperties === 'object') {
    out.push(['property value of wrong type', { k: 12345 }]);
    out.push([`${NUL} in a value`, { k: 'a\u0000b' }]);
  }
  if (t.includes('string')) out.push([NUL, typeof current === 'string' ? `${current}\u0000` : 'a\u0000b']);
  return out;
}

function setAt(root: Json, path: Path, value: Json | undefined): Json {
  const copy = structuredClone(root);
  let node = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

const isObject = (v: Json | undefined): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Body mutations of the object at `path` (schema `schema`, value `value` in the base body). */
function walk(root: Json, path: Path, schema: Schema, value: { [key: string]: Json }, out: [string, Json, string][]): void {
  for (const s of branches(schema)) {
    const props = (s.properties ?? {}) as Record<string, Schema>;
    if (s.additionalProperties === false) {
      out.push(['unknown property', setAt(root, [...path, 'unexpectedField'], 'x'), bracket([...path, 'unexpectedField'])]);
    }
    for (const name of (s.required ?? []) as string[]) {
      if (name in value) out.push(['required field missing', setAt(root, [...path, name], undefined), bracket([...path, name])]);
    }
    for (const [name, deps] of Object.entries((s.dependentRequired ?? {}) as Record<string, string[]>)) {
      if (name in value && deps[0] && deps[0] in value) {
        out.push([`${name} without ${deps[0]}`, setAt(root, [...path, deps[0]], undefined), bracket([...path, deps[0]])]);
      }
    }
    for (const [name, propSchema] of Object.entries(props)) {
      const current = value[name];
      for (const b of branches(propSchema)) {
        for (const [what, bad] of constraintBreakers(b, current)) out.push([what, setAt(root, [...path, name], bad), bracket([...path, name])]);
      }
      if (isObject(current)) walk(root, [...path, name], propSchema, current, out);
    }
  }
}

function bodyCases(op: Operation, base: RawRequest): BadCase[] {
  if (!op.bodySchema || base.body === undefined) return [];
  const body = JSON.parse(base.body) as Json;
  const validate = validatorAt(op.bodySchema);
  const found: [string, Json, string][] = [];
  if (isObject(body)) walk(body, [], deref({ $ref: `#${op.bodySchema}` }), body, found);
  const seen = new Set<string>();
  const cases: BadCase[] = [];
  if (isObject(body)) {
    // Nested far deeper than any schema: refused before validation, never a stack overflow.
    for (const name of Object.keys(body).slice(0, 1)) {
      found.push([`nested ${DEEP} deep`, { ...body, [name]: rawNumber(`${'['.repeat(DEEP)}${']'.repeat(DEEP)}`) }, name]);
    }
  }
  for (const [what, mutated, field] of found) {
    const text = JSON.stringify(mutated).replace(RAW_NUMBER, '$1');
    if (seen.has(text)) continue;
    seen.add(text);
    const label = `body ${field}: ${what}`;
    const sent = JSON.parse(text) as Json;
    if (!validate(sent)) cases.push({ label, request: { ...base, body: text }, field });
    else if (what.startsWith(NUL) || what.startsWith('numeric extreme')) cases.push({ label, request: { ...base, body: text }, hostile: true });
  }
  const whole: [string, string | undefined][] = [
    ['empty body', undefined],
    ['a JSON array', '[]'],
    ['a JSON array of the example', `[${JSON.stringify(body)}]`],
    ['a JSON string', '"text"'],
    ['JSON null', 'null'],
    ['an empty object', '{}'],
    ['malformed JSON', '{"a":'],
  ];
  for (const [what, raw] of whole) {
    if (raw === '{}' && validate({})) continue;
    // An optional body may be left out (cancel, capture and refund take one only to narrow what they do).
    if (raw === undefined && !op.bodyRequired) continue;
    cases.push({ label: `body: ${what}`, request: { ...base, body: raw } });
  }
  return cases;
}

/** A query or path value is text; the schema's numbers are compared as numbers when the text is one. */
function paramValid(schema: Schema, raw: string): boolean {
  const t = types(deref(schema));
  const value = (t.includes('integer') || t.includes('number')) && raw.trim() !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
  return validatorFor(schema)(value);
}

function paramCases(op: Operation, base: RawRequest): BadCase[] {
  const cases: BadCase[] = [];
  for (const p of op.parameters) {
    const schema = deref(p.schema);
    if (p.in === 'path') {
      const good = base.pathParams[p.name]!;
      const prefix = good.split('_')[0];
      for (const bad of ['12345', `xyz_${randomBase62(16)}`, `${prefix}_`, `${prefix}-${randomBase62(16)}`, `${good}!`]) {
        if (paramValid(schema, bad)) continue;
        cases.push({ label: `path ${p.name}=${bad}`, request: { ...base, pathParams: { ...base.pathParams, [p.name]: bad } }, field: p.name });
      }
    }
    if (p.in === 'query') {
      const candidates = new Set<string>(['abc', '1.5', '-1', '!!', 'not-a-date', 'x'.repeat(1001), 'abc\u0000def']);
      for (const b of branches(schema)) {
        const min = num(b, 'minimum');
        const max = num(b, 'maximum');
        if (min !== undefined) candidates.add(String(min - 1));
        if (max !== undefined) candidates.add(String(max + 1));
        const maxLength = num(b, 'maxLength');
        const minLength = num(b, 'minLength');
        if (maxLength !== undefined) candidates.add('x'.repeat(maxLength + 1));
        if (minLength !== undefined && minLength > 1) candidates.add('x'.repeat(minLength - 1));
      }
      const kinds = branches(schema).flatMap(types);
      if (kinds.includes('integer') || kinds.includes('number')) for (const n of [...NUMERIC_EXTREMES, 'Infinity', 'NaN', '0x10']) candidates.add(n);
      if (kinds.includes('string')) for (const m of OBJECT_METHODS) candidates.add(m);
      for (const bad of candidates) {
        const query = [...base.query.filter(([k]) => k !== p.name), [p.name, bad] as [string, string]];
        const label = `query ${p.name}=${JSON.stringify(bad.slice(0, 20))}`;
        if (!paramValid(p.schema, bad)) cases.push({ label, request: { ...base, query }, field: p.name });
        else if (bad.includes('\u0000')) cases.push({ label: `${label} (${NUL})`, request: { ...base, query }, hostile: true });
        else if (OBJECT_METHODS.includes(bad)) cases.push({ label: `${label} (an object-method name)`, request: { ...base, query }, hostile: true });
      }
      // Form encoding, as URLSearchParams sends it: a space becomes `+`, `*` stays bare.
      const spaced = 'Order updates*';
      if (op.method === 'get' && kinds.includes('string') && paramValid(p.schema, spaced)) {
        const query = [...base.query.filter(([k]) => k !== p.name), [p.name, spaced] as [string, string]];
        cases.push({ label: `query ${p.name}=${JSON.stringify(spaced)} (form encoded)`, request: { ...base, query }, ok: true });
      }
    }
    if (p.in === 'header' && p.name.toLowerCase() === 'x-idempotency-key') {
      for (const bad of ['short', 'has spaces, not allowed', 'k'.repeat(256)]) {
        cases.push({ label: `header ${p.name}=${bad.slice(0, 20)}`, request: { ...base, headers: { ...base.headers, [p.name]: bad } }, field: p.name });
      }
    }
  }
  if (op.parameters.some((p) => p.in === 'query') || op.method === 'get') {
    cases.push({ label: 'query: unknown parameter', request: { ...base, query: [...base.query, ['unexpectedParam', '1']] }, field: 'unexpectedParam' });
  }
  return cases;
}

/**
 * Every bad request derived for `op` from a valid one (on the resources of `pool`, so that what passes validation
 * reaches the database); each carries a fresh idempotency key when the operation takes one.
 */
export function badInputs(op: Operation, pool: IdPool = new Map()): BadCase[] {
  const base = validRequest(op, pool);
  const plain = [...paramCases(op, base), ...bodyCases(op, base)];
  const keyed = !takesIdempotencyKey(op)
    ? plain
    : plain.map((c) =>
        c.label.startsWith('header ') ? c : { ...c, request: { ...c.request, headers: { ...c.request.headers, 'X-Idempotency-Key': randomUUID() } } },
      );
  // A sample in absolute form: the same validation must run whatever form the request line takes.
  const absolute = keyed
    .filter((c) => !c.hostile && !c.ok)
    .slice(0, 6)
    .map((c) => ({
      ...c,
      label: `absolute-form target, ${c.label}`,
      absolute: true,
      // A fresh key of its own, or it would replay the answer to the origin-form request.
      request:
        !takesIdempotencyKey(op) || c.label.startsWith('header ')
          ? c.request
          : { ...c.request, headers: { ...c.request.headers, 'X-Idempotency-Key': randomUUID() } },
    }));
  return [...keyed, ...absolute];
}
