/**
 * Readable `params` for a body that fails a `oneOf`. The validator reports the failures of every branch (a card
 * charge that also names `customerId` got eight lines about the PIX and billet shapes), and its errors no longer say
 * which branch they came from. So the body is checked again here, branch by branch: the branch its discriminator
 * selects (`payment.method`), or its type selects (`[Document, null]`), is the one reported; branches that only
 * require one field or another (`customer` / `customerId`), or closed shapes that each take one of several such
 * choices, become one sentence per choice, or the one contradiction.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { bracketName } from './params';
import { readSpec } from './spec';

type Schema = Record<string, unknown>;
type Param = Record<string, string>;

const DOC_ID = 'https://payments.example/openapi.json';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Explains bodies against one bundled document; `all` asks for every error (small bodies) or the first only. */
export class Distiller {
  private readonly doc: Schema;
  private readonly ajv: { all: Ajv2020; first: Ajv2020 };
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(doc: Schema = readSpec<Schema>()) {
    this.doc = doc;
    const make = (allErrors: boolean) => {
      const ajv = new Ajv2020({ strict: false, allErrors, validateFormats: true });
      addFormats(ajv);
      ajv.addSchema(doc, DOC_ID);
      return ajv;
    };
    this.ajv = { all: make(true), first: make(false) };
  }

  /** The JSON pointer of an operation's JSON request body schema. */
  bodyPointer(operationId: string): string | undefined {
    for (const [path, item] of Object.entries((this.doc.paths ?? {}) as Record<string, Record<string, Schema>>)) {
      for (const [method, op] of Object.entries(item)) {
        if (op?.operationId !== operationId) continue;
        const content = (op.requestBody as Schema | undefined)?.content as Record<string, Schema> | undefined;
        if (!content?.['application/json']) return undefined;
        return `/paths/${escape(path)}/${method}/requestBody/content/application~1json/schema`;
      }
    }
    return undefined;
  }

  /** `params` for `data` against the schema at `pointer`; empty when it is valid. */
  explain(pointer: string, data: unknown, all: boolean, at: string[] = []): Param[] {
    const { pointer: ptr, schema } = this.resolve(pointer);
    const alternatives = schema.oneOf;
    if (!Array.isArray(alternatives)) return this.check(ptr, data, all, at);
    const base = this.check(`${ptr}#base`, data, all, at, { ...schema, oneOf: undefined });
    const branches = alternatives.map((_, i) => this.resolve(`${ptr}/oneOf/${i}`));
    const passing = branches.filter((b) => this.valid(b.pointer, data));
    if (passing.length === 1) return base;
    const requiredOnly = branches.every((b) => Object.keys(b.schema).every((k) => k === 'required' || k === 'description'));
    if (requiredOnly) {
      const names = branches.flatMap((b) => (b.schema.required as string[] | undefined) ?? []);
      const sent = names.filter((n) => isObject(data) && n in data);
      const param =
        passing.length > 1
          ? { [bracketName([...at, sent[0] ?? names[0]!])]: `${sent.join(' and ')} are exclusive: send only one of them` }
          : { [bracketName([...at, names[0]!])]: `is required (or ${names.slice(1).join(', or ')})` };
      return unique([...base, param]);
    }
    const choices = choiceGroups(branches);
    if (choices) return unique([...base, ...this.explainChoices(branches, choices, data, all, at)]);
    if (passing.length > 1) return unique([...base, { [bracketName(at)]: 'matches more than one of the shapes it may take' }]);
    return unique([...base, ...this.chooseBranch(branches, data, all, at)]);
  }

