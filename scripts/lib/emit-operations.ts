/** Writes generated/operations.ts: the route table and one typed handler interface per tag. */
import type { RouteInfo } from './routes';

export const GENERATED_HEADER =
  '// generated — do not edit. Source: spec/ (hand-written OpenAPI 3.1); regenerate with `npm run generate`.';

/** Helper types every handler interface is built from; derived from openapi-typescript's `operations`. */
const PRELUDE = `import type { operations } from './schema';

export type OperationId = keyof operations;
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

type Op<O extends OperationId> = operations[O];
type Empty = Record<string, never>;
type Defined<T> = [T] extends [undefined] ? Empty : [T] extends [never] ? Empty : NonNullable<T>;

/** Path parameters of an operation (\`{ transactionId: string }\`). */
export type PathParamsOf<O extends OperationId> = Defined<Op<O>['parameters']['path']>;
/** Query parameters of an operation, after validation and coercion. */
export type QueryOf<O extends OperationId> = Defined<Op<O>['parameters']['query']>;
/** Request headers the operation declares. */
export type HeadersOf<O extends OperationId> = Defined<Op<O>['parameters']['header']>;
/** JSON request body (\`undefined\` when the operation takes none, optional when the body is optional). */
export type BodyOf<O extends OperationId> =
  Op<O> extends { requestBody: { content: { 'application/json': infer B } } }
    ? B
    : Op<O> extends { requestBody?: { content: { 'application/json': infer B } } }
      ? B | undefined
      : undefined;

type SuccessStatus<O extends OperationId> = Extract<keyof Op<O>['responses'], 200 | 201 | 202 | 204>;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;

/** What a handler returns: one of the operation's documented success statuses with its body. */
export type SuccessOf<O extends OperationId> = {
  [S in SuccessStatus<O>]: { status: S; body: JsonOf<Op<O>['responses'][S]> };
}[SuccessStatus<O>];

/** The validated parts of a request, typed from the spec. */
export interface RequestOf<O extends OperationId> {
  params: PathParamsOf<O>;
  query: QueryOf<O>;
  headers: HeadersOf<O>;
  body: BodyOf<O>;
}

/** A handler: parses nothing (the validator did), calls one domain service, maps the result. */
export type Handler<O extends OperationId, Ctx> = (req: RequestOf<O>, ctx: Ctx) => Promise<SuccessOf<O>>;

export interface RouteDef {
  readonly method: HttpMethod;
  readonly path: string;
  readonly openapiPath: string;
  readonly operationId: OperationId;
  readonly tag: Tag;
  readonly source: 'seed' | 'added';
}
`;

function interfaceName(tag: string): string {
  return `${tag.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}Handlers`;
}

function quote(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function emitOperations(routes: RouteInfo[], tagOrder: string[]): string {
  const usedTags = tagOrder.filter((t) => routes.some((r) => r.tag === t));
  const stray = [...new Set(routes.map((r) => r.tag))].filter((t) => !tagOrder.includes(t));
  if (stray.length) throw new Error(`tags used by operations but not declared: ${stray.join(', ')}`);

  const out: string[] = [GENERATED_HEADER, PRELUDE];
  out.push(`export type Tag = ${usedTags.map(quote).join(' | ')};`, '');
  out.push('/** Every operation, literal paths before parameters so Express matches them first. */');
  out.push('export const routes = [');
  for (const r of routes) {
    out.push(
      `  { method: ${quote(r.method)}, path: ${quote(r.expressPath)}, openapiPath: ${quote(r.openapiPath)}, ` +
        `operationId: ${quote(r.operationId)}, tag: ${quote(r.tag)}, source: ${quote(r.source)} },`,
    );
  }
  out.push('] as const satisfies readonly RouteDef[];', '');

  for (const tag of usedTags) {
    out.push(`/** Handlers of the ${tag} tag. */`);
    out.push(`export interface ${interfaceName(tag)}<Ctx> {`);
    for (const r of routes.filter((x) => x.tag === tag)) {
      out.push(`  /** ${r.method.toUpperCase()} ${r.openapiPath}: ${r.summary.replace(/\*\//g, '*\\/')} */`);
      out.push(`  ${r.operationId}: Handler<${quote(r.operationId)}, Ctx>;`);
    }
    out.push('}', '');
  }
  out.push('/** Every handler of the API; the server must implement all of them. */');
  out.push(`export interface Handlers<Ctx>`);
  out.push(`  extends ${usedTags.map((t) => `${interfaceName(t)}<Ctx>`).join(',\n    ')} {}`, '');
  out.push('/** operationIds per tag, for composing the app one tag at a time. */');
  out.push('export const operationsByTag = {');
  for (const tag of usedTags) {
    const ids = routes.filter((r) => r.tag === tag).map((r) => quote(r.operationId));
    out.push(`  ${quote(tag)}: [${ids.join(', ')}],`);
  }
  out.push('} as const satisfies Record<Tag, readonly OperationId[]>;', '');
  return out.join('\n');
}
