/**
 * Where answers are checked against the contract (development and test): every JSON answer of an operation is
 * validated against the schema the spec gives its status, and one that does not match becomes a 500 (or, for an
 * error envelope, is sent as it is and logged: render.ts).
 *
 * express-openapi-validator's own response validation did this by compiling, per route and per request content
 * type, a schema holding the whole `components` section for every status of the route: a test run spent about
 * 100 s of CPU compiling the same components again (each worker process about 25 s). Here one Ajv instance holds
 * the bundled document once, each (operation, status) is a `$ref` into it, so a component schema is compiled once
 * per process and shared by every answer that uses it. The rules are that validator's: the exact status, else its
 * class (`4XX`), else `default`; a status the operation does not declare is itself outside the contract; an answer
 * declared without content must have no body, one declared with content must have one; numbers must be finite; a
 * `writeOnly` property (a card number, a secret) must never be in an answer; formats as the request validator
 * checks them (ajv-formats' fast mode, `int32` and `int64` by range). Unlike it, 5xx answers are checked too: an
 * error envelope outside the contract is still sent, and logged (render.ts).
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { RequestHandler, Response } from 'express';
import type { RouteDef } from '../../generated/operations';
import { readSpec } from './spec';

type Node = Record<string, unknown>;

const DOC_ID = 'https://payments.example/openapi.json';
const INT32 = 2 ** 31;
const INT64 = 2 ** 63;

/** Thrown from `res.json` for an answer outside the contract: the shape render.ts reads validator errors in. */
export class ResponseOutsideContract extends Error {
  readonly status = 500;
  constructor(
    message: string,
    readonly errors: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'ResponseOutsideContract';
  }
}

const ACCEPT_ANY = Object.assign(() => true, { errors: null }) as unknown as ValidateFunction;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * An Ajv over the bundled document. `forbidden` is the annotation that becomes a rule: in an answer `writeOnly` (a card
 * number, a secret: never sent back), in a request `readOnly` (what only the service sets).
 */
function contractAjv(doc: Node, forbidden: 'writeOnly' | 'readOnly'): Ajv2020 {
  // strict: false lets OpenAPI's own keywords through as annotations, but it also turns off strictNumbers.
  const ajv = new Ajv2020({ strict: false, strictNumbers: true, allErrors: true, validateFormats: true });
  addFormats(ajv, { mode: 'fast' });
  ajv.removeKeyword(forbidden);
  ajv.addKeyword({
    keyword: forbidden,
    schemaType: 'boolean',
    // Evaluated only where the property is present: present and not null is refused.
    validate: (on: boolean, data: unknown) => !on || data === null,
    errors: false,
  });
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -INT32 && n < INT32 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -INT64 && n < INT64 });
  ajv.addSchema(doc, DOC_ID);
  return ajv;
}

/** A schema check for each declared answer of each operation, compiled on first use. */
export class ResponseContract {
  private readonly ajv: Ajv2020;
  /** The same document for request bodies: there `readOnly` is the rule (an id, a date the service sets), not `writeOnly`. */
  private requests: Ajv2020 | undefined;
  private readonly doc: Node;
  /** `method path status` → the validator, or `null` for an answer declared without content. */
  private readonly cache = new Map<string, ValidateFunction | null>();

  constructor(doc: Node = readSpec<Node>()) {
    this.doc = doc;
    this.ajv = contractAjv(doc, 'writeOnly');
  }

  /** What is wrong with `body` as the `status` answer of `route`; empty when it is within the contract. */
  check(route: Pick<RouteDef, 'method' | 'openapiPath'>, status: number, body: unknown): { path: string; message: string }[] {
    const key = `${route.method} ${route.openapiPath} ${status}`;
    let validate = this.cache.get(key);
    if (validate === undefined) {
      validate = this.compile(route, status);
      this.cache.set(key, validate);
    }
    if (validate === null) return body === undefined ? [] : [{ path: '/response', message: 'response should NOT have a body' }];
    if (body === undefined || body === null) return [{ path: '/response', message: 'response body required.' }];
    if (validate({ response: body })) return [];
    return (validate.errors ?? []).map((e) => ({ path: `/response${e.instancePath.replace(/^\/response/, '')}`, message: e.message ?? 'is invalid' }));
  }

