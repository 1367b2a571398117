/**
 * Finds every example in a bundled OpenAPI 3.1 document together with the JSON pointer of the schema it must
 * satisfy. Redocly's own example rule misses cases (headers, nested property examples, webhooks), so this walks all.
 */

export interface ExampleCase {
  /** Where the example sits, as a JSON pointer into the document. */
  at: string;
  /** JSON pointer of the schema the example must validate against. */
  schema: string;
  value: unknown;
}

type Node = Record<string, unknown>;
const isObj = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const esc = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/** Schema-level `example` and `examples: []`, recursively through every subschema. */
function fromSchema(schema: unknown, ptr: string, out: ExampleCase[]): void {
  if (!isObj(schema)) return;
  if ('example' in schema) out.push({ at: `${ptr}/example`, schema: ptr, value: schema.example });
  if (Array.isArray(schema.examples)) {
    schema.examples.forEach((v, i) => out.push({ at: `${ptr}/examples/${i}`, schema: ptr, value: v }));
  }
  for (const key of ['properties', 'patternProperties', '$defs']) {
    const map = schema[key];
    if (isObj(map)) for (const [k, sub] of Object.entries(map)) fromSchema(sub, `${ptr}/${key}/${esc(k)}`, out);
  }
  for (const key of ['items', 'additionalProperties', 'not', 'contains', 'if', 'then', 'else']) {
    if (isObj(schema[key])) fromSchema(schema[key], `${ptr}/${key}`, out);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems']) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((sub, i) => fromSchema(sub, `${ptr}/${key}/${i}`, out));
  }
}

/** `example` / `examples: {name: {value}}` beside a `schema` (media types, parameters, headers). */
function fromHolder(holder: unknown, ptr: string, out: ExampleCase[]): void {
  if (!isObj(holder) || !('schema' in holder)) return;
  const schemaPtr = `${ptr}/schema`;
  if ('example' in holder) out.push({ at: `${ptr}/example`, schema: schemaPtr, value: holder.example });
  if (isObj(holder.examples)) {
    for (const [name, ex] of Object.entries(holder.examples)) {
      if (isObj(ex) && 'value' in ex) out.push({ at: `${ptr}/examples/${esc(name)}`, schema: schemaPtr, value: ex.value });
    }
  }
  fromSchema(holder.schema, schemaPtr, out);
}

function fromContent(content: unknown, ptr: string, out: ExampleCase[]): void {
  if (!isObj(content)) return;
  for (const [type, media] of Object.entries(content)) fromHolder(media, `${ptr}/${esc(type)}`, out);
}

function fromResponse(resp: unknown, ptr: string, out: ExampleCase[]): void {
  if (!isObj(resp)) return;
  fromContent(resp.content, `${ptr}/content`, out);
  if (isObj(resp.headers)) {
    for (const [name, h] of Object.entries(resp.headers)) fromHolder(h, `${ptr}/headers/${esc(name)}`, out);
  }
}

function fromOperation(op: unknown, ptr: string, out: ExampleCase[]): void {
  if (!isObj(op)) return;
  if (Array.isArray(op.parameters)) op.parameters.forEach((p, i) => fromHolder(p, `${ptr}/parameters/${i}`, out));
  if (isObj(op.requestBody)) fromContent(op.requestBody.content, `${ptr}/requestBody/content`, out);
  if (isObj(op.responses)) {
    for (const [status, r] of Object.entries(op.responses)) fromResponse(r, `${ptr}/responses/${esc(status)}`, out);
  }
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

export function collectExamples(doc: Node): ExampleCase[] {
  const out: ExampleCase[] = [];
  for (const section of ['paths', 'webhooks']) {
    const items = doc[section];
    if (!isObj(items)) continue;
    for (const [key, item] of Object.entries(items)) {
      if (!isObj(item)) continue;
      const base = `/${section}/${esc(key)}`;
      if (Array.isArray(item.parameters)) item.parameters.forEach((p, i) => fromHolder(p, `${base}/parameters/${i}`, out));
      for (const m of METHODS) fromOperation(item[m], `${base}/${m}`, out);
    }
  }
  const c = isObj(doc.components) ? doc.components : {};
  const each = (key: string, fn: (v: unknown, p: string) => void) => {
    const map = c[key];
    if (isObj(map)) for (const [name, v] of Object.entries(map)) fn(v, `/components/${key}/${esc(name)}`);
  };
  each('schemas', (v, p) => fromSchema(v, p, out));
  each('parameters', (v, p) => fromHolder(v, p, out));
  each('headers', (v, p) => fromHolder(v, p, out));
  each('responses', (v, p) => fromResponse(v, p, out));
  each('requestBodies', (v, p) => isObj(v) && fromContent(v.content, `${p}/content`, out));
  return out;
}

/** Resolves a local `$ref` chain so that examples sitting beside a `$ref` are still found. */
export function resolvePointer(doc: Node, pointer: string): unknown {
  let cur: unknown = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObj(cur) && !Array.isArray(cur)) return undefined;
    cur = (cur as Node)[key];
  }
  return cur;
}