  /**
   * Closed shapes, one per combination of choices (`customer` or `customerId`, and `variantId` or `plan`): each choice
   * said as one sentence, then the problems of the shape the body chose (what it sent, else each choice's first name),
   * without the choices' names it did not choose.
   */
  private explainChoices(branches: { pointer: string; schema: Schema }[], groups: string[][], data: unknown, all: boolean, at: string[]): Param[] {
    const params: Param[] = [];
    const chosen: string[] = [];
    for (const names of groups) {
      const sent = names.filter((n) => isObject(data) && Object.hasOwn(data, n));
      if (sent.length > 1) {
        params.push({ [bracketName([...at, sent[0]!])]: `${sent.join(' and ')} are exclusive: send only one of them` });
        // The shape chosen below drops the others; what is wrong with their own values is said too.
        for (const name of sent.slice(1)) params.push(...this.explainProperty(branches, name, (data as Record<string, unknown>)[name], all, at));
      }
      // None sent: each name of the choice is flagged, the one a caller left out among them.
      if (sent.length === 0) for (const name of names) params.push({ [bracketName([...at, name])]: `is required (or ${names.filter((n) => n !== name).join(', or ')})` });
      chosen.push(sent[0] ?? names[0]!);
    }
    const branch = branches.find((b) => chosen.every((n) => requiredOf(b.schema).includes(n))) ?? branches[0]!;
    const unchosen = new Set(groups.flat().filter((n) => !chosen.includes(n)));
    const probe = isObject(data) ? Object.fromEntries(Object.entries(data).filter(([k]) => !unchosen.has(k))) : data;
    const choiceKeys = new Set(groups.flat().map((n) => bracketName([...at, n])));
    const rest = this.explain(branch.pointer, probe, all, at).filter((p) => {
      const [key, message] = Object.entries(p)[0]!;
      return !(choiceKeys.has(key) && message.startsWith('must have required property'));
    });
    return [...params, ...rest];
  }

  /** The problems of `value` as the property `name` of the first branch that requires it. */
  private explainProperty(branches: { pointer: string; schema: Schema }[], name: string, value: unknown, all: boolean, at: string[]): Param[] {
    const branch = branches.find((b) => requiredOf(b.schema).includes(name) && isObject(b.schema.properties) && isObject(b.schema.properties[name]));
    return branch ? this.explain(`${branch.pointer}/properties/${escape(name)}`, value, all, [...at, name]) : [];
  }

  /** The problems of the branch the data means to be (by discriminator, else by type, else the closest one). */
  private chooseBranch(branches: { pointer: string; schema: Schema }[], data: unknown, all: boolean, at: string[]): Param[] {
    const tags = branches.map((b) => this.tags(b.schema, [], 0));
    // The discriminator: a property every branch pins, each to values of its own (`currency: [BRL]` pins all alike).
    const shared = [...tags[0]!.keys()].find((k) => {
      if (!tags.every((t) => t.has(k))) return false;
      const values = tags.flatMap((t) => t.get(k)!);
      return new Set(values).size === values.length;
    });
    if (shared !== undefined) {
      const path = shared.split('/');
      const value = valueAt(data, path);
      const chosen = branches.filter((_, i) => tags[i]!.get(shared)!.includes(value));
      if (chosen.length === 1) return this.explain(chosen[0]!.pointer, data, all, at);
      const missing = path.findIndex((_, i) => valueAt(data, path.slice(0, i + 1)) === undefined);
      if (missing >= 0) return [{ [bracketName([...at, ...path.slice(0, missing + 1)])]: 'is required' }];
      return [{ [bracketName([...at, ...path])]: `must be one of ${tags.flatMap((t) => t.get(shared)!).join(', ')}` }];
    }
    const byType = branches.filter((b) => typeAccepts(b.schema, data));
    if (byType.length === 1) return this.explain(byType[0]!.pointer, data, all, at);
    if (byType.length === 0) {
      const types = branches.flatMap((b) => [b.schema.type].flat().filter((t) => typeof t === 'string'));
      if (types.length === branches.length) return [{ [bracketName(at)]: `must be ${types.join(' or ')}` }];
    }
    const candidates = byType.length > 0 ? byType : branches;
    return candidates.map((b) => this.explain(b.pointer, data, all, at)).sort((a, b) => a.length - b.length)[0] ?? [];
  }

  /** Properties (to depth 3) a schema pins to constants: `payment/method` → `['credit']`. */
  private tags(schema: Schema, path: string[], depth: number): Map<string, unknown[]> {
    const out = new Map<string, unknown[]>();
    const props = schema.properties;
    if (!isObject(props) || depth > 3) return out;
    for (const [name, raw] of Object.entries(props)) {
      if (!isObject(raw)) continue;
      const sub = typeof raw.$ref === 'string' ? this.resolve(raw.$ref.slice(1)).schema : raw;
      const here = [...path, name];
      if ('const' in sub) out.set(here.join('/'), [sub.const]);
      else if (Array.isArray(sub.enum) && sub.enum.length === 1) out.set(here.join('/'), sub.enum);
      else for (const [k, v] of this.tags(sub, here, depth + 1)) out.set(k, v);
    }
    return out;
  }