  /**
   * What is wrong with `body` as the JSON request body of `route`, by the spec's schema (the dashboard's forms, which
   * reach the handlers without the API's request validator); empty when it is within the contract.
   */
  checkBody(route: Pick<RouteDef, 'method' | 'openapiPath'>, body: unknown): { path: string; message: string }[] {
    const key = `${route.method} ${route.openapiPath} body`;
    let validate = this.cache.get(key);
    if (validate === undefined) {
      const pointer = `/paths/${escape(route.openapiPath)}/${route.method}/requestBody`;
      let requestBody = this.at(pointer);
      let at = pointer;
      if (isNode(requestBody) && typeof requestBody.$ref === 'string') {
        at = requestBody.$ref.slice(1);
        requestBody = this.at(at);
      }
      const json = isNode(requestBody) && isNode(requestBody.content) ? requestBody.content['application/json'] : undefined;
      this.requests ??= contractAjv(this.doc, 'readOnly');
      validate = isNode(json) && isNode(json.schema) ? this.requests.compile({ $ref: `${DOC_ID}#${at}/content/${escape('application/json')}/schema` }) : null;
      this.cache.set(key, validate);
    }
    if (validate === null) return body === undefined ? [] : [{ path: '/body', message: 'the operation takes no body' }];
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => ({ path: `/body${e.instancePath}`, message: e.message ?? 'is invalid' }));
  }

  private compile(route: Pick<RouteDef, 'method' | 'openapiPath'>, status: number): ValidateFunction | null {
    const operationPointer = `/paths/${escape(route.openapiPath)}/${route.method}`;
    const responses = (this.at(operationPointer) as Node | undefined)?.responses;
    if (!isNode(responses)) throw new ResponseOutsideContract(`${route.method} ${route.openapiPath} declares no responses`, []);
    const code = [String(status), `${String(status)[0]}XX`, 'default'].find((c) => c in responses);
    if (code === undefined) {
      throw new ResponseOutsideContract(`no schema defined for status code '${status}' in the openapi spec`, [
        { path: '/response', message: `no schema defined for status code '${status}' in the openapi spec` },
      ]);
    }
    let pointer = `${operationPointer}/responses/${escape(code)}`;
    let response = responses[code];
    if (isNode(response) && typeof response.$ref === 'string') {
      pointer = response.$ref.slice(1);
      response = this.at(pointer);
    }
    const content = isNode(response) && isNode(response.content) ? response.content : undefined;
    if (!content || Object.keys(content).length === 0) return null;
    const json = content['application/json'];
    // Content of another type (an event stream), or JSON the spec gives no schema: nothing to check the body against.
    if (!isNode(json) || !isNode(json.schema)) return ACCEPT_ANY;
    const schema = `${DOC_ID}#${pointer}/content/${escape('application/json')}/schema`;
    return this.ajv.compile({ type: 'object', properties: { response: { $ref: schema } } });
  }

  private at(pointer: string): unknown {
    let node: unknown = this.doc;
    for (const raw of pointer.split('/').slice(1)) {
      if (!isNode(node)) return undefined;
      node = node[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    return node;
  }
}

/**
 * Checks every `res.json` of an operation (its route is `res.locals.route`) against `contract`: an answer outside
 * it throws `ResponseOutsideContract` from `res.json`, before anything is sent.
 */
export function checkResponses(contract: () => ResponseContract): RequestHandler {
  return (_req, res, next) => {
    const route = res.locals.route as RouteDef | undefined;
    if (route) {
      const json = res.json.bind(res) as Response['json'];
      res.json = (body?: unknown) => {
        const errors = contract().check(route, res.statusCode, body);
        if (errors.length > 0) {
          res.json = json;
          throw new ResponseOutsideContract(errors.map((e) => `${e.path} ${e.message}`).join(', '), errors);
        }
        return json(body);
      };
    }
    next();
  };
}

let shared: ResponseContract | undefined;

/** The one contract of this process, compiled on first use (every app of a test process shares it). */
export function processContract(): ResponseContract {
  return (shared ??= new ResponseContract());
}
