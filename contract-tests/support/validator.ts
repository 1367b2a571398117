/**
 * The contract's own response validator: ajv (2020-12, ajv-formats) over `generated/openapi.json`, independent of
 * the server's express-openapi-validator, so a bug shared by the server and its validator still shows up here.
 */
import type { OperationId } from '../../generated/operations';
import { at, errorsOf, operation, validatorAt, validatorFor, type HeaderObject, type ResponseObject } from './spec';

/** Headers as a fetch `Headers` or a plain record (names in any case). */
export type HeadersLike = Headers | Record<string, string | undefined>;

function header(headers: HeadersLike, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? null : (headers[key] ?? null);
}

/** The documented response key for a status: the exact code, then `4XX`-style ranges, then `default`. */
export function documentedStatus(operationId: OperationId, status: number): string | undefined {
  const { responses } = operation(operationId);
  const candidates = [String(status), `${String(status)[0]}XX`, 'default'];
  return candidates.find((c) => c in responses);
}

function resolveHeader(h: HeaderObject | { $ref: string }): HeaderObject {
  return '$ref' in h ? at<HeaderObject>(h.$ref) : h;
}

/** The response headers the contract defines (`components/headers`): a name it knows, wherever it is sent. */
const KNOWN_HEADERS = Object.keys(at<Record<string, unknown>>('/components/headers'));

/**
 * The headers the contract knows that an answer sends but its response does not declare: a partner's generated
 * client reads a header only where it is declared. Empty when the status is not documented (reported apart).
 */
export function undeclaredHeaders(operationId: OperationId, status: number, headers: HeadersLike): string[] {
  const key = documentedStatus(operationId, status);
  if (key === undefined) return [];
  const declared = new Set(Object.keys(at<ResponseObject>(operation(operationId).responses[key]!).headers ?? {}).map((n) => n.toLowerCase()));
  return KNOWN_HEADERS.filter((name) => !declared.has(name.toLowerCase()) && header(headers, name) !== null);
}

/** Header values are text; a header documented as a number is compared as one. */
function headerValue(raw: string, schema: { type?: unknown } | undefined): unknown {
  const t = schema?.type;
  if ((t === 'integer' || t === 'number') && raw.trim() !== '' && !Number.isNaN(Number(raw))) return Number(raw);
  return raw;
}

/**
 * Every way the answer breaks the contract of `operationId`; empty when it keeps it. `body` is the parsed JSON
 * body (`undefined` when the response had none); for a `text/event-stream` answer, the text read of it, or
 * `undefined` when it was not read.
 */
export function checkResponse(operationId: OperationId, status: number, body: unknown, headers: HeadersLike): string[] {
  const problems: string[] = [];
  const key = documentedStatus(operationId, status);
  if (key === undefined) return [`${operationId}: status ${status} is not documented`];
  const pointer = operation(operationId).responses[key]!;
  const response = at<ResponseObject>(pointer);
  const where = `${operationId} ${status}`;

  const correlation = header(headers, 'X-Correlation-Id');
  if (correlation === null || correlation === '') problems.push(`${where}: the X-Correlation-Id header is missing`);

  for (const [name, raw] of Object.entries(response.headers ?? {})) {
    const h = resolveHeader(raw);
    const value = header(headers, name);
    if (value === null) {
      if (h.required) problems.push(`${where}: the required header ${name} is missing`);
      continue;
    }
    if (!h.schema) continue;
    const v = validatorFor(h.schema);
    if (!v(headerValue(value, h.schema))) problems.push(`${where}: header ${name}="${value}": ${errorsOf(v).join('; ')}`);
  }
  for (const name of undeclaredHeaders(operationId, status, headers)) {
    problems.push(`${where}: sends the header ${name}, which this response does not declare`);
  }

  const json = response.content?.['application/json'];
  if (!json && response.content?.['text/event-stream']) {
    // A stream: its media type is checked, and what was read of it (if anything) must be text.
    const type = header(headers, 'Content-Type') ?? '';
    if (!/^text\/event-stream\b/i.test(type)) problems.push(`${where}: Content-Type is "${type}", not text/event-stream`);
    if (body !== undefined && typeof body !== 'string') problems.push(`${where}: the event stream was read as ${typeof body}, not text`);
    return problems;
  }
  if (!json) {
    if (body !== undefined) problems.push(`${where}: documents no body but one was sent`);
    return problems;
  }
  const type = header(headers, 'Content-Type') ?? '';
  if (!/^application\/json\b/i.test(type)) problems.push(`${where}: Content-Type is "${type}", not application/json`);
  if (body === undefined) {
    problems.push(`${where}: the documented JSON body is missing`);
    return problems;
  }
  const validate = validatorAt(`${pointer}/content/application~1json/schema`);
  if (!validate(body)) problems.push(...errorsOf(validate).map((e) => `${where}: body ${e}`));
  return problems;
}

/** Thrown by the contract client when an answer breaks the contract: the test that made the call fails. */
export class ContractViolation extends Error {
  constructor(
    readonly operationId: OperationId,
    readonly status: number,
    readonly problems: string[],
    readonly body: unknown,
  ) {
    super(`${operationId} answered ${status} outside the contract:\n  ${problems.join('\n  ')}\nbody: ${JSON.stringify(body)?.slice(0, 2000)}`);
    this.name = 'ContractViolation';
  }
}

/** Parses a body read as text: `undefined` when empty, the JSON value otherwise (throws when it is not JSON). */
export function parseBody(text: string): unknown {
  return text === '' ? undefined : JSON.parse(text);
}