  private resolve(pointer: string): { pointer: string; schema: Schema } {
    let ptr = pointer;
    for (let hops = 0; hops < 20; hops += 1) {
      const node = nodeAt(this.doc, ptr);
      if (!isObject(node)) throw new Error(`no schema at ${ptr}`);
      if (typeof node.$ref !== 'string' || !node.$ref.startsWith('#')) return { pointer: ptr, schema: node };
      ptr = node.$ref.slice(1);
    }
    throw new Error(`$ref loop at ${pointer}`);
  }

  private validator(key: string, all: boolean, detached?: Schema): ValidateFunction {
    const cacheKey = `${all ? 'all' : 'first'} ${key}`;
    let fn = this.cache.get(cacheKey);
    if (!fn) {
      const ajv = all ? this.ajv.all : this.ajv.first;
      fn = detached ? ajv.compile(absolute(detached)) : ajv.getSchema(`${DOC_ID}#${key}`);
      if (!fn) throw new Error(`cannot compile ${key}`);
      this.cache.set(cacheKey, fn);
    }
    return fn;
  }

  private valid(pointer: string, data: unknown): boolean {
    return this.validator(pointer, false)(data) === true;
  }

  private check(key: string, data: unknown, all: boolean, at: string[], detached?: Schema): Param[] {
    const fn = this.validator(key, all, detached);
    if (fn(data)) return [];
    return unique(quiet(fn.errors ?? []).map((e) => toParam(e, at)));
  }
}

const requiredOf = (schema: Schema): string[] => (Array.isArray(schema.required) ? schema.required.map(String) : []);

/**
 * The choices of closed shapes that differ by which names they require and forbid (`false`): those names grouped so
 * that no shape requires two of one group (`[customer, customerId]`, `[variantId, plan]`); null for other shapes.
 */
function choiceGroups(branches: { schema: Schema }[]): string[][] | null {
  const props = branches.map((b) => (isObject(b.schema.properties) ? b.schema.properties : {}));
  const reqs = branches.map((b) => requiredOf(b.schema));
  const names: string[] = [];
  for (const r of reqs) for (const n of r) if (!names.includes(n) && props.some((p) => p[n] === false)) names.push(n);
  const together = (a: string, b: string) => reqs.some((r) => r.includes(a) && r.includes(b));
  const groups: string[][] = [];
  for (const n of names) {
    const group = groups.find((g) => g.every((m) => !together(m, n)));
    if (group) group.push(n);
    else groups.push([n]);
  }
  return groups.length > 0 && groups.every((g) => g.length > 1) ? groups : null;
}

/** Drops what a nested `oneOf` adds around its real error: the `oneOf` line itself and "must be null". */
function quiet(errors: ErrorObject[]): ErrorObject[] {
  const deeper = (e: ErrorObject) =>
    errors.some((o) => o !== e && o.keyword !== 'oneOf' && !(o.keyword === 'type' && o.params.type === 'null') &&
      (o.instancePath === e.instancePath || o.instancePath.startsWith(`${e.instancePath}/`)));
  return errors.filter((e) => !((e.keyword === 'oneOf' || (e.keyword === 'type' && e.params.type === 'null')) && deeper(e)));
}

function toParam(e: ErrorObject, at: string[]): Param {
  const p = e.params as { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[] };
  const parts = e.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const extra = p.missingProperty ?? p.additionalProperty;
  const name = bracketName([...at, ...parts, ...(extra === undefined ? [] : [extra])]);
  const message = e.keyword === 'enum' && p.allowedValues ? `must be one of ${p.allowedValues.join(', ')}` : (e.message ?? 'is invalid');
  return { [name]: message };
}

function unique(params: Param[]): Param[] {
  const seen = new Set<string>();
  return params.filter((p) => {
    const key = JSON.stringify(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function typeAccepts(schema: Schema, data: unknown): boolean {
  const types = [schema.type].flat().filter((t): t is string => typeof t === 'string');
  if (types.length === 0) return true;
  const actual = data === null ? 'null' : Array.isArray(data) ? 'array' : typeof data;
  return types.some((t) => t === actual || (t === 'integer' && actual === 'number'));
}

function valueAt(data: unknown, path: string[]): unknown {
  let node = data;
  for (const key of path) node = isObject(node) && Object.hasOwn(node, key) ? node[key] : undefined;
  return node;
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function nodeAt(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = typeof node === 'object' && node !== null && Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/** A detached copy of a schema whose local `$ref`s point into the bundled document. */
function absolute(schema: unknown): Schema {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${DOC_ID}${v}` : walk(v)]),
    );
  };
  return walk(schema) as Schema;
}
