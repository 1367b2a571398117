/**
 * The bundled contract (`generated/openapi.json`) read as plain data: local `$ref` resolution, the operations with
 * their parameters and bodies, and one ajv instance (2020-12 dialect) that holds the whole document so any schema
 * in it can be compiled by JSON pointer. Shared by the response validator and the bad-input pass.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { OperationId } from '../../generated/operations';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Schema = { [key: string]: unknown };

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
  example?: Json;
}

export interface HeaderObject {
  required?: boolean;
  schema?: Schema;
}

export interface ResponseObject {
  description?: string;
  headers?: Record<string, HeaderObject | { $ref: string }>;
  content?: Record<string, { schema?: Schema }>;
}

interface MediaObject {
  schema?: Schema;
  example?: Json;
  examples?: Record<string, { value?: Json }>;
}

interface OperationObject {
  operationId: OperationId;
  tags?: string[];
  parameters?: (ParameterObject | { $ref: string })[];
  requestBody?: { required?: boolean; content: Record<string, MediaObject> };
  responses: Record<string, ResponseObject | { $ref: string }>;
}

export interface Operation {
  operationId: OperationId;
  method: string;
  /** The path as the spec writes it (`/v1/wallets/{walletId}`). */
  path: string;
  /** JSON pointer of the operation in the document. */
  pointer: string;
  parameters: ParameterObject[];
  /** JSON pointer of the request body's JSON schema, when the operation takes a body. */
  bodySchema: string | undefined;
  bodyRequired: boolean;
  /** The documented request examples (every body has at least one; the spec's own test checks them). */
  bodyExamples: Json[];
  /** Status (`"200"`, `"4XX"`, `"default"`) → JSON pointer of the response object, `$ref` already followed. */
  responses: Record<string, string>;
}

const SPEC_PATH = resolve(import.meta.dirname, '../../generated/openapi.json');
const DOC_ID = 'https://payments.example/contract-tests/openapi.json';

export const doc = JSON.parse(readFileSync(SPEC_PATH, 'utf8')) as { paths: Record<string, Record<string, unknown>> };

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** The value at a local JSON pointer (`/components/schemas/Error` or `#/components/…`). */
export function at<T = unknown>(pointer: string): T {
  const parts = pointer.replace(/^#/, '').split('/').slice(1).map(unescape);
  let node: unknown = doc;
  for (const part of parts) {
    if (node === null || typeof node !== 'object' || !(part in node)) throw new Error(`no ${pointer} in the spec`);
    node = (node as Record<string, unknown>)[part];
  }
  return node as T;
}

function isRef(value: unknown): value is { $ref: string } {
  return typeof value === 'object' && value !== null && typeof (value as { $ref?: unknown }).$ref === 'string';
}

/** Follows `$ref` (possibly chained) and gives the pointer of the object it lands on. */
export function follow(pointer: string): string {
  let p = pointer;
  for (let hops = 0; hops < 16; hops += 1) {
    const node = at(p);
    if (!isRef(node)) return p;
    p = node.$ref.replace(/^#/, '');
  }
  throw new Error(`$ref loop at ${pointer}`);
}

/** A schema with its top-level `$ref` followed (nested ones are left for the walker to follow). */
export function deref(schema: Schema): Schema {
  return isRef(schema) ? at<Schema>(follow(schema.$ref.replace(/^#/, ''))) : schema;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function loadOperations(): Map<OperationId, Operation> {
  const out = new Map<OperationId, Operation>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as OperationObject | undefined;
      if (!op) continue;
      const pointer = `/paths/${escape(path)}/${method}`;
      const parameters = (op.parameters ?? []).map((p, i) =>
        isRef(p) ? at<ParameterObject>(follow(`${pointer}/parameters/${i}`)) : p,
      );
      const media = op.requestBody?.content['application/json'];
      const examples = media?.examples ? Object.values(media.examples).map((e) => e.value ?? null) : [];
      if (media?.example !== undefined) examples.push(media.example);
      const responses: Record<string, string> = {};
      for (const status of Object.keys(op.responses)) {
        responses[status] = follow(`${pointer}/responses/${escape(status)}`);
      }
      out.set(op.operationId, {
        operationId: op.operationId,
        method,
        path,
        pointer,
        parameters,
        bodySchema: media?.schema ? `${pointer}/requestBody/content/application~1json/schema` : undefined,
        bodyRequired: op.requestBody?.required === true,
        bodyExamples: examples,
        responses,
      });
    }
  }
  return out;
}

export const operations: ReadonlyMap<OperationId, Operation> = loadOperations();

export function operation(operationId: OperationId): Operation {
  const op = operations.get(operationId);
  if (!op) throw new Error(`no operation ${operationId} in the spec`);
  return op;
}

// strict: false lets OpenAPI's own keywords (example, discriminator, x-*) through as annotations.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema({ ...doc, $id: DOC_ID });

const compiled = new Map<string, ValidateFunction>();

/** A validator for the schema at a JSON pointer of the document. */
export function validatorAt(pointer: string): ValidateFunction {
  let v = compiled.get(pointer);
  if (!v) {
    v = ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
    compiled.set(pointer, v);
  }
  return v;
}

/** A validator for a schema given inline (it may `$ref` into the document with `#/components/…`). */
export function validatorFor(schema: Schema): ValidateFunction {
  const key = `inline:${JSON.stringify(schema)}`;
  let v = compiled.get(key);
  if (!v) {
    v = ajv.compile({ ...rebase(schema), $id: `${DOC_ID}/inline/${compiled.size}` });
    compiled.set(key, v);
  }
  return v;
}

/** Rewrites local refs so an inline schema resolves them against the document. */
function rebase(value: unknown): Schema {
  return JSON.parse(JSON.stringify(value), (key, v) => (key === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${DOC_ID}${v}` : v));
}

export function errorsOf(v: ValidateFunction): string[] {
  return (v.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
}
